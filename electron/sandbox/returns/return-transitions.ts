// The return state machines (spec § Return (standard fulfilment), § Self Ship return) and what
// each transition does to the forward order item. The item transitions are "not shown" in the
// spec (spec § Shipment: "Transitions for the order item statuses ... RETURN_REQUESTED, RETURNED:
// not shown"); the sandbox's choice, written down in electron/sandbox/README.md:
// - a COMPLETED return makes its item RETURNED;
// - a CANCELLED standard return or a REJECTED customer return puts the item back in the status
//   it had before the return (itemStatusBefore);
// - a cancelled RTO delivers the forward item (spec: "Forward order item becomes delivered").
import { orderError } from '../http/route.js';
import type { World } from '../world/world.js';
import type { OrderItemRec, ReturnRec, Seller, ShipmentRec } from '../world/model.js';
import { markDelivered } from '../selfship/selfship-transitions.js';
import { ItemFailure, iso } from './item-failure.js';

export function forwardOf(world: World, ret: ReturnRec): { shipment?: ShipmentRec; item?: OrderItemRec } {
  const shipment = world.shipments.get(ret.shipmentId);
  return { shipment, item: shipment?.orderItems.find((i) => i.orderItemId === ret.orderItemId) };
}

function touchBoth(world: World, ret: ReturnRec, shipment?: ShipmentRec): void {
  const now = world.nowIso();
  ret.updatedDate = now;
  world.touch('return', ret.returnId);
  if (shipment) {
    shipment.updatedAt = now;
    world.touch('shipment', shipment.shipmentId);
  }
}

function eventIds(ret: ReturnRec) {
  return { returnId: ret.returnId, shipmentId: ret.shipmentId, orderItemIds: [ret.orderItemId] };
}

/** The caller's return, or the per-return failure an unknown, foreign or misplaced id gets. */
export function ownReturn(world: World, seller: Seller, returnId: string, locationId?: string): ReturnRec {
  const ret = world.returns.get(returnId);
  if (!ret) throw new ItemFailure('INVALID_RETURN_ID', `No return ${returnId}.`);
  if (ret.sellerId !== seller.sellerId) throw new ItemFailure('OPERATION_NOT_ALLOWED', `Return ${returnId} does not belong to this seller.`);
  if (locationId !== undefined && locationId !== ret.locationId) {
    throw new ItemFailure('INVALID_LOCATION', `Return ${returnId} is expected at location ${ret.locationId}, not ${locationId}.`);
  }
  return ret;
}

export function requireReturn(ret: ReturnRec, kinds: readonly ReturnRec['kind'][], status: ReturnRec['status'], action: string): void {
  if (!kinds.includes(ret.kind)) {
    throw new ItemFailure('INVALID_RETURN_TYPE', `Return ${ret.returnId} is a ${ret.kind} return; ${action} applies to ${kinds.join(' or ')} returns.`);
  }
  if (ret.status !== status) {
    throw new ItemFailure('INVALID_RETURN_STATE', `Return ${ret.returnId} is ${ret.status}; ${action} needs ${status}.`);
  }
}

/**
 * -> COMPLETED with event Return Completed: standard CREATED ("Product reaches the seller"),
 * courier APPROVED ("Acknowledge RTO": the planned service will not happen, so an activated
 * service item is cancelled) and customer APPROVED ("Reverse pickup confirmation").
 */
export function completeReturn(world: World, ret: ReturnRec, at: number): void {
  const { shipment, item } = forwardOf(world, ret);
  ret.status = 'COMPLETED';
  ret.completedDate = iso(at);
  if (item) item.status = 'RETURNED';
  const service = shipment?.selfShip?.service;
  if (ret.kind === 'courier' && service && service.status === 'ACTIVATED') service.status = 'CANCELLED';
  touchBoth(world, ret, shipment);
  world.emit('Return Completed', eventIds(ret));
}

/** Customer return REQUESTED -> APPROVED, service Requested -> Completed; the pickup clock starts. */
export function approveReturn(world: World, ret: ReturnRec, pickupBy: number, comments?: string): void {
  ret.status = 'APPROVED';
  ret.approvedOn = world.nowIso();
  ret.expectedDate = iso(pickupBy);
  if (comments) ret.comments = comments;
  if (ret.service) ret.service.status = 'COMPLETED';
  touchBoth(world, ret);
}

/** Customer return REQUESTED -> REJECTED, service Requested -> Cancelled; the item is the buyer's again. */
export function rejectReturn(world: World, ret: ReturnRec, comments?: string): void {
  const { shipment, item } = forwardOf(world, ret);
  ret.status = 'REJECTED';
  if (comments) ret.comments = comments;
  if (ret.service) ret.service.status = 'CANCELLED';
  if (item) item.status = ret.itemStatusBefore ?? 'DELIVERED';
  touchBoth(world, ret, shipment);
}

/** Courier return APPROVED -> CANCELLED ("Cancel RTO"): the forward item is delivered after all. */
export function cancelRto(world: World, ret: ReturnRec, deliveredAt: number): void {
  const { shipment, item } = forwardOf(world, ret);
  ret.status = 'CANCELLED';
  if (item) {
    // The buyer's cancellation did not stand: the order was delivered.
    item.cancellationType = undefined;
    item.cancellationDate = undefined;
    item.cancellationReason = undefined;
  }
  if (shipment?.selfShip) markDelivered(world, shipment, deliveredAt, [ret.orderItemId]);
  touchBoth(world, ret, shipment);
  world.emit('Return Cancelled', eventIds(ret));
}

/**
 * Standard CREATED -> CANCELLED ("Product not expected at the seller location", event Return
 * Cancelled). The marketplace alone decides this; the sandbox control API and tests call it.
 */
export function cancelReturnByMarketplace(world: World, returnId: string): ReturnRec {
  const ret = world.returns.get(returnId);
  if (!ret) throw orderError(404, 'INVALID_RETURN_ID', `No return ${returnId}.`);
  if (ret.kind !== 'standard' || ret.status !== 'CREATED') {
    throw orderError(409, 'INVALID_RETURN_STATE', `Return ${returnId} is a ${ret.kind} return in ${ret.status}; only a CREATED standard return can be cancelled by the marketplace.`);
  }
  const { shipment, item } = forwardOf(world, ret);
  ret.status = 'CANCELLED';
  if (item) item.status = ret.itemStatusBefore ?? 'DELIVERED';
  touchBoth(world, ret, shipment);
  world.emit('Return Cancelled', eventIds(ret));
  return ret;
}
