// What a bulk CSV row changes, and what is wrong with it, in the words of the listing form. The
// shared listing rules and the marketplace speak the request's language ("price.selling_price
// (150) must not be above price.mrp (100)"); a seller filling a spreadsheet reads "Selling price"
// and "MRP", and a stock row names its location. Only fields whose value really changes are
// said to change.
import { MAX_PRODUCT_ID_LENGTH, MIN_PRODUCT_ID_LENGTH } from '../../../../shared/api/limits.js';
import { LISTING_CODES as C } from '../../../../shared/api/listing-codes.js';
import type { AttributeError, ListingChangeResult } from '../../../../shared/api/listings.js';
import type { BulkLine } from '../../../../shared/listing-csv.js';
import { fieldLabel } from '../../../../shared/listing-field-labels.js';
import type { SkuResult } from './listings-results.js';

/** What the row's listing is now, for the sentences that compare. */
export interface RowContext {
  productId?: string;
  locations?: readonly string[];
}

/** Request paths inside the rules' and the marketplace's sentences, with the form's names. */
const PATH_WORDS: [RegExp, (line: BulkLine | undefined) => string][] = [
  [/\$?\.?price\.selling_price/g, () => 'Selling price'],
  [/\$?\.?price\.mrp/g, () => 'MRP'],
  [/\$?\.?price\.currency/g, () => 'Currency'],
  [/\$?\.?locations\[\d+\]\.inventory/g, (l) => (l?.locationId ? `Stock at ${l.locationId}` : 'Stock')],
  [/\$?\.?locations\[\d+\]\.id/g, () => 'Location'],
  [/\$?\.?product_id/g, () => 'Product ID'],
];

/** A sentence of the rules or of the marketplace with its request paths said as the form says them. */
export function plainText(text: string, line?: BulkLine): string {
  let out = text;
  for (const [re, words] of PATH_WORDS) out = out.replace(re, words(line));
  return out;
}

/** The field of a path as the form labels it; a stock path names the row's location. */
function label(path: string, line: BulkLine | undefined): string {
  if (/^\$\.locations\[\d+\]\.inventory$/.test(path)) return line?.locationId ? `Stock at ${line.locationId}` : 'Stock';
  if (/^\$\.locations\[\d+\]\.id$/.test(path)) return 'Location';
  return fieldLabel(path);
}

/** One issue of the shared listing rules about one row, in the form's words. */
export function bulkIssueWords(issue: AttributeError, line: BulkLine, now: RowContext = {}): string {
  switch (issue.code) {
    case C.SELLING_PRICE_ABOVE_MRP:
      return `Selling price (${line.sellingPrice}) must not be above MRP (${line.mrp}).`;
    case C.PRODUCT_ID_LENGTH:
      return `Product ID has ${line.productId.length} characters; it must have ${MIN_PRODUCT_ID_LENGTH} to ${MAX_PRODUCT_ID_LENGTH}.`;
    case C.PRODUCT_ID_MISMATCH:
      return `Product ID ${line.productId} is not the product of this SKU${now.productId ? ` (${now.productId})` : ''}.`;
    case C.LOCATION_NOT_ON_LISTING:
      return `Location ${line.locationId} is not a selling location of this SKU${now.locations?.length ? ` (${now.locations.join(', ')})` : ''}; add it on the listing first.`;
    case C.LOCATION_DUPLICATE:
      return `Location ${line.locationId} appears twice for this SKU.`;
    default: {
      const text = plainText(issue.description, line);
      const name = label(issue.path, line);
      return issue.path === '$' || text.startsWith(name) ? text : `${name}: ${text}`;
    }
  }
}

/** "Selling price 90 → 80.": only the price fields whose value changes. */
export function priceChangeWords(before: { mrp: number; sp: number | undefined }, line: BulkLine): string {
  const parts: string[] = [];
  if (before.mrp !== line.mrp) parts.push(`MRP ${before.mrp} → ${line.mrp}`);
  if (before.sp !== line.sellingPrice) parts.push(`selling price ${before.sp ?? 'not set'} → ${line.sellingPrice}`);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The marketplace's answer for one SKU of a bulk file, with the form's names of the fields. */
export function bulkAnswer(sku: string, r: ListingChangeResult | undefined, lines: readonly BulkLine[], saved: string): SkuResult {
  if (!r) return { sku, status: 'failure', messages: [{ severity: 'ERROR', text: `The marketplace gave no answer for ${sku}. Search the SKU on the Listings screen to see whether the change was made before trying again.` }] };
  const lineAt = (path: string | undefined) => {
    const i = path ? /^\$\.locations\[(\d+)\]/.exec(path)?.[1] : undefined;
    return i === undefined ? lines[0] : lines[Number(i)];
  };
  const messages: SkuResult['messages'] = [
    ...r.errors.map((e) => ({ severity: e.severity, text: plainText(e.description, lineAt(e.path ?? undefined)), ...(e.path ? { path: e.path } : {}) })),
    ...r.attribute_errors.map((a) => ({ severity: a.severity, text: lineAt(a.path) ? bulkIssueWords(a, lineAt(a.path)!) : plainText(a.description), path: a.path, attribute: a.attribute })),
  ];
  if (r.status !== 'failure') messages.unshift({ severity: 'INFO', text: saved });
  return { sku, status: r.status, messages };
}
