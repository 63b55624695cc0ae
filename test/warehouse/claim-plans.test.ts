// A desk's connections readied for claims before anyone waits (claim-plans.ts), against a real
// PostgreSQL: opened at start and kept, the claim statements prepared on each before the pool
// hands it out, nothing changed or announced by the warm-up; and the wave's claim reading the
// open claims through their index rather than every claim ever packed.
import { describe, expect, it } from 'vitest';
import { WARM_CONNECTIONS, warmClaimPlans, warmPool } from '../../electron/station/warehouse/claim-plans.js';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { migrate } from '../../electron/station/warehouse/migrations.js';
import { openAmongStatement, waveClaimStatement } from '../../electron/station/warehouse/wave-claims.js';
import { WINDOW_FACTOR } from '../../electron/station/warehouse/wave-window.js';
import type { WarehouseClient, WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { freshDatabase, requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const CLAIM_STATEMENTS = ['station-claim-lock', 'station-wave-claim', 'station-wave-open'];

const prepared = async (client: WarehouseClient): Promise<string[]> =>
  (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name);

/** The desk pool's server connections, seen from another connection. */
const backends = async (observer: WarehousePool, db: string): Promise<number> =>
  (await observer.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'packing-station' AND pid <> pg_backend_pid()", [db])).rows[0]!.n;

describe.runIf(requirePostgres())('claim plans', () => {
  const wh = useWarehouseDatabase();

  it("opens the desk's connections at start with the claim statements prepared, and its first claims use them", async () => {
    const url = freshDatabase(wh.cluster);
    const db = new URL(url).pathname.slice(1);
    const observer = wh.pool({ url, max: 1 });
    await migrate(observer);
    // The desk's pool as DeskWarehouse makes it, and its start.
    const pool = wh.pool({ url, keepOpen: WARM_CONNECTIONS, onConnect: warmClaimPlans });
    await warmPool(pool);
    expect(await backends(observer, db)).toBe(WARM_CONNECTIONS);
    const clients = await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => pool.connect()));
    try {
      for (const client of clients) expect(await prepared(client)).toEqual(CLAIM_STATEMENTS);
    } finally {
      for (const client of clients) client.release();
    }
    // Nothing was claimed, recorded or left locked by the warm-up.
    const left = await observer.query<{ claims: number; events: number; locks: number }>(
      "SELECT (SELECT count(*) FROM claims)::int AS claims, (SELECT count(*) FROM claim_events)::int AS events, (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory')::int AS locks",
    );
    expect(left.rows[0]).toEqual({ claims: 0, events: 0, locks: 0 });

    const claims = new ClaimService(pool, { clock: manualClock(new Date('2026-11-24T05:00:00Z')) });
    const candidates = Array.from({ length: 50 }, (_, i) => `P-${i}`);
    expect(await claims.claimWave(candidates, 'Desk 1', 'Asha', 'w1', 20)).toEqual(candidates.slice(0, 20));
    expect((await claims.claim('P-40', 'Desk 1', 'Asha')).ok).toBe(true);
    // The claims ran on the connections opened at start: none was opened for them.
    expect(pool.totalCount).toBe(WARM_CONNECTIONS);
    expect(await backends(observer, db)).toBe(WARM_CONNECTIONS);
  });

  it('readies a connection made later before the pool hands it out, without changing anything or telling the board', async () => {
    const url = await wh.freshUrl();
    const listener = await wh.pool({ url, max: 1 }).connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN warehouse_board');
    const pool = wh.pool({ url, onConnect: warmClaimPlans });
    const client = await pool.connect();
    try {
      expect(await prepared(client)).toEqual(CLAIM_STATEMENTS);
      expect(await client.query('SELECT 1 FROM claims')).toMatchObject({ rowCount: 0 });
      // The caller's own write, committed: the first notification the board hears.
      await client.query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ('LATE-1', 'Desk 2', 'Ravi', now(), now() + interval '1 minute')");
    } finally {
      client.release();
    }
    const rows = await wh.pool({ url, max: 1 }).query<{ desk: string }>("SELECT desk FROM claims WHERE shipment_id = 'LATE-1'");
    expect(rows.rows).toEqual([{ desk: 'Desk 2' }]);
    // Notifications arrive in commit order: the board hears the caller's insert, and nothing before it.
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard[0]).toBe('claims');
    expect(heard).toHaveLength(1);
    listener.release();
  });

  it('lets a desk start on a database not migrated yet: the warm-up gives way and the migrations run', async () => {
    const url = freshDatabase(wh.cluster);
    const pool = wh.pool({ url, onConnect: warmClaimPlans });
    await migrate(pool);
    await warmPool(pool);
    const claims = new ClaimService(pool, { clock: manualClock(new Date('2026-11-24T05:00:00Z')) });
    expect(await claims.claimWave(['N-1', 'N-2'], 'Desk 1', 'Asha', 'w1', 5)).toEqual(['N-1', 'N-2']);
  });

  it("reads the open claims through their index, not every claim the warehouse ever packed", async () => {
    const pool = await wh.freshPool();
    const now = new Date('2026-11-24T05:00:00Z');
    await pool.query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until, packed_at) SELECT 'OLD-' || g, 'Desk 1', 'Asha', $1, $1, $1 FROM generate_series(1, 20000) g", [now]);
    await pool.query('ANALYZE claims');
    // A window of a wave's 2,000 candidates (wave-window.ts), as a busy claim sends it.
    const candidates = Array.from({ length: 20 * WINDOW_FACTOR * 4 }, (_, i) => (i % 2 === 0 ? `OLD-${i + 1}` : `NEW-${i}`));
    const statement = waveClaimStatement({ candidates, desk: 'Desk 2', operator: 'Ravi', waveId: 'w', limit: 20, now, until: new Date(now.getTime() + 60_000) });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const plan = (await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${statement.text}`, values: statement.values })).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using claims_open on claims/);
      expect(plan).not.toMatch(/Seq Scan on claims/);
      // The held candidates looked at again: through the same index.
      const open = openAmongStatement(candidates);
      const openPlan = (await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${open.text}`, values: open.values })).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(openPlan).toMatch(/Index Scan using claims_open on claims/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
