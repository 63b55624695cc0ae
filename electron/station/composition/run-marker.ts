// A command of several steps (pack, then labels, then ready to dispatch) that the station may be
// killed in the middle of. Each step is journaled and settled on the next start, but the step
// that never began leaves no trace in the journal: a shipment packed by a killed
// `pack --dispatch` would stay packed and not ready to dispatch, silently. A marker file
// (DATA_DIR/runs/<id>.json) says what the command set out to do; every start reads the markers
// left behind, asks the marketplace how far each got, names what is left undone with the
// command that finishes it, and forgets a marker once nothing is left (waves have their own:
// wave-run.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from '../journal/durable-file.js';
import { tookEffect } from '../packing/reconcile.js';
import { formatIstDisplay } from '../packing/ist-dates.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { JournalRecord } from '../journal/records.js';
import type { Station } from '../station.js';

const Marker = z.object({
  command: z.literal('pack'),
  shipmentIds: z.array(z.string()).min(1),
  dispatch: z.boolean(),
  startedAt: z.iso.datetime(),
});
export type RunMarker = z.infer<typeof Marker>;

export const runsDir = (dataDir: string) => join(dataDir, 'runs');

/** Writes the marker before the first step; returns the function that removes it when the command ends. */
export function beginRun(station: Station, marker: Omit<RunMarker, 'startedAt'>): () => void {
  const path = join(runsDir(station.dataDir), `${randomUUID()}.json`);
  writeFileDurably(path, JSON.stringify({ ...marker, startedAt: station.clock.now().toISOString() }));
  return () => rmSync(path, { force: true });
}

/**
 * Sentences about what interrupted commands left undone, each with what to do; markers whose
 * work is finished (or never took effect) are removed. Reads the marketplace once per marker.
 */
export async function leftUndone(station: Station): Promise<string[]> {
  const dir = runsDir(station.dataDir);
  if (!existsSync(dir)) return [];
  const sentences: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const path = join(dir, name);
    let marker: RunMarker;
    try {
      marker = Marker.parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      rmSync(path, { force: true });
      sentences.push(`A record of an interrupted command (${name}) was damaged and is removed; check the shipments you were packing on the Queue screen.`);
      continue;
    }
    const shipments = await station.client.orders.getShipments({ shipmentIds: marker.shipmentIds });
    const packed = shipments.filter((s) => tookEffect('pack', s));
    const undispatched = marker.dispatch ? packed.filter((s) => !tookEffect('dispatch', s)) : [];
    if (undispatched.length === 0) {
      rmSync(path, { force: true });
      continue;
    }
    const when = formatIstDisplay(new Date(marker.startedAt));
    const ids = undispatched.map((s) => s.shipmentId);
    // Dispatch names one location per request (spec § POST /v3/shipments/dispatch): one command per location.
    const commands = [...new Set(undispatched.map((s) => s.locationId))].map(
      (loc) => `\`station dispatch ${undispatched.filter((s) => s.locationId === loc).map((s) => s.shipmentId).join(' ')} --location ${loc}\``,
    );
    sentences.push(
      `An interrupted \`pack --dispatch\` (started ${when}) left ${ids.join(', ')} packed but not marked ready to dispatch. ` +
        `Run ${commands.join(' and ')} to finish (or mark them on the Dispatch screen).`,
    );
  }
  return sentences;
}

/** How far back the start-up check looks for packs this station journaled. */
export const PACKED_LOOKBACK_MS = 24 * 3_600_000;

/**
 * The app's desk finishes a pack in the background (label, then ready to dispatch), in memory: a
 * station stopped in between would forget it. Shipments the journal says were packed in the last
 * day, without a later ready-to-dispatch, that the marketplace still shows packed and not ready:
 * named with what to do. One read of the marketplace, only when there are any.
 */
export async function packedNotDispatched(
  journal: { records(): Promise<JournalRecord[]> },
  orders: { getShipments(q: { shipmentIds: string[] }): Promise<ShipmentWire[]> },
  now: Date,
): Promise<string[]> {
  const since = new Date(now.getTime() - PACKED_LOOKBACK_MS).toISOString();
  const packedAt = new Map<string, string>();
  for (const r of await journal.records()) {
    if (r.type !== 'intent' || r.at < since) continue;
    for (const id of r.targets.shipmentIds ?? []) {
      if (r.op === 'pack') packedAt.set(id, r.at);
      else if (r.op === 'dispatch' || r.op === 'cancel') packedAt.delete(id);
    }
  }
  if (packedAt.size === 0) return [];
  const shipments = await orders.getShipments({ shipmentIds: [...packedAt.keys()] });
  const left = shipments.filter((s) => tookEffect('pack', s) && !tookEffect('dispatch', s) && !tookEffect('cancel', s));
  if (left.length === 0) return [];
  const ids = left.map((s) => s.shipmentId);
  return [
    `${ids.join(', ')} ${ids.length === 1 ? 'was' : 'were'} packed before the station stopped and ${ids.length === 1 ? 'is' : 'are'} not marked ready to dispatch yet. ` +
      'Check the label on the Print screen (reprint it if it is missing) and mark them ready on the Dispatch screen.',
  ];
}
