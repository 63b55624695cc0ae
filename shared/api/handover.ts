// Wire shapes of the operations after packing: ready to dispatch, cancel, forms, handover counts,
// manifest, OTC and the self-ship tracking update (spec § POST /v3/shipments/dispatch, § Operations
// known by method, path and purpose only; sdk-facts § 3, § 5, § 8). Shapes the spec and the SDK
// leave open are the project's, recorded in electron/sandbox/README.md.
import { z } from 'zod';
import { FormWire } from './shipments.js';

/** spec § POST /v3/shipments/dispatch (both fields M). */
export const DispatchRequest = z.object({
  shipmentIds: z.array(z.string()).min(1),
  locationId: z.string(),
});
export type DispatchRequest = z.infer<typeof DispatchRequest>;

/** sdk-facts § 5.1 CancelShipmentRequest. */
export const CancelShipment = z.object({
  shipmentId: z.string(),
  reason: z.string().optional(),
  /** spec § Order item cancellationSubReason values for seller cancellations. */
  subReason: z.enum(['cannot_procure_item', 'not_enough_inventory', 'b2b_order']).optional(),
  locationId: z.string().optional(),
  cancellationGroupIds: z.array(z.string()).optional(),
});
export type CancelShipment = z.infer<typeof CancelShipment>;
export const CancelRequest = z.object({ shipments: z.array(CancelShipment).min(1) });
export type CancelRequest = z.infer<typeof CancelRequest>;

/** GET /v3/shipments/{shipmentIds}/forms (shape not shown: the project's). */
export const ShipmentFormsResponse = z.object({
  shipments: z.array(z.object({ shipmentId: z.string(), forms: z.array(FormWire.extend({ ackNumber: z.string().optional() })) })),
});
export type ShipmentFormsResponse = z.infer<typeof ShipmentFormsResponse>;

/** POST /v3/shipments/forms/updateAck (shape not shown: the project's). */
export const UpdateAckRequest = z.object({
  shipments: z
    .array(z.object({ shipmentId: z.string(), formName: z.string(), ackNumber: z.string(), locationId: z.string().optional() }))
    .min(1),
});
export type UpdateAckRequest = z.infer<typeof UpdateAckRequest>;

export const DateTimeRange = z.object({ from: z.string(), to: z.string() });

/** One element of the bare array answered by GET /v3/shipments/handover/counts (sdk-facts § 5.3). */
export const VendorGroupCount = z.object({
  vendorGroupCode: z.string(),
  count: z.number().int(),
  pickUpDate: DateTimeRange,
  otc: z.object({ code: z.string().nullable(), error_code: z.string().nullable() }),
  isMps: z.boolean(),
});
export type VendorGroupCount = z.infer<typeof VendorGroupCount>;
export const HandoverCountsResponse = z.array(VendorGroupCount);

/** sdk-facts § 5.2 GetManifestRequest (params and params.vendorGroupCode M). */
export const ManifestRequest = z.object({
  params: z.object({
    vendorGroupCode: z.string().min(1),
    pickupDate: z.object({ from: z.string().optional(), to: z.string().optional() }).optional(),
    locationId: z.string().optional(),
    is_mps: z.boolean().optional(),
  }),
});
export type ManifestRequest = z.infer<typeof ManifestRequest>;

/** GET /v3/shipments/otc/{locationId}?requestType= (shape not shown: the project's). */
export const OtcRequestType = z.enum(['FORWARD', 'REVERSE']);
export const OtcResponse = z.object({
  locationId: z.string(),
  requestType: OtcRequestType,
  otcs: z.array(
    z.object({
      vendorGroupCode: z.string(),
      code: z.string().nullable(),
      validFrom: z.string(),
      validTo: z.string(),
      error_code: z.string().nullable(),
    }),
  ),
});
export type OtcResponse = z.infer<typeof OtcResponse>;

/** POST /v3/shipments/{shipmentId}/update, snake case on the wire, all optional (sdk-facts § 8). */
export const TrackingUpdateRequest = z.object({
  shipment_id: z.string().optional(),
  tracking_id: z.string().optional(),
  seller_id: z.string().optional(),
  delivery_partner: z.string().optional(),
  tentative_delivery_date: z.string().optional(),
});
export type TrackingUpdateRequest = z.infer<typeof TrackingUpdateRequest>;
