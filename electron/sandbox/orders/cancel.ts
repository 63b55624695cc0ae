// Seller cancellation (spec § Shipment: APPROVED -> CANCELLED, event Shipment Cancelled; "seller
// cancellations take the product out of stock"; sdk-facts § 5.1). Cancellation groups let a
// seller cancel some items of a shipment; without them every item is cancelled.
import type { CancelShipment } from '../../../shared/api/handover.js';
import { INVALID_SHIPMENT_STATE } from '../../../shared/api/shipments.js';
import { listingKey } from '../listings/record.js';
import type { ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';

/** spec § Order item cancellationSubReason: the sub-reasons of seller cancellations. */
const SUB_REASONS = ['cannot_procure_item', 'not_enough_inventory', 'b2b_order'] as const;

export interface CancelRefusal {
  code: string;
  message: string;
}

/** Cancels per the request, or says why not (nothing changes then). */
export function cancelBySeller(world: World, s: ShipmentRec, req: CancelShipment): CancelRefusal | undefined {
  const id = s.shipmentId;
  if (req.locationId !== undefined && req.locationId !== s.locationId) return { code: 'INVALID_LOCATION', message: `Shipment ${id} is fulfilled from ${s.locationId}, not ${req.locationId}.` };
  const reason = req.reason?.trim();
  if (!reason) return { code: 'UNPROCESSABLE_ENTITY', message: 'reason is mandatory for a seller cancellation.' };
  // spec § Shipment: a seller acts only when hold is false and after dispatchAfterDate.
  if (s.hold) return { code: 'ITEM_ON_HOLD', message: `Shipment ${id} is on hold for verification.` };
  if (world.now() < Date.parse(s.dispatchAfterDate)) return { code: 'INVALID_DISPATCH_AFTER_DATE', message: `Shipment ${id} may be processed only after ${s.dispatchAfterDate}.` };
  const groups = req.cancellationGroupIds;
  if (groups && groups.length) {
    const unknown = groups.filter((g) => !s.orderItems.some((i) => i.cancellationGroupId === g));
    if (unknown.length) return { code: 'UNPROCESSABLE_ENTITY', message: `Cancellation groups not in shipment ${id}: ${unknown.join(', ')}.` };
  }
  const targets = s.orderItems.filter((i) => i.status !== 'CANCELLED' && (!groups || groups.length === 0 || groups.includes(i.cancellationGroupId)));
  if (targets.length === 0) return { code: INVALID_SHIPMENT_STATE, message: `Shipment ${id} is already CANCELLED.` };
  const late = targets.filter((i) => i.status !== 'APPROVED');
  if (late.length) {
    return { code: INVALID_SHIPMENT_STATE, message: `Only APPROVED items can be cancelled by the seller; ${late.map((i) => `${i.orderItemId} is ${i.status}`).join(', ')}.` };
  }
  const now = world.nowIso();
  const subReason = req.subReason ?? SUB_REASONS.find((r) => r === reason) ?? 'not_enough_inventory';
  for (const item of targets) {
    item.status = 'CANCELLED';
    item.cancellationType = 'sellerCancellation';
    item.cancellationDate = now;
    item.cancellationReason = reason;
    item.cancellationSubReason = subReason;
    markOutOfStock(world, s, item.sku);
  }
  if (s.selfShip && s.orderItems.every((i) => i.status === 'CANCELLED')) {
    // spec § Self Ship order and service item: Approved -> Cancelled; service Activated -> Cancelled.
    s.selfShip.status = 'CANCELLED';
    if (s.selfShip.service) s.selfShip.service.status = 'CANCELLED';
  }
  s.updatedAt = now;
  world.touch('shipment', id);
  world.emit('Shipment Cancelled', { shipmentId: id, orderItemIds: targets.map((i) => i.orderItemId) });
  return undefined;
}

/** The listing's stock at the shipment's location drops to 0 (spec § Shipment, cancel row). */
function markOutOfStock(world: World, s: ShipmentRec, sku: string): void {
  const listing = world.listingsOf(s.sellerId).get(sku);
  if (!listing) return;
  // Standard listings hold locations[], hyperlocal ones a single location (spec § Listing record).
  const data = listing.data as { locations?: unknown; location?: unknown };
  const locations = (Array.isArray(data.locations) ? data.locations : [data.location]) as ({ id?: string; inventory?: number } | undefined)[];
  for (const loc of locations) {
    if (loc && typeof loc === 'object' && loc.id === s.locationId) loc.inventory = 0;
  }
  listing.updatedAt = world.nowIso();
  world.touch('listing', listingKey(s.sellerId, sku));
}
