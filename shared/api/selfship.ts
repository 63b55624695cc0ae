// Wire shapes of the self-ship operations (spec § Self Ship order and service item; the spec shows
// none of them, so the shapes are official-sdk-facts § 8 and § 9). Both the station's client and
// the sandbox parse with these.
import { z } from 'zod';
import { WireDate } from './returns.js';

// ---------------------------------------------------------------------------------------------
// POST /v3/shipments/selfShip/dispatch (SelfshipDispatchRequestV3, sdk-facts § 8)

export const SelfShipInvoiceItem = z.object({
  orderItemId: z.string().min(1).optional(),
  quantity: z.number().int().positive().optional(),
  serialNumbers: z.array(z.array(z.string())).optional(),
});
export const SelfShipInvoice = z.object({
  invoiceNumber: z.string().optional(),
  invoiceDate: WireDate,
  items: z.array(SelfShipInvoiceItem).min(1),
});
export const SelfShipDispatchItem = z.object({
  shipmentId: z.string().min(1),
  tentativeDeliveryDate: WireDate,
  dispatchDate: WireDate,
  deliveryPartner: z.string().optional(),
  trackingId: z.string().optional(),
  locationId: z.string().optional(),
  invoice: SelfShipInvoice,
  dispatchLocation: z
    .object({
      locationId: z.string().optional(),
      address: z.object({
        address1: z.string().optional(),
        address2: z.string().optional(),
        landmark: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        pincode: z.string().optional(),
      }),
    })
    .optional(),
});
export type SelfShipDispatchItem = z.infer<typeof SelfShipDispatchItem>;
export const SelfShipDispatchRequest = z.object({ shipments: z.array(SelfShipDispatchItem).min(1) });
export type SelfShipDispatchRequest = z.infer<typeof SelfShipDispatchRequest>;

// ---------------------------------------------------------------------------------------------
// POST /v3/shipments/selfShip/delivery and /deliveryAttempt (ShipmentsDeliverRequestV2, § 8)

/** FailureAttributes (sdk-facts § 8): defined by the SDK, referenced by no operation. */
export const FailureAttributes = z.object({
  reason: z.string().optional(),
  subReason: z.string().optional(),
  newDeliveryDate: WireDate,
});

export const SelfShipDeliveryItem = z.object({
  shipmentId: z.string().min(1),
  locationId: z.string().optional(),
  deliveryDate: WireDate,
});
export const SelfShipDeliveryRequest = z.object({ shipments: z.array(SelfShipDeliveryItem).min(1) });
export type SelfShipDeliveryRequest = z.infer<typeof SelfShipDeliveryRequest>;

/**
 * A delivery attempt. The spec requires the attempt date and the new expected delivery date; the
 * SDK's body carries only deliveryDate (the attempt date). The new date is accepted either as
 * `newDeliveryDate` or inside `failureAttributes` (sdk-facts § 8 and § 15.21); one is required.
 */
export const SelfShipDeliveryAttemptItem = SelfShipDeliveryItem.extend({
  newDeliveryDate: WireDate.optional(),
  reason: z.string().optional(),
  failureAttributes: FailureAttributes.optional(),
}).refine((v) => v.newDeliveryDate !== undefined || v.failureAttributes !== undefined, {
  message: 'newDeliveryDate (or failureAttributes.newDeliveryDate) is required',
  path: ['newDeliveryDate'],
});
export const SelfShipDeliveryAttemptRequest = z.object({ shipments: z.array(SelfShipDeliveryAttemptItem).min(1) });
export type SelfShipDeliveryAttemptRequest = z.infer<typeof SelfShipDeliveryAttemptRequest>;

/** Answer of dispatch, delivery and attempt (ShipmentsDispatchResponseV2 / ShipmentsDeliverResponseV2). */
export const SelfShipShipmentResult = z.object({
  shipmentId: z.string().nullable(),
  processingStatus: z.enum(['SUCCESS', 'FAILURE']),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type SelfShipShipmentResult = z.infer<typeof SelfShipShipmentResult>;
export const SelfShipShipmentsResponse = z.object({ shipments: z.array(SelfShipShipmentResult) });
export type SelfShipShipmentsResponse = z.infer<typeof SelfShipShipmentsResponse>;

// ---------------------------------------------------------------------------------------------
// POST /v2/services/attempt and /v2/services/complete (sdk-facts § 9)

/**
 * One element of a service request. The SDK keys it by shipmentId with deliveryDate (the attempt
 * or completion date); the sandbox also takes serviceFulfilmentId, since the answer is keyed by
 * it. A service attempt needs a new expected service date (spec § Self Ship order and service
 * item): `newServiceDate`, `newDeliveryDate` or `failureAttributes.newDeliveryDate`.
 */
export const ServiceRequestItem = z
  .object({
    shipmentId: z.string().min(1).optional(),
    serviceFulfilmentId: z.string().min(1).optional(),
    locationId: z.string().optional(),
    deliveryDate: WireDate,
    newServiceDate: WireDate.optional(),
    newDeliveryDate: WireDate.optional(),
    reason: z.string().optional(),
    failureAttributes: FailureAttributes.optional(),
  })
  .refine((v) => v.shipmentId !== undefined || v.serviceFulfilmentId !== undefined, {
    message: 'shipmentId (or serviceFulfilmentId) is required',
    path: ['shipmentId'],
  });
export type ServiceRequestItem = z.infer<typeof ServiceRequestItem>;
export const ServiceRequest = z.object({ services: z.array(ServiceRequestItem).min(1) });
export type ServiceRequest = z.infer<typeof ServiceRequest>;

/**
 * ServiceResponseStatusV2 (sdk-facts § 9): {serviceFulfilmentId, status, failureReason}. status is
 * SUCCESS or FAILURE; the sandbox adds shipmentId and errorCode so a failure can be told apart by
 * code like every other per-item answer.
 */
export const ServiceResult = z.object({
  serviceFulfilmentId: z.string().nullable(),
  status: z.enum(['SUCCESS', 'FAILURE']),
  failureReason: z.string().nullable(),
  shipmentId: z.string().nullable().optional(),
  errorCode: z.string().nullable().optional(),
});
export type ServiceResult = z.infer<typeof ServiceResult>;
export const ServiceResponse = z.object({ services: z.array(ServiceResult) });
export type ServiceResponse = z.infer<typeof ServiceResponse>;

// ---------------------------------------------------------------------------------------------
// GET /selfship/vendors (spec: "List self-ship vendors"; shape is the sandbox's)

export const SelfShipVendor = z.object({
  vendorId: z.string(),
  name: z.string(),
  /** Tracking page, with {trackingId} to substitute. Null for the seller's own fleet. */
  trackingUrlTemplate: z.string().nullable(),
  trackingIdRequired: z.boolean(),
});
export type SelfShipVendor = z.infer<typeof SelfShipVendor>;
export const SelfShipVendorsResponse = z.object({ vendors: z.array(SelfShipVendor) });
export type SelfShipVendorsResponse = z.infer<typeof SelfShipVendorsResponse>;

/**
 * Per-shipment and per-service failure codes. OPERATION_NOT_ALLOWED, INVALID_SHIPMENTS,
 * INVALID_LOCATION, ITEM_ON_HOLD, INVALID_DISPATCH_AFTER_DATE and UNPROCESSABLE_ENTITY are the
 * spec's (spec § Errors); the rest are the sandbox's (electron/sandbox/README.md).
 */
export const SELF_SHIP_ERROR_CODES = [
  'UNPROCESSABLE_ENTITY',
  'OPERATION_NOT_ALLOWED',
  'INVALID_SHIPMENTS',
  'INVALID_LOCATION',
  'ITEM_ON_HOLD',
  'INVALID_DISPATCH_AFTER_DATE',
  'NOT_SELF_SHIP_SHIPMENT',
  'INVALID_SHIPMENT_STATE',
  'RETURN_IN_PROGRESS',
  'DISPATCH_SLA_BREACHED',
  'INVALID_DATE',
  'INVALID_DELIVERY_PARTNER',
  'NO_SERVICE_ITEM',
  'INVALID_SERVICE_STATE',
] as const;
export type SelfShipErrorCode = (typeof SELF_SHIP_ERROR_CODES)[number];
