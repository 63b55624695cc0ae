// What a desk may do in the warehouse database, against a real PostgreSQL with two roles: the
// lead's login that owns the tables and migrates, and a desk's login in the role station_desk.
// A desk changes rows, never the schema; it says in words when the lead must migrate; two live
// desks of one name are refused; claims are keyed by the desk's identity; leases are the
// database's time, whatever the desk's clock says; a PIN hash's cost is the code's, not the row's.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scryptSync } from 'node:crypto';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { Journal } from '../../electron/station/journal/journal.js';
import { pinMatches } from '../../electron/station/operators/pin-hash.js';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { DeskWarehouse } from '../../electron/station/warehouse/desk-warehouse.js';
import { DESK_IDENTITY_FILE, deskIdentity } from '../../electron/station/warehouse/desk-identity.js';
import { LIVE_DESK_MS, takeDeskName } from '../../electron/station/warehouse/desk-presence.js';
import { checkSchema, migrate, MIGRATIONS } from '../../electron/station/warehouse/migrations.js';
import { DESK_ROLE } from '../../electron/station/warehouse/migrations/0022-desk-role-and-identity.js';
import { createWarehousePool, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { GSTIN } from '../support/warehouse-desk.js';

const LEASE = 60_000;
const HOURS = 3_600_000;
const DESK_LOGIN = `desk_login_${process.pid}`;

describe.runIf(requirePostgres())('the desk role in the warehouse database', () => {
  const wh = useWarehouseDatabase();
  const pools: WarehousePool[] = [];
  const work = mkdtempSync(join(tmpdir(), 'desk-roles-'));
  /** A pool of a desk's login on the database at `url` (the lead's address). */
  const deskPool = (url = wh.url): WarehousePool => {
    const u = new URL(url);
    u.username = DESK_LOGIN;
    const p = createWarehousePool({ url: u.toString(), max: 2, connectTimeoutMs: 15_000 });
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    await wh.pool().query(`CREATE ROLE ${DESK_LOGIN} LOGIN IN ROLE ${DESK_ROLE}`);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    rmSync(work, { recursive: true, force: true });
  });

  it('changes rows but never the schema, and cannot read what it has no right to', async () => {
    const desk = deskPool();
    const claims = new ClaimService(desk, { clock: { now: () => new Date() }, leaseMs: LEASE });
    expect((await claims.claim('R1', { id: 'desk-r1', name: 'Desk R' }, 'Asha')).ok).toBe(true);
    expect(await claims.markPacked('R1', { id: 'desk-r1', name: 'Desk R' })).toBe(true);
    expect(await checkSchema(desk)).toBe(MIGRATIONS.at(-1)!.version);
    for (const ddl of ['CREATE TABLE stolen (x int)', 'ALTER TABLE claims ADD COLUMN x int', 'DROP TABLE claims', 'TRUNCATE claims', 'DELETE FROM claims', 'DELETE FROM journal_records', 'CREATE INDEX ON claims (operator)']) {
      const error = await desk.query(ddl).catch((e: unknown) => e as { code?: string; message: string });
      expect(error, ddl).toMatchObject({ code: '42501' });
    }
  });

  it('says in words that the lead must migrate a database behind it, and never migrates it itself', async () => {
    const url = `${wh.cluster.url(`behind_${process.pid}`)}`;
    wh.cluster.createDatabase(`behind_${process.pid}`);
    await migrate(wh.pool({ url }), MIGRATIONS.slice(0, -1));
    const desk = deskPool(url);
    await expect(checkSchema(desk)).rejects.toThrow(/set up for an older Packing Station, before desks had their own role\. A desk never changes the database itself: the lead must run `station warehouse migrate`/);
    const journal = await Journal.open({ dir: join(work, 'journal'), clock: { now: () => new Date() } });
    const u = new URL(url);
    u.username = DESK_LOGIN;
    const warehouse = new DeskWarehouse({
      config: { enabled: true, desk: 'Desk B', deskId: 'desk-b', registration: GSTIN, source: 'settings', connection: { url: u.toString() }, displayUrl: u.toString() },
      journal, clock: { now: () => new Date() }, dataDir: work, invoicePrefix: 'PS', autoInvoicing: false, pool: desk,
    });
    await expect(warehouse.start()).rejects.toThrow(/the lead must run `station warehouse migrate`/);
    await warehouse.stop();
    await journal.close();
    expect((await wh.pool({ url }).query('SELECT max(version) AS v FROM schema_migrations')).rows[0].v).toBe(21);

    // The command: refused with a desk's login, in words; done with the lead's.
    const dataDir = join(work, 'cli');
    const run = async (address: string) => {
      const err: string[] = [];
      const out: string[] = [];
      const code = await runCli(['warehouse', 'migrate', '--data-dir', dataDir, '--warehouse', address], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, { env: {}, prompt: async () => undefined });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const refused = await run(u.toString());
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/may not change the schema .*Run station warehouse migrate with the lead's login that owns the tables, not a desk's\.$/);
    const done = await run(url);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toMatch(/^Migrated postgres:\/\/station@127\.0\.0\.1:\d+\/behind_\d+ to schema version 22 \(applied 22\)\.$/);
    expect(await checkSchema(desk)).toBe(22);
  });

  it('refuses a second live desk with the same name until it is renamed', async () => {
    const desk = deskPool();
    await takeDeskName(desk, { id: 'desk-first', name: 'Desk 1' });
    await takeDeskName(desk, { id: 'desk-first', name: 'Desk 1' }); // the same desk again: its own name
    await expect(takeDeskName(desk, { id: 'desk-second', name: 'Desk 1' })).rejects.toThrow(
      /^Another desk named Desk 1 is running on the warehouse database \(seen \d+ seconds ago\)\. Two desks cannot share a name: rename this desk in Setup -> Warehouse/,
    );
    await takeDeskName(desk, { id: 'desk-second', name: 'Desk 2' });
    // The first desk went silent: its name may pass to another desk.
    await wh.pool().query("UPDATE desk_presence SET last_seen = now() - $1::float8 * interval '1 millisecond' WHERE desk = 'Desk 1'", [LIVE_DESK_MS + 1_000]);
    await takeDeskName(desk, { id: 'desk-third', name: 'Desk 1' });
  });

  it('keys claims by the desk identity: a desk of the same name cannot renew, pack or release another one’s claim', async () => {
    const desk = deskPool();
    const claims = new ClaimService(desk, { clock: { now: () => new Date() }, leaseMs: LEASE });
    const first = { id: 'desk-one', name: 'Desk 5' };
    const twin = { id: 'desk-twin', name: 'Desk 5' };
    expect((await claims.claim('K1', first, 'Asha')).ok).toBe(true);
    expect((await claims.claim('K1', twin, 'Ravi')).ok).toBe(false);
    expect(await claims.renew(['K1'], twin)).toEqual(['K1']);
    expect(await claims.markPacked('K1', twin)).toBe(false);
    expect(await claims.release('K1', twin)).toBe(false);
    expect(await claims.renew(['K1'], first)).toEqual([]);
    // A claim written before identities (no desk_id) stays its name's.
    await wh.pool().query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ('K0', 'Desk 5', 'Asha', now(), now() + interval '1 minute')");
    expect(await claims.renew(['K0'], first)).toEqual([]);
    expect((await wh.pool().query("SELECT desk_id FROM claims WHERE shipment_id = 'K0'")).rows[0].desk_id).toBe('desk-one');
  });

  it("times a lease by the database's clock: a desk clock hours off neither takes a live lease nor stretches its own", async () => {
    const desk = deskPool();
    const right = new ClaimService(desk, { clock: { now: () => new Date() }, leaseMs: LEASE });
    const ahead = new ClaimService(desk, { clock: { now: () => new Date(Date.now() + 5 * HOURS) }, leaseMs: LEASE });
    const behind = new ClaimService(desk, { clock: { now: () => new Date(Date.now() - 5 * HOURS) }, leaseMs: LEASE });
    expect((await right.claim('T1', 'Desk 1', 'Asha')).ok).toBe(true);
    expect((await right.claimWave(['T2'], 'Desk 1', 'Asha', 'w1')).length).toBe(1);
    // Five hours ahead, the lease looks long gone to this desk: it is not.
    expect((await ahead.claim('T1', 'Desk 2', 'Ravi')).ok).toBe(false);
    expect(await ahead.claimWave(['T2'], 'Desk 2', 'Ravi', 'w2')).toEqual([]);
    expect((await right.holder('T1'))?.desk).toBe('Desk 1');
    // Renewed by a desk whose clock is ahead, or claimed by one behind: a lease as long as any.
    expect(await ahead.renew(['T1'], 'Desk 1')).toEqual([]);
    expect((await behind.claim('T3', 'Desk 3', 'Meena')).ok).toBe(true);
    const leases = await wh.pool().query<{ id: string; left_ms: number }>(
      "SELECT shipment_id AS id, (extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms FROM claims WHERE shipment_id IN ('T1', 'T3') ORDER BY 1",
    );
    for (const row of leases.rows) {
      expect(row.left_ms, row.id).toBeGreaterThan(0);
      expect(row.left_ms, row.id).toBeLessThanOrEqual(LEASE);
    }
  });
});

describe('operator PINs', () => {
  const forged = (pin: string, n: number): string => {
    const salt = Buffer.from('0123456789abcdef');
    return ['scrypt', n, 8, 1, salt.toString('base64'), scryptSync(pin, salt, 32, { N: n, r: 8, p: 1 }).toString('base64')].join('$');
  };

  it("checks a PIN at the code's own cost, never at the cost a stored row names", () => {
    // A row written cheap (anyone with write access to the operators table could make one) is refused.
    expect(pinMatches('1234', forged('1234', 2))).toBe(false);
    // One that names a cost of gigabytes is refused without being computed.
    expect(pinMatches('1234', 'scrypt$1073741824$8$1$MDEyMzQ1Njc4OWFiY2RlZg==$AAAA')).toBe(false);
    expect(pinMatches('1234', forged('1234', 1 << 14))).toBe(true);
    expect(pinMatches('9999', forged('1234', 1 << 14))).toBe(false);
  });
});

describe("the desk's identity", () => {
  it('is made once, kept private in the data folder, and the same at every start', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'desk-id-')), 'data');
    try {
      const id = deskIdentity(dir);
      expect(id).toMatch(/^desk-[0-9a-f-]{36}$/);
      expect(deskIdentity(dir)).toBe(id);
      expect(statSync(join(dir, DESK_IDENTITY_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(deskIdentity(join(dir, 'other'))).not.toBe(id);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
