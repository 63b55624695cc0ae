// The GST rate to send in taxItems[].taxRate of a pack request (spec § POST /v3/shipments/labels
// (pack)) for a listing's tax.tax_code (spec § Tax codes), and its CGST/SGST/IGST split for the
// invoice record (spec § Invoice record, TaxDetails).
import { FIXED_TAX_CODES, SLAB_TAX_CODES, TRANSITIONAL_TAX_CODES, type TaxCode } from '../../../shared/api/enums.js';
import { istInstant } from './ist-dates.js';

/** The year the spec leaves open ("year: not shown", spec § Tax codes); GST 2.0 began in 2025. */
export const DEFAULT_TAX_TRANSITION_YEAR = 2025;

export interface TaxRateInput {
  /** Value of one unit (piece or pair) of the order item, in INR, tax included as sold. */
  unitPrice?: number;
  /** When the goods are supplied (the pack time); the transition is judged in IST. */
  at: Date;
  /** Year whose 22 September 00:00 IST switches the transitional codes and the slabs. */
  transitionYear?: number;
}

export class UnknownTaxCodeError extends Error {
  constructor(readonly taxCode: string) {
    super(
      `Tax code "${taxCode}" is not one the marketplace defines (spec § Tax codes). ` +
        'Correct the tax code of the listing before packing.',
    );
    this.name = 'UnknownTaxCodeError';
  }
}

/**
 * Price-dependent slabs (spec § Tax codes: "rate chosen from the order item value"). The spec
 * gives no numbers; these are Indian GST law as we read it:
 * - before the GST 2.0 reform (until 21 Sep 23:59 IST): apparel 5% up to Rs 1,000 per piece,
 *   12% above; footwear 12% up to Rs 1,000 per pair (5% before 2022, raised to 12% from
 *   1 Jan 2022), 18% above;
 * - from 22 Sep 00:00 IST (GST 2.0): apparel and footwear 5% up to Rs 2,500 per piece or pair,
 *   18% above.
 * The reform is the same one the transitional codes describe, so the slabs switch at the same
 * configurable instant. A price equal to the threshold takes the lower rate ("up to").
 */
const SLABS: Record<(typeof SLAB_TAX_CODES)[number], { before: Slab; from: Slab }> = {
  GST_APPAREL: { before: { upTo: 1000, low: 5, high: 12 }, from: { upTo: 2500, low: 5, high: 18 } },
  GST_Footwear: { before: { upTo: 1000, low: 12, high: 18 }, from: { upTo: 2500, low: 5, high: 18 } },
};
interface Slab {
  upTo: number;
  low: number;
  high: number;
}

/** The instant the transitional codes switch: 22 September 00:00 IST (spec § Tax codes). */
export function taxTransitionInstant(year: number = DEFAULT_TAX_TRANSITION_YEAR): Date {
  return istInstant(year, 9, 22, 0, 0, 0);
}

const TRANSITIONAL = /^GST_Old_(\d+)_[Nn]ew_(\d+)$/;

/** The GST percentage for a tax code; throws UnknownTaxCodeError for a code the spec lacks. */
export function taxRateFor(taxCode: TaxCode | string, input: TaxRateInput): number {
  const afterSwitch = input.at.getTime() >= taxTransitionInstant(input.transitionYear).getTime();
  if ((FIXED_TAX_CODES as readonly string[]).includes(taxCode)) {
    return Number(taxCode.slice('GST_'.length));
  }
  if ((SLAB_TAX_CODES as readonly string[]).includes(taxCode)) {
    const price = input.unitPrice;
    if (price === undefined || !Number.isFinite(price) || price < 0) {
      throw new Error(`Tax code ${taxCode} depends on the price per unit, and none (or an invalid one) was given.`);
    }
    const table = SLABS[taxCode as (typeof SLAB_TAX_CODES)[number]];
    const slab = afterSwitch ? table.from : table.before;
    return price <= slab.upTo ? slab.low : slab.high;
  }
  // The spec spells one code "GST_Old_12_new_18"; only the listed spellings are accepted.
  const transitional = (TRANSITIONAL_TAX_CODES as readonly string[]).includes(taxCode) ? TRANSITIONAL.exec(taxCode) : null;
  if (transitional) return Number(afterSwitch ? transitional[2] : transitional[1]);
  throw new UnknownTaxCodeError(taxCode);
}

export type SupplyKind = 'intraState' | 'interState';

export interface GstSplit {
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
}

/**
 * Splits a GST rate for the invoice (spec § Invoice record, TaxDetails): a supply within one
 * state is taxed half as central and half as state GST; across states it is integrated GST.
 */
export function splitGst(rate: number, supply: SupplyKind): GstSplit {
  if (!Number.isFinite(rate) || rate < 0) throw new Error(`A GST rate must be a non-negative number, not ${rate}.`);
  if (supply === 'interState') return { cgstRate: 0, sgstRate: 0, igstRate: rate };
  const half = Math.round((rate / 2) * 1000) / 1000;
  return { cgstRate: half, sgstRate: half, igstRate: 0 };
}

/** Intra-state when the seller's GSTIN state code (its first two digits) is the buyer's. */
export function supplyKind(sellerGstin: string, buyerStateCode: string): SupplyKind {
  return sellerGstin.slice(0, 2) === buyerStateCode.padStart(2, '0') ? 'intraState' : 'interState';
}
