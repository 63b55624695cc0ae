// After a lost answer or a crash, what happened is found out by reading the shipments, never by
// sending the request again (issue: "A mutating call is never blindly retried"). The state table
// of spec § Shipment (standard fulfilment) says which states mean each operation took effect.
import type { OrderItemStatus } from '../../../shared/api/enums.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { OrdersClient } from '../api/orders-client.js';
import type { Journal } from '../journal/journal.js';

export type ShipmentOp = 'pack' | 'dispatch' | 'cancel';

const AFTER_PACK: readonly OrderItemStatus[] = ['PACKING_IN_PROGRESS', 'PACKED', 'FORM_FAILED', 'READY_TO_DISPATCH', 'PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'COMPLETED'];
const AFTER_DISPATCH: readonly OrderItemStatus[] = ['READY_TO_DISPATCH', 'PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'COMPLETED'];

/** Whether the operation has taken effect on this shipment. */
export function tookEffect(op: ShipmentOp, shipment: ShipmentWire): boolean {
  const statuses = shipment.orderItems.map((i) => i.status);
  switch (op) {
    case 'pack':
      return statuses.every((s) => AFTER_PACK.includes(s));
    case 'dispatch':
      return statuses.every((s) => AFTER_DISPATCH.includes(s));
    case 'cancel':
      return statuses.every((s) => s === 'CANCELLED');
  }
}

export interface Reconciled {
  done: string[];
  notDone: string[];
  /** Ids the marketplace no longer returns (not this seller's, or gone). */
  unknown: string[];
}

export async function reconcileShipments(orders: OrdersClient, op: ShipmentOp, shipmentIds: readonly string[]): Promise<Reconciled> {
  const found = await orders.getShipments({ shipmentIds: [...shipmentIds] });
  const byId = new Map(found.map((s) => [s.shipmentId, s]));
  const out: Reconciled = { done: [], notDone: [], unknown: [] };
  for (const id of shipmentIds) {
    const s = byId.get(id);
    if (!s) out.unknown.push(id);
    else (tookEffect(op, s) ? out.done : out.notDone).push(id);
  }
  return out;
}

/**
 * On start: every intent left open by a crash or a lost answer is settled by reading state. The
 * outcome is written with reconciled: true, so the audit trail shows how it was learned.
 */
export async function reconcileOpenIntents(journal: Journal, orders: OrdersClient): Promise<{ settled: number; stillOpen: number }> {
  let settled = 0;
  let stillOpen = 0;
  for (const { intent } of journal.openIntents()) {
    const op = intent.op as ShipmentOp;
    const ids = intent.targets.shipmentIds ?? [];
    if (!['pack', 'dispatch', 'cancel'].includes(op) || ids.length === 0) {
      stillOpen++;
      continue;
    }
    const r = await reconcileShipments(orders, op, ids);
    await journal.appendOutcome({
      intentId: intent.id,
      status: r.notDone.length === 0 && r.unknown.length === 0 ? 'ok' : 'failed',
      result: { done: r.done, notDone: r.notDone, unknown: r.unknown },
      reconciled: true,
    });
    settled++;
  }
  return { settled, stillOpen };
}
