// The sandbox's records. Shipments and order items are kept close to their wire shape (spec §
// Resources and their fields) so that reads serialise cheaply; fields only the marketplace knows
// (which seller, packing results, label readiness) sit beside them and are never sent as-is.
import type { EventKind, OrderItemStatus } from '../../../shared/api/enums.js';

export interface Address {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateName: string;
  stateCode: string;
  pincode: string;
  contactNumber: string;
  email: string;
}

export interface LocationRec {
  locationId: string;
  name: string;
  address: Address;
}

export interface Seller {
  sellerId: string;
  name: string;
  locations: LocationRec[];
  /** True when the seller opted for automatic invoicing: invoiceNumber may be omitted at pack. */
  autoInvoicing: boolean;
  /** Dashboard credentials of the third-party sign-in page (they give no API access). */
  username: string;
  password: string;
  /** Next invoice counter for automatically numbered invoices. */
  invoiceCounter: number;
}

export interface AppRec {
  appId: string;
  appSecret: string;
  sellerId: string;
  kind: 'self' | 'thirdParty';
  /** Registered callback of a third-party application (must be HTTPS). */
  redirectUri?: string;
}

export interface TokenRec {
  token: string;
  kind: 'access' | 'refresh';
  appId: string;
  sellerId: string;
  scope: string;
  /** Sandbox-clock milliseconds. */
  issuedAt: number;
  expiresAt: number;
  /** Set when the token was revoked (its authorization code was replayed, RFC 6749 § 4.1.2). */
  revokedAt?: number;
  /** The refresh token an access token was issued from (refresh grant). */
  viaRefresh?: string;
}

export interface AuthCodeRec {
  code: string;
  appId: string;
  sellerId: string;
  redirectUri: string;
  scope: string;
  state: string;
  expiresAt: number;
  used: boolean;
  /** Tokens the exchange of this code answered with: revoked if the code is presented again. */
  issued?: string[];
}

export interface PriceComponents {
  sellingPrice: number;
  totalPrice: number;
  shippingCharge: number;
  customerPrice: number;
  emi: number;
  marketplaceDiscount: number;
}

export interface OrderItemRec {
  orderItemId: string;
  orderId: string;
  fsn: string;
  sku: string;
  listingId: string;
  title: string;
  hsn: string;
  quantity: number;
  cancellationGroupId: string;
  isReplacement: boolean;
  priceComponents: PriceComponents;
  orderDate: string;
  cancellationDate?: string;
  cancellationReason?: string;
  cancellationSubReason?: string;
  cancellationType?: 'marketplaceCancellation' | 'sellerCancellation' | 'buyerCancellation';
  courierReturn: boolean;
  status: OrderItemStatus;
  packageIds: string[];
  paymentType: 'COD' | 'PREPAID';
  serviceProfile: string;
  /** Marketplace-side facts about the product, used to judge pack requests. */
  serialized: boolean;
  refurbished: boolean;
  taxCode: string;
  mrp: number;
}

export interface PackageRec {
  packageId: string;
  packageTitle: string;
  packageSku: string;
  quantity: number;
  dimensions: { length: number; breadth: number; height: number; weight: number };
}

export interface SubShipmentRec {
  subShipmentId: string;
  packages: PackageRec[];
}

export interface FormRec {
  name: string;
  link: string;
  automated: boolean;
  status: 'NOT-CREATED' | 'IN-PROGRESS' | 'COMPLETED' | 'FAILED';
  ackNumber?: string;
}

/** What a successful pack left behind (spec § POST /v3/shipments/labels). */
export interface PackRecord {
  requestedAt: number;
  /** Sandbox-clock ms when labels and invoices are ready (PACKING_IN_PROGRESS -> PACKED). */
  documentsReadyAt: number;
  invoiceNumber: string;
  invoiceDate: string;
  taxItems: { orderItemId: string; taxRate: number; quantity: number; purchasePrice?: number }[];
  serialNumbers: { orderItemId: string; serialNumbers: string[][] }[];
  subShipments: { subShipmentId: string; dimensions: { length: number; breadth: number; height: number; weight?: number } }[];
}

export interface SelfShipRec {
  status: 'APPROVED' | 'SHIPPED' | 'DELIVERED' | 'COMPLETE' | 'CANCELLED';
  deliveryBy: string;
  dispatchedAt?: string;
  deliveredAt?: string;
  trackingId?: string;
  deliveryPartner?: string;
  attempts: { at: string; newDate: string; reason?: string }[];
  service?: ServiceRec;
}

export interface ServiceRec {
  serviceFulfilmentId: string;
  description: string;
  status: 'ACTIVATED' | 'IN_PROGRESS' | 'COMPLETE' | 'CANCELLED' | 'REQUESTED' | 'COMPLETED';
  serviceByDate: string;
  createdAt: string;
  attempts: { at: string; newDate: string }[];
}

export interface ShipmentRec {
  shipmentId: string;
  sellerId: string;
  locationId: string;
  shipmentType: 'NORMAL' | 'SELF';
  mps: boolean;
  hold: boolean;
  dispatchAfterDate: string;
  dispatchByDate: string;
  updatedAt: string;
  packagingPolicy: 'GREEN_PACKAGE' | 'TRANSPARENT_PACKAGE' | 'DEFAULT' | 'NA';
  orderItems: OrderItemRec[];
  forms: FormRec[];
  subShipments: SubShipmentRec[];
  deliveryAddress: Address;
  trackingId: string;
  vendorGroupCode: string;
  pack?: PackRecord;
  dispatchedAt?: string;
  selfShip?: SelfShipRec;
}

export interface ReturnRec {
  returnId: string;
  sellerId: string;
  orderItemId: string;
  orderId: string;
  shipmentId: string;
  locationId: string;
  quantity: number;
  /** standard: marketplace logistics (CREATED/COMPLETED/CANCELLED). courier (RTO) and customer (RVP): self ship. */
  kind: 'standard' | 'courier' | 'customer';
  status: 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'REQUESTED' | 'APPROVED' | 'REJECTED';
  reason: string;
  subReason: string;
  comments: string;
  createdDate: string;
  updatedDate: string;
  approvedOn?: string;
  /** Tech-visit-by or reverse-pickup-by date, depending on the state (spec § Self Ship return). */
  expectedDate: string;
  pickupDate?: string;
  completedDate?: string;
  trackingId: string;
  courierName: string;
  attempts: { at: string; newDate: string; reason?: string; kind: 'techVisit' | 'pickup' }[];
  service?: ServiceRec;
  /** Order item status before the return: restored when the return is cancelled or rejected. */
  itemStatusBefore?: OrderItemStatus;
}

export interface ListingRec {
  sku: string;
  sellerId: string;
  hyperlocal: boolean;
  /** Catalogue facts the marketplace knows about the product; order items copy them. */
  fsn: string;
  title: string;
  vertical: string;
  serialized: boolean;
  refurbished: boolean;
  /** Self-ship products (large appliances, furniture) that carry an installation service. */
  selfShip: boolean;
  /** The listing object as the seller last wrote it, plus system fields (listing_id, package ids). */
  data: Record<string, unknown>;
  internalState: 'ACTIVE' | 'INACTIVE' | 'READY_FOR_ACTIVATION' | 'ARCHIVED' | 'INACTIVATED_BY_MARKETPLACE';
  updatedAt: string;
}

export interface EventRec {
  seq: number;
  kind: EventKind;
  shipmentId?: string;
  returnId?: string;
  orderItemIds?: string[];
  at: string;
}

/** Entity kinds the persistence layer stores; see World.touch. */
export type EntityKind = 'seller' | 'app' | 'token' | 'code' | 'shipment' | 'return' | 'listing' | 'meta';
