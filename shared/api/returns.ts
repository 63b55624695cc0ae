// Wire shapes of the return operations (spec § POST /v2/returns/complete, /pickup, /pickupAttempt,
// § Operations known by method, path and purpose only; shapes the spec leaves "not shown" come
// from official-sdk-facts § 10). The station's client and the sandbox both parse with these, so
// a field renamed here is renamed on both sides.
import { z } from 'zod';
import { IST_OFFSET_MINUTES, MAX_RETURNS_PER_REQUEST, MAX_RETURN_IDS_PER_LOOKUP } from './limits.js';

const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds of an ISO 8601 date (`YYYY-MM-DD`) or date-time, or undefined when it is not one.
 * Values without a zone are read as IST, the rule the spec states for search dates (spec § POST
 * /v3/shipments/filter/: "without timezone IST is assumed"); a date alone means its IST midnight.
 */
export function parseWireDate(value: string): number | undefined {
  const v = value.trim();
  let text: string;
  if (DATE_ONLY_RE.test(v)) text = `${v}T00:00:00`;
  else if (DATE_TIME_RE.test(v)) text = v;
  else return undefined;
  text = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(text);
  const ms = Date.parse(zoned ? text : text + istSuffix());
  return Number.isNaN(ms) ? undefined : ms;
}

function istSuffix(): string {
  const h = Math.floor(IST_OFFSET_MINUTES / 60);
  const m = IST_OFFSET_MINUTES % 60;
  return `+${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** An ISO 8601 date or date-time string (spec: "Date" / "ISO String"; SDK: date-time). */
export const WireDate = z.string().refine((s) => parseWireDate(s) !== undefined, {
  message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time',
});

// ---------------------------------------------------------------------------------------------
// Records

/** Return type on the wire: the spec's courier return (RTO) and customer return (RVP). */
export const ReturnType = z.enum(['courier_return', 'customer_return']);
export type ReturnType = z.infer<typeof ReturnType>;

/** Return status on the wire: standard (spec § Return) and self ship (spec § Self Ship return). */
export const ReturnStatus = z.enum(['CREATED', 'REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** Service item inside a return record (sdk-facts § 9; status added: the spec's service states). */
export const ReturnService = z.object({
  serviceFulfilmentId: z.string(),
  description: z.string().optional(),
  serviceByDate: z.string().optional(),
  createdAt: z.string().optional(),
  status: z.string().optional(),
});
export type ReturnService = z.infer<typeof ReturnService>;

/** ReturnItem (sdk-facts § 10): every field optional on the wire, dates as strings. */
export const ReturnItem = z.object({
  returnId: z.string(),
  orderItemId: z.string().optional(),
  orderId: z.string().optional(),
  shipmentId: z.string().optional(),
  locationId: z.string().optional(),
  sellerId: z.string().optional(),
  quantity: z.number().int().optional(),
  orderDate: z.string().optional(),
  createdDate: z.string().optional(),
  updatedDate: z.string().optional(),
  approvedOn: z.string().nullish(),
  expectedDate: z.string().nullish(),
  status: z.string().optional(),
  type: z.string().optional(),
  reason: z.string().nullish(),
  subReason: z.string().nullish(),
  comments: z.string().nullish(),
  courierName: z.string().nullish(),
  trackingId: z.string().nullish(),
  shipmentStatus: z.string().nullish(),
  serviceProfile: z.string().nullish(),
  services: z.array(ReturnService).optional(),
});
export type ReturnItem = z.infer<typeof ReturnItem>;

/** GET /v2/returns answer (sdk-facts § 10: the paging link is `nextUrl`, not `nextPageUrl`). */
export const ReturnsSearchResponse = z.object({
  hasMore: z.boolean(),
  nextUrl: z.string().nullable(),
  returnItems: z.array(ReturnItem),
});
export type ReturnsSearchResponse = z.infer<typeof ReturnsSearchResponse>;

/** Query of GET /v2/returns (sdk-facts § 10: every parameter an optional string). */
export const ReturnsQuery = z.object({
  source: ReturnType.optional(),
  modifiedAfter: WireDate.optional(),
  modifiedBefore: WireDate.optional(),
  createdAfter: WireDate.optional(),
  createdBefore: WireDate.optional(),
  /** Comma-separated, at most MAX_RETURN_IDS_PER_LOOKUP (sdk-facts § 10). */
  returnIds: z.string().optional(),
  trackingIds: z.string().optional(),
  locationId: z.string().optional(),
  next_token: z.string().optional(),
});
export type ReturnsQuery = z.infer<typeof ReturnsQuery>;
export { MAX_RETURN_IDS_PER_LOOKUP };

// ---------------------------------------------------------------------------------------------
// Actions: every one answers ReturnsActionResponse (sdk-facts § 10)

export const ReturnActionResult = z.object({
  returnId: z.string().nullable(),
  processingStatus: z.enum(['SUCCESS', 'FAILURE']),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type ReturnActionResult = z.infer<typeof ReturnActionResult>;
export const ReturnsActionResponse = z.object({ returns: z.array(ReturnActionResult) });
export type ReturnsActionResponse = z.infer<typeof ReturnsActionResponse>;

/**
 * Per-return failure codes. UNPROCESSABLE_ENTITY and DEPENDENT_SYSTEM_CALL_FAILED are the spec's
 * (spec § Errors, "returns"); OPERATION_NOT_ALLOWED and INVALID_LOCATION reuse the spec's codes for
 * "not the seller's" and "wrong location"; the others are the sandbox's (electron/sandbox/README.md).
 */
export const RETURN_ERROR_CODES = [
  'UNPROCESSABLE_ENTITY',
  'DEPENDENT_SYSTEM_CALL_FAILED',
  'OPERATION_NOT_ALLOWED',
  'INVALID_LOCATION',
  'INVALID_RETURN_ID',
  'INVALID_RETURN_STATE',
  'INVALID_RETURN_TYPE',
  'INVALID_DATE',
  'SLA_BREACHED',
  'TECH_VISIT_REQUIRED',
] as const;
export type ReturnErrorCode = (typeof RETURN_ERROR_CODES)[number];

/** Spec § 18 gives returnIds as a String (comma-separated); the SDK sends an array. Both accepted. */
const ReturnIdList = z.union([z.array(z.string().min(1)), z.string().min(1)]);

/** POST /v2/returns/complete (spec: locationId M; SDK: JSON body, returnIds array M). */
export const ReturnsCompleteRequest = z.object({
  locationId: z.string().min(1),
  returnIds: ReturnIdList,
});
export type ReturnsCompleteRequest = z.infer<typeof ReturnsCompleteRequest>;

/** POST /v2/returns/cancel (sdk-facts § 10, "Cancel RTO"); deliveryDate required by spec § Self Ship return. */
export const ReturnsCancelRequest = z.object({
  locationId: z.string().min(1).optional(),
  returnIds: ReturnIdList,
  /** The date the forward item was delivered after all (spec: "delivery date required"). */
  deliveryDate: WireDate,
});
export type ReturnsCancelRequest = z.infer<typeof ReturnsCancelRequest>;

/** One element of /v2/returns/pickup. locationId per return (spec) or at top level (SDK). */
export const ReturnPickupItem = z.object({
  returnId: z.string().min(1),
  pickupDate: WireDate,
  locationId: z.string().min(1).optional(),
});
export const ReturnsPickupRequest = z.object({
  returns: z.array(ReturnPickupItem).min(1).max(MAX_RETURNS_PER_REQUEST),
  locationId: z.string().min(1).optional(),
});
export type ReturnsPickupRequest = z.infer<typeof ReturnsPickupRequest>;

/** One element of /v2/returns/pickupAttempt (spec: reason M; SDK: reason O; accepted without). */
export const ReturnPickupAttemptItem = z.object({
  returnId: z.string().min(1),
  pickupDate: WireDate,
  newPickupDate: WireDate,
  reason: z.string().optional(),
  locationId: z.string().min(1).optional(),
});
export const ReturnsPickupAttemptRequest = z.object({
  returns: z.array(ReturnPickupAttemptItem).min(1).max(MAX_RETURNS_PER_REQUEST),
  locationId: z.string().min(1).optional(),
});
export type ReturnsPickupAttemptRequest = z.infer<typeof ReturnsPickupAttemptRequest>;

/**
 * One element of /v2/returns/approve (sdk-facts § 10). serviceDate is the date of the tech visit:
 * the SDK marks it optional, but spec § Self Ship return allows approval only after a tech visit,
 * so the sandbox needs it (or an earlier tech-visit record) and fails the return without it.
 */
export const ReturnApproveItem = z.object({
  returnId: z.string().min(1),
  serviceFulfilmentId: z.string().optional(),
  serviceDate: WireDate.optional(),
  comments: z.string().optional(),
});
export const ReturnsApproveRequest = z.object({
  returns: z.array(ReturnApproveItem).min(1).max(MAX_RETURNS_PER_REQUEST),
  locationId: z.string().min(1).optional(),
});
export type ReturnsApproveRequest = z.infer<typeof ReturnsApproveRequest>;

/** One element of /v2/returns/reject: serviceDate mandatory (sdk-facts § 10). */
export const ReturnRejectItem = ReturnApproveItem.extend({ serviceDate: WireDate });
export const ReturnsRejectRequest = z.object({
  returns: z.array(ReturnRejectItem).min(1).max(MAX_RETURNS_PER_REQUEST),
  locationId: z.string().min(1).optional(),
});
export type ReturnsRejectRequest = z.infer<typeof ReturnsRejectRequest>;

/**
 * POST /v2/returns/techVisitAttempt: the spec's "Tech visit attempt" (spec § Self Ship return)
 * has no path anywhere; this one is the sandbox's, shaped like pickupAttempt.
 */
export const ReturnTechVisitAttemptItem = z.object({
  returnId: z.string().min(1),
  attemptDate: WireDate,
  newTechVisitDate: WireDate,
  reason: z.string().optional(),
});
export const ReturnsTechVisitAttemptRequest = z.object({
  returns: z.array(ReturnTechVisitAttemptItem).min(1).max(MAX_RETURNS_PER_REQUEST),
  locationId: z.string().min(1).optional(),
});
export type ReturnsTechVisitAttemptRequest = z.infer<typeof ReturnsTechVisitAttemptRequest>;

// ---------------------------------------------------------------------------------------------
// Return tasks and return OTC (spec: "known by method, path and purpose only"; shapes are the
// sandbox's, see electron/sandbox/README.md)

/** POST /v3/returns/tasks/initial-load: what returns a location should expect, by tracking id. */
export const ReturnTasksInitialLoadRequest = z.object({ locationId: z.string().min(1) });
export const ReturnTask = z.object({
  trackingId: z.string(),
  courierName: z.string(),
  type: ReturnType,
  expectedDate: z.string().nullable(),
  returnCount: z.number().int(),
  returnIds: z.array(z.string()),
});
export const ReturnTasksInitialLoadResponse = z.object({
  locationId: z.string(),
  generatedAt: z.string(),
  tasks: z.array(ReturnTask),
});
export type ReturnTasksInitialLoadResponse = z.infer<typeof ReturnTasksInitialLoadResponse>;

/** POST /v3/returns/tasks/shipments: the contents of scanned reverse packages. */
export const ReturnTaskShipmentsRequest = z.object({
  locationId: z.string().min(1),
  trackingIds: z.array(z.string().min(1)).min(1).max(MAX_RETURN_IDS_PER_LOOKUP),
});
export const ReturnTaskLine = z.object({
  returnId: z.string(),
  orderItemId: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  status: ReturnStatus,
  type: ReturnType,
});
export const ReturnTaskShipment = z.object({
  trackingId: z.string(),
  shipmentId: z.string(),
  orderId: z.string(),
  returns: z.array(ReturnTaskLine),
});
export const ReturnTaskShipmentsResponse = z.object({
  shipments: z.array(ReturnTaskShipment),
  /** Tracking ids with nothing expected at this location for the seller. */
  unknownTrackingIds: z.array(z.string()),
});
export type ReturnTaskShipmentsResponse = z.infer<typeof ReturnTaskShipmentsResponse>;

/** POST /v3/returns/otc/start/details: opens a handover of returns from a courier agent. */
export const ReturnOtcStartRequest = z.object({
  locationId: z.string().min(1),
  trackingIds: z.array(z.string().min(1)).min(1).max(MAX_RETURNS_PER_REQUEST),
});
export const ReturnOtcStartResponse = z.object({
  otcId: z.string(),
  /** The one-time code the agent must read back; the real service would send it to the seller's phone. */
  code: z.string(),
  locationId: z.string(),
  status: z.literal('STARTED'),
  expiresAt: z.string(),
  trackingIds: z.array(z.string()),
  returnIds: z.array(z.string()),
});
export type ReturnOtcStartResponse = z.infer<typeof ReturnOtcStartResponse>;

/** POST /v3/returns/otc/end/details: closes the handover with the code; receives the returns. */
export const ReturnOtcEndRequest = z.object({
  otcId: z.string().min(1),
  code: z.string().min(1),
  locationId: z.string().min(1),
});
export const ReturnOtcEndResponse = z.object({
  otcId: z.string(),
  status: z.literal('ENDED'),
  endedAt: z.string(),
  returns: z.array(ReturnActionResult),
});
export type ReturnOtcEndResponse = z.infer<typeof ReturnOtcEndResponse>;
