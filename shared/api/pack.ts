// Wire shapes of packing and the documents (spec § POST /v3/shipments/labels, § GET
// /v3/shipments/{shipmentIds}/invoices). Where the spec and the SDK spell a field differently
// (sdk-facts § 15 rows 1-4 and 17) both spellings are accepted in requests and sent in answers.
import { z } from 'zod';
import { ProcessingStatus } from './enums.js';

/** taxItems[] of a pack element (spec § POST /v3/shipments/labels). */
export const PackTaxItem = z.object({
  orderItemId: z.string(),
  taxRate: z.number(),
  quantity: z.number().int(),
  /** Refurbished products only (spec: "Only for refurbished products"). */
  purchasePrice: z.number().optional(),
});
export type PackTaxItem = z.infer<typeof PackTaxItem>;

/** serialNumbers[]: one inner list per unit, holding that unit's serials or IMEIs. */
export const PackSerialNumbers = z.object({
  orderItemId: z.string(),
  serialNumbers: z.array(z.array(z.string())),
});
export type PackSerialNumbers = z.infer<typeof PackSerialNumbers>;

/**
 * Sub-shipment dimensions. The spec lists length/breadth/height/width, the SDK
 * length/breadth/height/weight (sdk-facts § 15.2): the sandbox reads the fourth value from weight,
 * or from width when weight is absent. Values are checked by the service, not here, so that a
 * missing side gives the spec's INCOMPLETE_SHIPMENT_DIMENSIONS instead of a parse error.
 */
export const PackDimensions = z.object({
  length: z.number().optional(),
  breadth: z.number().optional(),
  height: z.number().optional(),
  weight: z.number().optional(),
  width: z.number().optional(),
});
export type PackDimensions = z.infer<typeof PackDimensions>;

/** subShipments[]: the spec's `subShipment` or the SDK's `subShipmentId` (sdk-facts § 15.1). */
export const PackSubShipment = z.object({
  subShipmentId: z.string().optional(),
  subShipment: z.string().optional(),
  dimensions: PackDimensions.optional(),
});
export type PackSubShipment = z.infer<typeof PackSubShipment>;

/** invoices[]: the spec keys it by orderId, the SDK by shipmentId (sdk-facts § 15.3). */
export const PackInvoice = z.object({
  orderId: z.string().optional(),
  shipmentId: z.string().optional(),
  invoiceNumber: z.string().optional(),
  invoiceDate: z.string().optional(),
});
export type PackInvoice = z.infer<typeof PackInvoice>;

export const PackShipmentRequest = z.object({
  shipmentId: z.string(),
  locationId: z.string().optional(),
  taxItems: z.array(PackTaxItem).optional(),
  serialNumbers: z.array(PackSerialNumbers).optional(),
  subShipments: z.array(PackSubShipment).optional(),
  invoices: z.array(PackInvoice).optional(),
  /** SDK only (sdk-facts § 7): accept WEIGHT_ANOMALY_WARNING and pack anyway. */
  ignoreWarning: z.boolean().optional(),
});
export type PackShipmentRequest = z.infer<typeof PackShipmentRequest>;

export const PackRequest = z.object({ shipments: z.array(PackShipmentRequest) });
export type PackRequest = z.infer<typeof PackRequest>;

/** Per-shipment answer of pack, dispatch, cancel and updateAck (spec § POST /v3/shipments/labels Response). */
export const ShipmentProcessingResult = z.object({
  shipmentId: z.string(),
  processingStatus: ProcessingStatus,
  errorCode: z.string().nullable().optional(),
  errorMessage: z.string().nullable().optional(),
});
export type ShipmentProcessingResult = z.infer<typeof ShipmentProcessingResult>;

export const ShipmentStatusResponse = z.object({ shipments: z.array(ShipmentProcessingResult) });
export type ShipmentStatusResponse = z.infer<typeof ShipmentStatusResponse>;

/** Tax rates of one invoice line: both casings are sent (sdk-facts § 15.17). */
export const TaxDetailsWire = z.object({ cgstRate: z.number(), sgstRate: z.number(), igstRate: z.number() });
export type TaxDetailsWire = z.infer<typeof TaxDetailsWire>;

export const InvoiceItemWire = z.object({
  orderItemId: z.string(),
  invoiceAmount: z.number(),
  taxRate: z.number().optional(),
  serialNumbers: z.array(z.array(z.string())).optional(),
  TaxDetails: TaxDetailsWire.optional(),
  taxDetails: TaxDetailsWire.optional(),
});

/** spec § Invoice record (JSON form); InvoiceNumber and invoiceNumber both sent. */
export const InvoiceWire = z.object({
  shipmentId: z.string(),
  invoiceDate: z.string(),
  InvoiceNumber: z.string().optional(),
  invoiceNumber: z.string().optional(),
  orderItems: z.array(InvoiceItemWire),
});
export type InvoiceWire = z.infer<typeof InvoiceWire>;

export const InvoicesResponse = z.object({ invoices: z.array(InvoiceWire) });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;
