import { describe, expect, it } from 'vitest';
import { FIXED_TAX_CODES, TaxCode, TRANSITIONAL_TAX_CODES } from '../../../shared/api/enums.js';
import { splitGst, supplyKind, taxRateFor, UnknownTaxCodeError } from '../../../electron/station/packing/tax-rates.js';

const before = new Date('2025-09-21T18:29:59Z'); // 21 Sep 2025 23:59:59 IST
const after = new Date('2025-09-21T18:30:00Z'); // 22 Sep 2025 00:00:00 IST

describe('fixed codes (spec § Tax codes)', () => {
  it('give the stated percentage whatever the date or price', () => {
    expect(FIXED_TAX_CODES.map((code) => taxRateFor(code, { at: before }))).toEqual([0, 3, 5, 12, 18, 28, 40]);
    expect(taxRateFor('GST_18', { at: after, unitPrice: 99_999 })).toBe(18);
  });
});

describe('transitional codes switch at 22 September 00:00 IST', () => {
  it('charge the old rate until 23:59:59 IST on 21 September and the new one from midnight', () => {
    expect(taxRateFor('GST_Old_12_New_5', { at: before })).toBe(12);
    expect(taxRateFor('GST_Old_12_New_5', { at: after })).toBe(5);
    expect(taxRateFor('GST_Old_28_New_40', { at: before })).toBe(28);
    expect(taxRateFor('GST_Old_28_New_40', { at: after })).toBe(40);
  });

  it('accept the spec spelling GST_Old_12_new_18 and no other variant', () => {
    expect(taxRateFor('GST_Old_12_new_18', { at: before })).toBe(12);
    expect(taxRateFor('GST_Old_12_new_18', { at: after })).toBe(18);
    expect(() => taxRateFor('GST_Old_12_New_18', { at: after })).toThrow(UnknownTaxCodeError);
  });

  it('follow the configured year: in 2026 the 2026 switch decides, not the 2025 one', () => {
    const sep2026 = { transitionYear: 2026 };
    expect(taxRateFor('GST_Old_18_New_5', { at: after, ...sep2026 })).toBe(18);
    expect(taxRateFor('GST_Old_18_New_5', { at: new Date('2026-09-21T18:29:59Z'), ...sep2026 })).toBe(18);
    expect(taxRateFor('GST_Old_18_New_5', { at: new Date('2026-09-21T18:30:00Z'), ...sep2026 })).toBe(5);
  });

  it('cover every transitional code of the spec', () => {
    for (const code of TRANSITIONAL_TAX_CODES) {
      const [, oldRate, newRate] = /Old_(\d+)_[Nn]ew_(\d+)/.exec(code)!;
      expect([taxRateFor(code, { at: before }), taxRateFor(code, { at: after })]).toEqual([Number(oldRate), Number(newRate)]);
    }
  });
});

describe('price-dependent codes', () => {
  it('apparel from 22 Sep 2025: 5% up to Rs 2,500 a piece, 18% above', () => {
    expect(taxRateFor('GST_APPAREL', { at: after, unitPrice: 2500 })).toBe(5);
    expect(taxRateFor('GST_APPAREL', { at: after, unitPrice: 2500.01 })).toBe(18);
  });

  it('apparel before: 5% up to Rs 1,000, 12% above', () => {
    expect(taxRateFor('GST_APPAREL', { at: before, unitPrice: 1000 })).toBe(5);
    expect(taxRateFor('GST_APPAREL', { at: before, unitPrice: 1000.5 })).toBe(12);
    expect(taxRateFor('GST_APPAREL', { at: before, unitPrice: 2000 })).toBe(12);
  });

  it('footwear from 22 Sep 2025: 5% up to Rs 2,500 a pair, 18% above; before: 12% up to Rs 1,000, 18% above', () => {
    expect(taxRateFor('GST_Footwear', { at: after, unitPrice: 2500 })).toBe(5);
    expect(taxRateFor('GST_Footwear', { at: after, unitPrice: 2501 })).toBe(18);
    expect(taxRateFor('GST_Footwear', { at: before, unitPrice: 1000 })).toBe(12);
    expect(taxRateFor('GST_Footwear', { at: before, unitPrice: 1001 })).toBe(18);
  });

  it('refuse to guess without a valid price per unit', () => {
    expect(() => taxRateFor('GST_APPAREL', { at: after })).toThrow(/price per unit/);
    expect(() => taxRateFor('GST_Footwear', { at: after, unitPrice: -1 })).toThrow(/price per unit/);
    expect(() => taxRateFor('GST_Footwear', { at: after, unitPrice: Number.NaN })).toThrow(/price per unit/);
  });
});

describe('unknown codes', () => {
  it('fail with a sentence naming the code', () => {
    expect(() => taxRateFor('GST_7', { at: after })).toThrow(/"GST_7" is not one the marketplace defines/);
  });

  it('every code of the spec has a rate', () => {
    for (const code of TaxCode.options) expect(taxRateFor(code, { at: after, unitPrice: 100 })).toBeGreaterThanOrEqual(0);
  });
});

describe('CGST / SGST / IGST split (spec § Invoice record)', () => {
  it('halves the rate within a state and puts it all on IGST across states', () => {
    expect(splitGst(5, 'intraState')).toEqual({ cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
    expect(splitGst(18, 'interState')).toEqual({ cgstRate: 0, sgstRate: 0, igstRate: 18 });
    expect(splitGst(3, 'intraState')).toEqual({ cgstRate: 1.5, sgstRate: 1.5, igstRate: 0 });
  });

  it('tells intra-state from the GSTIN state code', () => {
    expect(supplyKind('29ABCDE1234F1Z5', '29')).toBe('intraState');
    expect(supplyKind('29ABCDE1234F1Z5', '7')).toBe('interState');
    expect(supplyKind('07ABCDE1234F1Z5', '7')).toBe('intraState');
  });
});
