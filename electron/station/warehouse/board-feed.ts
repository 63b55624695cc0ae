// The board kept live: the desk's shared listener (pg-listener.ts) follows the channel the
// database's triggers notify (migration 0010), and a notification re-reads the board: at once
// when the board was quiet, else BOARD_READ_GAP_MS after the read before began; notifications
// arriving meanwhile are folded into that one read. A busy warehouse notifies all the time (every claim,
// pack and journal record): eight desks packing waves notified about 120 times a second, and
// reading back to back kept a database backend busy with the board alone (600 to 850 reads in a
// 5 s run), slowing every desk's claims on the same server; with the gap the board is at most a
// quarter of a second behind (the issue allows 2 s). When the listener is
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
/** Between a read and the next one that folds the notifications heard during it. */
export const BOARD_READ_GAP_MS = 250;

export interface BoardFeedOptions {
  pool: WarehousePool;
  /** The desk's LISTEN connection to the same database (shared with the push feed). */
  listener: PgListener;
  onChange: (view: BoardView) => void;
  now?: () => Date;
  pollMs?: number;
  refreshMs?: number;
  readGapMs?: number;
  boardOnly?: boolean;
}

export class BoardFeed {
  private unlisten: (() => void) | undefined;
  private link: BoardLink = 'connecting';
  private snapshot: BoardSnapshot | undefined;
  private reason: KeyedSentence | undefined;
  private reading: Promise<void> | undefined;
  /** Callers of refresh() waiting for a read begun after their call. */
  private readonly waiting: (() => void)[] = [];
  /** Waiting for the end of whichever read is next done. */
  private readonly anyRead: (() => void)[] = [];
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** When the last read began (ms): the next one begins a gap after it at the earliest. */
  private lastStarted = Number.NEGATIVE_INFINITY;
  /** Ends the wait before a folded read (stop() does not wait out the gap). */
  private endGap: (() => void) | undefined;
  /** Reads done since start (for tests and the bench: how hard the board works the database). */
  reads = 0;

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
        // Said at once, not after the next read (a gap away): the board is not live now.
        if (!live && !this.reason) {
          this.reason = keyed('warehouse.db.board.reconnecting');
          if (this.snapshot) this.options.onChange(this.view());
        }
        // Changes made while the listener was away are not notified: read once now.
        void this.refresh();
      },
    });
    // The read under way (the listener's first link) will do: the board was never read before.
    const read = new Promise<void>((resolve) => this.anyRead.push(resolve));
    if (!this.reading) void this.refresh();
    await read;
  }

  /**
   * Reads the board now, or once more after the read under way (a gap after it); resolves when a
   * read begun after this call is done (or the feed stopped), never later.
   */
  refresh(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.reading) this.again = true;
    else {
      this.reading = this.readLoop().catch((error: unknown) => {
        // A subscriber that threw: the board goes on (the next notification reads again).
        this.reading = undefined;
        for (const resolve of [...this.waiting.splice(0), ...this.anyRead.splice(0)]) resolve();
        throw error;
      });
    }
    return done;
  }

  private async readLoop(): Promise<void> {
    for (;;) {
      await this.gapAfter(this.lastStarted);
      if (this.stopped) break;
      this.again = false;
      this.lastStarted = Date.now();
      const waiting = this.waiting.splice(0);
      try {
        this.snapshot = await readBoard(this.options.pool, this.options.now?.() ?? new Date());
        this.reason = this.link === 'live' ? undefined : keyed('warehouse.db.board.reconnecting');
      } catch (error) {
        const failure = asWarehouseError(error);
        const why = failure instanceof WarehouseUnreachableError ? awayReasonSentence(failure.reason) : keyed('warehouse.db.away.other', { detail: (failure as Error).message });
        this.reason = keyed('warehouse.db.board.readFailed', undefined, { why });
      }
      this.reads += 1;
      if (!this.stopped) this.options.onChange(this.view());
      for (const resolve of [...waiting, ...this.anyRead.splice(0)]) resolve();
      if (!this.again || this.stopped) break;
    }
    // Cleared before anyone waiting runs on: a refresh() from there starts a new read.
    this.reading = undefined;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Until BOARD_READ_GAP_MS after the last read began (at once when that is past). */
  private gapAfter(started: number): Promise<void> {
    const wait = started + (this.options.readGapMs ?? BOARD_READ_GAP_MS) - Date.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.endGap = undefined;
        resolve();
      }, wait);
      this.endGap = () => {
        clearTimeout(timer);
        this.endGap = undefined;
        resolve();
      };
    });
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
    this.endGap?.();
    this.unlisten?.();
    this.unlisten = undefined;
    await this.reading;
  }
}
