// Warehouse benchmarks: 1, 2, 4 and 8 desks, each its own process, packing the same 2,000
// shipments in waves against one sandbox (its own process, 50 ms injected latency) and one
// PostgreSQL (a throwaway cluster); the lead's board listening in this process. Measured:
//   - throughput: shipments packed per minute, from "go" to the last pack, per desk count;
//   - claim latency, p95 over all desks: a single shipment's claim (what a packer's scan does),
//     taken after every wave while the others pack; and the bulk wave claim (SKIP LOCKED, 20);
//   - the board's view of a pack: from the moment a pack's outcome is journaled at its desk to the
//     first board figures that count it (outbox -> trigger NOTIFY -> board read), p95.
// Every run checks its outcome: each shipment packed once (claims marked packed = shipments,
// desks' packed counts add up), or the bench fails.
//
// WAREHOUSE_BENCH_SHIPMENTS and WAREHOUSE_BENCH_DESKS (e.g. "1,4") shrink a run for a quick check.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openBoardSource } from '../../electron/station/warehouse/board-source.js';
import { migrate } from '../../electron/station/warehouse/migrations.js';
import { createWarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { freshDatabase, startPostgres, type PgCluster } from '../support/postgres.js';
import { percentile, type BenchRow } from './bench-table.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';
import type { BenchDeskConfig } from './warehouse-bench-desk.js';

const SHIPMENTS = Number(process.env.WAREHOUSE_BENCH_SHIPMENTS ?? 2_000);
const DESK_COUNTS = (process.env.WAREHOUSE_BENCH_DESKS ?? '1,2,4,8').split(',').map(Number);
const LATENCY_MS = 50;
const WAVE_BATCH = 20;
const CLAIM_P95_TARGET_MS = 20;
const BOARD_TARGET_MS = 2_000;

/** The sandbox in its own process, left on every core: the desk processes share them with it. */
const startSandbox = (dir: string) => startSandboxProcess(dir, ['--label-delay-ms', '0'], { pinned: false });

interface DeskRun {
  child: ChildProcess;
  events: AsyncIterator<string>;
  stderr: string[];
}

function startDesk(config: BenchDeskConfig): DeskRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/warehouse-bench-desk.ts', JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  return { child, events: createInterface({ input: child.stdout! })[Symbol.asyncIterator](), stderr };
}

async function next(desk: DeskRun): Promise<Record<string, any>> {
  const line = await desk.events.next();
  if (line.done) throw new Error(`a bench desk ended early: ${desk.stderr.join('')}`);
  return JSON.parse(line.value) as Record<string, any>;
}

interface RunResult {
  desks: number;
  perMinute: number;
  claimMs: number[];
  singleClaimMs: number[];
  boardMs: number[];
}

async function runDesks(n: number, cluster: PgCluster, sandbox: SandboxProcess): Promise<RunResult> {
  const locationId = sandbox.info.locations[0];
  const ids = ((await sandbox.call('/sandbox/shipments', { count: SHIPMENTS, locationId, kind: 'plain', restock: true })) as { shipmentIds: string[] }).shipmentIds;
  const dbUrl = freshDatabase(cluster);
  const pool = createWarehousePool({ url: dbUrl, max: 2 });
  await migrate(pool);
  // The board as a lead runs it (default timings: NOTIFY, polling only while LISTEN is away).
  const views: { at: number; packs: number }[] = [];
  const board = await openBoardSource({ connection: { url: dbUrl } });
  board.subscribe((v) => views.push({ at: Date.now(), packs: v.snapshot?.desks.reduce((s, d) => s + d.packsLastHour, 0) ?? 0 }));
  const caPem = readFileSync(sandbox.info.caCertPath, 'utf8');
  const desks = Array.from({ length: n }, (_, i) => startDesk({ baseUrl: sandbox.info.baseUrl, caPem, app: sandbox.info.selfAccess, dbUrl, desk: `Desk ${i + 1}`, ids, batch: WAVE_BATCH }));
  try {
    for (const d of desks) if ((await next(d)).event !== 'ready') throw new Error('a bench desk did not start');
    const started = Date.now();
    for (const d of desks) d.child.stdin!.write('go\n');
    const packs: { at: number; n: number }[] = [];
    const claimMs: number[] = [];
    const singleClaimMs: number[] = [];
    let packed = 0;
    await Promise.all(
      desks.map(async (d) => {
        for (;;) {
          const e = await next(d);
          if (e.event === 'packed' && e.n > 0) packs.push({ at: e.at, n: e.n });
          if (e.event === 'done') {
            packed += e.packed;
            claimMs.push(...(e.claimMs as number[]));
            singleClaimMs.push(...(e.singleClaimMs as number[]));
            return;
          }
        }
      }),
    );
    const lastPack = Math.max(...packs.map((p) => p.at));
    const inDb = Number((await pool.query("SELECT count(*) AS n FROM claims WHERE packed_at IS NOT NULL AND shipment_id NOT LIKE 'PROBE-%'")).rows[0].n);
    if (packed !== SHIPMENTS || inDb !== SHIPMENTS) throw new Error(`warehouse bench with ${n} desks: desks packed ${packed}, claims packed ${inDb}, of ${SHIPMENTS}`);
    // Let the board catch up with the last pack, then match every pack to the first view counting it.
    const deadline = Date.now() + 30_000;
    while ((views.at(-1)?.packs ?? 0) < SHIPMENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    packs.sort((a, b) => a.at - b.at);
    const boardMs: number[] = [];
    let total = 0;
    for (const p of packs) {
      total += p.n;
      const seen = views.find((v) => v.at >= p.at && v.packs >= total);
      boardMs.push(seen ? seen.at - p.at : Number.POSITIVE_INFINITY);
    }
    return { desks: n, perMinute: (SHIPMENTS / (lastPack - started)) * 60_000, claimMs, singleClaimMs, boardMs };
  } finally {
    for (const d of desks) if (d.child.exitCode === null) d.child.kill('SIGKILL');
    await board.stop();
    await pool.end();
  }
}

export async function runWarehouseBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'warehouse-bench-'));
  const cluster = await startPostgres();
  const sandbox = await startSandbox(join(dir, 'sandbox'));
  try {
    await sandbox.call('/sandbox/faults', { latencyMs: LATENCY_MS });
    const results: RunResult[] = [];
    for (const n of DESK_COUNTS) {
      process.stderr.write(`bench: warehouse, ${n} desk(s)...\n`);
      results.push(await runDesks(n, cluster, sandbox));
    }
    const one = results.find((r) => r.desks === 1);
    const most = results[results.length - 1];
    return [
      ...results.map((r) => ({
        area: 'Warehouse',
        name: `${r.desks} desk process${r.desks === 1 ? '' : 'es'} pack ${SHIPMENTS.toLocaleString('en-US')} shipments in waves of ${WAVE_BATCH}, ${LATENCY_MS} ms latency`,
        value: r.perMinute,
        unit: 'shipments/min',
        target: 'reported (no target)',
        pass: true,
        ...(one && r !== one ? { baseline: { name: '1 desk', value: one.perMinute, unit: 'shipments/min' } } : {}),
      })),
      {
        area: 'Warehouse',
        name: `claim latency p95, one shipment (a scan), while ${most.desks} desks pack`,
        value: percentile(most.singleClaimMs, 95),
        unit: 'ms',
        target: `≤ ${CLAIM_P95_TARGET_MS} ms`,
        pass: percentile(most.singleClaimMs, 95) <= CLAIM_P95_TARGET_MS,
        baseline: { name: 'median', value: percentile(most.singleClaimMs, 50), unit: 'ms' },
      },
      {
        area: 'Warehouse',
        name: `claim latency p95, a wave's bulk claim of ${WAVE_BATCH} among ${SHIPMENTS.toLocaleString('en-US')} candidates, ${most.desks} desks at once`,
        value: percentile(most.claimMs, 95),
        unit: 'ms',
        target: `≤ ${CLAIM_P95_TARGET_MS} ms`,
        pass: percentile(most.claimMs, 95) <= CLAIM_P95_TARGET_MS,
        baseline: { name: 'median', value: percentile(most.claimMs, 50), unit: 'ms' },
      },
      {
        area: 'Warehouse',
        name: `the board's view of a pack p95 (outbox, NOTIFY, board read), ${most.desks} desks`,
        value: percentile(most.boardMs, 95),
        unit: 'ms',
        target: `≤ ${BOARD_TARGET_MS.toLocaleString('en-US')} ms`,
        pass: percentile(most.boardMs, 95) <= BOARD_TARGET_MS,
        baseline: { name: 'max', value: Math.max(...most.boardMs), unit: 'ms' },
      },
    ];
  } finally {
    sandbox.child.kill('SIGTERM');
    await new Promise((r) => sandbox.child.once('exit', r));
    cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
