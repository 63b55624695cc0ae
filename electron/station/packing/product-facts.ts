// What the desk must know about a product that the shipment record does not say: its tax code
// (the pack request's taxRate comes from it, spec § Tax codes), whether units carry IMEI/serial
// numbers (spec § pack: serialNumbers "M only for serialized products"), whether it is
// refurbished (purchasePrice "Only for refurbished products"), and its package dimensions.
// The interface marks neither serialized nor refurbished products, so the station decides by
// rules a seller can override per SKU in settings:
// - serialized: the listing's HSN starts with one of SERIALIZED_HSN_PREFIXES;
// - refurbished: the listing's title says "refurbished".
import type { ListingRecord } from '../../../shared/api/listings.js';
import type { ProductFacts } from './pack-session.js';

/**
 * HSN headings of goods sold with IMEI or serial numbers: telephones (8517), computers (8471),
 * televisions and monitors (8528), refrigerators (8418), washing machines (8450).
 */
export const SERIALIZED_HSN_PREFIXES = ['8517', '8471', '8528', '8418', '8450'] as const;
/** Telephones (HSN 8517) carry IMEIs: their serials are checked as IMEIs when scanned. */
export const IMEI_HSN_PREFIXES = ['8517'] as const;

export interface FactsOverrides {
  serializedSkus?: string[];
  notSerializedSkus?: string[];
  refurbishedSkus?: string[];
  /** Purchase price per refurbished SKU (INR), sent as taxItems[].purchasePrice. */
  purchasePrices?: Record<string, number>;
  /** Product barcodes (EAN/UPC) per SKU, learned or configured. */
  barcodes?: Record<string, string[]>;
}

/**
 * How many units one listing package holds, when its name or description says so ("holds 6
 * units", "pack of 2", "for 12 pieces"). The listing has no field for it (spec § Listing:
 * packages[] is id, name, dimensions, weight, description...), so the words are read; a package
 * that says nothing holds one unit.
 */
const UNITS_HELD_RE = /\b(?:holds?|pack of|for|contains?|case of|box of)\s+(\d{1,4})\s*(?:units?|pieces?|pcs|items?)?\b/i;

export function unitsHeld(text: string): number | undefined {
  const m = UNITS_HELD_RE.exec(text);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 1 ? n : undefined;
}

export function factsFromListing(sku: string, listing: ListingRecord, overrides: FactsOverrides = {}): ProductFacts {
  const hsn = listing.tax.hsn ?? '';
  const serialized =
    (overrides.serializedSkus?.includes(sku) ?? false) ||
    (!(overrides.notSerializedSkus?.includes(sku) ?? false) && SERIALIZED_HSN_PREFIXES.some((p) => hsn.startsWith(p)));
  const refurbished = (overrides.refurbishedSkus?.includes(sku) ?? false) || /refurbished/i.test(listing.product_title ?? '');
  const packages = (listing.packages ?? (listing.package ? [listing.package] : []))
    .filter((p) => p.dimensions && p.weight !== undefined)
    .map((p) => {
      const units = unitsHeld(`${p.name} ${p.description ?? ''}`);
      return { length: p.dimensions!.length, breadth: p.dimensions!.breadth, height: p.dimensions!.height, weight: p.weight!, ...(units ? { units } : {}) };
    });
  return {
    serialized,
    imei: serialized && IMEI_HSN_PREFIXES.some((p) => hsn.startsWith(p)),
    refurbished,
    taxCode: listing.tax.tax_code ?? '',
    barcodes: overrides.barcodes?.[sku] ?? [],
    packages,
    purchasePrice: overrides.purchasePrices?.[sku],
  };
}

/** Loads facts for SKUs through a listing lookup, caching what it has seen. */
export class ProductFactsCache {
  private readonly facts = new Map<string, ProductFacts>();

  constructor(
    private readonly lookup: (skus: string[]) => Promise<{ available: Record<string, ListingRecord> }>,
    private readonly overrides: () => FactsOverrides = () => ({}),
  ) {}

  get(sku: string): ProductFacts | undefined {
    return this.facts.get(sku);
  }

  /** Makes sure facts for every SKU are loaded; returns the SKUs the marketplace has no listing for. */
  async load(skus: readonly string[]): Promise<string[]> {
    const missing = [...new Set(skus)].filter((s) => !this.facts.has(s));
    if (missing.length === 0) return [];
    const found = await this.lookup(missing);
    const overrides = this.overrides();
    for (const [sku, listing] of Object.entries(found.available)) this.facts.set(sku, factsFromListing(sku, listing, overrides));
    return missing.filter((s) => !this.facts.has(s));
  }

  readonly of = (sku: string): ProductFacts | undefined => this.facts.get(sku);
}
