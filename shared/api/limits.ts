// Every limit of the seller interface (spec § "Limits"), named once. The station client uses
// them to batch, the sandbox uses them to refuse. Change a value here and both sides follow.

/** pageSize of shipment search: 1 to 20 (spec § Limits, § POST /v3/shipments/filter/). */
export const MIN_SEARCH_PAGE_SIZE = 1;
export const MAX_SEARCH_PAGE_SIZE = 20;
/** maxDataRetrievalAllowed of shipment search (spec § Limits). */
export const MAX_SEARCH_RETRIEVAL = 5000;
/** Ids per request for get shipments by ids, GET labels, invoices (spec § Limits). */
export const MAX_IDS_PER_REQUEST = 100;
/** Recommended ids per request for GET /v3/shipments/{shipmentIds} (shipping details). */
export const RECOMMENDED_SHIPPING_DETAILS_IDS = 25;
/** Shipment ids per labelOnly request, PDF and byte stream (spec § Limits). */
export const MAX_SHIPMENT_IDS_PER_LABEL_ONLY = 50;
/** Returns per request for returns complete, pickup, pickupAttempt (spec § Limits). */
export const MAX_RETURNS_PER_REQUEST = 100;
/** SKUs per listing request: create, update, hyperlocal, price, inventory, get, details. */
export const MAX_SKUS_PER_REQUEST = 10;
/** Listings per product-search batch (spec § Limits). */
export const LISTINGS_PER_SEARCH_BATCH = 20;
/** product_id length (spec § Listing create / update request). */
export const MIN_PRODUCT_ID_LENGTH = 13;
export const MAX_PRODUCT_ID_LENGTH = 16;
/** packages[].name max length. */
export const MAX_PACKAGE_NAME_LENGTH = 64;
/** packages[].description max length. */
export const MAX_PACKAGE_DESCRIPTION_LENGTH = 4000;
/** dating_label.shelf_life max, seconds (60 months). */
export const MAX_SHELF_LIFE_SECONDS = 155_520_000;
/** GET /v2/returns?returnIds= caps ids at 25 (official-sdk-facts § 10). */
export const MAX_RETURN_IDS_PER_LOOKUP = 25;

const DAY_SECONDS = 86_400;
/** Access token validity: 60 days (spec § Authentication 2). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * DAY_SECONDS;
/** Refresh token validity: 180 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 180 * DAY_SECONDS;
/** Refresh renewal window of the authorization-code exchange: 21 days. */
export const REFRESH_RENEWAL_WINDOW_SECONDS = 21 * DAY_SECONDS;

/** Label and invoice generation: usually 5 to 10 s, up to 30 minutes (spec § Limits). */
export const MAX_LABEL_GENERATION_MS = 30 * 60 * 1000;

/** India Standard Time: dates without a zone are IST (spec § search, "IST is assumed"). */
export const IST_OFFSET_MINUTES = 330;

/**
 * Largest side of a package, in cm, that logistics can carry (spec § Errors,
 * INVALID_PACKAGE_DIMENSION "too large to be serviceable"; the number is not shown, so it is the
 * project's choice, recorded in electron/sandbox/README.md).
 */
export const MAX_PACKAGE_SIDE_CM = 300;
/** Heaviest package logistics carries, in kg (same reasoning as MAX_PACKAGE_SIDE_CM). */
export const MAX_PACKAGE_WEIGHT_KG = 100;
/**
 * A declared weight this many times above or below the catalogue's package weight gives
 * WEIGHT_ANOMALY_WARNING at pack unless ignoreWarning is set (spec § Errors; sdk-facts § 7).
 */
export const WEIGHT_ANOMALY_FACTOR = 10;
/** Digits of an IMEI (14 digits and a Luhn check digit), checked at pack (INVALID_IMEI_NUMBER). */
export const IMEI_LENGTH = 15;
