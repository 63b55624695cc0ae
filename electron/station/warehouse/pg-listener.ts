// One LISTEN connection to the warehouse database, shared by whatever in a desk follows a
// channel (the board: migration 0010; the push notifications: migration 0011). A dedicated client
// (LISTEN needs one: a pooled connection would drop it) listens on every channel subscribed;
// when it is lost (the database restarted, the link was cut) each subscriber is told, and the
// client reconnects with backoff (1 s doubling to 15 s) and listens on them all again. A cut
// cable is silent, so while live the link is checked with a query every LISTEN_CHECK_MS.
import pg from 'pg';
import { poolConfig, type WarehouseConnectionOptions } from './warehouse-pool.js';

export const LISTEN_RECONNECT_INITIAL_MS = 1_000;
export const LISTEN_RECONNECT_MAX_MS = 15_000;
/** While live, how often the link is checked. */
export const LISTEN_CHECK_MS = 30_000;

/** What the listener needs of a pg.Client (a new one per connection attempt). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', fn: (error: Error) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  removeAllListeners(): unknown;
}

/** One subscriber of one channel. */
export interface ChannelHandler {
  /** A NOTIFY on the channel. */
  notify(payload: string | undefined): void;
  /** The channel is listened to (true), or the link is lost (false). Called on every change. */
  link(live: boolean): void;
}

export interface PgListenerOptions {
  client: () => ListenClient;
  checkMs?: number;
  log?: (line: string) => void;
}

/** Channel names are SQL identifiers written into LISTEN: only plain ones are taken. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export class PgListener {
  private client: ListenClient | undefined;
  private live = false;
  private readonly handlers = new Map<string, Set<ChannelHandler>>();
  /** Channels the current client listens on. */
  private listening = new Set<string>();
  private attempt: Promise<void> | undefined;
  private backoff = LISTEN_RECONNECT_INITIAL_MS;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly options: PgListenerOptions) {}

  isLive(): boolean {
    return this.live;
  }

  /**
   * Follows a channel; resolves once the listener's current connection attempt is over (live or
   * not: the handler's link() says which). The returned function stops following it.
   */
  async listen(channel: string, handler: ChannelHandler): Promise<() => void> {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    this.stopped = false;
    const unlisten = () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
    };
    if (this.attempt) await this.attempt;
    if (this.client && this.live) {
      if (!this.listening.has(channel)) {
        try {
          await this.client.query(`LISTEN ${channel}`);
          this.listening.add(channel);
        } catch {
          this.lost(this.client);
          return unlisten;
        }
      }
      handler.link(true);
    } else if (!this.client && !this.reconnectTimer) {
      await this.connect();
    } else if (!this.live) {
      handler.link(false);
    }
    return unlisten;
  }

  /** Asks the link something now: a silent dead link is found and reconnected. */
  async check(): Promise<void> {
    const client = this.client;
    if (!client || !this.live) return;
    try {
      await client.query('SELECT 1');
    } catch {
      this.lost(client);
    }
  }

  private each(fn: (handler: ChannelHandler, channel: string) => void): void {
    for (const [channel, set] of this.handlers) for (const h of [...set]) fn(h, channel);
  }

  private connect(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.reconnectTimer = undefined;
    const client = this.options.client();
    this.client = client;
    this.listening = new Set();
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (m) => {
      for (const h of [...(this.handlers.get(m.channel) ?? [])]) h.notify(m.payload);
    });
    this.attempt = (async () => {
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) {
          await client.query(`LISTEN ${channel}`);
          this.listening.add(channel);
        }
        if (this.client !== client) return;
        this.backoff = LISTEN_RECONNECT_INITIAL_MS;
        this.live = true;
        this.scheduleCheck();
        this.each((h) => h.link(true));
      } catch {
        this.lost(client);
      }
    })().finally(() => {
      this.attempt = undefined;
    });
    return this.attempt;
  }

  private scheduleCheck(): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.check().then(() => this.live && this.scheduleCheck()), this.options.checkMs ?? LISTEN_CHECK_MS);
    this.checkTimer.unref?.();
  }

  private lost(client: ListenClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = new Set();
    release(client);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    if (this.stopped) return;
    this.live = false;
    this.each((h) => h.link(false));
    this.reconnectTimer = setTimeout(() => void this.connect(), this.backoff);
    this.reconnectTimer.unref?.();
    this.backoff = Math.min(this.backoff * 2, LISTEN_RECONNECT_MAX_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.live = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

function release(client: ListenClient): void {
  client.removeAllListeners();
  client.on('error', () => undefined);
  void client.end().catch(() => undefined);
}

/** A listening pg.Client over the warehouse's connection settings. */
export function listenClientFor(connection: WarehouseConnectionOptions): () => ListenClient {
  // LISTEN waits for notifications indefinitely: no statement timeout on this client.
  return () => new pg.Client({ ...poolConfig(connection), query_timeout: undefined, keepAlive: true });
}

/** A desk's listeners, one per database: the board and the push feed of one desk share it. */
export interface PgListeners {
  /** The shared listener of this database; release() when done (the last one stops it). */
  acquire(connection: WarehouseConnectionOptions): { listener: PgListener; release(): Promise<void> };
}

export function pgListeners(log?: (line: string) => void): PgListeners {
  const open = new Map<string, { listener: PgListener; users: number }>();
  return {
    acquire(connection) {
      const key = JSON.stringify([connection.url, connection.sslMode, connection.caFile, connection.password, connection.connectTimeoutMs]);
      let entry = open.get(key);
      if (!entry) open.set(key, (entry = { listener: new PgListener({ client: listenClientFor(connection), log }), users: 0 }));
      entry.users += 1;
      const held = entry;
      let released = false;
      return {
        listener: held.listener,
        release: async () => {
          if (released) return;
          released = true;
          held.users -= 1;
          if (held.users === 0) {
            open.delete(key);
            await held.listener.stop();
          }
        },
      };
    },
  };
}
