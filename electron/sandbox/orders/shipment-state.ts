// A shipment's state is the status of its order items (spec § Order item status; § Shipment
// states). Items cancelled on their own (a cancellation group) no longer count.
import type { OrderItemStatus } from '../../../shared/api/enums.js';
import type { OrderItemRec, ShipmentRec } from '../world/model.js';

/** Order items still in play: everything not CANCELLED. */
export function activeItems(s: ShipmentRec): OrderItemRec[] {
  return s.orderItems.filter((i) => i.status !== 'CANCELLED');
}

/** The state a packer would name: the status of the first active item, or CANCELLED. */
export function shipmentStatus(s: ShipmentRec): OrderItemStatus {
  for (const i of s.orderItems) if (i.status !== 'CANCELLED') return i.status;
  return 'CANCELLED';
}

/** True when at least one item is active and every active item has one of the statuses. */
export function allActiveIn(s: ShipmentRec, statuses: readonly OrderItemStatus[]): boolean {
  let any = false;
  for (const i of s.orderItems) {
    if (i.status === 'CANCELLED') continue;
    if (!statuses.includes(i.status)) return false;
    any = true;
  }
  return any;
}

/** Moves every active item to a status and stamps updatedAt. */
export function moveActiveItems(s: ShipmentRec, to: OrderItemStatus, nowIso: string): string[] {
  const moved: string[] = [];
  for (const i of s.orderItems) {
    if (i.status === 'CANCELLED') continue;
    i.status = to;
    moved.push(i.orderItemId);
  }
  s.updatedAt = nowIso;
  return moved;
}

/** States after the logistics partner took the shipment (spec § Shipment, § search postDispatch). */
export const POST_DISPATCH_STATES: readonly OrderItemStatus[] = ['SHIPPED', 'DELIVERED', 'PICKUP_COMPLETE', 'RETURN_REQUESTED', 'RETURNED', 'COMPLETED'];

/** PACKED or any later state: labels and invoices exist (spec § Shipment "Other facts"). */
export const DOCUMENTED_STATES: readonly OrderItemStatus[] = ['PACKED', 'READY_TO_DISPATCH', ...POST_DISPATCH_STATES];
