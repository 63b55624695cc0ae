// Records to wire shapes (spec § Shipment record, § Order item, § Shipping details record). Plain
// object literals with no validation on the way out: reads are the hot path (thousands of
// look-ups a second), and the records are built to be valid by construction.
import type { OrderItemWire, ShipmentWire, ShippingDetailsWire } from '../../../shared/api/shipments.js';
import type { OrderItemRec, ShipmentRec } from '../world/model.js';

function itemWire(i: OrderItemRec): OrderItemWire {
  return {
    orderItemId: i.orderItemId,
    orderId: i.orderId,
    fsn: i.fsn,
    sku: i.sku,
    listingId: i.listingId,
    title: i.title,
    hsn: i.hsn,
    quantity: i.quantity,
    cancellationGroupId: i.cancellationGroupId,
    isReplacement: i.isReplacement,
    is_replacement: i.isReplacement,
    priceComponents: i.priceComponents,
    orderDate: i.orderDate,
    cancellationDate: i.cancellationDate ?? null,
    cancellationReason: i.cancellationReason ?? null,
    cancellationSubReason: i.cancellationSubReason ?? null,
    courierReturn: i.courierReturn,
    status: i.status,
    packageIds: i.packageIds,
    paymentType: i.paymentType,
    serviceProfile: i.serviceProfile,
  };
}

/**
 * The shipment record. packagingPolicy goes only into get-by-id answers (spec § Shipment record:
 * "Get-by-id responses only"). Sub-shipment packages are sent as stored (packageId,
 * packageTitle, packageSku, quantity, dimensions: sdk-facts § 15.14 gives both sets).
 */
export function shipmentWire(s: ShipmentRec, withPackagingPolicy: boolean): ShipmentWire {
  const out: ShipmentWire = {
    shipmentId: s.shipmentId,
    dispatchByDate: s.dispatchByDate,
    dispatchAfterDate: s.dispatchAfterDate,
    updatedAt: s.updatedAt,
    hold: s.hold,
    mps: s.mps,
    locationId: s.locationId,
    shipmentType: s.shipmentType,
    orderItems: s.orderItems.map(itemWire),
    forms: s.forms.map((f) => ({ name: f.name, link: f.link, automated: f.automated, status: f.status })),
    subShipments: s.subShipments,
  };
  if (withPackagingPolicy) out.packagingPolicy = s.packagingPolicy;
  return out;
}

/**
 * Shipping details (spec § Shipping details record). Both address spellings are sent (pincode /
 * pinCode, stateName / state; sdk-facts § 15.16). The buyer's phone and e-mail only for self-ship
 * shipments: marketplace logistics contacts the buyer itself.
 */
export function shippingDetailsWire(s: ShipmentRec): ShippingDetailsWire {
  const a = s.deliveryAddress;
  const self = s.shipmentType === 'SELF';
  return {
    shipmentId: s.shipmentId,
    orderId: s.orderItems[0]?.orderId ?? '',
    shipmentType: s.shipmentType,
    locationId: s.locationId,
    trackingId: self ? s.selfShip?.trackingId ?? '' : s.trackingId,
    deliveryAddress: {
      firstName: a.firstName,
      lastName: a.lastName,
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2,
      landmark: '',
      city: a.city,
      state: a.stateName,
      stateName: a.stateName,
      stateCode: a.stateCode,
      pincode: a.pincode,
      pinCode: a.pincode,
      ...(self ? { contactNumber: a.contactNumber, email: a.email } : {}),
    },
    orderItems: s.orderItems.map((i) => ({ orderItemId: i.orderItemId, status: i.status })),
  };
}
