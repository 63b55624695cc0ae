// Ready to dispatch for everything packed and not yet ready to dispatch at this desk's location
// ("together at the end of the wave"). What is waiting is found afresh each time, so a restart
// loses nothing: the marketplace's search for PACKED shipments of the location (every service
// profile the seller packs), plus the shipments the journal says this desk packed that the
// search did not return, read by id. Only the marketplace's state decides: PACKED is sent
// (spec § Shipment: only PACKED moves to READY_TO_DISPATCH); PACKING_IN_PROGRESS waits for its
// label and is named.
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_SEARCH_PAGE_SIZE } from '../../../shared/api/limits.js';
import type { MarketplaceClient } from '../api/client.js';
import { packTargets } from '../journal/desk-history.js';
import type { Journal } from '../journal/journal.js';
import type { JournalRecord } from '../journal/records.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import { adviceFor } from './pack-error-messages.js';
import { searchAllSellerPacked } from './seller-search.js';
import { NO_ANSWER_CODE } from './pack-invoice-numbers.js';
import { applyWithReconcile } from './wave-batch.js';
import { skippedFor, type Skipped } from './wave-plan.js';
import type { WaveFailure } from './wave.js';
import type { Words } from './pack-submit.js';
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';

/** The marketplace's refusal as advice to the packer, in English and as its key. */
function advised(f: WaveFailure): Words {
  const advice = adviceFor(f.code, f.message);
  return { text: advice.sentence, sentences: [advice.said] };
}

export interface PackedWaiting {
  /** PACKED at this location, label ready: what "Dispatch packed" sends. */
  ready: string[];
  /** Packed, label not ready yet, with what to do. */
  notReady: Skipped[];
}

export interface PackedWaitingDeps {
  client: MarketplaceClient;
  journal: Journal;
  who: CallIdentity;
}

const allPacked = (s: ShipmentWire, status: string) => s.orderItems.every((i) => i.status === status || i.status === 'CANCELLED') && s.orderItems.some((i) => i.status === status);

/** Ids whose ready-to-dispatch the journal already saw confirmed: no need to read them again. */
function dispatchedPerJournal(records: readonly JournalRecord[]): Set<string> {
  const ok = new Set<string>();
  const intents = new Map<string, string[]>();
  for (const r of records) {
    if (r.type === 'intent' && r.op === 'dispatch') intents.set(r.id, r.targets.shipmentIds ?? []);
    if (r.type === 'outcome' && r.status === 'ok') for (const id of intents.get(r.intentId) ?? []) ok.add(id);
  }
  return ok;
}

export async function findPackedWaiting(deps: PackedWaitingDeps, locationId: string, alsoKnown: readonly string[] = []): Promise<PackedWaiting> {
  const searched = await searchAllSellerPacked(deps.client.orders, {
    filter: { type: 'preDispatch', states: ['PACKING_IN_PROGRESS', 'PACKED'], shipmentTypes: ['NORMAL'], locationId },
    pagination: { pageSize: MAX_SEARCH_PAGE_SIZE },
    sort: { field: 'dispatchByDate', order: 'asc' },
  });
  const byId = new Map(searched.shipments.map((s) => [s.shipmentId, s]));
  const records = await deps.journal.records();
  const done = dispatchedPerJournal(records);
  const unread = [...new Set([...packTargets(records), ...alsoKnown])].filter((id) => !byId.has(id) && !done.has(id));
  if (unread.length > 0) for (const s of await deps.client.orders.getShipments({ shipmentIds: unread })) byId.set(s.shipmentId, s);

  const waiting: PackedWaiting = { ready: [], notReady: [] };
  for (const s of byId.values()) {
    if (s.locationId !== locationId || s.shipmentType === 'SELF') continue;
    if (s.hold) continue; // a held shipment may not move (spec § Shipment); the Queue shows it on hold
    if (allPacked(s, 'PACKED')) waiting.ready.push(s.shipmentId);
    else if (allPacked(s, 'PACKING_IN_PROGRESS')) waiting.notReady.push(skippedFor(s.shipmentId, saying(sentence('station.wave.labelPending'))));
  }
  return waiting;
}

/** Marks every waiting PACKED shipment ready to dispatch, journaled in batches (wave-batch.ts). */
export async function dispatchPackedWaiting(
  deps: PackedWaitingDeps,
  locationId: string,
  alsoKnown: readonly string[] = [],
): Promise<{ dispatched: string[]; failed: ({ shipmentId: string } & Words)[] }> {
  const waiting = await findPackedWaiting(deps, locationId, alsoKnown);
  const failed: WaveFailure[] = [];
  const dispatched = waiting.ready.length > 0 ? await applyWithReconcile(deps, 'dispatch', waiting.ready, (ids) => deps.client.orders.dispatch(ids, locationId), failed) : [];
  return {
    dispatched,
    failed: [
      ...failed.map((f) => (f.code === NO_ANSWER_CODE || f.code === 'NOT_FOUND' ? { shipmentId: f.shipmentId, text: f.message, sentences: f.sentences } : { shipmentId: f.shipmentId, ...advised(f) })),
      ...waiting.notReady.map((n) => ({ shipmentId: n.shipmentId, text: n.reason, sentences: n.sentences })),
    ],
  };
}
