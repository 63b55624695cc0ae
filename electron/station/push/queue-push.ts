// What a notification does to the queue's rows (the queue of shared/contract/queue.ts, which
// holds every row of the search type it shows). Kept the way the search would have found it:
// a row joins only when the search of the queue would return it (its type's states, the desk's
// location, the hold filter, a seller-packed service profile), and leaves when it no longer would.
// Notifications can arrive late, twice or out of order ("at least once"): one older than what the
// row already shows is ignored. Where a notification does not carry enough to build the row (an
// unhold, a partial cancellation, a shipment the queue has not seen), the shipment is read by id.
import { STATES_BY_SEARCH_TYPE, type OrderItemStatus } from '../../../shared/api/enums.js';
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { QueueFilter, QueueRow } from '../../../shared/contract/queue.js';
import { toQueueRow } from '../app/handlers/queue-rows.js';
import { SELLER_PACKED_PROFILES } from '../packing/seller-search.js';

/** What the queue's search covers, as queue-handlers.ts builds it. */
export interface QueueScope {
  filter: QueueFilter;
  locationId?: string;
}

export type PushEffect =
  /** The rows changed (or not) from the notification alone. */
  | { kind: 'applied'; changed: boolean }
  /** The notification is older than what the queue shows, or not about the queue. */
  | { kind: 'ignored' }
  /** Read this shipment by id and put its row through upsertShipment. */
  | { kind: 'read'; shipmentId: string };

const STATUS_KINDS = new Set(['shipment_packed', 'shipment_ready_to_dispatch', 'shipment_pickup_complete', 'shipment_shipped', 'shipment_delivered', 'shipment_form_failed']);

/** Whether the queue's search would return this row. */
export function inScope(row: QueueRow, scope: QueueScope, shipment?: ShipmentWire): boolean {
  const f = scope.filter;
  if (!STATES_BY_SEARCH_TYPE[f.type].includes(row.status)) return false;
  if (scope.locationId && row.locationId !== scope.locationId) return false;
  if (f.type === 'preDispatch' && row.hold !== (f.hold ?? false)) return false;
  if (f.sku && !row.skus.includes(f.sku)) return false;
  if (shipment) {
    const profiles = shipment.orderItems.map((i) => i.serviceProfile).filter((p): p is string => !!p);
    if (profiles.length > 0 && !profiles.some((p) => (SELLER_PACKED_PROFILES as readonly string[]).includes(p))) return false;
    if (f.shipmentTypes && shipment.shipmentType && !f.shipmentTypes.includes(shipment.shipmentType as never)) return false;
  }
  return true;
}

/** Only the packing queue (approved to ready to dispatch, no search typed) takes rows from pushes. */
const takesNewRows = (scope: QueueScope) => scope.filter.type === 'preDispatch' && !scope.filter.search && !scope.filter.cancellationType;

/**
 * The instant of a change, to the second: the documentation's timestamps may carry no
 * milliseconds while the search's updatedAt does, so a notification of the same second as the row
 * is not taken for an older one.
 */
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Applies one notification to the rows (a copy the caller publishes when changed). `seen` holds
 * the newest change applied per shipment, so a late notification cannot bring back a row that a
 * newer one removed (a shipment_created arriving after its shipment_cancelled).
 */
export function applyNotification(rows: Map<string, QueueRow>, n: NotificationEnvelope, scope: QueueScope, seen: Map<string, number>): PushEffect {
  if (!n.eventType.startsWith('shipment_')) return { kind: 'ignored' };
  const row = rows.get(n.shipmentId);
  const when = at(n.timestamp);
  // A notification older than the row's last change would put an old state back.
  if ((row && at(row.updatedAt) > when) || (seen.get(n.shipmentId) ?? -Infinity) > when) return { kind: 'ignored' };
  seen.set(n.shipmentId, when);
  const put = (next: QueueRow): PushEffect => {
    const keep = inScope(next, scope);
    if (keep) rows.set(next.shipmentId, next);
    else rows.delete(next.shipmentId);
    return { kind: 'applied', changed: keep || row !== undefined };
  };
  const a = n.attributes as Record<string, unknown>;
  switch (n.eventType) {
    case 'shipment_created': {
      const shipment = a as unknown as ShipmentWire;
      if (!row && !takesNewRows(scope)) return { kind: 'ignored' };
      const next = { ...toQueueRow(shipment), updatedAt: n.timestamp };
      if (inScope(next, scope, shipment)) return put(next);
      return { kind: 'applied', changed: rows.delete(n.shipmentId) };
    }
    case 'shipment_hold':
    case 'shipment_unhold': {
      const hold = n.eventType === 'shipment_hold';
      if (row) return put({ ...row, hold, updatedAt: n.timestamp });
      // A released shipment the queue shows (held ones are not in the default queue): read it.
      return takesNewRows(scope) && (scope.filter.hold ?? false) === hold ? { kind: 'read', shipmentId: n.shipmentId } : { kind: 'ignored' };
    }
    case 'shipment_dispatch_dates_changed':
      if (!row) return { kind: 'ignored' };
      return put({ ...row, dispatchByDate: String(a.dispatchByDate), dispatchAfterDate: String(a.dispatchAfterDate), updatedAt: n.timestamp });
    case 'shipment_cancelled': {
      if (!row) return { kind: 'ignored' };
      // Some items only: what is left of the shipment is read.
      if (Array.isArray(a.orderItemIds) && a.orderItemIds.length > 0) return { kind: 'read', shipmentId: n.shipmentId };
      return put({ ...row, status: 'CANCELLED', updatedAt: n.timestamp });
    }
    default: {
      if (!STATUS_KINDS.has(n.eventType)) return { kind: 'ignored' };
      const status = a.status as OrderItemStatus;
      if (row) return put({ ...row, status, updatedAt: n.timestamp });
      return takesNewRows(scope) && STATES_BY_SEARCH_TYPE.preDispatch.includes(status) ? { kind: 'read', shipmentId: n.shipmentId } : { kind: 'ignored' };
    }
  }
}

/** Puts a shipment read by id into the rows as the search would show it (or takes it out). */
export function upsertShipment(rows: Map<string, QueueRow>, shipment: ShipmentWire | undefined, shipmentId: string, scope: QueueScope): boolean {
  if (!shipment) return rows.delete(shipmentId);
  const row = toQueueRow(shipment);
  if (inScope(row, scope, shipment)) {
    rows.set(shipmentId, row);
    return true;
  }
  return rows.delete(shipmentId);
}
