// A desk's feed of the warehouse's notifications: the desk's shared listener (pg-listener.ts)
// follows the channel the rows' trigger notifies (migration 0011); each notification makes the
// desk read the rows after the last id it handled, in id order, so none is skipped even when
// NOTIFYs are folded or a payload is lost. When the listener is lost it reconnects with backoff
// and, back, the feed reads what was stored meanwhile. A desk starting follows from the newest
// row: what came before is in the queue its first search reads.
// Ids are taken from a sequence when a row is inserted, not when it commits: the receiver stores
// the marketplace's parallel deliveries in parallel, so row 11 can commit (and notify) while row
// 10 is still being written. "Everything after the last id read" would then skip row 10 for good.
// The feed keeps a floor below which every id was handled, remembers the ids above it it has
// handled, and reads from the floor each time: row 10 is read when its own commit notifies. An id
// still missing after PUSH_ID_GAP_SETTLE_MS is taken as never coming (a rolled-back insert, or a
// redelivery's INSERT ... ON CONFLICT DO NOTHING, uses up a sequence value).
import type { PgListener } from '../warehouse/pg-listener.js';
import { READ_BATCH, type NotificationStore, type StoredNotification } from './notification-store.js';
import { PUSH_CHANNEL } from './pg-notification-store.js';

/** A missing id this long after it was first noticed is no longer waited for. */
export const PUSH_ID_GAP_SETTLE_MS = 10_000;

export interface PgPushFeedOptions {
  store: Pick<NotificationStore, 'after' | 'lastId'>;
  listener: PgListener;
  onNotification: (n: StoredNotification) => void;
  /** Told when the feed goes live or is lost. */
  onLink?: (live: boolean) => void;
  log?: (line: string) => void;
  /** Milliseconds, for the gaps' age (Date.now unless a test moves it). */
  now?: () => number;
}

export class PgPushFeed {
  /** Every id up to here was handled or given up. */
  private floor = 0;
  /** Ids above the floor already handled (read again from the floor, never handled twice). */
  private readonly handled = new Set<number>();
  private top = 0;
  /** Ids above the floor not seen yet, and when each was first found missing. */
  private readonly missing = new Map<number, number>();
  private reading: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private live = false;
  private unlisten: (() => void) | undefined;

  constructor(private readonly options: PgPushFeedOptions) {}

  isLive(): boolean {
    return this.live;
  }

  /** Resolves once the listener's first attempt is over (isLive() says how it went). */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      this.floor = this.top = await this.options.store.lastId();
    } catch {
      // The database is away: from the first row read once it is back.
    }
    this.unlisten = await this.options.listener.listen(PUSH_CHANNEL, {
      notify: () => void this.drain(),
      link: (live) => {
        if (this.stopped) return;
        this.setLive(live);
        // Stored while the listener was away: not notified, read now.
        if (live) void this.drain();
      },
    });
  }

  /** Reads every row after the last one handled (folded into one more read while one runs). */
  drain(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        try {
          let cursor = this.floor;
          for (;;) {
            const rows = await this.options.store.after(cursor, READ_BATCH);
            for (const row of rows) {
              cursor = row.id;
              if (row.id <= this.floor || this.handled.has(row.id)) continue;
              this.handled.add(row.id);
              this.missing.delete(row.id);
              this.top = Math.max(this.top, row.id);
              this.options.onNotification(row);
            }
            if (rows.length < READ_BATCH) break;
          }
          this.raiseFloor();
        } catch (error) {
          this.options.log?.(`push: the notifications could not be read: ${(error as Error).message}`);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Moves the floor over handled ids and over gaps older than PUSH_ID_GAP_SETTLE_MS. */
  private raiseFloor(): void {
    const now = (this.options.now ?? Date.now)();
    let settled = true;
    for (let id = this.floor + 1; id <= this.top; id++) {
      if (this.handled.has(id)) {
        if (settled) {
          this.handled.delete(id);
          this.floor = id;
        }
        continue;
      }
      const since = this.missing.get(id) ?? now;
      this.missing.set(id, since);
      if (settled && now - since >= PUSH_ID_GAP_SETTLE_MS) {
        this.missing.delete(id);
        this.floor = id;
        continue;
      }
      settled = false;
    }
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.options.onLink?.(live);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = undefined;
    this.setLive(false);
    await this.reading;
  }
}
