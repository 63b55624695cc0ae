// A list's answer racing a notification: the search's answer is computed at the sandbox, then
// held on its way to the desk while the marketplace makes a change and its notification reaches
// the desk; then the answer is let through. The notification is the newer fact: the queue must
// show it, whether the list is the desk's first (no queue yet when the notification came) or a
// list again (Alt+R, another filter, the reconciliation) over a queue that already showed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEnvelope } from '../../shared/api/notifications.js';
import type { QueueView } from '../../shared/contract/queue.js';
import { createNodeFetch } from '../../electron/station/api/http.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { envelope, istTimestamp } from './push-fixtures.js';

const HOUR = 3_600_000;
const SEARCH = /\/v3\/shipments\/filter/;

describe('a list answer older than a notification', () => {
  let sb: TestSandbox;
  let desk: TestAppStation;
  let stored = 0;
  /** While armed, every search answer waits here after the sandbox answered it. */
  const gate = { armed: false, held: 0, open: Promise.resolve(), release: () => undefined as void };

  const arm = () => {
    gate.armed = true;
    gate.held = 0;
    gate.open = new Promise<void>((resolve) => (gate.release = resolve));
  };
  const release = () => {
    gate.armed = false;
    gate.release();
  };
  const lastQueue = (): QueueView | undefined => [...desk.events].reverse().find((m) => m.name === 'queue.changed')?.payload as QueueView | undefined;
  const ids = () => lastQueue()?.rows.map((r) => r.shipmentId) ?? [];
  const create = async () => (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds[0] as string;
  /** The notification of a change the sandbox just made, as the station's listener hands it on. */
  async function notify(id: string, kind: NotificationEnvelope['eventType'], attributes?: Record<string, unknown>): Promise<void> {
    const [s] = await desk.context.marketplace().orders.getShipments({ shipmentIds: [id] });
    const n = envelope(id, kind, attributes ?? (s as unknown as Record<string, unknown>), istTimestamp(s.updatedAt));
    await desk.context.pushes!.receive({ id: ++stored, key: `k${stored}`, receivedAt: new Date().toISOString(), notification: n });
  }

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    desk = await startTestAppStation({
      sandbox: sb,
      settings: { locationId: sb.info.locations[0] },
      pushReconcileMs: HOUR,
      fetchFor: (caPem) => {
        const inner = createNodeFetch({ caPem: caPem ?? sb.tls.caCert });
        return {
          fetch: async (url, init) => {
            const answer = await inner.fetch(url, init);
            if (gate.armed && SEARCH.test(new URL(url).pathname)) {
              gate.held += 1;
              await gate.open;
            }
            return answer;
          },
          close: inner.close,
        };
      },
    });
  });
  afterAll(async () => {
    release();
    await desk?.close();
    await sb?.close();
  });

  it("keeps a created shipment whose notification came while the desk's first list was on its way", async () => {
    const before = await create();
    arm();
    const listed = desk.api.invoke('queue.list', {});
    await until('the first search answered and held', () => gate.held >= 1, 10_000);
    const created = await create();
    await notify(created, 'shipment_created');
    release();
    await listed;
    expect(ids()).toEqual(expect.arrayContaining([before, created]));
  });

  it('keeps a hold whose notification came while a list again was on its way', async () => {
    const held = await create();
    await desk.api.invoke('queue.list', {});
    expect(ids()).toContain(held);
    arm();
    const listed = desk.api.invoke('queue.list', {});
    await until('the search answered and held', () => gate.held >= 1, 10_000);
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 2 } });
    await sb.call('POST', `/sandbox/shipments/${held}/hold`, { body: { hold: true } });
    await notify(held, 'shipment_hold', { hold: true, orderItemIds: [] });
    expect(ids()).not.toContain(held);
    release();
    await listed;
    expect(ids()).not.toContain(held);
  });

  it('keeps a created shipment whose notification came while a refresh was on its way', async () => {
    arm();
    const refreshed = desk.api.invoke('queue.refresh', {});
    await until('the refresh answered and held', () => gate.held >= 1, 10_000);
    const created = await create();
    await notify(created, 'shipment_created');
    expect(ids()).toContain(created);
    release();
    await refreshed;
    expect(ids()).toContain(created);
  });
});
