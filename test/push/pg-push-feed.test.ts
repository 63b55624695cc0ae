// A desk's feed of the warehouse's notifications against a real PostgreSQL: rows heard through
// NOTIFY in id order, each once; after the listening connection is killed, the feed reconnects
// and reads what was stored while it was away; a desk starting follows from the newest row.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { PgPushFeed } from '../../electron/station/push/pg-push-feed.js';
import { poolConfig } from '../../electron/station/warehouse/warehouse-pool.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { envelope } from './push-fixtures.js';

describe.runIf(requirePostgres())("a desk's push feed", () => {
  const wh = useWarehouseDatabase();

  it('hears each stored notification once, in order, and catches up after losing its connection', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const store = new PgNotificationStore(pool);
    await store.put(envelope('S0', 'shipment_hold', { hold: true }));
    const heard: string[] = [];
    const links: boolean[] = [];
    const feed = new PgPushFeed({
      store,
      listener: () => new pg.Client({ ...poolConfig({ url }), query_timeout: undefined }),
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
    }
  });
});
