// Eight app desks as separate processes (the app's station, app-desk-process.ts) against one
// sandbox and one PostgreSQL, racing over the same 500 shipments: four pack one shipment at a
// time at the Pack screen, four run waves. Two wave desks start first and are killed with SIGKILL
// while their wave holds claims, then the database is stopped for 30 s while the others go on. Leases are
// 3 s here (90 s in a warehouse) so the takeover does not dominate the test's time.
//
// Outcome, read from the marketplace and the database: every shipment packed exactly once (one
// Packed event each), no pack started at two desks (the pack intents of every desk's journal),
// the invoice series accounted for without a gap (each number used by exactly one pack, or held
// in a desk's outage block, or given back), every journal record of every desk in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../electron/station/journal/journal.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { order, stateAt } from '../support/wave-fixtures.js';
import type { AppDeskConfig } from './app-desk-process.js';

const SHIPMENTS = 500;
const LEASE_MS = 3_000;
const OUTAGE_MS = 30_000;
const DYING = ['Desk 7', 'Desk 8'];
const PACK_LATENCY_MS = 300;
const LOG_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'warehouse-desks');

interface Running {
  desk: string;
  child: ChildProcess;
  lines: AsyncIterator<string>;
  stderr: string[];
}

function startDesk(config: AppDeskConfig): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/warehouse/app-desk-process.ts', JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  return { desk: config.desk, child, lines: createInterface({ input: child.stdout! })[Symbol.asyncIterator](), stderr };
}

async function nextEvent(desk: Running): Promise<Record<string, any>> {
  const line = await desk.lines.next();
  if (line.done) throw new Error(`${desk.desk} ended without an answer: ${desk.stderr.join('').slice(-3000)}`);
  return JSON.parse(line.value) as Record<string, any>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.runIf(requirePostgres())('eight app desks, two killed mid-wave, the database away for 30 s', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let root: string;
  const running: Running[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    root = mkdtempSync(join(tmpdir(), 'warehouse-desks-'));
  });
  afterAll(async () => {
    // What each desk said, for a failure in CI (test-results/ is kept as an artifact).
    mkdirSync(LOG_DIR, { recursive: true });
    for (const [i, r] of running.entries()) writeFileSync(join(LOG_DIR, `${i}-${r.desk.replace(' ', '-')}.log`), r.stderr.join(''));
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await sb?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('packs every shipment exactly once, at one desk each, with one gap-free invoice series and every journal in the database', { timeout: 420_000 }, async () => {
    const ids = await order(sb, { count: SHIPMENTS, kind: 'plain', locationId: sb.info.locations[0] });
    expect(ids).toHaveLength(SHIPMENTS);
    // A pack takes a moment at the marketplace, as it does for real: waves hold their claims
    // for that moment, which is when the dying desks are killed.
    expect((await sb.call('POST', '/sandbox/faults', { body: { latencyMs: PACK_LATENCY_MS, operations: ['POST /v3/shipments/labels'] } })).status).toBe(200);
    const dbUrl = await wh.freshUrl();
    const db = wh.pool({ url: dbUrl });
    const base = {
      baseUrl: sb.baseUrl,
      caPem: sb.tls.caCert,
      app: sb.info.selfAccess,
      locations: sb.info.locations,
      sellerUsername: sb.info.seller.username,
      dbUrl,
      ids,
      leaseMs: LEASE_MS,
    };
    const configOf = (n: number, mode: AppDeskConfig['mode']): AppDeskConfig => ({ ...base, desk: `Desk ${n}`, mode, dataDir: join(root, `desk-${n}`), seed: n });
    // The dying desks start first, one after the other, so each is killed while its own wave holds
    // claims it has not packed (a wave on a fast machine can claim everything in one go, so a desk
    // started later might never hold any). The six others then race over what is left.
    const waitFor = async (d: Running) => expect(await nextEvent(d), d.stderr.join('')).toEqual({ event: 'ready' });
    const orphaned: string[] = [];
    for (const name of DYING) {
      const n = Number(name.split(' ')[1]);
      const desk = startDesk(configOf(n, 'wave'));
      running.push(desk);
      await waitFor(desk);
      const held = await until(
        `${name} holding wave claims (${desk.stderr.join('').slice(-500)})`,
        async () => {
          const rows = (await db.query('SELECT shipment_id FROM claims WHERE desk = $1 AND packed_at IS NULL AND wave_id IS NOT NULL', [name])).rows;
          return rows.length > 0 ? rows : undefined;
        },
        120_000,
      );
      desk.child.kill('SIGKILL');
      orphaned.push(...held.map((r) => r.shipment_id as string));
    }
    const desks = [1, 2, 3, 4].map((n) => startDesk(configOf(n, 'single'))).concat([5, 6].map((n) => startDesk(configOf(n, 'wave'))));
    running.push(...desks);
    for (const d of desks) await waitFor(d);
    const packedBeforeOutage = (await db.query('SELECT count(*)::int AS n FROM claims WHERE packed_at IS NOT NULL')).rows[0].n;

    // The database away for 30 s while six desks go on; their leases and the dead desks' run out.
    wh.cluster.stop();
    await sleep(OUTAGE_MS);
    wh.cluster.start();

    // The others take the dead desks' shipments over once their leases have run out.
    await until(
      'the dead desks’ shipments taken over',
      async () => {
        return orphaned.every((id) => stateAt(sb, id) !== 'APPROVED') ? true : undefined;
      },
      180_000,
    );
    // The dead desks start again on their own data: their journals reach the database, their numbers are settled.
    const restarted = [7, 8].map((n) => startDesk(configOf(n, 'single')));
    running.push(...restarted);
    const live = [...desks, ...restarted];
    const done = await Promise.all(live.map(async (d) => [d.desk, (await nextEvent(d).then((e) => (e.event === 'ready' ? nextEvent(d) : e))) as Record<string, any>] as const));
    for (const [desk, event] of done) expect(event, `${desk}: ${live.find((d) => d.desk === desk)!.stderr.join('').slice(-2000)}`).toMatchObject({ event: 'done' });
    await Promise.all(live.map((d) => new Promise((r) => (d.child.exitCode !== null ? r(null) : d.child.once('exit', r)))));

    // The marketplace: every shipment packed, one Packed event each.
    await until('a Packed event for every shipment', async () => {
      for (const id of ids) stateAt(sb, id); // settles PACKING_IN_PROGRESS into PACKED once its documents are ready
      const events = sb.world.events.filter((e) => e.kind === 'Packed' && ids.includes(e.shipmentId as string));
      return events.length >= SHIPMENTS ? events : undefined;
    });
    const packedEvents = sb.world.events.filter((e) => e.kind === 'Packed' && ids.includes(e.shipmentId as string)).map((e) => e.shipmentId as string);
    expect(packedEvents.sort()).toEqual([...ids].sort());

    // No pack started at two desks: every pack intent of every desk's journal (all in the database).
    const intents = (await db.query("SELECT desk, record FROM journal_records WHERE type = 'intent' AND record->>'op' = 'pack'")).rows as { desk: string; record: { targets: { shipmentIds?: string[] } } }[];
    const desksOf = new Map<string, Set<string>>();
    for (const row of intents) for (const id of row.record.targets.shipmentIds ?? []) desksOf.set(id, (desksOf.get(id) ?? new Set()).add(row.desk));
    expect(ids.filter((id) => (desksOf.get(id)?.size ?? 0) !== 1).map((id) => `${id}: ${[...(desksOf.get(id) ?? [])].join(', ')}`)).toEqual([]);
    const packedAt = new Map(ids.map((id) => [id, [...desksOf.get(id)!][0]]));
    expect(new Set(packedAt.values()).size).toBeGreaterThanOrEqual(4);

    // One invoice series: each counter 1..last has one row; the used ones are exactly the numbers the
    // marketplace holds, one per shipment; the rest are in outage blocks or given back, none left reserved.
    const numbers = ids.map((id) => sb.world.shipments.get(id)!.pack!.invoiceNumber!);
    const rows = (await db.query('SELECT counter, invoice_number, status, shipment_id, desk FROM invoice_numbers ORDER BY counter')).rows as { counter: number; invoice_number: string; status: string; shipment_id: string | null; desk: string | null }[];
    // A number on two shipments, with the shipments, the packing desks and the number's row, so a failure says how it happened.
    const twice = [...new Set(numbers.filter((n, i) => numbers.indexOf(n) !== i))].map((n) => ({
      number: n,
      shipments: ids.filter((id, i) => numbers[i] === n).map((id) => `${id} packed at ${[...(desksOf.get(id) ?? [])].join(', ')}`),
      row: rows.find((r) => r.invoice_number === n),
    }));
    expect(twice).toEqual([]);
    const last = (await db.query('SELECT last_counter FROM invoice_series')).rows[0].last_counter as number;
    expect(rows.map((r) => r.counter)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(rows.filter((r) => r.status === 'used').map((r) => r.invoice_number).sort()).toEqual([...numbers].sort());
    for (const r of rows.filter((x) => x.status === 'used')) expect(sb.world.shipments.get(r.shipment_id!)!.pack!.invoiceNumber).toBe(r.invoice_number);
    expect(rows.filter((r) => !['used', 'block', 'free'].includes(r.status))).toEqual([]);

    // Claims: every shipment's claim recorded as packed by the desk whose journal holds its pack.
    const claims = (await db.query('SELECT shipment_id, desk, packed_at FROM claims WHERE shipment_id = ANY($1::text[])', [ids])).rows as { shipment_id: string; desk: string; packed_at: Date | null }[];
    expect(claims.filter((c) => !c.packed_at || c.desk !== packedAt.get(c.shipment_id)).map((c) => c.shipment_id)).toEqual([]);
    // The dead desks' claims were taken over by other desks once their leases ran out.
    const takenOver = (await db.query("SELECT DISTINCT shipment_id FROM claim_events WHERE event = 'taken_over' AND previous_desk = ANY($1::text[])", [DYING])).rows.map((r) => r.shipment_id as string);
    const orphansPackedElsewhere = orphaned.filter((id) => !DYING.includes(packedAt.get(id)!));
    expect(orphansPackedElsewhere.length).toBeGreaterThan(0);
    expect(orphansPackedElsewhere.filter((id) => !takenOver.includes(id))).toEqual([]);

    // Every journal record of every desk is in the database (the outboxes caught up after the outage and the kills).
    for (let n = 1; n <= 8; n++) {
      const journal = await Journal.open({ dir: join(root, `desk-${n}`, 'journal'), clock: { now: () => new Date() } });
      const onDisk = (await journal.records()).length;
      await journal.close();
      const stored = (await db.query('SELECT count(*)::int AS n FROM journal_records WHERE desk = $1', [`Desk ${n}`])).rows[0].n;
      expect(stored, `Desk ${n}`).toBe(onDisk);
    }
    expect(packedBeforeOutage).toBeLessThan(SHIPMENTS);
  });
});
