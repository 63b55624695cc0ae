// Label on paper the moment the marketplace has it. Two desks of their own station in the same
// run, against one sandbox process whose label delays follow the spec's spread (world/label-
// delays.ts: most 5 to 10 s, some up to minutes), 50 ms of latency: each packs 200 shipments one
// after another and hands each label to its printer as soon as it is ready, through the desk's
// own path (pack-submit.ts waitAndPrint). One desk waits through the station's label watcher, the
// other through the former per-shipment doubling backoff (the baseline). Measured: from the
// moment the sandbox marked the shipment PACKED (its Packed event, dated when the documents
// became ready) to the print job being submitted, and the readiness requests each desk sent per
// second while it had labels to wait for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PackShipmentRequest } from '../../shared/api/pack.js';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import type { DeskDeps } from '../../electron/station/packing/pack-desk.js';
import { buildPackRequest, parcelsFromListing } from '../../electron/station/packing/pack-request.js';
import { pollDocumentsWithBackoff, waitAndPrint, watchDocuments, type DocumentsWait } from '../../electron/station/packing/pack-submit.js';
import type { Station } from '../../electron/station/station.js';
import { percentile, type BenchRow } from './bench-table.js';
import { startSandboxProcess, stationOn, type SandboxProcess } from './sandbox-process.js';

const PACKS = 200;
const LATENCY_MS = 50;
/** A busy desk: a pack every 150 ms keeps many labels waiting at once. */
const PACK_EVERY_MS = 150;

interface DeskRun {
  printedAt: Map<string, number>;
  readinessRequests: number;
  firstPackAt: number;
  lastPrintAt: number;
}

/** Pack requests built before the clock starts: the measure is the wait for documents. */
async function packRequests(station: Station, ids: string[]): Promise<PackShipmentRequest[]> {
  const shipments: ShipmentWire[] = await station.client.orders.getShipments({ shipmentIds: ids });
  await station.facts.load(shipments.flatMap((s) => s.orderItems.map((i) => i.sku)));
  return shipments.map((shipment) => {
    const invoice = station.invoices.reserve(shipment.orderItems[0].orderId, shipment.shipmentId);
    const parcels = parcelsFromListing(shipment, station.facts.of)!;
    const lines = shipment.orderItems.map((i) => ({ ...i, serialized: false, serials: [] }));
    return buildPackRequest({ shipment, lines, parcels, facts: station.facts.of, invoice, at: station.clock.now() });
  });
}

async function runDesk(station: Station, requests: PackShipmentRequest[], wait: DocumentsWait): Promise<DeskRun> {
  const run: DeskRun = { printedAt: new Map(), readinessRequests: 0, firstPackAt: Date.now(), lastPrintAt: 0 };
  // Every readiness read of this desk is counted (the watcher's batches, the backoff's single reads).
  const orders = Object.create(station.client.orders) as typeof station.client.orders;
  orders.getShipments = (lookup) => {
    run.readinessRequests++;
    return station.client.orders.getShipments(lookup);
  };
  const deps = {
    client: { ...station.client, orders },
    journal: station.journal,
    clock: station.clock,
    printer: {
      printLabels: async (_pdf: Uint8Array, job: { shipmentIds: string[] }) => {
        const at = Date.now();
        for (const id of job.shipmentIds) run.printedAt.set(id, at);
        run.lastPrintAt = at;
        return { printer: 'bench' };
      },
    },
  } as unknown as DeskDeps;
  const jobs: Promise<unknown>[] = [];
  for (const request of requests) {
    const started = Date.now();
    const [result] = await station.client.orders.pack([request]);
    if (result?.processingStatus !== 'SUCCESS') throw new Error(`label bench: pack of ${request.shipmentId} failed: ${result?.errorCode} ${result?.errorMessage}`);
    jobs.push(waitAndPrint(deps, request.shipmentId, () => undefined, wait));
    await new Promise((r) => setTimeout(r, Math.max(0, PACK_EVERY_MS - (Date.now() - started))));
  }
  const outcomes = (await Promise.all(jobs)) as { ok: boolean; text: string }[];
  const failed = outcomes.find((o) => !o.ok);
  if (failed) throw new Error(`label bench: ${failed.text}`);
  return run;
}

/** When the sandbox marked each shipment PACKED, from its own event log. */
async function packedAt(sandbox: SandboxProcess): Promise<Map<string, number>> {
  const at = new Map<string, number>();
  for (let since = 0; ; ) {
    const page = (await sandbox.get(`/sandbox/events?since=${since}`)) as { events: { kind: string; shipmentId?: string; at: string }[]; next: number };
    for (const e of page.events) if (e.kind === 'Packed' && e.shipmentId) at.set(e.shipmentId, Date.parse(e.at));
    if (page.events.length === 0 || page.next === since) return at;
    since = page.next;
  }
}

function summary(run: DeskRun, packed: Map<string, number>): { p95: number; p50: number; perSecond: number } {
  const waits = [...run.printedAt].map(([id, printed]) => {
    const ready = packed.get(id);
    if (ready === undefined) throw new Error(`label bench: no Packed event for ${id}`);
    return printed - ready;
  });
  return { p95: percentile(waits, 95), p50: percentile(waits, 50), perSecond: run.readinessRequests / ((run.lastPrintAt - run.firstPackAt) / 1000) };
}

export async function runLabelBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'label-bench-'));
  const sandbox = await startSandboxProcess(join(dir, 'sandbox'), ['--label-delay-spread', '--seed', '7']);
  try {
    const [here, there] = sandbox.info.locations;
    const watched = (await sandbox.call('/sandbox/shipments', { count: PACKS, locationId: here, kind: 'plain', restock: true })).shipmentIds as string[];
    const polled = (await sandbox.call('/sandbox/shipments', { count: PACKS, locationId: there ?? here, kind: 'plain', restock: true })).shipmentIds as string[];
    const a = await stationOn(sandbox.info, join(dir, 'watcher'));
    const b = await stationOn(sandbox.info, join(dir, 'backoff'));
    const [ra, rb] = [await packRequests(a, watched), await packRequests(b, polled)];
    await sandbox.call('/sandbox/faults', { latencyMs: LATENCY_MS });
    const [watcher, backoff] = await Promise.all([runDesk(a, ra, watchDocuments), runDesk(b, rb, pollDocumentsWithBackoff)]);
    await Promise.all([a.close(), b.close()]);
    const packed = await packedAt(sandbox);
    const w = summary(watcher, packed);
    const o = summary(backoff, packed);
    const fmt = (x: { p50: number; perSecond: number }) => `p50 ${(x.p50 / 1000).toFixed(2)} s, ${x.perSecond.toFixed(1)} readiness requests/s`;
    return [
      {
        area: 'Station',
        name: `label: PACKED at the marketplace → print job submitted, p95 of ${PACKS} desk packs (spec's delay spread, ${LATENCY_MS} ms latency; ${fmt(w)})`,
        value: w.p95 / 1000,
        unit: 's',
        target: '≤ 1.2 s (p95)',
        pass: w.p95 <= 1200,
        baseline: { name: `per-shipment doubling backoff, same run (${fmt(o)})`, value: o.p95 / 1000, unit: 's' },
      },
      {
        area: 'Station',
        name: `label: readiness requests per second per desk while labels wait (${PACKS} packs, one every ${PACK_EVERY_MS} ms)`,
        value: w.perSecond,
        unit: '/s',
        target: '≤ 1.5/s',
        pass: w.perSecond <= 1.5,
        baseline: { name: 'per-shipment doubling backoff, same run', value: o.perSecond, unit: '/s' },
      },
    ];
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
