// The numeric codes of listing answers, in one table. The spec gives listing errors an Integer
// `code` and leaves the meaning of the numbers "not shown" (spec § Errors); these are the
// project's, shared so that the sandbox sends them and the station's listing form maps each one
// to the right field and sentence. electron/sandbox/README.md § Listings repeats this table.
//
// Ranges: 1xxx attribute_errors[] (one attribute, with a JSON path), 2xxx errors[] of one SKU,
// 3xxx errors[] of a 400 answer (the whole request refused).

export const LISTING_CODES = {
  // ---- 1xxx: attribute errors (spec § Listing create / update request) ----
  /** The SKU's value is not a JSON object. Path `$`. */
  LISTING_NOT_OBJECT: 1000,
  /** A mandatory attribute (Occ M, or C whose condition holds) is missing or null. */
  REQUIRED: 1001,
  /** The attribute has the wrong JSON type (string, number, boolean, object or array expected). */
  WRONG_TYPE: 1002,
  /** A whole number was expected (Integer in the table). */
  NOT_INTEGER: 1003,
  /** The number is negative where the table says Non-negative. */
  NEGATIVE: 1004,
  /** The number is zero or negative where the table says Positive. */
  NOT_POSITIVE: 1005,
  /** The value is not one of the attribute's enumeration values. */
  NOT_IN_ENUM: 1006,
  /** A mandatory string or list is empty. */
  EMPTY: 1007,
  /** WARNING: the attribute is not part of the request and was ignored (typo guard: sellingPrice). */
  UNKNOWN_ATTRIBUTE: 1008,
  /** product_id is not 13 to 16 characters long. */
  PRODUCT_ID_LENGTH: 1101,
  /** price.selling_price is above price.mrp (spec § Order item: selling price <= MRP). */
  SELLING_PRICE_ABOVE_MRP: 1201,
  /** price.currency is not INR. */
  CURRENCY_NOT_INR: 1202,
  /** tax.hsn is not an HSN code of 4, 6 or 8 digits. */
  HSN_FORMAT: 1301,
  /** tax.tax_code is not one of the tax codes (spec § Tax codes). */
  TAX_CODE_UNKNOWN: 1302,
  /** shipping_fees are missing while the seller may ship (shipping_provider not MARKETPLACE). */
  SHIPPING_FEES_REQUIRED: 1401,
  /** fulfillment.dispatch_sla is missing while the seller dispatches (fulfillment_profile not FBF). */
  DISPATCH_SLA_REQUIRED: 1402,
  /** packages (hyperlocal: package) missing while marketplace logistics may carry the product. */
  PACKAGES_REQUIRED: 1501,
  /** packages[].name longer than 64 characters. */
  PACKAGE_NAME_TOO_LONG: 1502,
  /** packages[].weight missing although dimensions are given. */
  WEIGHT_REQUIRED_WITH_DIMENSIONS: 1503,
  /** packages[].description longer than 4000 characters. */
  DESCRIPTION_TOO_LONG: 1504,
  /** packages[].notional_value missing although the lot has several packages. */
  NOTIONAL_VALUE_REQUIRED: 1505,
  /** packages[].notional_value.unit is neither PERCENTAGE nor a currency code. */
  NOTIONAL_UNIT_INVALID: 1506,
  /** packages[].id sent in a create payload (ids are given by the marketplace). */
  PACKAGE_ID_ON_CREATE: 1507,
  /** packages[].id is not a package of the listing being updated. */
  PACKAGE_ID_UNKNOWN: 1508,
  /** packages/package or locations/location used on the wrong kind of listing. */
  WRONG_LISTING_SHAPE: 1509,
  /** locations[].id is not a location of the seller. */
  LOCATION_NOT_SELLERS: 1601,
  /** The same location id appears twice. */
  LOCATION_DUPLICATE: 1602,
  /** An inventory update names a location the listing does not sell from. */
  LOCATION_NOT_ON_LISTING: 1603,
  /** address_label.importer_details missing although a country of origin is not IN. */
  IMPORTER_REQUIRED: 1701,
  /** A country of origin is not an ISO 3166 alpha-2 code. */
  COUNTRY_CODE_INVALID: 1702,
  /** dating_label.shelf_life above 155520000 seconds (60 months). */
  SHELF_LIFE_TOO_LONG: 1801,
  /** archived_status sent to a create operation (update operations only). */
  ARCHIVED_STATUS_ON_CREATE: 1901,
  /** The product_id of a price or inventory update is not the listing's product_id. */
  PRODUCT_ID_MISMATCH: 1902,

  // ---- 2xxx: errors[] of one SKU ----
  /** The SKU identifier itself is invalid (empty, too long, control characters or a comma). */
  SKU_INVALID: 2001,
  /** The SKU has no listing of this seller (update, price, inventory). */
  SKU_UNKNOWN: 2002,
  /** A hyperlocal SKU sent to a standard update operation, or the reverse. */
  WRONG_LISTING_KIND: 2003,

  // ---- 3xxx: errors[] of a 400 answer ----
  /** The body is not valid JSON. */
  BODY_NOT_JSON: 3001,
  /** The body is not a JSON object of the expected shape. */
  BODY_NOT_OBJECT: 3002,
  /** More SKUs than MAX_SKUS_PER_REQUEST in one call. */
  TOO_MANY_SKUS: 3003,
  /** No SKU in the call. */
  NO_SKUS: 3004,
  /** The request Content-Type is not application/json. */
  WRONG_CONTENT_TYPE: 3005,
  /** A field of a details or product-search request is missing or invalid. */
  INVALID_FIELD: 3006,
} as const;

export type ListingCodeName = keyof typeof LISTING_CODES;
export type ListingCode = (typeof LISTING_CODES)[ListingCodeName];

/** Name of a code, for logs and the station's messages. */
export function listingCodeName(code: number): ListingCodeName | undefined {
  return (Object.keys(LISTING_CODES) as ListingCodeName[]).find((k) => LISTING_CODES[k] === code);
}
