// A marketplace call that fails is said as what the desk was doing, the marketplace's words, and
// what to do next: the frame and the advice in the desk's language, the marketplace's own words
// inside as it wrote them, a sign-in trouble in its own keyed words.
import { afterEach, describe, expect, it } from 'vitest';
import { StationError } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import { switchLanguage } from '../../../renderer/src/i18n/i18n.js';
import { inHindi } from '../../support/hindi-sentence.js';
import { MarketplaceError } from '../../../electron/station/api/errors.js';
import { marketplaceTrouble } from '../../../electron/station/app/handlers/desk-deps.js';

function trouble(init: ConstructorParameters<typeof MarketplaceError>[0]): StationError {
  const e = marketplaceTrouble(new MarketplaceError(init), keyed('station.marketplace.what.savePrice'));
  expect(e).toBeInstanceOf(StationError);
  return e as StationError;
}

const hindiOf = (e: StationError): string => inHindi(e.sentence!);

afterEach(() => switchLanguage('en'));

describe('a marketplace failure in words', () => {
  it('says a refusal in English for the log and in Hindi at the desk, the marketplace words kept as written', () => {
    const e = trouble({ kind: 'http', status: 400, code: 'INVALID_PRICE', message: 'Selling price must be below MRP' });
    expect(e.code).toBe('INVALID_PRICE');
    expect(e.message).toBe('Could not save the price change: Selling price must be below MRP. Check the details and try again, or tell the supervisor.');
    const hi = hindiOf(e);
    expect(hi).toContain('दाम का बदलाव सेव करना');
    expect(hi).toContain('Selling price must be below MRP.');
    expect(hi).toContain('सुपरवाइज़र');
    expect(hi).not.toMatch(/Could not|Check the details|supervisor/);
  });

  it('tells the packer to wait on a failure worth repeating, and to look first when the answer was lost', () => {
    const later = trouble({ kind: 'network', message: 'The connection was reset', retryable: true });
    expect(later.message).toMatch(/Try again in a moment\.$/);
    expect(hindiOf(later)).toContain('थोड़ी देर में फिर से करें');
    switchLanguage('en');
    const lost = trouble({ kind: 'timeout', message: 'No answer in 30 s', outcomeUnknown: true });
    expect(lost.message).toMatch(/The answer was lost; check the state before trying again\.$/);
    expect(lost.code).toBe('MARKETPLACE_TIMEOUT');
    expect(hindiOf(lost)).toContain('जवाब बीच में खो गया');
  });

  it('says a sign-in trouble inside the frame in its own keyed words', () => {
    const signIn = keyed('signin.trouble.signedOut');
    const e = trouble({ kind: 'auth', message: 'Signed out.', sentence: signIn });
    expect(e.sentence!.parts!.said).toEqual(signIn);
  });

  it('passes any other error through as it is', () => {
    const plain = new Error('disk full');
    expect(marketplaceTrouble(plain, keyed('station.marketplace.what.readListings'))).toBe(plain);
  });
});
