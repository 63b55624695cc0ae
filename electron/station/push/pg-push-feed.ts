// A desk's feed of the warehouse's notifications: one dedicated client LISTENs on the channel the
// rows' trigger notifies (migration 0011); each notification makes the desk read the rows after
// the last id it handled, in id order, so none is skipped even when NOTIFYs are folded or a
// payload is lost. When the listening client is lost the feed reconnects with backoff and, back,
// reads what was stored meanwhile. A desk starting follows from the newest row: what came before
// is already in the queue its first search reads.
import type { ListenClient } from '../warehouse/board-feed.js';
import { READ_BATCH, type NotificationStore, type StoredNotification } from './notification-store.js';
import { PUSH_CHANNEL } from './pg-notification-store.js';

export const FEED_RECONNECT_INITIAL_MS = 1_000;
export const FEED_RECONNECT_MAX_MS = 15_000;
/** While live, how often the link is checked (a cut cable is silent). */
export const FEED_CHECK_MS = 30_000;

export interface PgPushFeedOptions {
  store: Pick<NotificationStore, 'after' | 'lastId'>;
  listener: () => ListenClient;
  onNotification: (n: StoredNotification) => void;
  /** Told when the feed goes live or is lost. */
  onLink?: (live: boolean) => void;
  log?: (line: string) => void;
}

export class PgPushFeed {
  private client: ListenClient | undefined;
  private lastId = 0;
  private reading: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private backoff = FEED_RECONNECT_INITIAL_MS;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private live = false;

  constructor(private readonly options: PgPushFeedOptions) {}

  isLive(): boolean {
    return this.live;
  }

  async start(): Promise<void> {
    this.stopped = false;
    try {
      this.lastId = await this.options.store.lastId();
    } catch {
      // The database is away: from the first row read once it is back.
    }
    await this.connect();
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

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.options.listener();
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (m) => {
      if (m.channel === PUSH_CHANNEL) void this.drain();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUSH_CHANNEL}`);
      if (this.client !== client) return;
      this.backoff = FEED_RECONNECT_INITIAL_MS;
      this.setLive(true);
      this.check();
      // Stored while the listener was away: not notified, read now.
      await this.drain();
    } catch {
      this.lost(client);
    }
  }

  private check(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const client = this.client;
      if (!client || this.stopped) return;
      client.query('SELECT 1').then(
        () => this.check(),
        () => this.lost(client),
      );
    }, FEED_CHECK_MS);
    this.timer.unref?.();
  }

  private lost(client: ListenClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.setLive(false);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), this.backoff);
    this.timer.unref?.();
    this.backoff = Math.min(this.backoff * 2, FEED_RECONNECT_MAX_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.setLive(false);
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
    await this.reading;
  }
}
