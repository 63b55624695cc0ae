// The queue's side of the notifications: queue-handlers.ts gives access to its rows, and this
// applies each notification to a copy (queue-push.ts), reads a shipment by id when the
// notification alone does not say enough, and publishes. The reconciliation lists the queue
// again and names the shipments whose rows the full search found different from what the
// notifications had kept (a lost notification), leaving out changes younger than
// IN_FLIGHT_GRACE_MS, whose notification may simply still be on its way.
// A list's answer describes the marketplace when the search ran, which can be before a change
// whose notification reached the desk while the list was still under way (the answer is paged
// and sliced per service profile; the first list may still be running when the listener is
// ready). Publishing that answer as it came would put the older state back over the newer fact,
// and a push to a queue not listed yet would be lost. So every list and refresh opens a listing:
// what notifications bring meanwhile is kept, in order, and applied again to the answer before it
// is published, with the same rule that ignores a notification older than the row it meets.
// A notification is a hint, the marketplace's answer the truth: one dated ahead of the desk's
// clock is only a reason to read its shipment again, and a reconciliation forgets what earlier
// notifications said, so a wrong timestamp cannot make later genuine ones look old for good.
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { QueueRow } from '../../../shared/contract/queue.js';
import type { QueueHook } from './desk-pushes.js';
import { aheadOfClock } from './notification-time.js';
import { applyNotification, upsertShipment, type PushEffect, type QueueScope } from './queue-push.js';

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

/** What the notifications brought, in the order it happened. */
type Fact = { kind: 'notification'; n: NotificationEnvelope } | { kind: 'read'; shipmentId: string; shipment: ShipmentWire | undefined };

/** One list or refresh of the queue under way (queue-handlers.ts). */
export interface Listing {
  /** The answer's rows with what notifications brought since the listing began put on top. */
  settle(rows: Map<string, QueueRow>, scope: QueueScope): Map<string, QueueRow>;
  /** The listing is over, answered or not. */
  close(): void;
}

export interface QueueFollow extends QueueHook {
  /** Call as a list or refresh begins; settle its answer before publishing it. */
  listing(): Listing;
}

const same = (a: QueueRow, b: QueueRow) =>
  a.status === b.status && a.hold === b.hold && Date.parse(a.dispatchByDate) === Date.parse(b.dispatchByDate) && Date.parse(a.dispatchAfterDate) === Date.parse(b.dispatchAfterDate);

export function queueHook(access: QueueAccess, clock: { now(): Date } = { now: () => new Date() }): QueueFollow {
  /** Newest change applied per shipment (queue-push.ts). */
  const seen = new Map<string, number>();
  /** The shipments notifications touched during each reconciliation under way. */
  const touching = new Set<Set<string>>();
  /** The facts of each listing under way. */
  const open = new Set<Fact[]>();
  const record = (fact: Fact) => {
    for (const facts of open) facts.push(fact);
  };

  function listing(): Listing {
    const facts: Fact[] = [];
    // What was known when the listing began: a late notification the desk had already
    // superseded stays ignored when the facts are applied again.
    const known = new Map(seen);
    open.add(facts);
    return {
      settle(rows, scope) {
        for (const fact of facts) {
          if (fact.kind === 'notification') {
            // A 'read' effect is left to its read: recorded below once answered, or still under
            // way and then published over these rows when it is.
            applyNotification(rows, fact.n, scope, known);
            continue;
          }
          const row = rows.get(fact.shipmentId);
          if (row && fact.shipment && Date.parse(row.updatedAt) > Date.parse(fact.shipment.updatedAt)) continue;
          upsertShipment(rows, fact.shipment, fact.shipmentId, scope);
        }
        return rows;
      },
      close: () => void open.delete(facts),
    };
  }

  async function apply(n: NotificationEnvelope): Promise<void> {
    for (const ids of touching) ids.add(n.shipmentId);
    const future = aheadOfClock(n, clock.now());
    if (!future) record({ kind: 'notification', n });
    const now = access.current();
    if (!now) return;
    const rows = new Map(now.rows);
    const effect: PushEffect = future ? { kind: 'read', shipmentId: n.shipmentId } : applyNotification(rows, n, now.scope, seen);
    if (effect.kind === 'applied' && effect.changed) access.publish(rows);
    if (effect.kind !== 'read') return;
    const shipment = await access.read(effect.shipmentId);
    record({ kind: 'read', shipmentId: effect.shipmentId, shipment });
    const latest = access.current();
    if (!latest) return;
    const next = new Map(latest.rows);
    upsertShipment(next, shipment, effect.shipmentId, latest.scope);
    access.publish(next);
  }

  return {
    apply,
    listing,
    async relist() {
      const before = access.current()?.rows;
      if (!before) return undefined;
      // The list settles its own answer with what came meanwhile (listing()).
      const touched = new Set<string>();
      touching.add(touched);
      let after: Awaited<ReturnType<QueueAccess['relist']>>;
      try {
        after = await access.relist();
      } finally {
        touching.delete(touched);
      }
      if (!after) return undefined;
      // The marketplace's answer replaces what notifications said before it: only those heard
      // while it ran (already applied to it) still stand against later ones.
      for (const id of [...seen.keys()]) if (!touched.has(id)) seen.delete(id);
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
