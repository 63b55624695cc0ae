// One element of each return action (spec § POST /v2/returns/complete, /pickup, /pickupAttempt,
// § Self Ship return; bodies from official-sdk-facts § 10). Each function moves one return or
// throws the ItemFailure that becomes its FAILURE; routes/returns.ts runs the batches.
import {
  ReturnApproveItem,
  ReturnPickupAttemptItem,
  ReturnPickupItem,
  ReturnRejectItem,
  ReturnTechVisitAttemptItem,
} from '../../../shared/api/returns.js';
import type { World } from '../world/world.js';
import type { ReturnRec, Seller } from '../world/model.js';
import { ItemFailure, iso, newDueDate, pastDate, readItem } from './item-failure.js';
import { REVERSE_PICKUP_WINDOW_MS } from './return-windows.js';
import { approveReturn, cancelRto, completeReturn, forwardOf, ownReturn, rejectReturn, requireReturn } from './return-transitions.js';

function notBefore(ms: number, boundIso: string | undefined, field: string, what: string): void {
  if (boundIso && ms < Date.parse(boundIso)) throw new ItemFailure('INVALID_DATE', `${field} is earlier than the ${what} (${boundIso}).`);
}

/**
 * /v2/returns/complete: the desk received the product. Standard CREATED -> COMPLETED (spec §
 * Return: "Product reaches the seller") and courier APPROVED -> COMPLETED (spec § Self Ship
 * return: "Acknowledge RTO"). A customer return completes through /pickup instead.
 */
export function completeOne(world: World, seller: Seller, returnId: string, locationId: string): ReturnRec {
  const ret = ownReturn(world, seller, returnId, locationId);
  if (ret.kind === 'customer') {
    throw new ItemFailure('INVALID_RETURN_TYPE', `Return ${returnId} is a customer return: confirm its reverse pickup with /v2/returns/pickup.`);
  }
  requireReturn(ret, ['standard', 'courier'], ret.kind === 'standard' ? 'CREATED' : 'APPROVED', 'completion');
  completeReturn(world, ret, world.now());
  return ret;
}

function locationOf(item: { locationId?: string }, topLevel: string | undefined): string {
  const loc = item.locationId ?? topLevel;
  if (loc === undefined) throw new ItemFailure('UNPROCESSABLE_ENTITY', 'locationId is required, per return or at the top level.');
  return loc;
}

/** Customer APPROVED -> COMPLETED: reverse pickup confirmed before the reverse-pickup-by date. */
export function pickupOne(world: World, seller: Seller, raw: unknown, topLocation?: string): ReturnRec {
  const req = readItem(ReturnPickupItem, raw);
  const ret = ownReturn(world, seller, req.returnId, locationOf(req, topLocation));
  requireReturn(ret, ['customer'], 'APPROVED', 'reverse pickup confirmation');
  const at = pastDate(world, req.pickupDate, 'pickupDate');
  notBefore(at, ret.approvedOn, 'pickupDate', 'approval date');
  if (at > Date.parse(ret.expectedDate)) {
    throw new ItemFailure('SLA_BREACHED', `pickupDate ${req.pickupDate} is after the reverse-pickup-by date ${ret.expectedDate}.`);
  }
  ret.pickupDate = iso(at);
  // Picked up from the buyer, then complete: two changes, two events, in that order.
  world.emit('Return Picked Up', { returnId: ret.returnId, shipmentId: ret.shipmentId, orderItemIds: [ret.orderItemId] }, at);
  completeReturn(world, ret, at);
  return ret;
}

/** Customer APPROVED stays APPROVED; the pickup SLA moves to newPickupDate. */
export function pickupAttemptOne(world: World, seller: Seller, raw: unknown, topLocation?: string): ReturnRec {
  const req = readItem(ReturnPickupAttemptItem, raw);
  const ret = ownReturn(world, seller, req.returnId, locationOf(req, topLocation));
  requireReturn(ret, ['customer'], 'APPROVED', 'a reverse pickup attempt');
  const at = pastDate(world, req.pickupDate, 'pickupDate');
  notBefore(at, ret.approvedOn, 'pickupDate', 'approval date');
  const next = newDueDate(world, req.newPickupDate, 'newPickupDate', at);
  ret.expectedDate = iso(next);
  ret.attempts.push({ at: iso(at), newDate: iso(next), reason: req.reason, kind: 'pickup' });
  ret.updatedDate = world.nowIso();
  world.touch('return', ret.returnId);
  world.emit('Return Expected Date Changed', { returnId: ret.returnId, shipmentId: ret.shipmentId, orderItemIds: [ret.orderItemId] });
  return ret;
}

/** Customer REQUESTED stays REQUESTED; the tech-visit SLA moves (spec: "Tech visit attempt"). */
export function techVisitAttemptOne(world: World, seller: Seller, raw: unknown, topLocation?: string): ReturnRec {
  const req = readItem(ReturnTechVisitAttemptItem, raw);
  const ret = ownReturn(world, seller, req.returnId, topLocation);
  requireReturn(ret, ['customer'], 'REQUESTED', 'a tech visit attempt');
  const at = pastDate(world, req.attemptDate, 'attemptDate');
  notBefore(at, ret.createdDate, 'attemptDate', 'return creation date');
  const next = newDueDate(world, req.newTechVisitDate, 'newTechVisitDate', at);
  ret.expectedDate = iso(next);
  if (ret.service) ret.service.serviceByDate = iso(next);
  ret.attempts.push({ at: iso(at), newDate: iso(next), reason: req.reason, kind: 'techVisit' });
  ret.updatedDate = world.nowIso();
  world.touch('return', ret.returnId);
  world.emit('Return Expected Date Changed', { returnId: ret.returnId, shipmentId: ret.shipmentId, orderItemIds: [ret.orderItemId] });
  return ret;
}

/** The tech visit's date: it must have happened, after the return was requested. */
function techVisitDate(world: World, ret: ReturnRec, value: string | undefined, serviceId: string | undefined): number {
  if (serviceId !== undefined && serviceId !== ret.service?.serviceFulfilmentId) {
    throw new ItemFailure('UNPROCESSABLE_ENTITY', `Service ${serviceId} is not the tech-visit service of return ${ret.returnId}.`);
  }
  if (value === undefined) {
    throw new ItemFailure('TECH_VISIT_REQUIRED', `Return ${ret.returnId} can be decided only after the tech visit: give serviceDate, the date of the visit.`);
  }
  const at = pastDate(world, value, 'serviceDate');
  notBefore(at, ret.createdDate, 'serviceDate', 'return creation date');
  return at;
}

/** Customer REQUESTED -> APPROVED after the tech visit, before the tech-visit-by date. */
export function approveOne(world: World, seller: Seller, raw: unknown, topLocation?: string): ReturnRec {
  const req = readItem(ReturnApproveItem, raw);
  const ret = ownReturn(world, seller, req.returnId, topLocation);
  requireReturn(ret, ['customer'], 'REQUESTED', 'approval');
  const visit = techVisitDate(world, ret, req.serviceDate, req.serviceFulfilmentId);
  if (visit > Date.parse(ret.expectedDate)) {
    throw new ItemFailure('SLA_BREACHED', `The tech visit (${req.serviceDate}) is after the tech-visit-by date ${ret.expectedDate}.`);
  }
  approveReturn(world, ret, world.now() + REVERSE_PICKUP_WINDOW_MS, req.comments);
  return ret;
}

/** Customer REQUESTED -> REJECTED after the tech visit; serviceDate is mandatory (sdk-facts § 10). */
export function rejectOne(world: World, seller: Seller, raw: unknown, topLocation?: string): ReturnRec {
  const req = readItem(ReturnRejectItem, raw);
  const ret = ownReturn(world, seller, req.returnId, topLocation);
  requireReturn(ret, ['customer'], 'REQUESTED', 'rejection');
  techVisitDate(world, ret, req.serviceDate, req.serviceFulfilmentId);
  rejectReturn(world, ret, req.comments);
  return ret;
}

/** Courier APPROVED -> CANCELLED ("Cancel RTO", /v2/returns/cancel): the delivery date is required. */
export function cancelRtoOne(world: World, seller: Seller, returnId: string, deliveryDate: string, locationId?: string): ReturnRec {
  const ret = ownReturn(world, seller, returnId, locationId);
  requireReturn(ret, ['courier'], 'APPROVED', 'Cancel RTO');
  const at = pastDate(world, deliveryDate, 'deliveryDate');
  notBefore(at, forwardOf(world, ret).shipment?.selfShip?.dispatchedAt, 'deliveryDate', 'dispatch date');
  cancelRto(world, ret, at);
  return ret;
}
