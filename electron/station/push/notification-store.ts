// Where the receiver keeps each notification once, and where desks read them: PostgreSQL in
// warehouse mode (pg-notification-store.ts), the desk's own data folder without a database
// (file-notification-store.ts). Both answer put() only once the notification is durable, which is
// what lets the receiver answer 2xx (the marketplace stops resending on a 2xx).
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';

export interface StoredNotification {
  /** Ascending in the order of storing: a desk reads what came after the last id it saw. */
  id: number;
  key: string;
  receivedAt: string;
  notification: NotificationEnvelope;
}

export interface PutResult {
  id: number;
  /** The same notification was stored before (a redelivery): nothing new was written. */
  duplicate: boolean;
}

export interface NotificationStore {
  put(notification: NotificationEnvelope): Promise<PutResult>;
  /** Stored notifications with an id above `afterId`, oldest first, at most `limit`. */
  after(afterId: number, limit: number): Promise<StoredNotification[]>;
  /** The newest id stored (0 when none): a desk starting now follows from there. */
  lastId(): Promise<number>;
  /**
   * Removes notifications received before `before` (the newest is always kept, so ids go on
   * rising); how many went. Desks have applied them long since, and the marketplace's retries
   * are over: keeping them would only grow the store without end.
   */
  prune(before: Date): Promise<number>;
  close(): Promise<void>;
}

/** How long a stored notification is kept: far past the marketplace's retries and any desk's catch-up. */
export const NOTIFICATION_RETENTION_MS = 7 * 86_400_000;
/** The receiver removes older notifications at most this often. */
export const PRUNE_INTERVAL_MS = 60 * 60_000;

/** How many notifications a desk reads in one go when it catches up. */
export const READ_BATCH = 500;
