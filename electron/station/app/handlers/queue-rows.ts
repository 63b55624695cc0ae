// Shipment records as queue rows (small: 5,000 of them must travel and render quickly), and the
// state groups the queue and the reprint command rely on.
import { STATES_BY_SEARCH_TYPE, type OrderItemStatus } from '../../../../shared/api/enums.js';
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import type { QueueRow } from '../../../../shared/contract/queue.js';

/** States in which a shipment has a label and an invoice (the sandbox's and spec's "once PACKED"). */
export const PACKED_STATES: readonly OrderItemStatus[] = ['PACKED', 'READY_TO_DISPATCH', ...STATES_BY_SEARCH_TYPE.postDispatch];

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** The order of the states a shipment moves through: a row shows its least advanced item. */
const ORDER: readonly OrderItemStatus[] = [...STATES_BY_SEARCH_TYPE.preDispatch, ...STATES_BY_SEARCH_TYPE.postDispatch];

export function shipmentState(s: ShipmentWire): OrderItemStatus {
  const states = s.orderItems.map((i) => i.status);
  const live = states.filter((x) => x !== 'CANCELLED');
  if (live.length === 0) return states[0] ?? 'CANCELLED';
  const rank = (x: OrderItemStatus) => (ORDER.includes(x) ? ORDER.indexOf(x) : ORDER.length);
  return [...live].sort((a, b) => rank(a) - rank(b))[0];
}

export function toQueueRow(s: ShipmentWire): QueueRow {
  return {
    shipmentId: s.shipmentId,
    orderIds: unique(s.orderItems.map((i) => i.orderId)),
    skus: unique(s.orderItems.map((i) => i.sku)),
    titles: unique(s.orderItems.map((i) => i.title ?? i.sku)),
    units: s.orderItems.reduce((n, i) => n + i.quantity, 0),
    status: shipmentState(s),
    dispatchByDate: s.dispatchByDate,
    dispatchAfterDate: s.dispatchAfterDate,
    hold: s.hold,
    mps: s.mps ?? false,
    locationId: s.locationId,
    updatedAt: s.updatedAt,
  };
}

/** Rows per state, counted from the rows themselves (one search, not one per state). */
export function countByState(rows: Iterable<QueueRow>, states: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(states.map((s) => [s, 0]));
  for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** Packed shipments come after the work still to pack: packed ones still to mark ready, then those waiting for pickup. */
const LATER_STAGES: readonly string[] = ['PACKED', 'READY_TO_DISPATCH'];

/**
 * The queue's order: shipments still to pack first, then packed ones, then those ready to dispatch
 * (waiting for the courier), each part by dispatch-by date then shipment id, so the packer's next
 * job is at the top.
 */
export function queueOrder(a: QueueRow, b: QueueRow): number {
  const stage = (r: QueueRow) => LATER_STAGES.indexOf(r.status) + 1;
  return stage(a) - stage(b) || a.dispatchByDate.localeCompare(b.dispatchByDate) || a.shipmentId.localeCompare(b.shipmentId);
}
