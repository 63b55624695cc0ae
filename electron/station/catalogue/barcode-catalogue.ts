// The desk's barcode catalogue: which SKU each product barcode (EAN-13, UPC-A, GTIN-14, Code 128)
// stands for. Real products carry GS1 numbers, not the seller's SKU, and the marketplace's listing
// has no field for them (spec § Listing: the listing is keyed by SKU only), so the station keeps
// the links itself: learned at the desk on the first scan, added in Listings, or imported from a
// CSV. A barcode belongs to one SKU; a SKU may have several barcodes (a new pack size, a
// manufacturer's second print run).
import { readProductBarcode, type ProductBarcodeFormat } from '../../../shared/product-barcodes.js';

export interface BarcodeLink {
  /** The barcode as it was scanned or typed (a UPC-A stays 12 digits). */
  code: string;
  format: ProductBarcodeFormat;
  sku: string;
  /** The product's name when it was known at the time of linking, for "both names" refusals. */
  title?: string;
  source: 'scan' | 'manual' | 'import';
  addedAt: string;
}

/** Where the catalogue lives: a JSON file in the data folder, or memory in tests. */
export interface CatalogueStore {
  load(): BarcodeLink[];
  save(links: readonly BarcodeLink[]): void;
}

export type LinkOutcome =
  | { ok: true; link: BarcodeLink; added: boolean; text: string }
  | { ok: false; code: string; reason: 'format' | 'conflict' | 'sku'; text: string };

export interface LinkRequest {
  code: string;
  sku: string;
  title?: string;
  source: BarcodeLink['source'];
}

/** The limit of a SKU on the marketplace (spec § Listing: sku max 64 characters). */
const MAX_SKU_LENGTH = 64;

const nameOf = (sku: string, title?: string) => (title && title !== sku ? `${sku} (${title})` : sku);

export class BarcodeCatalogue {
  private readonly byKey = new Map<string, BarcodeLink>();

  constructor(
    private readonly store: CatalogueStore,
    private readonly now: () => Date = () => new Date(),
  ) {
    for (const link of store.load()) {
      const read = readProductBarcode(link.code);
      if (read.ok) this.byKey.set(read.key, link);
    }
  }

  /** Every link, sorted by SKU then barcode, as the Listings screen and the export show them. */
  list(): BarcodeLink[] {
    return [...this.byKey.values()].sort((a, b) => a.sku.localeCompare(b.sku) || a.code.localeCompare(b.code));
  }

  /** The SKU a scanned code stands for, or undefined when the code is not in the catalogue. */
  skuFor(raw: string): string | undefined {
    return this.find(raw)?.sku;
  }

  find(raw: string): BarcodeLink | undefined {
    const read = readProductBarcode(raw);
    return read.ok ? this.byKey.get(read.key) : undefined;
  }

  /** The barcodes of one SKU. */
  codesOf(sku: string): string[] {
    return this.list()
      .filter((l) => l.sku === sku)
      .map((l) => l.code);
  }

  /** Links a barcode to a SKU and saves; refuses a malformed code and a code of another SKU. */
  link(request: LinkRequest): LinkOutcome {
    const outcome = this.prepare(request);
    if (outcome.ok && outcome.added) this.commit([outcome.link]);
    return outcome;
  }

  /**
   * Links many at once (a CSV import): every row is checked first, against the catalogue and the
   * rows above it, and the file is written once for all the rows that are fine.
   */
  linkAll(requests: readonly LinkRequest[]): LinkOutcome[] {
    const staged = new Map<string, BarcodeLink>();
    const outcomes = requests.map((r) => {
      const outcome = this.prepare(r, staged);
      if (outcome.ok && outcome.added) staged.set(keyOf(outcome.link.code), outcome.link);
      return outcome;
    });
    if (staged.size > 0) this.commit([...staged.values()]);
    return outcomes;
  }

  /** Removes a barcode's link; answers what was removed, or undefined when it was not there. */
  remove(raw: string): BarcodeLink | undefined {
    const read = readProductBarcode(raw);
    const key = read.ok ? read.key : raw;
    const link = this.byKey.get(key);
    if (!link) return undefined;
    this.byKey.delete(key);
    try {
      this.store.save(this.list());
    } catch (e) {
      this.byKey.set(key, link);
      throw e;
    }
    return link;
  }

  private prepare(request: LinkRequest, staged: Map<string, BarcodeLink> = new Map()): LinkOutcome {
    const sku = request.sku.trim();
    const read = readProductBarcode(request.code);
    if (!read.ok) return { ok: false, code: read.code, reason: 'format', text: read.reason };
    if (sku === '' || sku.length > MAX_SKU_LENGTH) {
      return { ok: false, code: read.code, reason: 'sku', text: `Barcode ${read.code} needs a SKU of 1 to ${MAX_SKU_LENGTH} characters.` };
    }
    const held = staged.get(read.key) ?? this.byKey.get(read.key);
    if (held && held.sku !== sku) {
      return {
        ok: false,
        code: read.code,
        reason: 'conflict',
        text: `Barcode ${read.code} is already linked to ${nameOf(held.sku, held.title)}; it cannot also be ${nameOf(sku, request.title)}. If the link is wrong, remove it in Listings → Barcodes first.`,
      };
    }
    if (held) return { ok: true, link: held, added: false, text: `Barcode ${read.code} is already linked to ${nameOf(sku, held.title ?? request.title)}.` };
    const link: BarcodeLink = { code: read.code, format: read.format, sku, ...(request.title ? { title: request.title } : {}), source: request.source, addedAt: this.now().toISOString() };
    return { ok: true, link, added: true, text: `Barcode ${read.code} (${read.format}) is now ${nameOf(sku, request.title)}.` };
  }

  /** Adds links in memory and on disk together: a failed write leaves the catalogue as it was. */
  private commit(links: readonly BarcodeLink[]): void {
    const before = new Map(this.byKey);
    for (const link of links) this.byKey.set(keyOf(link.code), link);
    try {
      this.store.save(this.list());
    } catch (e) {
      this.byKey.clear();
      for (const [k, v] of before) this.byKey.set(k, v);
      throw e;
    }
  }
}

function keyOf(code: string): string {
  const read = readProductBarcode(code);
  return read.ok ? read.key : code;
}
