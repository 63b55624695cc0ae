// Enumerations of the seller interface as zod enums, so one definition gives both the type and
// the validator. Values are copied from the spec sections named beside each.
import { z } from 'zod';

/** Order item status (spec § Order item; SDK adds FORM_FAILED and COMPLETED, sdk-facts § 15.8). */
export const OrderItemStatus = z.enum([
  'APPROVED',
  'PACKING_IN_PROGRESS',
  'FORM_FAILED',
  'PACKED',
  'READY_TO_DISPATCH',
  'PICKUP_COMPLETE',
  'CANCELLED',
  'SHIPPED',
  'DELIVERED',
  'RETURN_REQUESTED',
  'RETURNED',
  'COMPLETED',
]);
export type OrderItemStatus = z.infer<typeof OrderItemStatus>;

/** Search filter type and the states each type admits (spec § POST /v3/shipments/filter/). */
export const SearchType = z.enum(['preDispatch', 'postDispatch', 'cancelled']);
export type SearchType = z.infer<typeof SearchType>;
export const STATES_BY_SEARCH_TYPE: Record<SearchType, readonly OrderItemStatus[]> = {
  preDispatch: ['APPROVED', 'PACKING_IN_PROGRESS', 'PACKED', 'FORM_FAILED', 'READY_TO_DISPATCH'],
  postDispatch: ['SHIPPED', 'DELIVERED', 'PICKUP_COMPLETE'],
  cancelled: ['CANCELLED'],
};

export const CancellationType = z.enum(['marketplaceCancellation', 'sellerCancellation', 'buyerCancellation']);
export type CancellationType = z.infer<typeof CancellationType>;

export const ShipmentType = z.enum(['NORMAL', 'SELF', 'EXPRESS']);
export type ShipmentType = z.infer<typeof ShipmentType>;

export const PackagingPolicy = z.enum(['GREEN_PACKAGE', 'TRANSPARENT_PACKAGE', 'DEFAULT', 'NA']);
export const FormStatus = z.enum(['NOT-CREATED', 'IN-PROGRESS', 'COMPLETED', 'FAILED']);
export const ProcessingStatus = z.enum(['SUCCESS', 'FAILURE']);
export type ProcessingStatus = z.infer<typeof ProcessingStatus>;

/** Return (standard) states (spec § Return (standard fulfilment)). */
export const StandardReturnStatus = z.enum(['CREATED', 'COMPLETED', 'CANCELLED']);
/** Self-ship return states (spec § Self Ship return). */
export const SelfShipReturnStatus = z.enum(['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED']);
/** Self-ship order states (spec § Self Ship order and service item). */
export const SelfShipOrderStatus = z.enum(['APPROVED', 'SHIPPED', 'DELIVERED', 'COMPLETE', 'CANCELLED']);
/** Service item states (spec § Self Ship order and service item; § Self Ship return). */
export const ServiceStatus = z.enum(['ACTIVATED', 'IN_PROGRESS', 'COMPLETE', 'CANCELLED', 'REQUESTED', 'COMPLETED']);

/**
 * Event names exactly as the spec's Events table gives them, then the kinds the marketplace's
 * public documentation adds to the push notifications (shared/api/notifications.ts), named in
 * the same style.
 */
export const EventKind = z.enum([
  'Shipment Created',
  'Hold',
  'UnHold',
  'Packed',
  'Ready To Dispatch',
  'Shipped',
  'Delivered',
  'Shipment Cancelled',
  'Return Created',
  'Return Completed',
  'Return Cancelled',
  'Pickup Complete',
  'Dispatch Dates Changed',
  'Shipment Form Failed',
  'Return Tracking Id Updated',
  'Return Expected Date Changed',
  'Return Picked Up',
]);
export type EventKind = z.infer<typeof EventKind>;

/** Listing enumerations (spec § Listing record, § Listing create / update request). */
export const ListingStatus = z.enum(['ACTIVE', 'INACTIVE']);
export const FulfillmentProfile = z.enum(['NON_FBF', 'FBF_LITE', 'FBF', 'FBF_AND_FBF_LITE', 'FBF_AND_NON_FBF']);
export const ShippingProvider = z.enum(['MARKETPLACE', 'SELLER', 'MARKETPLACE_SELLER', 'SELLER_MARKETPLACE']);
export const ProcurementType = z.enum(['REGULAR', 'EXPRESS', 'INTERNATIONAL', 'MADE_TO_ORDER', 'DOMESTIC']);
export const ForbidShipping = z.enum(['NATIONAL', 'ZONAL', 'LOCAL']);
export const LocationStatus = z.enum(['ENABLED', 'DISABLED']);
export const ArchivedStatus = z.enum(['ARCHIVED', 'NONE']);
export const InternalState = z.enum(['ACTIVE', 'INACTIVE', 'READY_FOR_ACTIVATION', 'ARCHIVED', 'INACTIVATED_BY_MARKETPLACE']);
export type InternalState = z.infer<typeof InternalState>;

/** tax.tax_code values (spec § Tax codes). */
export const FIXED_TAX_CODES = ['GST_0', 'GST_3', 'GST_5', 'GST_12', 'GST_18', 'GST_28', 'GST_40'] as const;
export const SLAB_TAX_CODES = ['GST_APPAREL', 'GST_Footwear'] as const;
export const TRANSITIONAL_TAX_CODES = [
  'GST_Old_5_New_18',
  'GST_Old_5_New_0',
  'GST_Old_12_New_5',
  'GST_Old_12_new_18',
  'GST_Old_12_New_0',
  'GST_Old_18_New_5',
  'GST_Old_18_New_40',
  'GST_Old_18_New_0',
  'GST_Old_28_New_18',
  'GST_Old_28_New_40',
  'GST_Old_28_New_5',
] as const;
export const TaxCode = z.enum([...FIXED_TAX_CODES, ...SLAB_TAX_CODES, ...TRANSITIONAL_TAX_CODES]);
export type TaxCode = z.infer<typeof TaxCode>;
