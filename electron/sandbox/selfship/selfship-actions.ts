// One element of each self-ship batch operation (spec § Self Ship order and service item; bodies
// from official-sdk-facts § 8 and § 9). Each function either moves the shipment or throws an
// ItemFailure that becomes that element's FAILURE; the batch runner lives in routes/selfship.ts.
import {
  SelfShipDeliveryAttemptItem,
  SelfShipDeliveryItem,
  SelfShipDispatchItem,
  ServiceRequestItem,
} from '../../../shared/api/selfship.js';
import { parseWireDate } from '../../../shared/api/returns.js';
import type { World } from '../world/world.js';
import type { Seller, ServiceRec, ShipmentRec } from '../world/model.js';
import { ItemFailure, iso, newDueDate, pastDate, readItem } from '../returns/item-failure.js';
import { markDelivered, markServiceComplete, markShipped, ownSelfShipment, requireItems } from './selfship-transitions.js';
import { findVendor } from './vendors.js';

function requireStatus(shipment: ShipmentRec, status: 'APPROVED' | 'SHIPPED' | 'DELIVERED', action: string): void {
  const actual = shipment.selfShip!.status;
  if (actual !== status) {
    throw new ItemFailure('INVALID_SHIPMENT_STATE', `Shipment ${shipment.shipmentId} is ${actual}; ${action} needs ${status}.`);
  }
}

function notBefore(ms: number, boundIso: string | undefined, field: string, what: string): void {
  if (boundIso && ms < Date.parse(boundIso)) throw new ItemFailure('INVALID_DATE', `${field} is earlier than the ${what} (${boundIso}).`);
}

/** Approved -> Shipped: invoice and logistics details, before the dispatch SLA (spec table row 2). */
export function dispatchOne(world: World, seller: Seller, raw: unknown): ShipmentRec {
  const req = readItem(SelfShipDispatchItem, raw);
  const shipment = ownSelfShipment(world, seller, req.shipmentId, req.locationId ?? req.dispatchLocation?.locationId);
  if (shipment.hold) throw new ItemFailure('ITEM_ON_HOLD', `Shipment ${shipment.shipmentId} is on hold for verification.`);
  if (world.now() < Date.parse(shipment.dispatchAfterDate)) {
    throw new ItemFailure('INVALID_DISPATCH_AFTER_DATE', `Shipment ${shipment.shipmentId} may be processed only after ${shipment.dispatchAfterDate}.`);
  }
  requireStatus(shipment, 'APPROVED', 'dispatch');
  requireItems(shipment, ['APPROVED'], 'dispatch');

  const dispatchMs = pastDate(world, req.dispatchDate, 'dispatchDate');
  if (dispatchMs > Date.parse(shipment.dispatchByDate)) {
    throw new ItemFailure('DISPATCH_SLA_BREACHED', `dispatchDate ${req.dispatchDate} is after the dispatch-by date ${shipment.dispatchByDate}.`);
  }
  pastDate(world, req.invoice.invoiceDate, 'invoice.invoiceDate');
  const tentative = parseWireDate(req.tentativeDeliveryDate)!;
  if (tentative < dispatchMs) throw new ItemFailure('INVALID_DATE', 'tentativeDeliveryDate is earlier than dispatchDate.');

  for (const line of req.invoice.items) {
    const item = shipment.orderItems.find((i) => i.orderItemId === line.orderItemId);
    if (line.orderItemId !== undefined && !item) {
      throw new ItemFailure('UNPROCESSABLE_ENTITY', `invoice.items names ${line.orderItemId}, which is not in shipment ${shipment.shipmentId}.`);
    }
    if (item && line.quantity !== undefined && line.quantity > item.quantity) {
      throw new ItemFailure('UNPROCESSABLE_ENTITY', `invoice.items gives quantity ${line.quantity} for ${item.orderItemId}, which has ${item.quantity}.`);
    }
  }
  if (req.deliveryPartner !== undefined) {
    const vendor = findVendor(req.deliveryPartner);
    if (!vendor) throw new ItemFailure('INVALID_DELIVERY_PARTNER', `deliveryPartner ${req.deliveryPartner} is not a self-ship vendor (GET /selfship/vendors).`);
    if (vendor.trackingIdRequired && !req.trackingId) {
      throw new ItemFailure('UNPROCESSABLE_ENTITY', `trackingId is required when the delivery partner is ${vendor.name}.`);
    }
  }
  markShipped(world, shipment, dispatchMs, { trackingId: req.trackingId, deliveryPartner: req.deliveryPartner });
  return shipment;
}

/** Shipped -> Delivered (then Complete without a service item): delivery date required. */
export function deliverOne(world: World, seller: Seller, raw: unknown): ShipmentRec {
  const req = readItem(SelfShipDeliveryItem, raw);
  const shipment = ownSelfShipment(world, seller, req.shipmentId, req.locationId);
  requireStatus(shipment, 'SHIPPED', 'delivery confirmation');
  requireItems(shipment, ['SHIPPED'], 'delivery confirmation');
  const at = pastDate(world, req.deliveryDate, 'deliveryDate');
  notBefore(at, shipment.selfShip!.dispatchedAt, 'deliveryDate', 'dispatch date');
  markDelivered(world, shipment, at);
  return shipment;
}

/** Shipped stays Shipped; the delivery SLA moves to the new expected date (spec table row 3). */
export function attemptDeliveryOne(world: World, seller: Seller, raw: unknown): ShipmentRec {
  const req = readItem(SelfShipDeliveryAttemptItem, raw);
  const shipment = ownSelfShipment(world, seller, req.shipmentId, req.locationId);
  requireStatus(shipment, 'SHIPPED', 'a delivery attempt');
  requireItems(shipment, ['SHIPPED'], 'a delivery attempt');
  const ss = shipment.selfShip!;
  const at = pastDate(world, req.deliveryDate, 'deliveryDate');
  notBefore(at, ss.dispatchedAt, 'deliveryDate', 'dispatch date');
  const field = req.newDeliveryDate !== undefined ? 'newDeliveryDate' : 'failureAttributes.newDeliveryDate';
  const next = newDueDate(world, (req.newDeliveryDate ?? req.failureAttributes?.newDeliveryDate)!, field, at);
  ss.deliveryBy = iso(next);
  ss.attempts.push({ at: iso(at), newDate: iso(next), reason: req.reason ?? req.failureAttributes?.reason });
  shipment.updatedAt = world.nowIso();
  world.touch('shipment', shipment.shipmentId);
  return shipment;
}

export interface ServiceTarget {
  shipment: ShipmentRec;
  service: ServiceRec;
}

/** The shipment and service an element names, by shipmentId (SDK) or serviceFulfilmentId. */
function serviceTarget(world: World, seller: Seller, req: ServiceRequestItem): ServiceTarget {
  let shipment: ShipmentRec | undefined;
  if (req.shipmentId !== undefined) shipment = ownSelfShipment(world, seller, req.shipmentId, req.locationId);
  else {
    for (const s of world.shipments.values()) {
      if (s.selfShip?.service?.serviceFulfilmentId === req.serviceFulfilmentId) shipment = s;
    }
    if (!shipment) throw new ItemFailure('INVALID_SHIPMENTS', `No service ${req.serviceFulfilmentId}.`);
    shipment = ownSelfShipment(world, seller, shipment.shipmentId, req.locationId);
  }
  const service = shipment.selfShip!.service;
  if (!service) throw new ItemFailure('NO_SERVICE_ITEM', `Shipment ${shipment.shipmentId} has no service item.`);
  if (req.serviceFulfilmentId !== undefined && req.serviceFulfilmentId !== service.serviceFulfilmentId) {
    throw new ItemFailure('UNPROCESSABLE_ENTITY', `Service ${req.serviceFulfilmentId} is not the service of shipment ${shipment.shipmentId}.`);
  }
  requireStatus(shipment, 'DELIVERED', 'a service action');
  if (service.status !== 'IN_PROGRESS') {
    throw new ItemFailure('INVALID_SERVICE_STATE', `Service ${service.serviceFulfilmentId} is ${service.status}; it must be IN_PROGRESS.`);
  }
  return { shipment, service };
}

/** Delivered stays Delivered; the service-completion SLA moves (spec table row 6). */
export function attemptServiceOne(world: World, seller: Seller, raw: unknown): ServiceTarget {
  const req = readItem(ServiceRequestItem, raw);
  const target = serviceTarget(world, seller, req);
  const newValue = req.newServiceDate ?? req.newDeliveryDate ?? req.failureAttributes?.newDeliveryDate;
  if (newValue === undefined) {
    throw new ItemFailure('UNPROCESSABLE_ENTITY', 'newServiceDate (the new expected service date) is required for a service attempt.');
  }
  const at = pastDate(world, req.deliveryDate, 'deliveryDate');
  notBefore(at, target.shipment.selfShip!.deliveredAt, 'deliveryDate', 'delivery date');
  const next = newDueDate(world, newValue, 'newServiceDate', at);
  target.service.serviceByDate = iso(next);
  target.service.attempts.push({ at: iso(at), newDate: iso(next) });
  target.shipment.updatedAt = world.nowIso();
  world.touch('shipment', target.shipment.shipmentId);
  return target;
}

/** Delivered -> Complete, service In Progress -> Complete; the completion date is required. */
export function completeServiceOne(world: World, seller: Seller, raw: unknown): ServiceTarget {
  const req = readItem(ServiceRequestItem, raw);
  const target = serviceTarget(world, seller, req);
  const at = pastDate(world, req.deliveryDate, 'deliveryDate');
  notBefore(at, target.shipment.selfShip!.deliveredAt, 'deliveryDate', 'delivery date');
  markServiceComplete(world, target.shipment);
  return target;
}
