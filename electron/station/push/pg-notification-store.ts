// Notifications stored in the warehouse database (migration 0011): INSERT ... ON CONFLICT DO
// NOTHING on the dedup key, so two receivers behind one proxy, or a redelivery racing the first
// delivery, store one row. The row's trigger NOTIFYs every listening desk in the same commit.
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';
import type { WarehousePool } from '../warehouse/warehouse-pool.js';
import { notificationKey } from './notification-key.js';
import type { NotificationStore, PutResult, StoredNotification } from './notification-store.js';

/** The channel the rows' trigger notifies (migration 0011). */
export const PUSH_CHANNEL = 'push_notifications';

interface Row {
  id: string;
  dedup_key: string;
  received_at: Date;
  envelope: NotificationEnvelope;
}

const toStored = (r: Row): StoredNotification => ({ id: Number(r.id), key: r.dedup_key, receivedAt: r.received_at.toISOString(), notification: r.envelope });

export class PgNotificationStore implements NotificationStore {
  constructor(private readonly pool: WarehousePool) {}

  async put(n: NotificationEnvelope): Promise<PutResult> {
    const key = notificationKey(n);
    const inserted = await this.pool.query<{ id: string }>(
      `INSERT INTO push_notifications (dedup_key, shipment_id, event_type, event_at, envelope)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedup_key) DO NOTHING RETURNING id`,
      [key, n.shipmentId, n.eventType, n.timestamp, JSON.stringify(n)],
    );
    if (inserted.rows[0]) return { id: Number(inserted.rows[0].id), duplicate: false };
    const existing = await this.pool.query<{ id: string }>('SELECT id FROM push_notifications WHERE dedup_key = $1', [key]);
    return { id: Number(existing.rows[0].id), duplicate: true };
  }

  async after(afterId: number, limit: number): Promise<StoredNotification[]> {
    const r = await this.pool.query<Row>('SELECT id, dedup_key, received_at, envelope FROM push_notifications WHERE id > $1 ORDER BY id LIMIT $2', [afterId, limit]);
    return r.rows.map(toStored);
  }

  async lastId(): Promise<number> {
    const r = await this.pool.query<{ id: string | null }>('SELECT max(id) AS id FROM push_notifications');
    return Number(r.rows[0]?.id ?? 0);
  }

  async prune(before: Date): Promise<number> {
    const r = await this.pool.query('DELETE FROM push_notifications WHERE received_at < $1 AND id < (SELECT max(id) FROM push_notifications)', [before]);
    return r.rowCount ?? 0;
  }

  async close(): Promise<void> {
    // The pool belongs to whoever made it.
  }
}
