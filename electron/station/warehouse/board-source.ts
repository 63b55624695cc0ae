// The board's connection to the warehouse database, as a desk or the board-only host uses it:
// a small pool for the board's reads, the desk's shared LISTEN connection (pg-listener.ts; the
// push feed uses the same one), the migrations (the board's tables and trigger), and the feed's views to whoever
// subscribes (the station's event hub).
import type { BoardView, WarehouseActivityEntry } from '../../../shared/contract/warehouse.js';
import { warehouseActivity } from './board-activity.js';
import { BoardFeed, type BoardFeedOptions } from './board-feed.js';
import { migrate } from './migrations.js';
import { pgListeners, type PgListeners } from './pg-listener.js';
import { createWarehousePool, type WarehouseConnectionOptions } from './warehouse-pool.js';

/** The board reads one thing at a time; a second connection serves Activity meanwhile. */
const BOARD_POOL_SIZE = 2;

export interface BoardSource {
  view(): BoardView;
  subscribe(listener: (view: BoardView) => void): () => void;
  activity(options: { text?: string; limit: number; language?: string }): Promise<WarehouseActivityEntry[]>;
  /** Board reads so far (how hard the board works the database). */
  reads(): number;
  stop(): Promise<void>;
}

export interface BoardSourceOptions extends Pick<BoardFeedOptions, 'now' | 'pollMs' | 'refreshMs' | 'readGapMs' | 'boardOnly'> {
  connection: WarehouseConnectionOptions;
  log?: (line: string) => void;
  /** The desk's listeners (shared with its push feed); one of its own when absent. */
  listeners?: PgListeners;
}

export async function openBoardSource(options: BoardSourceOptions): Promise<BoardSource> {
  const listeners = new Set<(view: BoardView) => void>();
  const pool = createWarehousePool({ ...options.connection, max: BOARD_POOL_SIZE, onIdleError: (e) => options.log?.(`board: ${e.message}`) });
  const shared = (options.listeners ?? pgListeners(options.log)).acquire(options.connection);
  const feed = new BoardFeed({
    pool,
    listener: shared.listener,
    onChange: (view) => listeners.forEach((fn) => fn(view)),
    now: options.now,
    pollMs: options.pollMs,
    refreshMs: options.refreshMs,
    readGapMs: options.readGapMs,
    boardOnly: options.boardOnly,
  });
  try {
    await migrate(pool);
  } catch (error) {
    options.log?.(`board: migrations not applied (${(error as Error).message}); reading what is there`);
  }
  await feed.start();
  return {
    view: () => feed.view(),
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    activity: (a) => warehouseActivity(pool, a),
    reads: () => feed.reads,
    stop: async () => {
      await feed.stop();
      await shared.release();
      await pool.end().catch(() => undefined);
    },
  };
}
