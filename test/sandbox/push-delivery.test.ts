// Push delivery guarantees over real HTTPS on loopback: order per shipment while the receiver
// fails and comes back (retries seen, backoff growing), nothing lost while the receiver is away,
// bounded parallelism, and the fault knob's seeded drop / duplicate / reorder / delay rates.
// The waits between attempts go through the sandbox's injectable pushWait: the backoff the sender
// chooses is recorded at its real value while the test sleeps at most WAIT_CAP_MS of it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { startReceiver, type TestReceiver } from '../support/push-receiver.js';
import { until } from '../support/until.js';
import { makeShipments, record } from './shipments-fixtures.js';
import { setHold } from '../../electron/sandbox/world/shipment-lifecycle.js';
import { backoffMs, PUSH_BACKOFF_JITTER_FLOOR, PUSH_MAX_PARALLEL, PUSH_REORDER_WINDOW_MS } from '../../electron/sandbox/push/sender.js';
import { parseNotification, type NotificationEnvelope } from '../../shared/api/notifications.js';
import { planFaults } from '../../electron/sandbox/push/push-faults.js';
import { createRng } from '../../electron/sandbox/world/rng.js';

const WAIT_CAP_MS = 20;
/** A short receiver timeout, so that a slow receiver can be tested without waiting PUSH_TIMEOUT_MS. */
const TIMEOUT_MS = 2_500;
const waits: number[] = [];
function pushWait(ms: number, stopped: AbortSignal): Promise<void> {
  waits.push(ms);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(ms, WAIT_CAP_MS));
    stopped.addEventListener('abort', done, { once: true });
  });
}

let sb: TestSandbox;
let receiver: TestReceiver;
let subscriptionId: string;
const control = (method: string, path: string, body?: unknown) => sb.call(method, path, { token: null, body });
const status = async () => (await control('GET', '/sandbox/push/status')).json.subscriptions.find((s: { subscriptionId: string }) => s.subscriptionId === subscriptionId);
const body = (p: { body: unknown }) => p.body as NotificationEnvelope;
const keyOf = (e: NotificationEnvelope) => `${e.shipmentId}|${e.eventType}|${e.timestamp}`;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 5, pushWait, pushTimeoutMs: TIMEOUT_MS });
  receiver = await startReceiver();
  subscriptionId = (await control('POST', '/sandbox/push/subscriptions', { url: receiver.url, caCert: receiver.tls.caCert })).json.subscriptionId;
});
afterAll(async () => {
  await sb.close();
  await receiver.close();
});
afterEach(async () => {
  await control('POST', '/sandbox/push/faults', {});
  receiver.failNext(0);
  receiver.slow(0);
  await sb.push.drained();
});

describe('order and retries', () => {
  it('keeps the order of one shipment while the receiver fails its first requests, with growing backoff', async () => {
    const failures = 5;
    receiver.failNext(failures);
    const postsBefore = receiver.posts.length;
    const attemptsBefore = (await status()).failedAttempts;
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    await control('POST', `/sandbox/shipments/${id}/hold`, { hold: true });
    await control('POST', `/sandbox/shipments/${id}/hold`, { hold: false });
    await control('POST', `/sandbox/shipments/${id}/dispatch-dates`, { dispatchByDate: new Date(sb.world.now() + 4 * 86_400_000).toISOString() });
    await control('POST', `/sandbox/shipments/${id}/cancel`, { by: 'marketplace' });
    const expected = ['shipment_created', 'shipment_hold', 'shipment_unhold', 'shipment_dispatch_dates_changed', 'shipment_cancelled'];
    await sb.push.drained();

    const accepted = receiver.accepted.map(body).filter((e) => e.shipmentId === id);
    expect(accepted.map((e) => e.eventType)).toEqual(expected);
    // Every POST of this shipment, failed ones included, in arrival order: never a later
    // notification before an earlier one got its 2xx.
    const attempts = receiver.posts.slice(postsBefore).map(body).filter((e) => e.shipmentId === id).map((e) => expected.indexOf(e.eventType));
    expect(attempts.length).toBe(expected.length + failures);
    expect(attempts).toEqual([...attempts].sort((a, b) => a - b));

    const s = await status();
    expect(s.failedAttempts - attemptsBefore).toBe(failures);
    expect(s.lastError.message).toMatch(/HTTP 503/);
    const chosen = s.recentBackoffMs.slice(-failures) as number[];
    chosen.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(Math.floor(backoffMs(i + 1) * PUSH_BACKOFF_JITTER_FLOOR));
      expect(ms).toBeLessThanOrEqual(backoffMs(i + 1));
    });
    expect(chosen[failures - 1]).toBeGreaterThan(chosen[0] * 4);
  });

  it('loses nothing while the receiver is away, and delivers in order when it is back', async () => {
    await receiver.away();
    const ids = (await control('POST', '/sandbox/shipments', { count: 4 })).json.shipmentIds as string[];
    for (const id of ids) await control('POST', `/sandbox/shipments/${id}/hold`, { hold: true });
    const refused = await until('a refused connection', async () => {
      const s = await status();
      return s.lastError?.message.includes('ECONNREFUSED') && s.retrying > 0 ? s : undefined;
    });
    expect(refused.pending).toBe(ids.length * 2);
    await receiver.back();
    await sb.push.drained();
    for (const id of ids) {
      expect(receiver.accepted.map(body).filter((e) => e.shipmentId === id).map((e) => e.eventType)).toEqual(['shipment_created', 'shipment_hold']);
    }
    expect(await status()).toMatchObject({ pending: 0, retrying: 0 });
  });

  it('retries a notification whose receiver does not answer in time, and delivers it once the receiver is quick again', async () => {
    receiver.slow(TIMEOUT_MS * 2);
    const before = await status();
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    const timedOut = await until('a timed-out attempt', async () => {
      const s = await status();
      return s.failedAttempts > before.failedAttempts ? s : undefined;
    });
    expect(timedOut.lastError.message).toMatch(/did not answer within 2.5 s/);
    receiver.slow(0);
    await sb.push.drained();
    expect(receiver.accepted.map(body).filter((e) => e.shipmentId === id).map((e) => e.eventType)).toContain('shipment_created');
  });

  it(`delivers different shipments in parallel, at most ${PUSH_MAX_PARALLEL} at a time`, async () => {
    receiver.slow(150);
    const ids = (await control('POST', '/sandbox/shipments', { count: PUSH_MAX_PARALLEL * 3 })).json.shipmentIds as string[];
    await sb.push.drained();
    expect(receiver.maxInFlight).toBeGreaterThan(1);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(PUSH_MAX_PARALLEL);
    const got = new Set(receiver.accepted.map(body).map((e) => e.shipmentId));
    expect(ids.filter((id) => !got.has(id))).toEqual([]);
  });
});

describe('fault knob', () => {
  const SHIPMENTS = 100;
  const PER_SHIPMENT = 5;
  const N = SHIPMENTS * PER_SHIPMENT;

  /** 500 notifications: per shipment created, hold, unhold, hold, unhold, one sandbox second apart (distinct timestamps). */
  interface Burst {
    emitted: string[][];
    dropped: number;
    duplicated: number;
    reordered: number;
    run: { deliveries: number; dropped: number; duplicated: number; reordered: number; reorders: { shipmentId: string; eventType: string; timestamp: string; after: { shipmentId: string; eventType: string; timestamp: string } }[] };
    /** Reorders where the held notification's first arrival was not after the later one's 2xx. */
    notAfter: number;
  }

  async function burst(): Promise<Burst> {
    const before = await status();
    const postsBefore = receiver.posts.length;
    const ids = makeShipments(sb, 'plain', SHIPMENTS);
    for (let round = 1; round < PER_SHIPMENT; round++) {
      sb.world.clock.advance(1);
      for (const id of ids) setHold(sb.world, record(sb, id), round % 2 === 1);
    }
    const emitted = ids.map((id) => {
      const mine = sb.world.events.filter((e) => e.shipmentId === id);
      expect(mine).toHaveLength(PER_SHIPMENT);
      return mine.map((e) => e.at);
    });
    await sb.push.drained();
    const after = await status();
    const posts = receiver.posts.slice(postsBefore).map(body);
    for (const e of posts) expect(parseNotification(e)).toMatchObject({ ok: true });
    // Position of each emitted notification (shipment i, change j), as the receiver saw them.
    const firstArrival = new Map<string, number>();
    posts.forEach((e, n) => firstArrival.has(keyOf(e)) || firstArrival.set(keyOf(e), n));
    const pattern = ids.map((id, i) =>
      emitted[i].map((at, j) => {
        const kind = j === 0 ? 'shipment_created' : j % 2 === 1 ? 'shipment_hold' : 'shipment_unhold';
        const e = posts.find((p) => p.shipmentId === id && p.eventType === kind && Date.parse(p.timestamp) === Date.parse(at));
        return e ? firstArrival.get(keyOf(e))! : -1;
      }),
    );
    const dropped = pattern.flat().filter((n) => n < 0).length;
    const duplicated = posts.length - firstArrival.size;
    // A notification that arrived before one the sandbox emitted earlier for the same shipment.
    let reordered = 0;
    for (const seen of pattern) {
      const arrived = seen.filter((n) => n >= 0);
      arrived.forEach((n, k) => (reordered += arrived.slice(0, k).some((earlier) => earlier > n) ? 1 : 0));
    }
    expect(dropped).toBe(after.droppedByFault - before.droppedByFault);
    expect(duplicated).toBe(after.duplicatedByFault - before.duplicatedByFault);
    // What the sandbox reports for the run (since the knob was set), checked against the receiver.
    const run = after.run as Burst['run'];
    expect(run.reordered).toBe(after.reorderedByFault - before.reorderedByFault);
    expect(run.reorders).toHaveLength(run.reordered);
    // Overtaken by the same shipment's next notification: the receiver sees the inversion itself.
    expect(reordered).toBe(run.reorders.filter((r) => r.after.shipmentId === r.shipmentId).length);
    // Every reordered notification arrived only after the later one that went first was accepted.
    const firstPost = (e: { shipmentId: string; eventType: string; timestamp: string }) => receiver.posts.findIndex((p) => keyOf(body(p)) === keyOf(e as NotificationEnvelope));
    const acceptedPost = (e: { shipmentId: string; eventType: string; timestamp: string }) => receiver.posts.indexOf(receiver.accepted.find((p) => keyOf(body(p)) === keyOf(e as NotificationEnvelope))!);
    const notAfter = run.reorders.filter((r) => !(acceptedPost(r.after) >= 0 && firstPost(r) > acceptedPost(r.after))).length;
    return { emitted: pattern.map((seen) => seen.map((n) => (n < 0 ? 'dropped' : 'delivered'))), dropped, duplicated, reordered, run, notAfter };
  }

  it('drops, duplicates and reorders exactly the configured shares of 500 notifications, the same way for the same seed', async () => {
    const knob = { dropRate: 0.1, duplicateRate: 0.05, reorderRate: 0.05, seed: 42 };
    expect((await control('POST', '/sandbox/push/faults', knob)).json.faults).toEqual(knob);
    const first = await burst();
    // Plans of PUSH_FAULT_PLAN_SIZE: exactly 10 % dropped and 5 % duplicated, counted at the receiver.
    expect(first.run.deliveries).toBe(N);
    expect(first.dropped).toBe(N * 0.1);
    expect(first.duplicated).toBe(N * 0.05);
    expect(first.run).toMatchObject({ dropped: N * 0.1, duplicated: N * 0.05 });
    // 5 % reordered; the very last ones may find no later notification to go first.
    expect(first.run.reordered).toBeGreaterThanOrEqual(N * 0.05 - 1);
    expect(first.run.reordered).toBeLessThanOrEqual(N * 0.05);
    expect(first.notAfter).toBe(0);

    await control('POST', '/sandbox/push/faults', knob);
    const second = await burst();
    expect(second.emitted).toEqual(first.emitted);
    expect(second.dropped).toBe(first.dropped);
    expect(second.duplicated).toBe(first.duplicated);
  });

  it('makes exact plans: round(planSize x share) of each fault, disjoint, seeded', () => {
    const knob = { dropRate: 0.1, duplicateRate: 0.05, reorderRate: 0.05, delay: { rate: 0.25, minMs: 1, maxMs: 9 }, seed: 9 };
    for (const size of [20, 37, 80]) {
      const plan = planFaults(knob, size, createRng(9));
      expect(plan).toHaveLength(size);
      expect(plan.filter((d) => d.drop)).toHaveLength(Math.round(size * 0.1));
      expect(plan.filter((d) => d.duplicate)).toHaveLength(Math.round(size * 0.05));
      expect(plan.filter((d) => d.reorder)).toHaveLength(Math.round(size * 0.05));
      expect(plan.filter((d) => d.delayMs > 0)).toHaveLength(Math.round(size * 0.25));
      expect(plan.filter((d) => [d.drop, d.duplicate, d.reorder].filter(Boolean).length > 1)).toEqual([]);
      expect(plan.filter((d) => d.drop && d.delayMs > 0)).toEqual([]);
      expect(planFaults(knob, size, createRng(9))).toEqual(plan);
    }
    // Two different seeds place them differently.
    expect(planFaults(knob, 80, createRng(1))).not.toEqual(planFaults(knob, 80, createRng(2)));
  });

  it('lets the next notification of a shipment overtake a reordered one, and sends a reordered one without successor after the window', async () => {
    await control('POST', '/sandbox/push/faults', { reorderRate: 1, seed: 3 });
    const before = await status();
    const [pair] = makeShipments(sb, 'plain', 1);
    setHold(sb.world, record(sb, pair), true);
    await sb.push.drained();
    expect(receiver.accepted.map(body).filter((e) => e.shipmentId === pair).map((e) => e.eventType)).toEqual(['shipment_hold', 'shipment_created']);
    expect((await status()).reorderedByFault - before.reorderedByFault).toBe(1);

    const waitsBefore = waits.length;
    const alone = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    await sb.push.drained();
    expect(waits.slice(waitsBefore)).toEqual([PUSH_REORDER_WINDOW_MS]);
    expect(receiver.accepted.map(body).filter((e) => e.shipmentId === alone).map((e) => e.eventType)).toEqual(['shipment_created']);
    expect((await status()).reorderedByFault - before.reorderedByFault).toBe(1);
  });

  it('holds delayed notifications back for a time within the configured range', async () => {
    await control('POST', '/sandbox/push/faults', { delay: { rate: 1, minMs: 300, maxMs: 700 }, seed: 1 });
    const waitsBefore = waits.length;
    const before = (await status()).delayedByFault;
    const ids = (await control('POST', '/sandbox/shipments', { count: 3 })).json.shipmentIds as string[];
    await sb.push.drained();
    expect((await status()).delayedByFault - before).toBe(ids.length);
    const delays = waits.slice(waitsBefore);
    expect(delays).toHaveLength(ids.length);
    for (const ms of delays) {
      expect(ms).toBeGreaterThanOrEqual(300);
      expect(ms).toBeLessThanOrEqual(700);
    }
  });

  it('refuses a knob out of range with 400 naming the field', async () => {
    for (const [knob, field] of [
      [{ dropRate: 1.5 }, 'dropRate'],
      [{ delay: { rate: 0.5, minMs: 900, maxMs: 100 } }, 'delay'],
      [{ reorder: 0.1 }, 'reorder'],
      [{ dropRate: 0.5, duplicateRate: 0.3, reorderRate: 0.3 }, 'dropRate'],
      [{ dropRate: 0.1, planSize: 0 }, 'planSize'],
    ] as const) {
      const r = await control('POST', '/sandbox/push/faults', knob);
      expect(r.status).toBe(400);
      expect(r.json.message).toContain(field);
    }
  });
});
