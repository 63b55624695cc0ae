// The listing rules speak the request's language ("price.selling_price (150) must not be above
// price.mrp (100)", shelf life in seconds) because the marketplace and the sandbox share them.
// The form speaks the seller's: each issue is said with the field's name as the form labels it,
// in the form's units (shelf life in days), with the value as it was typed, in the desk's
// language. A message of the rules the form has no words for is shown as the rules say it.
import { MAX_PACKAGE_DESCRIPTION_LENGTH, MAX_PACKAGE_NAME_LENGTH, MAX_PRODUCT_ID_LENGTH, MAX_SHELF_LIFE_SECONDS, MIN_PRODUCT_ID_LENGTH } from '../../../../shared/api/limits.js';
import { LISTING_CODES as C } from '../../../../shared/api/listing-codes.js';
import type { AttributeError } from '../../../../shared/api/listings.js';
import type { ListingDraft } from './listing-draft.js';
import { fieldLabel, type SaySentence } from '../../../../shared/listing-field-labels.js';
import { sentence } from '../../../../shared/i18n/station-sentences.js';

export { fieldLabel };

const DAY_SECONDS = 86_400;

/** The value at a JSON path of the request the form built. */
function valueAt(listing: unknown, path: string): unknown {
  let v: unknown = listing;
  for (const [, key, index] of path.matchAll(/\.(\w+)|\[(\d+)\]/g)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = key !== undefined ? (v as Record<string, unknown>)[key] : (v as unknown[])[Number(index)];
  }
  return v;
}

/** The value as the person typed it (shelf life in days, the date as picked). */
function typed(path: string, listing: unknown, draft: ListingDraft): string {
  if (path === '$.dating_label.shelf_life') return draft.shelfLifeDays.trim();
  if (path === '$.dating_label.mfg_date') return draft.mfgDate;
  const v = valueAt(listing, path);
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}

/** "Choose the tax code": a label starting with a capital word ("HSN code", "MRP") keeps it. */
const lower = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** One issue of the listing rules in the seller's words, in the language `say` speaks. */
export function issueWords(issue: AttributeError, listing: unknown, draft: ListingDraft, say: SaySentence): string {
  const label = fieldLabel(issue.path, say);
  const value = typed(issue.path, listing, draft);
  // Named as the catalogue check reads it: each key below is written out.
  const keyed = (key: string, params: Record<string, string | number> = {}) => say(sentence(key, { label, value, ...params }));
  const text = (() => {
    switch (issue.code) {
      case C.REQUIRED:
        return keyed('listings.issue.required');
      case C.WRONG_TYPE:
        return typeof valueAt(listing, issue.path) === 'string' ? keyed('listings.issue.notNumber') : keyed('listings.issue.wrongType');
      case C.NOT_INTEGER:
        return keyed('listings.issue.notInteger');
      case C.NEGATIVE:
        return keyed('listings.issue.negative');
      case C.NOT_POSITIVE:
        return keyed('listings.issue.notPositive');
      case C.NOT_IN_ENUM:
      case C.TAX_CODE_UNKNOWN:
        return keyed('listings.issue.fromList', { label: lower(label) });
      case C.EMPTY:
        return keyed('listings.issue.empty');
      case C.PRODUCT_ID_LENGTH:
        return keyed('listings.issue.productIdLength', { min: MIN_PRODUCT_ID_LENGTH, max: MAX_PRODUCT_ID_LENGTH, length: value.length });
      case C.SELLING_PRICE_ABOVE_MRP:
        return keyed('listings.issue.spAboveMrp', { sp: typed('$.price.selling_price', listing, draft), mrp: typed('$.price.mrp', listing, draft) });
      case C.CURRENCY_NOT_INR:
        return keyed('listings.issue.currencyInr');
      case C.HSN_FORMAT:
        return keyed('listings.issue.hsnFormat');
      case C.SHIPPING_FEES_REQUIRED:
        return keyed('listings.issue.shippingFeesRequired');
      case C.DISPATCH_SLA_REQUIRED:
        return keyed('listings.issue.dispatchSlaRequired');
      case C.PACKAGES_REQUIRED:
        return keyed('listings.issue.packagesRequired');
      case C.PACKAGE_NAME_TOO_LONG:
        return keyed('listings.issue.tooLong', { length: value.length, max: MAX_PACKAGE_NAME_LENGTH });
      case C.DESCRIPTION_TOO_LONG:
        return keyed('listings.issue.tooLong', { length: value.length, max: MAX_PACKAGE_DESCRIPTION_LENGTH });
      case C.WEIGHT_REQUIRED_WITH_DIMENSIONS:
        return keyed('listings.issue.weightWithSize');
      case C.NOTIONAL_VALUE_REQUIRED:
        return keyed('listings.issue.notionalRequired');
      case C.NOTIONAL_UNIT_INVALID:
        return keyed('listings.issue.notionalUnit');
      case C.PACKAGE_ID_ON_CREATE:
      case C.PACKAGE_ID_UNKNOWN:
        return keyed('listings.issue.packageIdUnknown');
      case C.LOCATION_NOT_SELLERS:
        return keyed('listings.issue.locationNotSellers');
      case C.LOCATION_DUPLICATE:
        return keyed('listings.issue.locationDuplicate');
      case C.IMPORTER_REQUIRED:
        return keyed('listings.issue.importerRequired');
      case C.COUNTRY_CODE_INVALID:
        return keyed('listings.issue.countryCode');
      case C.SHELF_LIFE_TOO_LONG:
        return keyed('listings.issue.shelfLifeTooLong', { max: MAX_SHELF_LIFE_SECONDS / DAY_SECONDS });
      case C.ARCHIVED_STATUS_ON_CREATE:
        return keyed('listings.issue.archivedOnCreate');
      default:
        // The rules' own words, as the marketplace says them.
        return issue.path === '$' ? issue.description : keyed('listings.issue.other', { description: issue.description });
    }
  })();
  return issue.severity === 'WARNING' ? say(sentence('listings.issue.note', { text })) : text;
}
