// Time windows of the return and self-ship workflows. The spec names the SLAs (tech-visit-by,
// reverse-pickup-by, dispatch, delivery) but gives no durations, so these are the sandbox's
// choices, written down in electron/sandbox/README.md. They are not spec limits and therefore
// do not live in shared/api/limits.ts.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A customer return (RVP) must see its tech visit within this (spec § Self Ship return: "tech-visit-by date"). */
export const TECH_VISIT_WINDOW_MS = 2 * DAY_MS;
/** After approval, the reverse pickup is due within this ("reverse-pickup-by date"). */
export const REVERSE_PICKUP_WINDOW_MS = 3 * DAY_MS;
/** A standard return is expected at the seller this long after creation (expectedDate of the record). */
export const STANDARD_RETURN_TRANSIT_MS = 5 * DAY_MS;
/**
 * Dates the seller reports (pickupDate, dispatchDate, deliveryDate ...) may lie this far in the
 * sandbox's future: the desk's clock and the marketplace's are never exactly equal.
 */
export const REPORTED_DATE_SKEW_MS = 5 * 60_000;
/** Returns per page of GET /v2/returns (sdk-facts § 10 names no page size). */
export const RETURNS_PAGE_SIZE = 20;
/** A return-handover one-time code lives this long and allows this many wrong tries. */
export const RETURN_OTC_TTL_MS = 15 * 60_000;
export const RETURN_OTC_MAX_TRIES = 5;
