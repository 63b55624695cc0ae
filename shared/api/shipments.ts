// Wire shapes of the shipment records and the read operations (spec § Resources and their fields,
// § POST /v3/shipments/filter/, § GET /v3/shipments). Responses use z.object, which strips unknown
// fields, so the client keeps working when the service adds some. Where the spec and the SDK
// spell a field differently (sdk-facts § 15), responses carry both and requests accept both.
import { z } from 'zod';
import { CancellationType, FormStatus, OrderItemStatus, PackagingPolicy, SearchType, ShipmentType } from './enums.js';
import { MAX_SEARCH_PAGE_SIZE, MIN_SEARCH_PAGE_SIZE } from './limits.js';

/** spec § Order item, priceComponents (sdk-facts § 6: no emi in the SDK, so it is optional). */
export const PriceComponentsWire = z.object({
  sellingPrice: z.number(),
  totalPrice: z.number(),
  shippingCharge: z.number(),
  customerPrice: z.number(),
  emi: z.number().optional(),
  marketplaceDiscount: z.number().optional(),
});
export type PriceComponentsWire = z.infer<typeof PriceComponentsWire>;

/** spec § Order item, plus the SDK extras paymentType, hsn, title, serviceProfile (sdk-facts § 6). */
export const OrderItemWire = z.object({
  orderItemId: z.string(),
  orderId: z.string(),
  fsn: z.string(),
  sku: z.string(),
  listingId: z.string(),
  title: z.string().optional(),
  hsn: z.string().optional(),
  quantity: z.number().int(),
  cancellationGroupId: z.string().optional(),
  /** spec spelling; the SDK sends is_replacement (sdk-facts § 15.9). Both are sent. */
  isReplacement: z.boolean().optional(),
  is_replacement: z.boolean().optional(),
  priceComponents: PriceComponentsWire,
  orderDate: z.string(),
  cancellationDate: z.string().nullable().optional(),
  cancellationReason: z.string().nullable().optional(),
  cancellationSubReason: z.string().nullable().optional(),
  courierReturn: z.boolean().optional(),
  status: OrderItemStatus,
  packageIds: z.array(z.string()).optional(),
  paymentType: z.enum(['COD', 'PREPAID']).optional(),
  serviceProfile: z.string().optional(),
});
export type OrderItemWire = z.infer<typeof OrderItemWire>;

/** spec § Form (the SDK has no status, sdk-facts § 15.13). */
export const FormWire = z.object({
  name: z.string(),
  link: z.string().optional(),
  automated: z.boolean().optional(),
  status: FormStatus.optional(),
});
export type FormWire = z.infer<typeof FormWire>;

export const PackageDimensionsWire = z.object({
  length: z.number(),
  breadth: z.number(),
  height: z.number(),
  weight: z.number().optional(),
});

/** Package inside a sub-shipment (spec § Sub-shipment; sdk-facts § 6 ModelPackage). */
export const SubShipmentPackageWire = z.object({
  packageId: z.string(),
  packageTitle: z.string().optional(),
  packageSku: z.string().optional(),
  quantity: z.number().int().optional(),
  dimensions: PackageDimensionsWire.optional(),
});

export const SubShipmentWire = z.object({
  subShipmentId: z.string(),
  packages: z.array(SubShipmentPackageWire),
});
export type SubShipmentWire = z.infer<typeof SubShipmentWire>;

/** spec § Shipment record; mps and shipmentType from sdk-facts § 6. */
export const ShipmentWire = z.object({
  shipmentId: z.string(),
  dispatchByDate: z.string(),
  dispatchAfterDate: z.string(),
  updatedAt: z.string(),
  hold: z.boolean(),
  mps: z.boolean().optional(),
  locationId: z.string(),
  /** Get-by-id responses only (spec § Shipment record). */
  packagingPolicy: PackagingPolicy.optional(),
  shipmentType: z.string().optional(),
  orderItems: z.array(OrderItemWire),
  forms: z.array(FormWire),
  subShipments: z.array(SubShipmentWire),
});
export type ShipmentWire = z.infer<typeof ShipmentWire>;

/** Date range of the search filter; a time without zone is IST (spec § POST /v3/shipments/filter/). */
export const DateRange = z.object({ from: z.string().optional(), to: z.string().optional() });
export type DateRange = z.infer<typeof DateRange>;

/** spec § POST /v3/shipments/filter/ body; SDK variants (lists, extra fields) per sdk-facts § 4, § 15.7. */
export const SearchFilter = z.object({
  type: SearchType,
  states: z.array(OrderItemStatus).optional(),
  hold: z.boolean().optional(),
  sku: z.array(z.string()).optional(),
  /** The spec types it a String, the SDK a list: both are accepted. */
  serviceProfiles: z.union([z.string(), z.array(z.string())]).optional(),
  mps: z.boolean().optional(),
  locationId: z.string().optional(),
  cancellationType: CancellationType.optional(),
  shipmentTypes: z.array(ShipmentType).optional(),
  orderDate: DateRange.optional(),
  dispatchAfterDate: DateRange.optional(),
  dispatchByDate: DateRange.optional(),
  cancellationDate: DateRange.optional(),
  modifiedDate: DateRange.optional(),
});
export type SearchFilter = z.infer<typeof SearchFilter>;

export const SearchSortField = z.enum(['dispatchByDate', 'orderDate', 'modifiedDate', 'dispatchAfterDate']);
export const SearchRequest = z.object({
  filter: SearchFilter,
  pagination: z.object({ pageSize: z.number().int().min(MIN_SEARCH_PAGE_SIZE).max(MAX_SEARCH_PAGE_SIZE).optional() }).optional(),
  sort: z.object({ field: SearchSortField.optional(), order: z.enum(['asc', 'desc']).optional() }).optional(),
  sellerId: z.string().optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

/** Search answer (spec § POST /v3/shipments/filter/ Response). nextPageUrl is relative to /sellers. */
export const SearchResponse = z.object({
  hasMore: z.boolean(),
  nextPageUrl: z.string().nullable().optional(),
  shipments: z.array(ShipmentWire),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** GET /v3/shipments?shipmentIds=|orderItemIds=|orderIds= (spec § GET /v3/shipments). */
export const ShipmentsResponse = z.object({ shipments: z.array(ShipmentWire) });
export type ShipmentsResponse = z.infer<typeof ShipmentsResponse>;

/**
 * Address of the shipping details record: the spec's names (pincode, stateName) and the SDK's
 * (pinCode, state, landmark; sdk-facts § 15.16) are both sent. contactNumber and email only for
 * self-ship shipments (spec § Shipping details record).
 */
export const DeliveryAddressWire = z.object({
  firstName: z.string(),
  lastName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  landmark: z.string().optional(),
  city: z.string(),
  state: z.string().optional(),
  stateName: z.string().optional(),
  stateCode: z.string().optional(),
  pincode: z.string().optional(),
  pinCode: z.string().optional(),
  contactNumber: z.string().optional(),
  email: z.string().optional(),
});
export type DeliveryAddressWire = z.infer<typeof DeliveryAddressWire>;

export const ShippingDetailsWire = z.object({
  shipmentId: z.string(),
  orderId: z.string(),
  shipmentType: z.string().optional(),
  locationId: z.string().optional(),
  trackingId: z.string().optional(),
  deliveryAddress: DeliveryAddressWire,
  orderItems: z.array(z.object({ orderItemId: z.string(), status: OrderItemStatus })).optional(),
});
export type ShippingDetailsWire = z.infer<typeof ShippingDetailsWire>;

/** GET /v3/shipments/{shipmentIds} (spec § Shipping details record). */
export const ShippingDetailsResponse = z.object({ shipments: z.array(ShippingDetailsWire) });
export type ShippingDetailsResponse = z.infer<typeof ShippingDetailsResponse>;

/** The error body of order operations (spec: not shown; electron/sandbox/README.md). */
export const OrderErrorBody = z.object({ code: z.string(), message: z.string() });
export type OrderErrorBody = z.infer<typeof OrderErrorBody>;

/**
 * Wrong-state refusals of whole-request operations (labels, invoices, labelOnly) and per-shipment
 * results (dispatch, cancel, updateAck): the spec names no code for these, so this one is the
 * project's (electron/sandbox/README.md).
 */
export const INVALID_SHIPMENT_STATE = 'INVALID_SHIPMENT_STATE';
