// The start-up gap: a change whose notification was stored after the desk's queue was first
// listed but before the desk's listener was ready is neither in that list nor heard. The first
// reconciliation runs as soon as the listener is ready, so the queue shows the change without
// waiting for the periodic one (set to an hour here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/contract/queue.js';
import { followWarehousePushes, type Stoppable } from '../../electron/station/push/desk-push-sources.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { pgListeners } from '../../electron/station/warehouse/pg-listener.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { envelope, istTimestamp } from './push-fixtures.js';

const HOUR = 3_600_000;

describe.runIf(requirePostgres())('the start-up gap of push notifications', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let desk: TestAppStation;
  let following: Stoppable | undefined;

  const lastQueue = (): QueueView | undefined => [...desk.events].reverse().find((m) => m.name === 'queue.changed')?.payload as QueueView | undefined;
  const ids = () => lastQueue()?.rows.map((r) => r.shipmentId) ?? [];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    desk = await startTestAppStation({ sandbox: sb, settings: { locationId: sb.info.locations[0] }, pushReconcileMs: HOUR });
  });
  afterAll(async () => {
    await following?.stop();
    await desk?.close();
    await sb?.close();
  });

  it('a change stored before the listener was ready reaches the queue once it is ready', async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 2, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } });
    const [held, other] = created.json.shipmentIds as string[];
    await desk.api.invoke('queue.list', {});
    expect(ids()).toEqual(expect.arrayContaining([held, other]));

    // In the gap: the marketplace holds a shipment and its notification is stored, while the
    // desk's listener is not there yet (it starts from the newest row, so it never hears it).
    await sb.call('POST', `/sandbox/shipments/${held}/hold`, { body: { hold: true } });
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    await new PgNotificationStore(pool).put(envelope(held, 'shipment_hold', { hold: true }, istTimestamp(sb.world.shipments.get(held)!.updatedAt)));

    following = followWarehousePushes(desk.context.pushes!, pool, { url }, pgListeners());
    await until('the hold out of the queue, by the first reconciliation', () => !ids().includes(held) && lastQueue()?.push?.reconciliations === 1, 10_000);
    expect(ids()).toContain(other);
    expect(lastQueue()!.push).toMatchObject({ live: true, reconciliations: 1, received: 0 });
  });
});
