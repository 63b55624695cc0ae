// The sandbox's own sender delivering to the station's receiver: a desk in warehouse mode whose
// queue follows the sandbox's changes with no notification posted by the test, and, with the
// sandbox's fault knob dropping, duplicating and reordering deliveries, a queue equal to a fresh
// full search after one reconciliation.
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
  let desk: TestAppStation;

  const lastQueue = (): QueueView | undefined => [...desk.events].reverse().find((m) => m.name === 'queue.changed')?.payload as QueueView | undefined;
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
    desk = await startTestAppStation({
      sandbox: sb,
      settings: { locationId: sb.info.locations[0], desk: { name: 'Desk 1', operator: 'Asha' }, warehouse: { registration: GSTIN } },
      env: { STATION_WAREHOUSE_URL: url },
      pushReconcileMs: HOUR,
    });
    await desk.api.invoke('queue.list', {});
    await until('the desk listening', () => lastQueue()?.push?.live, 10_000);
  });
  afterAll(async () => {
    await desk?.close();
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

  it('with deliveries dropped, duplicated and reordered, one reconciliation makes the queue equal a full search', async () => {
    expect((await sb.call('POST', '/sandbox/push/faults', { body: { dropRate: 0.1, duplicateRate: 0.1, reorderRate: 0.1, seed: 16 } })).status).toBe(200);
    const made = await create(30);
    for (const id of made.filter((_, i) => i % 3 === 0)) await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await until('the sandbox done delivering', async () => {
      const status = (await sb.call('GET', '/sandbox/push/status')).json as { subscriptions?: { pending: number; retrying: number }[] } | { pending: number; retrying: number }[];
      const list = Array.isArray(status) ? status : (status.subscriptions ?? []);
      return list.every((s) => s.pending === 0 && s.retrying === 0);
    }, 20_000);
    const status = (await sb.call('GET', '/sandbox/push/status')).json as { subscriptions: { droppedByFault: number; duplicatedByFault: number; reorderedByFault: number }[] };
    expect(status.subscriptions[0].droppedByFault).toBeGreaterThan(0);
    expect(status.subscriptions[0].duplicatedByFault + status.subscriptions[0].reorderedByFault).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 30 } });
    await desk.context.pushes!.reconcile();
    const reference = await startTestAppStation({ sandbox: sb, settings: { locationId: sb.info.locations[0] } });
    const truth = await reference.api.invoke('queue.list', {});
    await reference.close();
    expect(signature(lastQueue())).toBe(signature(truth));
    await sb.call('POST', '/sandbox/push/faults', { body: {} });
  });
});
