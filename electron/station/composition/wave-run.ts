// A wave that survives the station being killed. runWave packs what the search finds APPROVED;
// after a crash, shipments the interrupted run already packed are no longer APPROVED, so the
// search alone would leave them without labels and not ready to dispatch. A marker file
// (DATA_DIR/waves/<location>.json) says a wave was under way since when; the journal's pack
// intents since then name the shipments that run packed, and this run finishes them (labels,
// dispatch) without packing any of them again.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { insideFolder } from '../../files/inside-folder.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { z } from 'zod';
import { mergePdfs } from '../api/pdf-merge.js';
import { putAsideShipments } from '../journal/desk-history.js';
import { writeFileDurably } from '../journal/durable-file.js';
import { tookEffect } from '../packing/reconcile.js';
import { runWave, type WaveOptions, type WaveSummary } from '../packing/wave.js';
import type { Station } from '../station.js';
import { dataPaths } from './data-dir.js';
import { applyJournaled, waitUntilPacked } from './shipment-flow.js';

const Marker = z.object({ locationId: z.string(), sku: z.string().optional(), dispatch: z.boolean(), startedAt: z.iso.datetime() });
type Marker = z.infer<typeof Marker>;

export interface ResumableWaveOptions extends Omit<WaveOptions, 'labels'> {
  /** Receives every label of the wave as one PDF at its end (the command line's file). */
  labels?: (pdf: Uint8Array) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  /** Told how many shipments an interrupted run had packed (and this run finishes). */
  onResume?: (carried: number) => void;
}

function markerPath(station: Station, locationId: string): string {
  return insideFolder(dataPaths(station.dataDir).waves, `${encodeURIComponent(locationId)}.json`);
}

function readMarker(path: string): Marker | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return Marker.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return undefined; // a damaged marker only means nothing is carried over; packing stays safe
  }
}

/** Shipments the journal says a pack was sent for since `since` (whatever its outcome). */
async function packTargetsSince(station: Station, since: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const r of await station.journal.records()) {
    if (r.type === 'intent' && r.op === 'pack' && r.at >= since) for (const id of r.targets.shipmentIds ?? []) ids.add(id);
  }
  return [...ids];
}

export async function runResumableWave(station: Station, options: ResumableWaveOptions): Promise<WaveSummary> {
  const started = station.clock.now().getTime();
  const path = markerPath(station, options.locationId);
  const previous = readMarker(path);
  const marker: Marker = previous ?? { locationId: options.locationId, sku: options.sku, dispatch: options.dispatch, startedAt: station.clock.now().toISOString() };
  if (!previous) writeFileDurably(path, JSON.stringify(marker));

  // What the interrupted run packed (start-up reconciliation has already settled its intents).
  let carried: string[] = [];
  if (previous) {
    const targets = await packTargetsSince(station, previous.startedAt);
    const now = targets.length > 0 ? await station.client.orders.getShipments({ shipmentIds: targets }) : [];
    carried = now.filter((s) => s.locationId === options.locationId && tookEffect('pack', s)).map((s) => s.shipmentId);
    options.onResume?.(carried.length);
  }

  const pdfs: Uint8Array[] = [];
  const summary = await runWave(
    { client: station.client, journal: station.journal, facts: station.facts, invoices: station.numbering, ...(station.warehouse ? { claims: station.warehouse } : {}), clock: station.clock, who: station.who, sleep: options.sleep, transitionYear: station.settings.get().taxTransitionYear },
    // Shipments the packer put aside at a desk of this station stay out (the command line has no preview to pick them in).
    { putAside: new Set(putAsideShipments(await station.journal.records())), ...options, labels: options.labels ? async (pdf) => void pdfs.push(pdf) : undefined },
  );

  if (carried.length > 0) {
    const requestsBefore = station.client.http.requests;
    summary.packed += carried.length;
    const { ready, shipments } = await waitUntilPacked(station, carried, { maxWaitMs: options.maxWaitMs });
    for (const id of carried.filter((x) => !ready.includes(x))) summary.failed.push({ shipmentId: id, code: 'LABEL_NOT_READY', message: 'Packed, but its label was not ready in time.' });
    if (ready.length > 0) {
      const pdf = await station.client.orders.labels(ready);
      summary.labelsPages += (await PDFDocument.load(pdf)).getPageCount();
      pdfs.push(pdf);
      if (options.dispatch) {
        const already = ready.filter((id) => tookEffect('dispatch', shipments.get(id)!));
        const toSend = ready.filter((id) => !already.includes(id));
        const sent = toSend.length > 0 ? await applyJournaled(station, 'dispatch', toSend, (batch) => station.client.orders.dispatch(batch, options.locationId), summary.failed) : [];
        summary.dispatched += already.length + sent.length;
      }
    }
    summary.requests += station.client.http.requests - requestsBefore;
  }
  if (pdfs.length > 0) await options.labels?.(await mergePdfs(pdfs));
  summary.elapsedMs = station.clock.now().getTime() - started;
  rmSync(path, { force: true });
  return summary;
}
