// The listing rules speak the request's language ("price.selling_price (150) must not be above
// price.mrp (100)", shelf life in seconds) because the marketplace and the sandbox share them.
// The form speaks the seller's: each issue is said with the field's name as the form labels it,
// in the form's units (shelf life in days), with the value as it was typed.
import { MAX_PACKAGE_DESCRIPTION_LENGTH, MAX_PACKAGE_NAME_LENGTH, MAX_PRODUCT_ID_LENGTH, MAX_SHELF_LIFE_SECONDS, MIN_PRODUCT_ID_LENGTH } from '../../../../shared/api/limits.js';
import { LISTING_CODES as C } from '../../../../shared/api/listing-codes.js';
import type { AttributeError } from '../../../../shared/api/listings.js';
import type { ListingDraft } from './listing-draft.js';
import { fieldLabel } from '../../../../shared/listing-field-labels.js';

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

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** One issue of the listing rules in the seller's words. */
export function issueWords(issue: AttributeError, listing: unknown, draft: ListingDraft): string {
  const label = fieldLabel(issue.path);
  const v = typed(issue.path, listing, draft);
  const text = (() => {
    switch (issue.code) {
      case C.REQUIRED:
        return `${label} is needed.`;
      case C.WRONG_TYPE:
        return typeof valueAt(listing, issue.path) === 'string' ? `${label} must be a number; "${v}" is not one.` : `${label} is not filled in the right way.`;
      case C.NOT_INTEGER:
        return `${label} must be a whole number (it is ${v}).`;
      case C.NEGATIVE:
        return `${label} must not be below zero (it is ${v}).`;
      case C.NOT_POSITIVE:
        return `${label} must be more than zero (it is ${v}).`;
      case C.NOT_IN_ENUM:
      case C.TAX_CODE_UNKNOWN:
        return `Choose the ${lower(label)} from the list.`;
      case C.EMPTY:
        return `${label} must not be empty.`;
      case C.PRODUCT_ID_LENGTH:
        return `${label} must have ${MIN_PRODUCT_ID_LENGTH} to ${MAX_PRODUCT_ID_LENGTH} characters (it has ${v.length}).`;
      case C.SELLING_PRICE_ABOVE_MRP:
        return `Selling price (${typed('$.price.selling_price', listing, draft)}) must not be above MRP (${typed('$.price.mrp', listing, draft)}).`;
      case C.CURRENCY_NOT_INR:
        return 'Prices are in rupees (INR).';
      case C.HSN_FORMAT:
        return `${label} must have 4, 6 or 8 digits (it is "${v}").`;
      case C.SHIPPING_FEES_REQUIRED:
        return 'Shipping fees (within the city, the zone and across the country) are needed, because the seller may ship this product.';
      case C.DISPATCH_SLA_REQUIRED:
        return 'Dispatch time (days) is needed, because the seller makes the product ready.';
      case C.PACKAGES_REQUIRED:
        return `${label} are needed: the courier of the marketplace must know what it carries.`;
      case C.PACKAGE_NAME_TOO_LONG:
        return `${label} has ${v.length} characters; at most ${MAX_PACKAGE_NAME_LENGTH}.`;
      case C.DESCRIPTION_TOO_LONG:
        return `${label} has ${v.length} characters; at most ${MAX_PACKAGE_DESCRIPTION_LENGTH}.`;
      case C.WEIGHT_REQUIRED_WITH_DIMENSIONS:
        return `${label} is needed when the size is given.`;
      case C.NOTIONAL_VALUE_REQUIRED:
        return `${label} is needed when the product ships in several packages.`;
      case C.NOTIONAL_UNIT_INVALID:
        return `${label}: choose Percent or Rupees (INR).`;
      case C.PACKAGE_ID_ON_CREATE:
      case C.PACKAGE_ID_UNKNOWN:
        return `${label} does not belong to this listing: load the listing again, or remove the package.`;
      case C.LOCATION_NOT_SELLERS:
        return `${label}: ${v} is not one of your locations.`;
      case C.LOCATION_DUPLICATE:
        return `${label}: ${v} is chosen twice.`;
      case C.IMPORTER_REQUIRED:
        return 'Importer is needed, because a country of origin is not India (IN).';
      case C.COUNTRY_CODE_INVALID:
        return `${label}: "${v}" is not a two-letter country code (for example IN, CN).`;
      case C.SHELF_LIFE_TOO_LONG:
        return `Shelf life (${v} days) must not be longer than ${MAX_SHELF_LIFE_SECONDS / DAY_SECONDS} days (60 months).`;
      case C.ARCHIVED_STATUS_ON_CREATE:
        return `${label} can be set only when updating a listing.`;
      default:
        return issue.path === '$' ? issue.description : `${label}: ${issue.description}`;
    }
  })();
  return issue.severity === 'WARNING' ? `Note: ${text}` : text;
}
