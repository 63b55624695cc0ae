// Numbers, rupees, dates and times through Intl in the desk's locale: lakh grouping in both
// Indian locales, IST whatever the machine's zone.
import { describe, expect, it } from 'vitest';
import { formatterFor } from '../../shared/i18n/format.js';
import { englishSentence, keyedError } from '../../shared/i18n/station-sentences.js';

// 23 Nov 2026 20:35:07 UTC is 24 Nov 2026 02:05:07 in India.
const AT = Date.UTC(2026, 10, 23, 20, 35, 7);

describe('formatting', () => {
  it('groups by lakh and crore and writes rupees with the rupee sign, paise only when there are any', () => {
    const en = formatterFor('en-IN');
    expect(en.number(12345678)).toBe('1,23,45,678');
    expect(en.rupees(12345678)).toBe('₹1,23,45,678');
    expect(en.rupees(499.5)).toBe('₹499.5');
    expect(en.number(1.25, 2)).toBe('1.25');
    const hi = formatterFor('hi-IN');
    expect(hi.number(12345678)).toBe('1,23,45,678');
    expect(hi.rupees(150000)).toBe('₹1,50,000');
  });

  it('dates and times are in IST, 24-hour', () => {
    const en = formatterFor('en-IN');
    expect(en.date(AT)).toBe('24 Nov 2026');
    expect(en.time(AT)).toBe('02:05');
    expect(en.timeSeconds(new Date(AT).toISOString())).toBe('02:05:07');
    expect(en.shortDateTime(AT)).toBe('24 Nov, 02:05');
    const hi = formatterFor('hi-IN');
    expect(hi.date(AT)).toMatch(/^24 नव/);
    expect(hi.time(AT)).toBe('02:05');
  });

  it('a station sentence carries its key and placeholders, with the English words for logs', () => {
    const e = keyedError('NO_SUCH_JOB', 'station.print.noSuchJob', { jobId: 'j-9' });
    expect(e.code).toBe('NO_SUCH_JOB');
    expect(e.sentence).toEqual({ key: 'station.print.noSuchJob', params: { jobId: 'j-9' } });
    expect(e.message).toBe('There is no print job j-9 any more; print the document again from where it came from.');
    expect(englishSentence({ key: 'station.queue.chooseCancellation' })).toMatch(/^Choose which cancellations/);
  });
});
