// A desk's feed of the warehouse's notifications: the desk's shared listener (pg-listener.ts)
// follows the channel the rows' trigger notifies (migration 0011); each notification makes the
// desk read the rows after the last id it handled, in id order, so none is skipped even when
// NOTIFYs are folded or a payload is lost. When the listener is lost it reconnects with backoff
// and, back, the feed reads what was stored meanwhile. A desk starting follows from the newest
// row: what came before is in the queue its first search reads.
import type { PgListener } from '../warehouse/pg-listener.js';
import { READ_BATCH, type NotificationStore, type StoredNotification } from './notification-store.js';
import { PUSH_CHANNEL } from './pg-notification-store.js';

export interface PgPushFeedOptions {
  store: Pick<NotificationStore, 'after' | 'lastId'>;
  listener: PgListener;
  onNotification: (n: StoredNotification) => void;
  /** Told when the feed goes live or is lost. */
  onLink?: (live: boolean) => void;
  log?: (line: string) => void;
}

export class PgPushFeed {
  private lastId = 0;
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
      this.lastId = await this.options.store.lastId();
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
          for (;;) {
            const rows = await this.options.store.after(this.lastId, READ_BATCH);
            for (const row of rows) {
              this.lastId = row.id;
              this.options.onNotification(row);
            }
            if (rows.length < READ_BATCH) break;
          }
        } catch (error) {
          this.options.log?.(`push: the notifications could not be read: ${(error as Error).message}`);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
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
