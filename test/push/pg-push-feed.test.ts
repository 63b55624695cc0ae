// A desk's feed of the warehouse's notifications against a real PostgreSQL: rows heard through
// NOTIFY in id order, each once; after the listening connection is killed, the feed reconnects
// and reads what was stored while it was away; a desk starting follows from the newest row. The
// board and the push feed of one desk share one LISTEN connection, and both come back after it
// is lost.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../shared/contract/warehouse.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { PgPushFeed, PUSH_ID_GAP_SETTLE_MS } from '../../electron/station/push/pg-push-feed.js';
import { openBoardSource } from '../../electron/station/warehouse/board-source.js';
import { PgListener, listenClientFor, pgListeners } from '../../electron/station/warehouse/pg-listener.js';
import type { WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { envelope } from './push-fixtures.js';

const HOUR = 3_600_000;

/** The backends listening on this database (their last statement was a LISTEN). */
async function listeningBackends(pool: WarehousePool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
  return Number(rows[0].n);
}

describe.runIf(requirePostgres())("a desk's push feed", () => {
  const wh = useWarehouseDatabase();

  it('hears each stored notification once, in order, and catches up after losing its connection', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const store = new PgNotificationStore(pool);
    await store.put(envelope('S0', 'shipment_hold', { hold: true }));
    const heard: string[] = [];
    const links: boolean[] = [];
    const listener = new PgListener({ client: listenClientFor({ url }) });
    const feed = new PgPushFeed({
      store,
      listener,
      onNotification: (n) => heard.push(n.notification.shipmentId),
      onLink: (live) => links.push(live),
    });
    await feed.start();
    try {
      await until('the feed live', () => feed.isLive());
      for (const id of ['S1', 'S2', 'S3']) await store.put(envelope(id, 'shipment_hold', { hold: true }));
      await store.put(envelope('S1', 'shipment_hold', { hold: true }));
      await until('three heard', () => heard.length === 3, 5_000);
      // What was stored before the desk started is in its first search, not replayed.
      expect(heard).toEqual(['S1', 'S2', 'S3']);

      await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      await until('the feed noticing', () => !feed.isLive(), 5_000);
      for (const id of ['S4', 'S5']) await store.put(envelope(id, 'shipment_unhold', { hold: false }));
      await until('the feed back', () => feed.isLive(), 10_000);
      await until('what came meanwhile heard', () => heard.length === 5, 5_000);
      expect(heard).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
      expect(links).toEqual([true, false, true]);
    } finally {
      await feed.stop();
      await listener.stop();
    }
  });

  it('hears a row that commits after a row with a higher id was already read (parallel deliveries)', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const store = new PgNotificationStore(pool);
    const heard: string[] = [];
    let now = 0;
    const listener = new PgListener({ client: listenClientFor({ url }) });
    const feed = new PgPushFeed({ store, listener, onNotification: (n) => heard.push(n.notification.shipmentId), now: () => now });
    await feed.start();
    // The receiver's two requests in flight at once: the first one's INSERT has taken its id but
    // not committed yet when the second one's commits and notifies.
    const slow = await pool.connect();
    try {
      await until('the feed live', () => feed.isLive());
      await slow.query('BEGIN');
      await new PgNotificationStore(slow as unknown as WarehousePool).put(envelope('S1', 'shipment_created', {}));
      await store.put(envelope('S2', 'shipment_created', {}));
      await until('the later row heard', () => heard.includes('S2'), 5_000);
      await slow.query('COMMIT');
      await until('the row that committed last heard too', () => heard.includes('S1'), 5_000);
      expect(heard).toEqual(['S2', 'S1']);

      // An id that never commits (a rolled-back insert) is waited for only so long: rows after it
      // are heard once each, and the feed reads past it once it is PUSH_ID_GAP_SETTLE_MS old.
      await slow.query('BEGIN');
      await new PgNotificationStore(slow as unknown as WarehousePool).put(envelope('S3', 'shipment_created', {}));
      await slow.query('ROLLBACK');
      await store.put(envelope('S4', 'shipment_created', {}));
      await until('the row after the gap heard', () => heard.includes('S4'), 5_000);
      now += PUSH_ID_GAP_SETTLE_MS;
      await store.put(envelope('S5', 'shipment_created', {}));
      await until('the next row heard', () => heard.includes('S5'), 5_000);
      await store.put(envelope('S6', 'shipment_created', {}));
      await until('and the next', () => heard.includes('S6'), 5_000);
      await feed.drain();
      expect(heard).toEqual(['S2', 'S1', 'S4', 'S5', 'S6']);
    } finally {
      slow.release();
      await feed.stop();
      await listener.stop();
    }
  });

  it("one LISTEN connection serves the desk's board and its push feed, and both come back after it is lost", async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const listeners = pgListeners();
    const board = await openBoardSource({ connection: { url }, pollMs: HOUR, refreshMs: HOUR, listeners });
    const boardViews: BoardView[] = [];
    board.subscribe((v) => boardViews.push(v));
    const store = new PgNotificationStore(pool);
    const heard: string[] = [];
    const shared = listeners.acquire({ url });
    const feed = new PgPushFeed({ store, listener: shared.listener, onNotification: (n) => heard.push(n.notification.shipmentId) });
    await feed.start();
    const desk = await recordingDesk(pool, 'Desk 1', { now: () => new Date() });
    try {
      await until('both live', () => feed.isLive() && board.view().link === 'live');
      expect(await listeningBackends(pool)).toBe(1);
      await store.put(envelope('S1', 'shipment_hold', { hold: true }));
      await desk.pack('Asha', ['S1']);
      await desk.ship();
      await until('the push heard and the pack on the board', () => heard.includes('S1') && board.view().snapshot?.desks[0]?.packsLastHour === 1, 10_000);

      await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      await until('both noticing', () => !feed.isLive() && board.view().link === 'polling', 5_000);
      await until('both back on one connection', () => feed.isLive() && board.view().link === 'live', 10_000);
      expect(await listeningBackends(pool)).toBe(1);
      await store.put(envelope('S2', 'shipment_hold', { hold: true }));
      await desk.pack('Asha', ['S2']);
      await desk.ship();
      await until('both heard after the reconnection', () => heard.includes('S2') && board.view().snapshot?.desks[0]?.packsLastHour === 2, 10_000);
      expect(boardViews.map((v) => v.link)).toContain('polling');
    } finally {
      await desk.close();
      await feed.stop();
      await shared.release();
      await board.stop();
    }
    // The last user gone, the connection is closed.
    await until('no listener left', async () => (await listeningBackends(pool)) === 0, 5_000);
  });
});
