// The board kept live: one dedicated client LISTENs on the channel the database's triggers
// notify (migration 0010), and every notification re-reads the board (notifications arriving
// during a read are folded into one more read). When the listening client is lost (the database
// restarted, the link was cut), the board is read on a timer instead and the client reconnects
// with backoff; once it listens again, the timer goes back to a slow refresh that moves the
// time-based figures (packs in the last hour, overdue shipments) and checks the link.
import type { BoardLink, BoardSnapshot, BoardView } from '../../../shared/contract/warehouse.js';
import { readBoard } from './board-figures.js';
import { asWarehouseError, type WarehousePool } from './warehouse-pool.js';

export const BOARD_CHANNEL = 'warehouse_board';
/** While LISTEN cannot reach the database: how often the board is read instead. */
export const BOARD_POLL_MS = 5_000;
/** While live: how often the figures that move with the clock are read again. */
export const BOARD_REFRESH_MS = 30_000;
export const RECONNECT_INITIAL_MS = 1_000;
export const RECONNECT_MAX_MS = 15_000;

/** What the feed needs of a pg.Client (a new one per connection attempt). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', fn: (error: Error) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  removeAllListeners(): unknown;
}

export interface BoardFeedOptions {
  pool: WarehousePool;
  /** Makes the dedicated listening client (pg.Client over the same connection settings). */
  listener: () => ListenClient;
  onChange: (view: BoardView) => void;
  now?: () => Date;
  pollMs?: number;
  refreshMs?: number;
  boardOnly?: boolean;
}

export class BoardFeed {
  private client: ListenClient | undefined;
  private link: BoardLink = 'connecting';
  private snapshot: BoardSnapshot | undefined;
  private reason: string | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private backoff = RECONNECT_INITIAL_MS;
  private stopped = false;

  constructor(private readonly options: BoardFeedOptions) {}

  view(): BoardView {
    return {
      enabled: true,
      link: this.link,
      boardOnly: this.options.boardOnly ?? false,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.snapshot ? { snapshot: this.snapshot } : {}),
    };
  }

  /** Connects the listener and reads the board once; resolves when the first read is done. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
    await this.refresh();
  }

  /** Reads the board now (or once more after the read under way). */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readLoop().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        this.snapshot = await readBoard(this.options.pool, this.options.now?.() ?? new Date());
        this.reason = this.link === 'live' ? undefined : 'Reconnecting to the warehouse database for live updates; the board is read every few seconds meanwhile.';
      } catch (error) {
        this.reason = `${(asWarehouseError(error) as Error).message}. The board shows the last figures it read and tries again.`;
      }
      if (!this.stopped) this.options.onChange(this.view());
    } while (this.again && !this.stopped);
  }

  private setLink(link: BoardLink): void {
    if (this.link === link) return;
    this.link = link;
    this.schedule();
  }

  /** One timer: the fast poll while not listening, the slow refresh (and link check) while live. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    const live = this.link === 'live';
    this.timer = setTimeout(
      () => {
        if (live) void this.checkLink();
        void this.refresh().then(() => this.schedule());
      },
      live ? (this.options.refreshMs ?? BOARD_REFRESH_MS) : (this.options.pollMs ?? BOARD_POLL_MS),
    );
    this.timer.unref?.();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.options.listener();
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (m) => {
      if (m.channel === BOARD_CHANNEL) void this.refresh();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${BOARD_CHANNEL}`);
      if (this.client !== client) return;
      this.backoff = RECONNECT_INITIAL_MS;
      this.setLink('live');
      // Changes made while the listener was away are not notified: read once now.
      void this.refresh();
    } catch {
      this.lost(client);
    }
  }

  /** A silent dead link (a cut cable) is found by asking the listener something. */
  private async checkLink(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('SELECT 1');
    } catch {
      this.lost(client);
    }
  }

  private lost(client: ListenClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.setLink('polling');
    if (this.link === 'polling' && !this.timer) this.schedule();
    void this.refresh();
    this.reconnectTimer = setTimeout(() => void this.connect(), this.backoff);
    this.reconnectTimer.unref?.();
    this.backoff = Math.min(this.backoff * 2, RECONNECT_MAX_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
    await this.reading;
  }
}
