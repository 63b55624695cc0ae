// The sandbox's own sender delivering to the station's receiver, which stores into PostgreSQL:
// desks in warehouse mode whose queues follow the sandbox's changes with no notification posted
// by the test, and, with the sandbox's fault knob dropping, duplicating and reordering
// deliveries, every desk's queue equal to a fresh full search after one reconciliation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/contract/queue.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { startPushReceiver, type PushReceiver } from '../../electron/station/push/receiver-server.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { receiverTls } from './push-fixtures.js';

const HOUR = 3_600_000;
const TOKEN = 'sender-test-token-abcdefghijklmnopqrstuvwxyz01';

describe.runIf(requirePostgres())("the sandbox's sender and the station's receiver", () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let receiver: PushReceiver;
  const desks: TestAppStation[] = [];

  const queueOf = (d: TestAppStation): QueueView | undefined => [...d.events].reverse().find((m) => m.name === 'queue.changed')?.payload as QueueView | undefined;
  const lastQueue = () => queueOf(desks[0]);
  const ids = () => lastQueue()?.rows.map((r) => r.shipmentId) ?? [];
  const signature = (v: QueueView | undefined) => JSON.stringify((v?.rows ?? []).map((r) => [r.shipmentId, r.status, r.hold]).sort());
  const create = async (count: number) =>
    (await sb.call('POST', '/sandbox/shipments', { body: { count, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds as string[];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    const url = await wh.freshUrl();
    const tls = await receiverTls();
    receiver = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store: new PgNotificationStore(wh.pool({ url })) });
    const subscribed = await sb.call('POST', '/sandbox/push/subscriptions', { body: { url: receiver.url, caCert: tls.caCert } });
    expect(subscribed.status).toBe(201);
    for (const [name, operator] of [['Desk 1', 'Asha'], ['Desk 2', 'Ravi']]) {
      const desk = await startTestAppStation({
        sandbox: sb,
        settings: { locationId: sb.info.locations[0], desk: { name, operator }, warehouse: { registration: GSTIN } },
        env: { STATION_WAREHOUSE_URL: url },
        pushReconcileMs: HOUR,
      });
      desks.push(desk);
      await desk.api.invoke('queue.list', {});
      await until(`${name} listening`, () => queueOf(desk)?.push?.live, 10_000);
    }
  });
  afterAll(async () => {
    for (const d of desks) await d.close();
    await receiver?.close();
    await sb?.close();
  });

  it('the queue follows created, held and cancelled shipments as the sandbox sends them', async () => {
    const [a, b] = await create(2);
    await until('the created shipments in the queue', () => ids().includes(a) && ids().includes(b), 10_000);
    await sb.call('POST', `/sandbox/shipments/${a}/hold`, { body: { hold: true } });
    await sb.call('POST', `/sandbox/shipments/${b}/cancel`, { body: { by: 'buyer' } });
    await until('both out of the queue', () => !ids().includes(a) && !ids().includes(b), 10_000);
    await sb.call('POST', `/sandbox/shipments/${a}/hold`, { body: { hold: false } });
    await until('the released shipment back', () => ids().includes(a), 10_000);
    expect(lastQueue()!.push).toMatchObject({ live: true, missed: 0 });
  });

  it('with 10 % of deliveries dropped and 10 % duplicated or reordered, one reconciliation makes the queue equal a full search', async () => {
    expect((await sb.call('POST', '/sandbox/push/faults', { body: { dropRate: 0.1, duplicateRate: 0.05, reorderRate: 0.05, seed: 16 } })).status).toBe(200);
    const made = await create(30);
    for (const id of made.filter((_, i) => i % 3 === 0)) await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await until('the sandbox done delivering', async () => {
      const status = (await sb.call('GET', '/sandbox/push/status')).json as { subscriptions: { pending: number; retrying: number }[] };
      return status.subscriptions.every((s) => s.pending === 0 && s.retrying === 0);
    }, 20_000);
    // What the sandbox did, as it reports it for this run: 40 deliveries (30 created, 10 holds).
    const run = (await sb.call('GET', '/sandbox/push/status')).json.subscriptions[0].run as { deliveries: number; dropped: number; duplicated: number; reordered: number };
    expect(run.deliveries).toBe(40);
    expect(run.dropped).toBe(4);
    expect(run.duplicated).toBe(2);
    // The last planned reorder may find no later notification to go first.
    expect(run.reordered).toBeGreaterThanOrEqual(1);
    expect(run.duplicated + run.reordered).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 500));
    const reference = await startTestAppStation({ sandbox: sb, settings: { locationId: sb.info.locations[0] } });
    const truth = signature(await reference.api.invoke('queue.list', {}));
    await reference.close();
    // The drops are real: before the reconciliation no desk's queue equals the sandbox's state.
    expect(desks.map((d) => signature(queueOf(d)) === truth)).toEqual([false, false]);
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 30 } });
    await Promise.all(desks.map((d) => d.context.pushes!.reconcile()));
    for (const d of desks) expect(signature(queueOf(d))).toBe(truth);
    expect(desks.map((d) => queueOf(d)!.push!.missed)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Math.min(...desks.map((d) => queueOf(d)!.push!.missed))).toBeGreaterThan(0);
    await sb.call('POST', '/sandbox/push/faults', { body: {} });
  });
});
