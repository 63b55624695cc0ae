// Transitions the marketplace alone makes (spec § Shipment: hold, logistics partner events).
// Called by the control API (POST /sandbox/shipments/{id}/hold, /logistics and /cancel).
import { orderError } from '../http/route.js';
import { INVALID_SHIPMENT_STATE } from '../../../shared/api/shipments.js';
import { allActiveIn, moveActiveItems, POST_DISPATCH_STATES, shipmentStatus } from '../orders/shipment-state.js';
import type { World } from './world.js';
import { releaseStock } from './allocation.js';
import type { ShipmentRec } from './model.js';

export type LogisticsEvent = 'PICKUP_COMPLETE' | 'SHIPPED' | 'DELIVERED' | 'RTO';

/**
 * Places or releases a hold (events Hold / UnHold, spec § Shipment "Other facts"). Setting the
 * value it already has changes nothing and emits nothing. Only shipments not yet handed to
 * logistics can be held: a hold stops the seller acting, and after dispatch the seller no longer does.
 */
export function setHold(world: World, shipment: ShipmentRec, hold: boolean): void {
  if (shipment.hold === hold) return;
  world.settle(shipment);
  const status = shipmentStatus(shipment);
  if (hold && (status === 'CANCELLED' || POST_DISPATCH_STATES.includes(status))) {
    throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${shipment.shipmentId} is ${status}; only shipments before dispatch can be put on hold.`);
  }
  shipment.hold = hold;
  shipment.updatedAt = world.nowIso();
  world.touch('shipment', shipment.shipmentId);
  world.emit(hold ? 'Hold' : 'UnHold', { shipmentId: shipment.shipmentId, orderItemIds: shipment.orderItems.map((i) => i.orderItemId) });
}

/**
 * Applies a logistics partner event; throws ApiError(409) when the state does not allow it.
 * PICKUP_COMPLETE: the partner collected the parcel, READY_TO_DISPATCH -> PICKUP_COMPLETE, event
 * Pickup Complete (the order item status of sdk-facts § 15.8; its transitions are "not shown",
 * the sandbox places it between the pickup request and SHIPPED).
 * SHIPPED: READY_TO_DISPATCH (or PICKUP_COMPLETE) -> SHIPPED, event Shipped.
 * DELIVERED: SHIPPED -> DELIVERED, event Delivered.
 * RTO (return to origin: the partner brings the parcel back undelivered): SHIPPED ->
 * RETURN_REQUESTED with courierReturn true on every active item (spec § Order item: courierReturn
 * "a courier return was created"). No event: the spec's event list has none for it; the return
 * record itself, if any, is the returns family's to create (its Return Created event follows).
 * Self-ship shipments are moved by the seller, never by these events.
 */
export function applyLogisticsEvent(world: World, shipment: ShipmentRec, event: LogisticsEvent): void {
  const id = shipment.shipmentId;
  if (shipment.shipmentType === 'SELF') {
    throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${id} is self-ship: the seller dispatches and delivers it (POST /v3/shipments/selfShip/...).`);
  }
  world.settle(shipment);
  const status = shipmentStatus(shipment);
  const refuse = (from: string): never => {
    throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${id} is ${status}; ${event} applies only to ${from} shipments.`);
  };
  const now = world.nowIso();
  let moved: string[];
  switch (event) {
    case 'PICKUP_COMPLETE':
      if (!allActiveIn(shipment, ['READY_TO_DISPATCH'])) refuse('READY_TO_DISPATCH');
      moved = moveActiveItems(shipment, 'PICKUP_COMPLETE', now);
      world.emit('Pickup Complete', { shipmentId: id, orderItemIds: moved });
      break;
    case 'SHIPPED':
      if (!allActiveIn(shipment, ['READY_TO_DISPATCH', 'PICKUP_COMPLETE'])) refuse('READY_TO_DISPATCH');
      moved = moveActiveItems(shipment, 'SHIPPED', now);
      world.emit('Shipped', { shipmentId: id, orderItemIds: moved });
      break;
    case 'DELIVERED':
      if (!allActiveIn(shipment, ['SHIPPED'])) refuse('SHIPPED');
      moved = moveActiveItems(shipment, 'DELIVERED', now);
      world.emit('Delivered', { shipmentId: id, orderItemIds: moved });
      break;
    case 'RTO':
      if (!allActiveIn(shipment, ['SHIPPED'])) refuse('SHIPPED');
      moveActiveItems(shipment, 'RETURN_REQUESTED', now);
      for (const item of shipment.orderItems) if (item.status === 'RETURN_REQUESTED') item.courierReturn = true;
      break;
    default:
      throw orderError(400, 'UNPROCESSABLE_ENTITY', `Unknown logistics event ${String(event)}; use PICKUP_COMPLETE, SHIPPED, DELIVERED or RTO.`);
  }
  world.touch('shipment', id);
}

/** Item states a buyer or the marketplace can still cancel: before the parcel leaves. */
const CANCELLABLE_BEFORE_DISPATCH = new Set(['APPROVED', 'PACKING_IN_PROGRESS', 'FORM_FAILED', 'PACKED', 'READY_TO_DISPATCH']);

/**
 * A buyer or the marketplace cancels a shipment before dispatch (spec § Order item
 * cancellationType buyerCancellation / marketplaceCancellation; event Shipment Cancelled). The
 * units go back to the listing's stock at the shipment's location (spec § Concepts: Allocation;
 * world/allocation.ts); unlike a seller cancellation, the product stays in stock.
 */
export function cancelByCustomer(world: World, shipment: ShipmentRec, by: 'buyer' | 'marketplace', reason: string): string[] {
  world.settle(shipment);
  const targets = shipment.orderItems.filter((i) => CANCELLABLE_BEFORE_DISPATCH.has(i.status));
  if (targets.length === 0) {
    throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${shipment.shipmentId} is ${shipmentStatus(shipment)}; only shipments not yet dispatched can be cancelled.`);
  }
  const now = world.nowIso();
  for (const item of targets) {
    item.status = 'CANCELLED';
    item.cancellationType = by === 'buyer' ? 'buyerCancellation' : 'marketplaceCancellation';
    item.cancellationDate = now;
    item.cancellationReason = reason;
    releaseStock(world, shipment, item);
  }
  if (shipment.selfShip && shipment.orderItems.every((i) => i.status === 'CANCELLED')) {
    shipment.selfShip.status = 'CANCELLED';
    if (shipment.selfShip.service) shipment.selfShip.service.status = 'CANCELLED';
  }
  world.packing.delete(shipment.shipmentId);
  shipment.updatedAt = now;
  world.touch('shipment', shipment.shipmentId);
  const ids = targets.map((i) => i.orderItemId);
  world.emit('Shipment Cancelled', { shipmentId: shipment.shipmentId, orderItemIds: ids });
  return ids;
}
