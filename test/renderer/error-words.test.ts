// The words of a failed command, the same on every screen (Setup and Listings included): the
// station's sentence in the desk's language, its English words when this page lacks the key,
// and never a stack trace or a bare code.
import { afterEach, describe, expect, it } from 'vitest';
import { StationError } from '../../shared/contract.js';
import { errorWords } from '../../renderer/src/app/errors.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';

afterEach(() => switchLanguage('en'));

describe('errorWords', () => {
  it('says a station refusal in the desk language, from its catalogue key', () => {
    const refusal = new StationError('NO_SESSION', 'No shipment is open.', { key: 'station.pack.noShipmentOpen' });
    expect(errorWords(refusal)).toBe('No shipment is open.');
    switchLanguage('hi');
    expect(errorWords(refusal)).toBe('कोई शिपमेंट खुला नहीं है।');
  });

  it('falls back to the station\'s English words for a key this page does not know', () => {
    switchLanguage('hi');
    expect(errorWords(new StationError('NEWER', 'The station says this in English.', { key: 'station.notInThisPage' }))).toBe('The station says this in English.');
  });

  it('puts any other failure in a sentence, and says "try again" when there are no words at all', () => {
    expect(errorWords(new Error('socket closed'))).toBe('Something went wrong: socket closed');
    expect(errorWords(undefined)).toBe('Something went wrong. Try again.');
    switchLanguage('hi');
    expect(errorWords('')).toBe('कुछ गड़बड़ हुई। फिर से कोशिश करें।');
  });
});
