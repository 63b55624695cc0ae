// Desks following push notifications: two app stations in warehouse mode on one PostgreSQL and
// one sandbox, a receiver storing into that database over real HTTPS. The sandbox's state is
// changed through its control API and the matching notification is posted to the receiver, as
// the marketplace does. The renderer's pull timer does not run here and the reconciliation is
// set to an hour, so only the notifications can move the desks' queues and pack desks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '../../shared/api/notifications.js';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import type { QueueView } from '../../shared/contract/queue.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { cancelWords, holdWords, releaseWords } from '../../electron/station/push/push-stops.js';
import { startPushReceiver, type PushReceiver } from '../../electron/station/push/receiver-server.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { envelope, istTimestamp, poster, receiverTls, type Poster } from './push-fixtures.js';

const HOUR = 3_600_000;
const TOKEN = 'desk-test-token-abcdefghijklmnopqrstuvwxyz0123';

describe.runIf(requirePostgres())('desks following push notifications', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let receiver: PushReceiver;
  let client: Poster;
  const desks: TestAppStation[] = [];

  const lastQueue = (app: TestAppStation): QueueView | undefined => {
    const e = [...app.events].reverse().find((m) => m.name === 'queue.changed');
    return e?.payload as QueueView | undefined;
  };
  const ids = (app: TestAppStation) => lastQueue(app)?.rows.map((r) => r.shipmentId) ?? [];

  async function read(id: string): Promise<ShipmentWire> {
    const [s] = await desks[0].context.marketplace().orders.getShipments({ shipmentIds: [id] });
    return s;
  }

  /** Posts the notification of a change the sandbox just made, timed as the sandbox recorded it. */
  async function notify(id: string, kind: NotificationType, attributes?: Record<string, unknown>): Promise<void> {
    const s = await read(id);
    const r = await client.post(receiver.url, envelope(id, kind, attributes ?? (s as unknown as Record<string, unknown>), istTimestamp(s.updatedAt)));
    expect(r.status).toBe(200);
  }

  async function create(): Promise<string> {
    const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } });
    return (r.json.shipmentIds as string[])[0];
  }

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    const url = await wh.freshUrl();
    const tls = await receiverTls();
    client = poster(tls.caCert);
    receiver = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store: new PgNotificationStore(wh.pool({ url })) });
    for (const [name, operator] of [['Desk 1', 'Asha'], ['Desk 2', 'Ravi']]) {
      desks.push(
        await startTestAppStation({
          sandbox: sb,
          settings: { locationId: sb.info.locations[0], desk: { name, operator }, warehouse: { registration: GSTIN } },
          env: { STATION_WAREHOUSE_URL: url },
          warehouseTuning: { outboxIntervalMs: 200, catchUpIntervalMs: 200, connectTimeoutMs: 2_000 },
          pushReconcileMs: HOUR,
        }),
      );
    }
    for (const d of desks) {
      await d.api.invoke('queue.list', {});
      await until(`${d.context.settings.get().desk.name} listening`, () => lastQueue(d)?.push?.live || (void d.api.invoke('queue.refresh', {}), false), 10_000);
    }
  });
  afterAll(async () => {
    for (const d of desks) await d.close().catch(() => undefined);
    await receiver?.close();
    await client?.close();
    await sb?.close();
  });

  it('a created shipment joins both queues; a hold and a cancellation take it out; without a pull', async () => {
    const id = await create();
    const kept = await create();
    await notify(id, 'shipment_created');
    await notify(kept, 'shipment_created');
    for (const d of desks) await until('the created shipments in the queue', () => ids(d).includes(id) && ids(d).includes(kept), 5_000);
    const row = lastQueue(desks[1])!.rows.find((r) => r.shipmentId === id)!;
    expect(row).toMatchObject({ status: 'APPROVED', hold: false, locationId: sb.info.locations[0] });

    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await notify(id, 'shipment_hold', { hold: true });
    for (const d of desks) await until('the held shipment out of the queue', () => !ids(d).includes(id), 5_000);
    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
    await notify(id, 'shipment_unhold', { hold: false });
    for (const d of desks) await until('the released shipment back', () => ids(d).includes(id), 5_000);

    await sb.call('POST', `/sandbox/shipments/${id}/cancel`, { body: { by: 'marketplace' } });
    await notify(id, 'shipment_cancelled', { status: 'CANCELLED' });
    for (const d of desks) await until('the cancelled shipment out', () => !ids(d).includes(id), 5_000);
    // A late, older notification (the creation, delivered again out of order) does not bring it back.
    await client.post(receiver.url, envelope(id, 'shipment_created', (await read(kept)) as never, '2026-01-01T00:00:00.000+05:30'));
    await new Promise((r) => setTimeout(r, 300));
    for (const d of desks) {
      expect(ids(d)).not.toContain(id);
      expect(ids(d)).toContain(kept);
      expect(lastQueue(d)!.push).toMatchObject({ live: true, missed: 0 });
    }
  });

  it('a hold reaches the packer with that shipment open, at once, and Enter does not pack it', async () => {
    const [one] = desks;
    const id = await create();
    const opened = await one.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(opened.session?.shipmentId).toBe(id);
    for (const item of sb.world.shipments.get(id)!.orderItems) for (let n = 0; n < item.quantity; n++) await one.api.invoke('desk.scan', { raw: item.sku, source: 'wedge' });
    const view = await one.api.invoke('desk.view', {});
    if (view.session?.phase === 'measuring') await one.api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });

    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await notify(id, 'shipment_hold', { hold: true });
    const told = await one.waitForEvent('desk.changed', (v) => v.feedback.text === holdWords(id), 5_000);
    expect(told.feedback).toMatchObject({ tone: 'error', sound: 'failure' });
    const refused = await one.api.invoke('desk.pack', {});
    expect(refused.feedback.text).toBe(holdWords(id));
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();

    // Lifted: said, and Enter packs.
    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
    await notify(id, 'shipment_unhold', { hold: false });
    await one.waitForEvent('desk.changed', (v) => v.feedback.text === releaseWords(id), 5_000);
    const packed = await one.api.invoke('desk.pack', {});
    expect(packed.feedback.tone).toBe('ok');
    await until('the pack at the marketplace', () => sb.world.shipments.get(id)!.pack);
    await until('the label made', async () => (await read(id)).orderItems.every((i) => i.status === 'PACKED'));
    await notify(id, 'shipment_packed', { status: 'PACKED' });
    await until('the queue showing it packed', () => lastQueue(one)!.rows.find((r) => r.shipmentId === id)?.status !== 'APPROVED', 5_000);
    // The desk marks it ready to dispatch once the label is printed: that change is notified too.
    await until('ready to dispatch', async () => (await read(id)).orderItems.every((i) => i.status === 'READY_TO_DISPATCH'), 15_000);
    await notify(id, 'shipment_ready_to_dispatch', { status: 'READY_TO_DISPATCH' });
    await until('the queue showing it ready to dispatch', () => lastQueue(one)!.rows.find((r) => r.shipmentId === id)?.status === 'READY_TO_DISPATCH', 5_000);
  });

  it('a cancellation reaches the packer of the other desk with it open', async () => {
    const two = desks[1];
    const id = await create();
    await two.api.invoke('desk.scan', { raw: id, source: 'serial' });
    await sb.call('POST', `/sandbox/shipments/${id}/cancel`, { body: { by: 'buyer' } });
    await notify(id, 'shipment_cancelled', { status: 'CANCELLED' });
    await two.waitForEvent('desk.changed', (v) => v.feedback.text === cancelWords(id) && v.feedback.sound === 'failure', 5_000);
    expect((await two.api.invoke('desk.pack', {})).feedback.text).toBe(cancelWords(id));
    await two.api.invoke('desk.putAside', {});
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
  });

  it('the reconciliation finds what a dropped notification missed, applies it, counts it and journals it', async () => {
    const [one] = desks;
    const dropped = await create();
    const heldSilently = await create();
    await notify(heldSilently, 'shipment_created');
    await until('the notified shipment in the queue', () => ids(one).includes(heldSilently), 5_000);
    // The creation of one and the hold of the other are never notified (lost on the way).
    await sb.call('POST', `/sandbox/shipments/${heldSilently}/hold`, { body: { hold: true } });
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 30 } });
    expect(ids(one)).not.toContain(dropped);
    const before = lastQueue(one)!.push!;

    await one.context.pushes!.reconcile();
    const after = lastQueue(one)!;
    expect(after.rows.map((r) => r.shipmentId)).toContain(dropped);
    expect(after.rows.map((r) => r.shipmentId)).not.toContain(heldSilently);
    expect(after.push).toMatchObject({ live: true, reconciliations: before.reconciliations + 1, missed: before.missed + 2 });
    const records = await one.context.journal.records();
    const intent = records.find((r) => r.type === 'intent' && r.op === 'push.reconcile');
    expect(intent).toMatchObject({ targets: { shipmentIds: expect.arrayContaining([dropped, heldSilently]) }, desk: 'Desk 1' });
    expect(records.find((r) => r.type === 'outcome' && r.intentId === (intent as { id: string }).id)).toMatchObject({ status: 'ok', result: { missed: 2 } });
    expect(one.log.join('\n')).toContain('push: the reconciliation found 2 change(s) no notification had brought');

    // Nothing missed since: the next reconciliation counts nothing more.
    await one.context.pushes!.reconcile();
    expect(lastQueue(one)!.push).toMatchObject({ reconciliations: before.reconciliations + 2, missed: before.missed + 2 });
  });

  it('a hold whose lifting was never notified does not block the shipment once it is opened afresh', async () => {
    const two = desks[1];
    const id = await create();
    await two.api.invoke('desk.scan', { raw: id, source: 'serial' });
    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await notify(id, 'shipment_hold', { hold: true });
    await two.waitForEvent('desk.changed', (v) => v.feedback.text === holdWords(id), 5_000);
    await two.api.invoke('desk.putAside', {});
    // Lifted at the marketplace; the unhold notification is lost.
    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
    const reopened = await two.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(reopened.session?.shipmentId).toBe(id);
    for (const item of sb.world.shipments.get(id)!.orderItems) for (let n = 0; n < item.quantity; n++) await two.api.invoke('desk.scan', { raw: item.sku, source: 'wedge' });
    const view = await two.api.invoke('desk.view', {});
    if (view.session?.phase === 'measuring') await two.api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });
    expect((await two.api.invoke('desk.pack', {})).feedback.tone).toBe('ok');
    await until('the pack at the marketplace', () => sb.world.shipments.get(id)!.pack);
  });

});
