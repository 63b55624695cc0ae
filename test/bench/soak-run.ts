// A long shift in one station process (started by soak-bench.ts with --expose-gc, so its
// resident memory is the station's alone): the desk packs N shipments through PackDesk as a
// packer would (scan the shipment, scan each unit, weigh and measure, Enter), each label printed
// through the station's label watcher and marked ready to dispatch, the journal rotating on its
// way. Prints one line of JSON: RSS samples and the desk's scan handling times.
// SOAK_HEAP_AT=300,1500 (with SOAK_HEAP_DIR, default the working folder) writes a V8 heap
// snapshot after those packs, after a full collection, to compare what the shift kept.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import { PackDesk, type DeskDeps } from '../../electron/station/packing/pack-desk.js';
import { startSandboxProcess, stationOn } from './sandbox-process.js';

const PACKS = Number(process.argv[2] ?? 5_000);
const SAMPLE_EVERY = 100;
const HEAP_AT = new Set((process.env.SOAK_HEAP_AT ?? '').split(',').filter(Boolean).map(Number));
const HEAP_DIR = process.env.SOAK_HEAP_DIR ?? '.';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const sandbox = await startSandboxProcess(join(dir, 'sandbox'));
  try {
    const locationId = sandbox.info.locations.at(-1)!;
    const ids: string[] = [];
    for (let left = PACKS; left > 0; left -= 5_000) ids.push(...(await sandbox.call('/sandbox/shipments', { count: Math.min(left, 5_000), locationId, kind: 'plain', quantity: 1, restock: true })).shipmentIds);
    const station = await stationOn(sandbox.info, join(dir, 'station'));
    const shipments = new Map<string, ShipmentWire>();
    for (const s of await station.client.orders.getShipments({ shipmentIds: ids })) shipments.set(s.shipmentId, s);
    let printed = 0;
    const desk = new PackDesk({
      client: station.client,
      journal: station.journal,
      facts: station.facts,
      invoices: station.invoices,
      clock: station.clock,
      who: station.who,
      locationId,
      printer: { printLabels: async () => (printed++, { printer: 'soak' }) },
      rtdPolicy: 'immediate',
      newSessionId: randomUUID,
    } satisfies DeskDeps);
    const rss: number[] = [];
    const scanMs: number[] = [];
    const refused: string[] = [];
    const t0 = performance.now();
    for (const [n, id] of ids.entries()) {
      const shipment = shipments.get(id)!;
      const opened = await desk.scan(id, 'wedge');
      if (opened.tone === 'error') {
        refused.push(`${id}: ${opened.text}`);
        continue;
      }
      for (const item of shipment.orderItems) {
        for (let u = 0; u < item.quantity; u++) {
          const t = performance.now();
          await desk.scan(item.sku, 'wedge');
          scanMs.push(performance.now() - t);
        }
      }
      // The scale weighs the whole parcel (every package of the shipment, as the marketplace
      // expects it: spec § Errors WEIGHT_ANOMALY_WARNING), give or take; the dimensioner reads
      // the first package's box.
      const packages = shipment.subShipments[0]?.packages ?? [];
      const box = packages[0]?.dimensions;
      const parcelKg = packages.reduce((sum, p) => sum + (p.dimensions?.weight ?? 0) * (p.quantity ?? 1), 0) || 0.5;
      const weightKg = Math.round(parcelKg * (0.95 + (n % 10) / 100) * 1000) / 1000;
      await desk.measure({ weightKg, dimensions: box ? { length: box.length, breadth: box.breadth, height: box.height } : { length: 30, breadth: 20, height: 10 }, source: 'device' });
      let packed = await desk.pack();
      // "Looks unusual... continue if they are right": the packer checked and presses Enter again.
      if (packed.tone !== 'ok' && /continue if they are right/.test(packed.text)) packed = await desk.pack();
      if (packed.tone === 'error') {
        refused.push(`${id}: ${packed.text}`);
        await desk.putAside();
      }
      if ((n + 1) % SAMPLE_EVERY === 0) {
        (globalThis as { gc?: () => void }).gc?.();
        rss.push(process.memoryUsage().rss);
      }
      if (HEAP_AT.has(n + 1)) {
        (globalThis as { gc?: () => void }).gc?.();
        process.stderr.write(`heap snapshot: ${writeHeapSnapshot(join(HEAP_DIR, `soak-${n + 1}.heapsnapshot`))}\n`);
      }
    }
    await desk.idle();
    const segments = readdirSync(join(dir, 'station', 'journal')).length;
    const seconds = (performance.now() - t0) / 1000;
    await station.close();
    process.stdout.write(JSON.stringify({ packs: PACKS, printed, refused: refused.slice(0, 5), refusedCount: refused.length, rss, scanMs, segments, seconds }) + '\n');
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
