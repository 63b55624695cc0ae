// Migrations against a real PostgreSQL: applied in order, recorded, idempotent, and applied once
// when several desks start at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../electron/station/warehouse/migrations.js';
import { createWarehousePool, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { freshDatabase, requirePostgres, startPostgres, type PgCluster } from '../support/postgres.js';

describe.runIf(requirePostgres())('warehouse migrations', () => {
  let cluster: PgCluster;
  const pools: WarehousePool[] = [];
  const pool = (url: string): WarehousePool => {
    const p = createWarehousePool({ url, max: 2 });
    pools.push(p);
    return p;
  };

  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    cluster?.destroy();
  });

  it('applies every migration in order on an empty database, and nothing on a re-run', async () => {
    const db = pool(freshDatabase(cluster));
    const first = await migrate(db);
    expect(first.applied).toEqual(MIGRATIONS.map((m) => m.version));
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    const rows = (await db.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    const tables = (await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows.map((r) => r.tablename);
    expect(tables).toEqual(['backlog_shipments', 'claim_events', 'claims', 'desk_presence', 'invoice_numbers', 'invoice_series', 'journal_records', 'operators', 'packed_serials', 'push_notifications', 'schema_migrations']);
  });

  it('applies each migration once when eight desks start at the same moment', async () => {
    const url = freshDatabase(cluster);
    const desks = Array.from({ length: 8 }, () => pool(url));
    const reports = await Promise.all(desks.map((d) => migrate(d)));
    const applied = reports.flatMap((r) => r.applied).sort((a, b) => a - b);
    expect(applied).toEqual(MIGRATIONS.map((m) => m.version));
    expect(reports.filter((r) => r.applied.length > 0)).toHaveLength(1);
    const count = (await desks[0].query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n;
    expect(count).toBe(MIGRATIONS.length);
  });

  it('takes a newer migration on an older schema, and refuses a schema newer than the desk knows', async () => {
    const url = freshDatabase(cluster);
    const db = pool(url);
    await migrate(db, MIGRATIONS.slice(0, 2));
    const later = await migrate(db);
    expect(later.applied).toEqual(MIGRATIONS.slice(2).map((m) => m.version));
    await expect(migrate(db, MIGRATIONS.slice(0, 3))).rejects.toThrow(/newer than this desk knows/);
  });

  it('rolls a failing migration back whole and records nothing for it', async () => {
    const db = pool(freshDatabase(cluster));
    const last = MIGRATIONS[MIGRATIONS.length - 1].version;
    const broken = [...MIGRATIONS, { version: last + 1, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
    await expect(migrate(db, broken)).rejects.toThrow(new RegExp(`Warehouse migration ${last + 1} \\(broken\\) failed`));
    const versions = (await db.query('SELECT max(version)::int AS v FROM schema_migrations')).rows[0].v;
    expect(versions).toBe(last);
    const half = (await db.query("SELECT to_regclass('half_done') AS t")).rows[0].t;
    expect(half).toBeNull();
  });
});
