// The board kept live against a real PostgreSQL: a desk's pack reaches the board through the
// trigger's NOTIFY (with polling set so slow that only the notification can bring it), and after
// the database goes away and comes back the board polls meanwhile, listens again, and sees what
// was written after the restart. A busy warehouse's stream of notifications is folded into reads
// a gap apart, and the last one still shows everything.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../shared/contract/warehouse.js';
import { BOARD_READ_GAP_MS, BoardFeed } from '../../electron/station/warehouse/board-feed.js';
import { pgListeners } from '../../electron/station/warehouse/pg-listener.js';
import { openBoardSource } from '../../electron/station/warehouse/board-source.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';

/** The target: the board's view of a pack at most 2 s after it. */
const BOARD_LATENCY_TARGET_MS = 2_000;
const HOUR = 3_600_000;

describe.runIf(requirePostgres())('the live board feed', () => {
  const wh = useWarehouseDatabase();

  it('shows a pack within 2 s of the outbox storing it, through NOTIFY alone', async () => {
    const url = await wh.freshUrl();
    const views: { at: number; view: BoardView }[] = [];
    const board = await openBoardSource({ connection: { url }, pollMs: HOUR, refreshMs: HOUR });
    const desk = await recordingDesk(wh.pool({ url }), 'Desk 1', { now: () => new Date() });
    try {
      const unsubscribe = board.subscribe((view) => views.push({ at: Date.now(), view }));
      await until('the board listening', () => board.view().link === 'live');
      expect(board.view().snapshot?.desks).toEqual([]);
      await desk.pack('Asha', ['S1']);
      await desk.ship();
      const stored = Date.now();
      await until('the pack on the board', () => views.some((v) => v.view.snapshot?.desks[0]?.packsLastHour === 1), 10_000);
      const seen = views.find((v) => v.view.snapshot?.desks[0]?.packsLastHour === 1)!;
      expect(seen.view.snapshot?.desks[0]).toMatchObject({ desk: 'Desk 1', operator: 'Asha', packsLastHour: 1 });
      expect(seen.view.link).toBe('live');
      expect(seen.at - stored).toBeLessThanOrEqual(BOARD_LATENCY_TARGET_MS);
      unsubscribe();
    } finally {
      await desk.close();
      await board.stop();
    }
  });

  it('polls while the database is away, listens again when it is back, and shows what came after', async () => {
    const url = await wh.freshUrl();
    const board = await openBoardSource({ connection: { url, connectTimeoutMs: 2_000 }, pollMs: 300, refreshMs: HOUR });
    const links: string[] = [];
    board.subscribe((view) => links.push(view.link));
    try {
      await until('the board listening', () => board.view().link === 'live');
      wh.cluster.stop();
      await until('the board noticing the outage', () => board.view().link === 'polling', 15_000);
      expect(board.view().reason).toMatch(/warehouse database unreachable|Reconnecting/);
      wh.cluster.start();
      await until('the board listening again', () => board.view().link === 'live', 30_000);
      const desk = await recordingDesk(wh.pool({ url }), 'Desk 2', { now: () => new Date() });
      try {
        await desk.pack('Ravi', ['S9']);
        await desk.ship();
        await until('the pack after the restart', () => board.view().snapshot?.desks.some((d) => d.desk === 'Desk 2' && d.packsLastHour === 1) ?? false, 10_000);
        expect(board.view().reason).toBeUndefined();
      } finally {
        await desk.close();
      }
      expect(links).toContain('polling');
    } finally {
      await board.stop();
    }
  });

  it('folds a stream of notifications into reads a gap apart, and the last read shows every pack', async () => {
    const url = await wh.freshUrl();
    const board = await openBoardSource({ connection: { url }, pollMs: HOUR, refreshMs: HOUR });
    const desk = await recordingDesk(wh.pool({ url }), 'Desk 3', { now: () => new Date() });
    const PACKS = 40;
    try {
      await until('the board listening', () => board.view().link === 'live');
      const before = board.reads();
      const started = Date.now();
      // Each pack shipped on its own: one outbox statement, one notification, each.
      for (let i = 1; i <= PACKS; i += 1) {
        await desk.pack('Meena', [`B${i}`]);
        await desk.ship();
      }
      await until('every pack on the board', () => board.view().snapshot?.desks.find((d) => d.desk === 'Desk 3')?.packsLastHour === PACKS, 10_000);
      const elapsed = Date.now() - started;
      const reads = board.reads() - before;
      // At most one read per gap, plus the first one at once and the last folded one.
      expect(reads).toBeLessThanOrEqual(Math.floor(elapsed / BOARD_READ_GAP_MS) + 2);
      expect(reads).toBeLessThan(PACKS);
    } finally {
      await desk.close();
      await board.stop();
    }
  });

  it('stops without waiting out the gap before a folded read, and no caller is left waiting', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const shared = pgListeners().acquire({ url });
    const feed = new BoardFeed({ pool, listener: shared.listener, onChange: () => undefined, pollMs: HOUR, refreshMs: HOUR, readGapMs: HOUR });
    try {
      await feed.start();
      const reads = feed.reads;
      // The read before began just now: this one waits an hour behind it.
      const folded = feed.refresh();
      await feed.stop();
      await folded;
      expect(feed.reads).toBe(reads);
    } finally {
      await shared.release();
    }
  });
});
