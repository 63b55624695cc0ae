// Push notification benchmarks: 8 desks (the app's station, in warehouse mode, in this process)
// on one PostgreSQL and one sandbox, and a receiver storing into that database over HTTPS.
//   - latency: from the moment the bench asks the sandbox to commit a change (a hold, a release)
//     to the moment the last of the 8 desks' queues shows it, p95. The bench itself posts the
//     notification the moment the sandbox has committed the change (the sandbox's own sender is not
//     part of this run), so the figure is the station's share: receiver, store, NOTIFY, 8 desks.
//   - faults: a run of changes whose notifications are 10% dropped, 10% duplicated and 10%
//     reordered; after one reconciliation every desk's queue must equal a fresh full search.
// PUSH_BENCH_CHANGES shrinks a run for a quick check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationEnvelope } from '../../shared/api/notifications.js';
import type { QueueView } from '../../shared/contract/queue.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { startPushReceiver } from '../../electron/station/push/receiver-server.js';
import { RECONCILE_INTERVAL_MS } from '../../electron/station/push/desk-pushes.js';
import { FULL_RELIST_MS } from '../../electron/station/app/handlers/queue-handlers.js';
import { createNodeFetch } from '../../electron/station/api/http.js';
import type { FetchLike } from '../../electron/station/api/http.js';
import { migrate } from '../../electron/station/warehouse/migrations.js';
import { createWarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { freshDatabase, startPostgres } from '../support/postgres.js';
import { startTestSandbox } from '../support/sandbox.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { envelope, istTimestamp, poster } from '../push/push-fixtures.js';
import { receiverTls } from '../push/push-fixtures.js';
import { percentile, type BenchRow } from './bench-table.js';

const DESKS = 8;
const CHANGES = Number(process.env.PUSH_BENCH_CHANGES ?? 60);
const LATENCY_TARGET_MS = 1_000;
const HOUR = 3_600_000;
/** The Queue screen's pull (QUEUE_REFRESH_MS of renderer/src/screens/queue, not importable from Node). */
const SCREEN_PULL_MS = 60_000;
const TOKEN = 'bench-token-abcdefghijklmnopqrstuvwxyz0123456789';

/** A seeded generator (mulberry32): the same faults every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lastQueue = (d: TestAppStation): QueueView | undefined => [...d.events].reverse().find((e) => e.name === 'queue.changed')?.payload as QueueView | undefined;
const shows = (d: TestAppStation, id: string) => lastQueue(d)?.rows.some((r) => r.shipmentId === id) ?? false;
const signature = (v: QueueView | undefined) => JSON.stringify((v?.rows ?? []).map((r) => [r.shipmentId, r.status, r.hold]).sort());

export async function runPushBench(): Promise<BenchRow[]> {
  const cluster = await startPostgres();
  const url = freshDatabase(cluster, 'push');
  const pool = createWarehousePool({ url });
  await migrate(pool);
  const sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  const tls = await receiverTls();
  const client = poster(tls.caCert);
  const receiver = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store: new PgNotificationStore(pool) });
  const work = mkdtempSync(join(tmpdir(), 'push-bench-'));
  const desks: TestAppStation[] = [];
  try {
    let pulls = 0;
    for (let i = 1; i <= DESKS; i++) {
      desks.push(
        await startTestAppStation({
          sandbox: sb,
          dataDir: join(work, `desk-${i}`),
          settings: { locationId: sb.info.locations[0], desk: { name: `Desk ${i}`, operator: `Packer ${i}` }, warehouse: { registration: GSTIN } },
          env: { STATION_WAREHOUSE_URL: url },
          pushReconcileMs: HOUR,
          // Desk 1's requests are counted (the marketplace calls of its pulls).
          ...(i === 1
            ? {
                fetchFor: (caPem?: string) => {
                  const f = createNodeFetch({ caPem });
                  const fetch: FetchLike = (url, init) => ((pulls += 1), f.fetch(url, init));
                  return { fetch, close: f.close };
                },
              }
            : {}),
        }),
      );
    }
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 20, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } });
    const ids = created.json.shipmentIds as string[];
    for (const d of desks) await d.api.invoke('queue.list', {});
    // Requests of one full search (what a reconciliation sends) and of one modified-since pull.
    let before = pulls;
    await desks[0].context.pushes!.reconcile();
    const perFull = pulls - before;
    before = pulls;
    await desks[0].api.invoke('queue.refresh', {});
    const perRefresh = pulls - before;
    const hour = 3_600_000;
    // Pushes off: the Queue screen pulls every minute; a pull older than FULL_RELIST_MS is a full one.
    const fullPerHour = hour / FULL_RELIST_MS;
    const offPerHour = fullPerHour * perFull + (hour / SCREEN_PULL_MS - fullPerHour) * perRefresh;
    // Pushes on: the minute pull rests; the reconciliation's full search remains.
    const onPerHour = (hour / RECONCILE_INTERVAL_MS) * perFull;
    const notifyNow = async (id: string, n: Omit<NotificationEnvelope, 'timestamp'>) => {
      const at = sb.world.shipments.get(id)!.updatedAt;
      return client.post(receiver.url, { ...n, timestamp: istTimestamp(at) });
    };
    const change = async (id: string, hold: boolean) => {
      await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold } });
      return envelope(id, hold ? 'shipment_hold' : 'shipment_unhold', { hold });
    };

    // Latency: hold, then release, shipments in turn; each change waits for all 8 desks.
    const samples: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const id = ids[i % ids.length];
      const hold = shows(desks[0], id);
      const t0 = performance.now();
      const n = await change(id, hold);
      await notifyNow(id, n);
      const deadline = t0 + 10_000;
      while (!desks.every((d) => shows(d, id) === !hold)) {
        if (performance.now() > deadline) throw new Error(`push bench: ${id} not shown by every desk within 10 s`);
        await new Promise((r) => setTimeout(r, 2));
      }
      samples.push(performance.now() - t0);
    }
    const p95 = percentile(samples, 95);

    // Faults: new shipments (created) and holds of a third of them, their notifications dropped,
    // doubled or swapped with the next by a seeded knob.
    const rnd = seeded(16);
    const fresh = (await sb.call('POST', '/sandbox/shipments', { body: { count: CHANGES, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds as string[];
    const records = await desks[0].context.marketplace().orders.getShipments({ shipmentIds: fresh });
    const outbox: NotificationEnvelope[] = records.map((r) => envelope(r.shipmentId, 'shipment_created', r as never, istTimestamp(r.updatedAt)));
    for (const id of fresh.filter((_, i) => i % 3 === 0)) {
      await new Promise((r) => setTimeout(r, 5));
      const n = await change(id, true);
      outbox.push({ ...n, timestamp: istTimestamp(sb.world.shipments.get(id)!.updatedAt) });
    }
    let dropped = 0;
    let doubled = 0;
    let reordered = 0;
    const sent: NotificationEnvelope[] = [];
    for (let i = 0; i < outbox.length; i++) {
      const r = rnd();
      if (r < 0.1) dropped++;
      else if (r < 0.2) {
        doubled++;
        sent.push(outbox[i], outbox[i]);
      } else if (r < 0.3 && i + 1 < outbox.length) {
        reordered++;
        sent.push(outbox[i + 1], outbox[i]);
        i++;
      } else sent.push(outbox[i]);
    }
    for (const n of sent) await client.post(receiver.url, n);
    await new Promise((r) => setTimeout(r, 500));
    const reference = await startTestAppStation({ sandbox: sb, dataDir: join(work, 'reference'), settings: { locationId: sb.info.locations[0] } });
    const truth = signature(await reference.api.invoke('queue.list', {}));
    await reference.close();
    const matchingBefore = desks.filter((d) => signature(lastQueue(d)) === truth).length;
    // Past the grace given to notifications still on their way: what differs now was lost.
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 30 } });
    await Promise.all(desks.map((d) => d.context.pushes!.reconcile()));
    const matching = desks.filter((d) => signature(lastQueue(d)) === truth).length;
    const missed = desks.map((d) => lastQueue(d)?.push?.missed ?? 0);

    return [
      {
        area: 'Push',
        name: `A desk's queue requests per hour with pushes on (a full search every ${RECONCILE_INTERVAL_MS / 60_000} min), computed from the measured ${perFull} requests of a full search and ${perRefresh} of a minute pull`,
        value: onPerHour,
        unit: 'requests/h',
        target: '< pushes off',
        pass: onPerHour < offPerHour,
        baseline: { name: 'pushes off (pull every minute)', value: offPerHour, unit: 'requests/h' },
      },
      {
        area: 'Push',
        name: `Change committed at the sandbox to all ${DESKS} desks' queues showing it, p95 of ${CHANGES} (notification posted by the bench)`,
        value: p95,
        unit: 'ms',
        target: `≤ ${LATENCY_TARGET_MS.toLocaleString('en-US')} ms`,
        pass: p95 <= LATENCY_TARGET_MS,
      },
      {
        area: 'Push',
        name: `Desks whose queue equals a fresh full search after one reconciliation (${outbox.length} notifications: ${dropped} dropped, ${doubled} doubled, ${reordered} reordered; ${matchingBefore} of ${DESKS} equal before it; ${Math.min(...missed)}-${Math.max(...missed)} found missed per desk)`,
        value: matching,
        unit: `of ${DESKS}`,
        target: `${DESKS} of ${DESKS}`,
        pass: matching === DESKS,
      },
    ];
  } finally {
    for (const d of desks) await d.close().catch(() => undefined);
    await receiver.close();
    await client.close();
    await sb.close();
    await pool.end().catch(() => undefined);
    cluster.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}
