// The board kept live: the desk's shared listener (pg-listener.ts) follows the channel the
// database's triggers notify (migration 0010), and every notification re-reads the board
// (notifications arriving during a read are folded into one more read). When the listener is
// lost (the database restarted, the link was cut), the board is read on a timer instead while it
// reconnects; once it listens again, the timer goes back to a slow refresh that moves the
// time-based figures (packs in the last hour, overdue shipments) and checks the link.
import type { BoardLink, BoardSnapshot, BoardView } from '../../../shared/contract/warehouse.js';
import { readBoard } from './board-figures.js';
import type { PgListener } from './pg-listener.js';
import { asWarehouseError, WarehouseUnreachableError, type WarehousePool } from './warehouse-pool.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { awayReasonSentence } from './warehouse-problem-words.js';

export const BOARD_CHANNEL = 'warehouse_board';
/** While LISTEN cannot reach the database: how often the board is read instead. */
export const BOARD_POLL_MS = 5_000;
/** While live: how often the figures that move with the clock are read again. */
export const BOARD_REFRESH_MS = 30_000;

export interface BoardFeedOptions {
  pool: WarehousePool;
  /** The desk's LISTEN connection to the same database (shared with the push feed). */
  listener: PgListener;
  onChange: (view: BoardView) => void;
  now?: () => Date;
  pollMs?: number;
  refreshMs?: number;
  boardOnly?: boolean;
}

export class BoardFeed {
  private unlisten: (() => void) | undefined;
  private link: BoardLink = 'connecting';
  private snapshot: BoardSnapshot | undefined;
  private reason: KeyedSentence | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly options: BoardFeedOptions) {}

  view(): BoardView {
    return {
      enabled: true,
      link: this.link,
      boardOnly: this.options.boardOnly ?? false,
      ...(this.reason ? { reason: englishSentence(this.reason), reasonSentence: this.reason } : {}),
      ...(this.snapshot ? { snapshot: this.snapshot } : {}),
    };
  }

  /** Connects the listener and reads the board once; resolves when the first read is done. */
  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.options.listener.listen(BOARD_CHANNEL, {
      notify: () => void this.refresh(),
      link: (live) => {
        if (this.stopped) return;
        this.setLink(live ? 'live' : 'polling');
        // Changes made while the listener was away are not notified: read once now.
        void this.refresh();
      },
    });
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
        this.reason = this.link === 'live' ? undefined : keyed('warehouse.db.board.reconnecting');
      } catch (error) {
        const failure = asWarehouseError(error);
        const why = failure instanceof WarehouseUnreachableError ? awayReasonSentence(failure.reason) : keyed('warehouse.db.away.other', { detail: (failure as Error).message });
        this.reason = keyed('warehouse.db.board.readFailed', undefined, { why });
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

  /** A silent dead link (a cut cable) is found by asking the listener something. */
  private async checkLink(): Promise<void> {
    await this.options.listener.check();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.unlisten?.();
    this.unlisten = undefined;
    await this.reading;
  }
}
