// What a bulk CSV row changes, and what is wrong with it, in the words of the listing form. The
// shared listing rules and the marketplace speak the request's language ("price.selling_price
// (150) must not be above price.mrp (100)"); a seller filling a spreadsheet reads "Selling price"
// and "MRP", and a stock row names its location. Only fields whose value really changes are
// said to change. Each sentence is a catalogue key (the desk says it in its language); the rules'
// and the marketplace's own words stay as they are said.
import { MAX_PRODUCT_ID_LENGTH, MIN_PRODUCT_ID_LENGTH } from '../../../../shared/api/limits.js';
import { LISTING_CODES as C } from '../../../../shared/api/listing-codes.js';
import type { AttributeError, ListingChangeResult } from '../../../../shared/api/listings.js';
import type { BulkLine } from '../../../../shared/listing-csv.js';
import { fieldLabel } from '../../../../shared/listing-field-labels.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../../shared/i18n/station-sentences.js';
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
  if (/^\$\.locations\[\d+\]\.inventory$/.test(path)) return englishSentence(line?.locationId ? keyed('listings.bulk.stockAt', { location: line.locationId }) : keyed('listings.bulk.stock'));
  if (/^\$\.locations\[\d+\]\.id$/.test(path)) return englishSentence(keyed('listings.field.locationAny'));
  return fieldLabel(path);
}

/** One issue of the shared listing rules about one row, in the form's words. */
export function bulkIssueWords(issue: AttributeError, line: BulkLine, now: RowContext = {}): KeyedSentence {
  switch (issue.code) {
    case C.SELLING_PRICE_ABOVE_MRP:
      return keyed('listings.issue.spAboveMrp', { sp: line.sellingPrice ?? '', mrp: line.mrp ?? '' });
    case C.PRODUCT_ID_LENGTH:
      return keyed('listings.bulk.productIdLength', { length: line.productId.length, min: MIN_PRODUCT_ID_LENGTH, max: MAX_PRODUCT_ID_LENGTH });
    case C.PRODUCT_ID_MISMATCH:
      return now.productId ? keyed('listings.bulk.productIdMismatchNow', { productId: line.productId, now: now.productId }) : keyed('listings.bulk.productIdMismatch', { productId: line.productId });
    case C.LOCATION_NOT_ON_LISTING:
      return now.locations?.length ? keyed('listings.bulk.locationNotOnListingNow', { location: line.locationId ?? '', now: now.locations.join(', ') }) : keyed('listings.bulk.locationNotOnListing', { location: line.locationId ?? '' });
    case C.LOCATION_DUPLICATE:
      return keyed('listings.bulk.locationTwice', { location: line.locationId ?? '' });
    default: {
      // The rules' own sentence, as the marketplace would say it, with the form's names of the fields.
      const text = plainText(issue.description, line);
      const name = label(issue.path, line);
      return keyed('listings.bulk.rule', { text: issue.path === '$' || text.startsWith(name) ? text : `${name}: ${text}` });
    }
  }
}

/** "Selling price 90 → 80.": only the price fields whose value changes. */
export function priceChangeWords(before: { mrp: number; sp: number | undefined }, line: BulkLine): KeyedSentence {
  const mrp = before.mrp !== line.mrp;
  const sp = before.sp !== line.sellingPrice;
  const to = line.sellingPrice ?? '';
  if (mrp && sp) return before.sp === undefined ? keyed('listings.bulk.bothSet', { mrpFrom: before.mrp, mrpTo: line.mrp ?? '', spTo: to }) : keyed('listings.bulk.bothChange', { mrpFrom: before.mrp, mrpTo: line.mrp ?? '', spFrom: before.sp, spTo: to });
  if (mrp) return keyed('listings.bulk.mrpChange', { from: before.mrp, to: line.mrp ?? '' });
  return before.sp === undefined ? keyed('listings.bulk.spSet', { to }) : keyed('listings.bulk.spChange', { from: before.sp, to });
}

/** Sentences said one after another, as one message: the English and the keys. */
export const saidMessage = (severity: string, sentences: KeyedSentence[]) => ({ severity, text: sentences.map(englishSentence).join(' '), sentences });

/** The marketplace's answer for one SKU of a bulk file, with the form's names of the fields. */
export function bulkAnswer(sku: string, r: ListingChangeResult | undefined, lines: readonly BulkLine[], saved: KeyedSentence[]): SkuResult {
  if (!r) return { sku, status: 'failure', messages: [saidMessage('ERROR', [keyed('listings.bulk.noAnswer', { sku })])] };
  const lineAt = (path: string | undefined) => {
    const i = path ? /^\$\.locations\[(\d+)\]/.exec(path)?.[1] : undefined;
    return i === undefined ? lines[0] : lines[Number(i)];
  };
  const messages: SkuResult['messages'] = [
    ...r.errors.map((e) => ({ severity: e.severity, text: plainText(e.description, lineAt(e.path ?? undefined)), ...(e.path ? { path: e.path } : {}) })),
    ...r.attribute_errors.map((a) => {
      const line = lineAt(a.path);
      return line ? { ...saidMessage(a.severity, [bulkIssueWords(a, line)]), path: a.path, attribute: a.attribute } : { severity: a.severity, text: plainText(a.description), path: a.path, attribute: a.attribute };
    }),
  ];
  if (r.status !== 'failure') messages.unshift(saidMessage('INFO', saved));
  return { sku, status: r.status, messages };
}
