// The queue's side of the notifications: queue-handlers.ts gives access to its rows, and this
// applies each notification to a copy (queue-push.ts), reads a shipment by id when the
// notification alone does not say enough, and publishes. The reconciliation lists the queue
// again and names the shipments whose rows the full search found different from what the
// notifications had kept (a lost notification), leaving out changes younger than
// IN_FLIGHT_GRACE_MS, whose notification may simply still be on its way.
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { QueueRow } from '../../../shared/contract/queue.js';
import type { QueueHook } from './desk-pushes.js';
import { applyNotification, upsertShipment, type QueueScope } from './queue-push.js';

/** A change this recent at the list's start is not counted as missed: its push may be in flight. */
export const IN_FLIGHT_GRACE_MS = 10_000;

export interface QueueAccess {
  /** The rows the queue holds (every row of its search type) and what its search covers. */
  current(): { rows: Map<string, QueueRow>; scope: QueueScope } | undefined;
  publish(rows: Map<string, QueueRow>): void;
  read(shipmentId: string): Promise<ShipmentWire | undefined>;
  /** Lists the queue again with the full search; the rows after, and when the search began (ms). */
  relist(): Promise<{ rows: Map<string, QueueRow>; startedAt: number } | undefined>;
  republish(): void;
}

const same = (a: QueueRow, b: QueueRow) =>
  a.status === b.status && a.hold === b.hold && Date.parse(a.dispatchByDate) === Date.parse(b.dispatchByDate) && Date.parse(a.dispatchAfterDate) === Date.parse(b.dispatchAfterDate);

export function queueHook(access: QueueAccess): QueueHook {
  /** Newest change applied per shipment (queue-push.ts). */
  const seen = new Map<string, number>();
  /** Notifications applied while a relist runs: applied again on its rows, which may predate them. */
  let during: NotificationEnvelope[] | undefined;

  async function apply(n: NotificationEnvelope): Promise<void> {
    during?.push(n);
    const now = access.current();
    if (!now) return;
    const rows = new Map(now.rows);
    const effect = applyNotification(rows, n, now.scope, seen);
    if (effect.kind === 'applied' && effect.changed) access.publish(rows);
    if (effect.kind !== 'read') return;
    const shipment = await access.read(effect.shipmentId);
    const latest = access.current();
    if (!latest) return;
    const next = new Map(latest.rows);
    upsertShipment(next, shipment, effect.shipmentId, latest.scope);
    access.publish(next);
  }

  return {
    apply,
    async relist() {
      const before = access.current()?.rows;
      if (!before) return undefined;
      during = [];
      let after;
      try {
        after = await access.relist();
      } finally {
        const again = during;
        during = undefined;
        if (after) for (const n of again) await apply(n);
      }
      if (!after) return undefined;
      for (const [id, second] of seen) if (second * 1000 < after.startedAt) seen.delete(id);
      const settled = (row: QueueRow) => Date.parse(row.updatedAt) < after.startedAt - IN_FLIGHT_GRACE_MS;
      const missed: string[] = [];
      for (const [id, row] of after.rows) {
        const old = before.get(id);
        if ((!old || !same(old, row)) && settled(row)) missed.push(id);
      }
      // Rows the search no longer returns: they left the queue without a notification saying so.
      for (const id of before.keys()) if (!after.rows.has(id)) missed.push(id);
      return missed;
    },
    republish: () => access.republish(),
  };
}
