import { describe, expect, it } from 'vitest';
import { formatIstDisplay, formatIstIso, indianFinancialYear, istDate, parseIst, todayIst } from '../../../electron/station/packing/ist-dates.js';

describe('IST dates', () => {
  it('today in IST is already tomorrow from 18:30 UTC', () => {
    expect(todayIst({ now: () => new Date('2026-03-31T18:29:59Z') })).toBe('2026-03-31');
    expect(todayIst({ now: () => new Date('2026-03-31T18:30:00Z') })).toBe('2026-04-01');
  });

  it('reads a date without a zone as IST and respects an explicit zone', () => {
    expect(parseIst('2025-09-22').toISOString()).toBe('2025-09-21T18:30:00.000Z');
    expect(parseIst('2025-09-21T23:59').toISOString()).toBe('2025-09-21T18:29:00.000Z');
    expect(parseIst('2025-09-21T23:59:00Z').toISOString()).toBe('2025-09-21T23:59:00.000Z');
  });

  it('refuses impossible or malformed dates in words', () => {
    expect(() => parseIst('2025-02-30')).toThrow(/not a real date/);
    expect(() => parseIst('21/09/2025')).toThrow(/use YYYY-MM-DD/);
  });

  it('formats for requests and for people', () => {
    const at = new Date('2025-09-21T18:29:00Z');
    expect(formatIstIso(at)).toBe('2025-09-21T23:59:00+05:30');
    expect(formatIstDisplay(at)).toBe('21 Sep 2025, 23:59 IST');
    expect(formatIstDisplay(at, false)).toBe('21 Sep 2025');
    expect(istDate(at)).toBe('2025-09-21');
  });

  it('puts 31 March in the old financial year and 1 April IST in the new one', () => {
    expect(indianFinancialYear(new Date('2027-03-31T18:29:59Z')).label).toBe('2026-27');
    expect(indianFinancialYear(new Date('2027-03-31T18:30:00Z')).label).toBe('2027-28');
    expect(indianFinancialYear(new Date('2099-06-01T00:00:00Z')).label).toBe('2099-00');
  });
});
