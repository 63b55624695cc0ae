// The self-ship order and service-item state machine (spec § Self Ship order and service item).
// Routes (selfship-actions.ts), the return actions (Cancel RTO delivers the forward item) and the
// shipment cancel operation all move self-ship shipments through these functions only.
import type { OrderItemStatus } from '../../../shared/api/enums.js';
import type { World } from '../world/world.js';
import type { Seller, ShipmentRec } from '../world/model.js';
import { ItemFailure, iso } from '../returns/item-failure.js';

/** The caller's SELF shipment, or the per-item failure a stranger's, unknown or NORMAL id gets. */
export function ownSelfShipment(world: World, seller: Seller, shipmentId: string, locationId?: string): ShipmentRec {
  const shipment = world.shipments.get(shipmentId);
  if (!shipment) throw new ItemFailure('INVALID_SHIPMENTS', `No shipment ${shipmentId}.`);
  if (shipment.sellerId !== seller.sellerId) {
    throw new ItemFailure('OPERATION_NOT_ALLOWED', `Shipment ${shipmentId} does not belong to this seller.`);
  }
  if (shipment.shipmentType !== 'SELF' || !shipment.selfShip) {
    throw new ItemFailure('NOT_SELF_SHIP_SHIPMENT', `Shipment ${shipmentId} is shipped by marketplace logistics, not self ship.`);
  }
  if (locationId !== undefined && locationId !== shipment.locationId) {
    throw new ItemFailure('INVALID_LOCATION', `Shipment ${shipmentId} belongs to location ${shipment.locationId}, not ${locationId}.`);
  }
  return shipment;
}

/** Fails unless every item of the shipment is in one of the states; names a return in progress. */
export function requireItems(shipment: ShipmentRec, allowed: readonly OrderItemStatus[], action: string): void {
  for (const item of shipment.orderItems) {
    if (allowed.includes(item.status)) continue;
    if (item.status === 'RETURN_REQUESTED') {
      throw new ItemFailure('RETURN_IN_PROGRESS', `Order item ${item.orderItemId} has a return in progress; ${action} is not possible.`);
    }
    throw new ItemFailure('INVALID_SHIPMENT_STATE', `Order item ${item.orderItemId} is ${item.status}; ${action} needs ${allowed.join(' or ')}.`);
  }
}

function setItems(shipment: ShipmentRec, from: readonly OrderItemStatus[], to: OrderItemStatus): string[] {
  const moved: string[] = [];
  for (const item of shipment.orderItems) {
    if (from.includes(item.status)) {
      item.status = to;
      moved.push(item.orderItemId);
    }
  }
  return moved;
}

function touched(world: World, shipment: ShipmentRec): void {
  shipment.updatedAt = world.nowIso();
  world.touch('shipment', shipment.shipmentId);
}

/** Approved -> Shipped (spec: "Dispatch order"). Event Shipped (spec § Events). */
export function markShipped(world: World, shipment: ShipmentRec, at: number, logistics: { trackingId?: string; deliveryPartner?: string }): void {
  const ss = shipment.selfShip!;
  ss.status = 'SHIPPED';
  ss.dispatchedAt = iso(at);
  if (logistics.trackingId) ss.trackingId = logistics.trackingId;
  if (logistics.deliveryPartner) ss.deliveryPartner = logistics.deliveryPartner;
  shipment.dispatchedAt = iso(at);
  const ids = setItems(shipment, ['APPROVED'], 'SHIPPED');
  touched(world, shipment);
  world.emit('Shipped', { shipmentId: shipment.shipmentId, orderItemIds: ids });
}

/**
 * Shipped -> Delivered (spec: "Delivery confirmation"). With a service item the service goes
 * Activated -> In Progress; without one the order goes on to Complete (items COMPLETED). `also`
 * names items outside SHIPPED that are delivered too (the item of a cancelled RTO).
 */
export function markDelivered(world: World, shipment: ShipmentRec, at: number, also: readonly string[] = []): void {
  const ss = shipment.selfShip!;
  ss.status = 'DELIVERED';
  ss.deliveredAt = iso(at);
  for (const item of shipment.orderItems) if (also.includes(item.orderItemId)) item.status = 'SHIPPED';
  const ids = setItems(shipment, ['SHIPPED'], 'DELIVERED');
  if (ss.service && ss.service.status === 'ACTIVATED') ss.service.status = 'IN_PROGRESS';
  if (!ss.service || ss.service.status === 'CANCELLED') {
    ss.status = 'COMPLETE';
    setItems(shipment, ['DELIVERED'], 'COMPLETED');
  }
  touched(world, shipment);
  world.emit('Delivered', { shipmentId: shipment.shipmentId, orderItemIds: ids });
}

/** Delivered -> Complete with the service In Progress -> Complete (spec: "Service completion"). */
export function markServiceComplete(world: World, shipment: ShipmentRec): void {
  const ss = shipment.selfShip!;
  ss.status = 'COMPLETE';
  ss.service!.status = 'COMPLETE';
  setItems(shipment, ['DELIVERED'], 'COMPLETED');
  touched(world, shipment);
}

export type SelfShipCancelOutcome = { ok: true } | { ok: false; code: string; message: string };

/**
 * Cancel order (spec § Self Ship order and service item: Approved -> Cancelled, service Activated
 * -> Cancelled; event Shipment Cancelled, spec § Events). For POST /v3/shipments/cancel on a SELF
 * shipment: answers a per-shipment outcome instead of throwing, so a batch can go on.
 */
export function cancelSelfShip(
  world: World,
  shipment: ShipmentRec,
  reason: string,
  cancellationType: 'sellerCancellation' | 'buyerCancellation' | 'marketplaceCancellation' = 'sellerCancellation',
): SelfShipCancelOutcome {
  const ss = shipment.selfShip;
  if (shipment.shipmentType !== 'SELF' || !ss) return { ok: false, code: 'NOT_SELF_SHIP_SHIPMENT', message: `Shipment ${shipment.shipmentId} is not self ship.` };
  if (ss.status !== 'APPROVED' || shipment.orderItems.some((i) => i.status !== 'APPROVED')) {
    return { ok: false, code: 'INVALID_SHIPMENT_STATE', message: `Shipment ${shipment.shipmentId} is ${ss.status}; only an approved self-ship order can be cancelled.` };
  }
  const now = world.nowIso();
  ss.status = 'CANCELLED';
  if (ss.service && ss.service.status === 'ACTIVATED') ss.service.status = 'CANCELLED';
  for (const item of shipment.orderItems) {
    item.status = 'CANCELLED';
    item.cancellationDate = now;
    item.cancellationReason = reason;
    item.cancellationType = cancellationType;
  }
  touched(world, shipment);
  world.emit('Shipment Cancelled', { shipmentId: shipment.shipmentId, orderItemIds: shipment.orderItems.map((i) => i.orderItemId) });
  return { ok: true };
}
