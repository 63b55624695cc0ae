// Fuzzing the embedded marketplace over real HTTPS with keep-alive: valid requests for every
// operation the sandbox publishes (built from real ids of the seeded world), then mutated in
// every way test/support/fuzz-mutations.ts knows. No faults are injected, so the sandbox must
// never answer 5xx; every refusal must carry its family's error body; the state must stay
// consistent and survive a restart on the same state directory unchanged.
//
// Reproducing a failure: the report prints the seed and each failing request in full. The
// request sequence follows from FUZZ_SEED, but concurrency makes the world each request meets
// vary a little between runs, so replay the printed request itself first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { createFuzzClient, plainHttpRequest, type FuzzClient, type FuzzRequest, type FuzzResponse } from '../support/fuzz-client.js';
import { operationsOf, validRequest, type BuildContext, type Operation } from '../support/fuzz-requests.js';
import { mutate, type MutationContext } from '../support/fuzz-mutations.js';
import { collectIds, type IdPool } from '../support/fuzz-values.js';
import { brokenInvariants, judge, snapshot } from '../support/fuzz-oracle.js';
import { allRoutes } from '../../electron/sandbox/routes/index.js';
import { createRng, type Rng } from '../../electron/sandbox/world/rng.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 8;
/** Requests between two state-wide control calls (clock, token expiry, reset, faults). */
const ROUND = 250;
/** Operations that change the whole world at once: run alone, between rounds, then undone where needed. */
const SERIAL = new Set(['POST /sandbox/clock', 'POST /sandbox/tokens/expire', 'POST /sandbox/reset', 'POST /sandbox/faults']);
/** Operations that render PDFs or the whole OpenAPI document: picked less often to keep the run short. */
const HEAVY = /\{shipmentIds\}\/(labels|labelOnly|invoices)|manifest|swagger/;
const VALID_SHARE = 0.3;
const FOREIGN_SHARE = 0.1;

interface Failure {
  why: string;
  request: { label: string; method: string; path: string; headers: Record<string, string>; body?: string };
  response?: { status: number; body: string };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

function describeRequest(req: FuzzRequest): Failure['request'] {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, clip(v, 120)]));
  return { label: req.label, method: req.method, path: clip(req.path, 300), headers, body: req.body === undefined ? undefined : clip(Buffer.isBuffer(req.body) ? req.body.toString('latin1') : req.body) };
}

/** Weighted pick of a concurrent operation. */
function picker(ops: Operation[], rng: Rng): () => Operation {
  const pool = ops.filter((o) => !SERIAL.has(o.key));
  const weights = pool.map((o) => (HEAVY.test(o.path) ? 0.35 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let x = rng.next() * total;
    for (let i = 0; i < pool.length; i++) if ((x -= weights[i]) <= 0) return pool[i];
    return pool[pool.length - 1];
  };
}

/** Remembers what later requests can use: next-page links and OTC codes. */
function learn(pool: IdPool, res: FuzzResponse): void {
  const j = res.json as Record<string, unknown> | undefined;
  if (res.status !== 200 || !j || typeof j !== 'object') return;
  const keep = (list: string[], v: unknown) => typeof v === 'string' && list.length < 20 && list.push(v);
  keep(pool.learnt.nextPageUrls, j.nextPageUrl);
  keep(pool.learnt.returnNextUrls, j.nextUrl);
  if (typeof j.otcId === 'string' && typeof j.code === 'string' && typeof j.locationId === 'string' && pool.learnt.otc.length < 20) {
    pool.learnt.otc.push({ otcId: j.otcId, code: j.code, locationId: j.locationId });
  }
}

describe(`sandbox fuzz (seed ${SEED})`, { timeout: 180_000 }, () => {
  it(`answers ${TOTAL} random and mutated requests without a 5xx, in its error shapes, and keeps its state`, async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'sandbox-fuzz-'));
    dirs.push(stateDir);
    const sb: TestSandbox = await startTestSandbox({ seed: 11, shipments: 300, stateDir });
    const rng = createRng(SEED);
    const client: FuzzClient = createFuzzClient(sb.baseUrl, sb.tls.caCert, CONCURRENCY);
    const failures: Failure[] = [];
    const statusCounts: Record<string, number> = {};
    const perOp = new Map<string, { sent: number; handled: number; ok: number }>();
    let sent = 0;

    const world = sb.world;
    const info = sb.info;
    const selfApp = world.apps.get(info.selfAccess.appId)!;
    const tokens = { own: sb.token, other: sb.otherToken };
    const badTokens = {
      other: sb.otherToken,
      expired: world.issueToken(selfApp, 'access', -1, 'Seller_Api').token,
      refresh: world.issueToken(world.apps.get(info.thirdParty.appId)!, 'refresh', REFRESH_TOKEN_TTL_SECONDS, 'Seller_Api').token,
    };
    let pool = collectIds(world, info.sellerId, info.otherSellerId);
    const ctx = (): BuildContext => ({ sb, pool, rng, tokens });
    const mctx = (op: Operation): MutationContext => ({
      rng,
      op,
      tokens: badTokens,
      appId: info.selfAccess.appId,
      foreignId: () => (rng.chance(0.5) ? rng.pick(pool.other.shipments.concat(pool.other.returnIds, pool.other.orderItemIds)) : `SH${rng.int(0, 1e12)}`),
    });

    const record = (op: Operation | undefined, req: FuzzRequest, res: FuzzResponse | undefined, error?: unknown) => {
      sent += 1;
      const key = op?.key ?? 'direct';
      const counts = perOp.get(key) ?? { sent: 0, handled: 0, ok: 0 };
      perOp.set(key, counts);
      counts.sent += 1;
      if (!res) {
        failures.push({ why: `no answer: ${(error as Error)?.message ?? error}`, request: describeRequest(req) });
        return;
      }
      statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
      if (![401, 404, 405, 413].includes(res.status)) counts.handled += 1;
      if (res.status < 300) counts.ok += 1;
      const why = judge(req, res);
      if (why) failures.push({ why, request: describeRequest(req), response: { status: res.status, body: clip(res.bytes.toString('utf8')) } });
      learn(pool, res);
    };

    const send = async (op: Operation | undefined, req: FuzzRequest): Promise<FuzzResponse | undefined> => {
      try {
        const res = await client.send(req);
        record(op, req, res);
        return res;
      } catch (e) {
        record(op, req, undefined, e);
        return undefined;
      }
    };

    const build = (op: Operation): FuzzRequest => {
      const roll = rng.next();
      const valid = validRequest(op, ctx(), roll < FOREIGN_SHARE);
      return roll < VALID_SHARE ? valid : mutate(valid, mctx(op));
    };

    /** Undoes what a state-wide call may have done: faults off, fresh tokens, ids taken anew. */
    const restore = async () => {
      const cleared = await send(undefined, { method: 'POST', path: '/sandbox/faults', headers: { 'content-type': 'application/json', 'x-sandbox-control': sb.controlToken }, body: '{}', label: 'restore: clear faults' });
      expect(cleared?.json, 'faults cleared').toEqual({ faults: {} });
      for (const [app, slot] of [[info.selfAccess, 'own'], [info.otherSelfAccess, 'other']] as const) {
        const auth = `Basic ${Buffer.from(`${app.appId}:${app.appSecret}`).toString('base64')}`;
        const r = await send(undefined, { method: 'GET', path: '/oauth-service/oauth/token?grant_type=client_credentials', headers: { authorization: auth }, label: 'restore: token' });
        expect(r?.status, 'a token after a state-wide call').toBe(200);
        tokens[slot] = (r!.json as { access_token: string }).access_token;
      }
      badTokens.other = tokens.other;
      pool = collectIds(world, info.sellerId, info.otherSellerId, pool.learnt);
    };

    const t0 = performance.now();
    // The route list as the sandbox publishes it, checked against what it mounts.
    const swagger = await send(undefined, { method: 'GET', path: '/swagger/swagger.json', headers: {}, label: 'swagger' });
    expect(swagger?.status).toBe(200);
    const ops = operationsOf(swagger!.json as { paths: Record<string, Record<string, unknown>> });
    expect(ops.map((o) => o.key).sort()).toEqual(allRoutes().map((r) => `${r.method} ${r.path}`).sort());
    const serialOps = ops.filter((o) => SERIAL.has(o.key));
    const next = picker(ops, rng);

    const plain = await plainHttpRequest(Number(new URL(sb.baseUrl).port));
    expect(plain).toMatch(/^HTTP\/1\.1 400/);
    expect(plain).toContain('HTTPS_REQUIRED');

    while (sent < TOTAL) {
      const quota = Math.min(ROUND, TOTAL - sent);
      let issued = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (issued < quota) {
            issued += 1;
            const op = next();
            await send(op, build(op));
          }
        }),
      );
      for (let i = 0; i < 2; i++) {
        const op = rng.pick(serialOps);
        await send(op, build(op));
        await restore();
      }
    }
    const fuzzMs = performance.now() - t0;

    // Still up, still serving the seller.
    const after = await send(undefined, { method: 'GET', path: `/sellers/v3/shipments?shipmentIds=${pool.own.shipments[0]}`, headers: { authorization: `Bearer ${tokens.own}` }, label: 'after' });
    expect(after?.status).toBe(200);

    const coverage = [...perOp].map(([k, c]) => `${k}: ${c.sent} sent, ${c.handled} reached the handler, ${c.ok} 2xx`).sort();
    const report = `seed ${SEED}; ${sent} requests in ${Math.round(fuzzMs)} ms; statuses ${JSON.stringify(statusCounts)}; ${failures.length} failures:\n${JSON.stringify(failures.slice(0, 15), null, 1)}`;
    if (failures.length || process.env.FUZZ_VERBOSE) console.error(report + '\n' + coverage.join('\n'));
    expect(failures, report).toEqual([]);
    for (const op of ops) {
      const c = perOp.get(op.key);
      expect(c?.sent ?? 0, `${op.key} sent`).toBeGreaterThanOrEqual(10);
      expect(c?.handled ?? 0, `${op.key} reached its handler`).toBeGreaterThan(0);
    }
    expect(brokenInvariants(world)).toEqual([]);

    // Persistence: close, start again on the same directory, compare.
    await client.close();
    await sb.close();
    const ids = [...world.shipments.keys()];
    const sample = Array.from({ length: 250 }, () => rng.pick(ids)).concat(pool.own.packed, pool.own.selfShip.slice(0, 20));
    const before = snapshot(world, sample);
    const again = await startTestSandbox({ stateDir });
    try {
      const restored = snapshot(again.world, sample);
      const differing = Object.keys(before).filter((k) => before[k] !== restored[k]);
      expect(differing.map((k) => `${k}\n  before: ${clip(before[k], 300)}\n  after:  ${clip(restored[k] ?? 'missing', 300)}`)).toEqual([]);
      expect(Object.keys(restored).length).toBe(Object.keys(before).length);
      expect(brokenInvariants(again.world)).toEqual([]);
      const r = await again.call('GET', `/sellers/v3/shipments?shipmentIds=${sample[0]}`);
      expect(r.status).toBe(200);
    } finally {
      await again.close();
    }
    console.log(`sandbox fuzz: seed ${SEED}, ${sent} requests in ${Math.round(fuzzMs)} ms, statuses ${JSON.stringify(statusCounts)}`);
  });
});
