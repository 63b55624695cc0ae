// The embedded marketplace under load on loopback HTTPS with keep-alive. The sandbox runs as its
// own process (the CLI, as `npm run sandbox` starts it) pinned to one core with taskset when it
// exists; this process, the client, is pinned to another core, so "on one core" means the
// sandbox had exactly one. Measured: shipment look-ups, pack requests, label pages rendered, and
// seeding 100,000 shipments (time to the ready line, peak RSS). Baseline in the same run: the
// round-trip floor, a request the router refuses with 404 before any handler runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { percentile, type BenchRow } from './bench-table.js';
import { hasTaskset } from './sandbox-process.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const CONCURRENCY = 16;
const WINDOW_MS = 3000;
const PACK_SHIPMENTS = 8000;
const SEED_SHIPMENTS = 100_000;
/** The sandbox's core; the client keeps core 0. */
const SANDBOX_CORE = Math.max(0, cpus().length - 1);

interface Ready {
  baseUrl: string;
  caCertPath: string;
  selfAccess: { appId: string; appSecret: string };
  controlToken: string;
}

/** Pins every thread of a process to one core (no-op without taskset). */
function pin(pid: number, cpuList: string): void {
  if (hasTaskset) execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { stdio: 'ignore' });
}

/**
 * Starts the CLI as `node --import tsx` (what `npx tsx` runs, minus npx's own wrapper
 * processes, so the pid is the sandbox itself and its VmHWM is the sandbox's peak RSS).
 */
async function startCli(args: string[], core?: number): Promise<{ child: ChildProcess; ready: Ready; ms: number; exited: Promise<unknown> }> {
  const t0 = performance.now();
  const prefix = hasTaskset && core !== undefined ? ['taskset', '-c', String(core)] : [];
  const argv = [...prefix, process.execPath, '--import', 'tsx', 'electron/sandbox/cli.ts', ...args];
  const child = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    exited.then((code) => reject(new Error(`sandbox exited (${code}) before its ready line: ${stderr}`)));
  });
  return { child, ready: JSON.parse(line) as Ready, ms: performance.now() - t0, exited };
}

async function stop(p: { child: ChildProcess; exited: Promise<unknown> }): Promise<void> {
  p.child.kill('SIGTERM');
  await p.exited;
}

function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; bytes: Buffer; json: any }>;

function client(ready: Ready): { call: Call; close: () => Promise<void> } {
  const dispatcher = new Agent({ connect: { ca: readFileSync(ready.caCertPath, 'utf8') }, connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const call: Call = async (method, path, body, headers = {}) => {
    const res = await request(ready.baseUrl + path, {
      method: method as 'GET',
      dispatcher,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const json = String(res.headers['content-type'] ?? '').includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
    return { status: res.statusCode, bytes, json };
  };
  return { call, close: () => dispatcher.close() };
}

/**
 * Runs `work` from CONCURRENCY workers for WINDOW_MS (or until `limit` calls) and gives the rate
 * of completed units per second and the per-call latencies. `work` returns the units it did
 * (1 per call, or the pages of a PDF) and throws when the answer is wrong.
 */
async function load(work: (i: number) => Promise<number>, limit = Infinity): Promise<{ perSecond: number; calls: number; p50: number; p99: number }> {
  for (let i = 0; i < 50 && i < limit / 10; i++) await work(-1 - i); // warm-up: TLS sessions, JIT
  const latencies: number[] = [];
  let units = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() - t0 < WINDOW_MS && next < limit) {
        const i = next++;
        const s = performance.now();
        // Not `units += await ...`: that reads `units` before the await and loses the other workers' counts.
        const done = await work(i);
        units += done;
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  if (process.env.BENCH_DEBUG) process.stderr.write(`load: ${latencies.length} calls in ${seconds.toFixed(2)} s, max ${Math.max(...latencies).toFixed(0)} ms\n`);
  return { perSecond: units / seconds, calls: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const expectStatus = (r: { status: number; bytes: Buffer }, status: number, what: string) => {
  if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${r.bytes.toString('utf8').slice(0, 300)}`);
};

/** A pack element built from the shipment as the seller reads it (GET /v3/shipments). */
function packElement(s: any): unknown {
  return {
    shipmentId: s.shipmentId,
    locationId: s.locationId,
    taxItems: s.orderItems.map((i: any) => ({ orderItemId: i.orderItemId, taxRate: 18, quantity: i.quantity })),
    subShipments: s.subShipments.map((sub: any) => {
      const d = sub.packages[0]?.dimensions ?? { length: 20, breadth: 15, height: 10, weight: 0.5 };
      return { subShipmentId: sub.subShipmentId, dimensions: { length: d.length, breadth: d.breadth, height: d.height, weight: d.weight } };
    }),
    invoices: [{ orderId: s.orderItems[0].orderId, invoiceNumber: `B-${s.shipmentId.slice(-10)}`, invoiceDate: new Date().toISOString().slice(0, 10) }],
    ignoreWarning: true,
  };
}

async function throughputRows(dir: string): Promise<BenchRow[]> {
  const p = await startCli(['--port', '0', '--seed', '7', '--shipments', '2000', '--state-dir', dir, '--label-delay-ms', '0'], SANDBOX_CORE);
  const { call, close } = client(p.ready);
  try {
    const basic = `Basic ${Buffer.from(`${p.ready.selfAccess.appId}:${p.ready.selfAccess.appSecret}`).toString('base64')}`;
    const tokenRes = await call('GET', '/oauth-service/oauth/token?grant_type=client_credentials', undefined, { authorization: basic });
    expectStatus(tokenRes, 200, 'token');
    const auth = { authorization: `Bearer ${tokenRes.json.access_token}` };

    const floor = await load(async () => {
      const r = await call('GET', '/bench/no-such-operation');
      expectStatus(r, 404, 'floor');
      return 1;
    });

    const search = await call('POST', '/sellers/v3/shipments/filter/', { filter: { type: 'preDispatch' }, pagination: { pageSize: 20 } }, auth);
    expectStatus(search, 200, 'search');
    const lookupIds: string[] = search.json.shipments.map((s: any) => s.shipmentId);
    const lookups = await load(async (i) => {
      const id = lookupIds[Math.abs(i) % lookupIds.length];
      const r = await call('GET', `/sellers/v3/shipments?shipmentIds=${id}`, undefined, auth);
      expectStatus(r, 200, 'look-up');
      if (r.json.shipments[0]?.shipmentId !== id) throw new Error(`look-up of ${id} answered ${r.bytes.toString('utf8').slice(0, 200)}`);
      return 1;
    });

    // Fresh plain orders to pack, read back the way the station reads them, bodies built before timing.
    const created = await call('POST', '/sandbox/shipments', { count: PACK_SHIPMENTS, kind: 'plain', restock: true }, { 'x-sandbox-control': p.ready.controlToken });
    expectStatus(created, 200, 'create shipments');
    const ids: string[] = created.json.shipmentIds;
    const bodies: unknown[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      const r = await call('GET', `/sellers/v3/shipments?shipmentIds=${ids.slice(i, i + 100).join(',')}`, undefined, auth);
      expectStatus(r, 200, 'read shipments');
      for (const s of r.json.shipments) bodies.push({ shipments: [packElement(s)] });
    }
    const packedIds: string[] = [];
    const packs = await load(async (i) => {
      const body = bodies[i < 0 ? bodies.length + i : i] as { shipments: { shipmentId: string }[] };
      const r = await call('POST', '/sellers/v3/shipments/labels', body, auth);
      expectStatus(r, 200, 'pack');
      const result = r.json.shipments[0];
      if (result.processingStatus !== 'SUCCESS') throw new Error(`pack ${result.shipmentId}: ${result.errorCode} ${result.errorMessage}`);
      packedIds.push(result.shipmentId);
      return 1;
    }, bodies.length - 50);

    const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    const labels = await load(async (i) => {
      const id = packedIds[Math.abs(i) % packedIds.length];
      const r = await call('GET', `/sellers/v3/shipments/${id}/labels`, undefined, auth);
      expectStatus(r, 200, 'labels');
      const pages = pagesOf(r.bytes);
      if (pages < 1) throw new Error(`labels of ${id}: no page in ${r.bytes.length} bytes`);
      return pages;
    });

    const fmt = (x: { p50: number; p99: number; calls: number }) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms, ${x.calls} calls`;
    const baseline = { name: `404 round-trip floor (${fmt(floor)})`, value: floor.perSecond, unit: '/s' };
    return [
      { area: 'Sandbox', name: `Shipment look-ups, GET /v3/shipments?shipmentIds=1 id, ${CONCURRENCY} concurrent, sandbox on one core (${fmt(lookups)})`, value: lookups.perSecond, unit: '/s', target: '≥ 2,000/s', pass: lookups.perSecond >= 2000, baseline },
      { area: 'Sandbox', name: `Pack requests, POST /v3/shipments/labels, 1 shipment each, ${CONCURRENCY} concurrent (${fmt(packs)})`, value: packs.perSecond, unit: '/s', target: '≥ 500/s', pass: packs.perSecond >= 500, baseline },
      { area: 'Sandbox', name: `Label pages rendered, GET /v3/shipments/{id}/labels, 1 shipment each (${fmt(labels)})`, value: labels.perSecond, unit: 'pages/s', target: '≥ 200 pages/s', pass: labels.perSecond >= 200 },
    ];
  } finally {
    await close();
    await stop(p);
  }
}

async function seedRows(dir: string): Promise<BenchRow[]> {
  const p = await startCli(['--port', '0', '--seed', '7', '--shipments', String(SEED_SHIPMENTS), '--state-dir', dir], SANDBOX_CORE);
  try {
    const rss = peakRssMb(p.child.pid!);
    return [
      { area: 'Sandbox', name: `Seed ${SEED_SHIPMENTS.toLocaleString('en-US')} shipments: CLI start to ready line (Node + tsx start-up included)`, value: p.ms / 1000, unit: 's', target: '< 10 s', pass: p.ms < 10_000 },
      { area: 'Sandbox', name: `Seed ${SEED_SHIPMENTS.toLocaleString('en-US')} shipments: peak RSS of the sandbox process (VmHWM)`, value: rss, unit: 'MB', target: '< 600 MB', pass: rss < 600 },
    ];
  } finally {
    await stop(p);
  }
}

export async function runSandboxBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const all = `0-${cpus().length - 1}`;
  if (cpus().length > 1) pin(process.pid, '0');
  try {
    const rows = await throughputRows(join(dir, 'load'));
    rows.push(...(await seedRows(join(dir, 'seed'))));
    if (!hasTaskset) for (const r of rows) r.name += ' (taskset missing: not pinned)';
    return rows;
  } finally {
    pin(process.pid, all);
    rmSync(dir, { recursive: true, force: true });
  }
}
