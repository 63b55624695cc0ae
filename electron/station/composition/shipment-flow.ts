// The single-shipment (or few-shipment) flow of the headless station, in the fewest sequential
// round trips: identify (get by id) -> product facts (listing) -> pack -> poll until PACKED ->
// labels -> ready to dispatch. Every mutating call is journaled before it leaves; an answer that
// is lost is settled by reading the shipments, never by sending again blindly (spec § Shipment:
// the state table says which states mean an operation took effect).
import { MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import type { PackShipmentRequest, ShipmentProcessingResult } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MarketplaceError } from '../api/errors.js';
import { journaled } from '../journal/journaled-call.js';
import { buildPackRequest, PackInputError, parcelsFromListing } from '../packing/pack-request.js';
import { reconcileShipments, tookEffect, type ShipmentOp } from '../packing/reconcile.js';
import { checkActionable } from '../packing/shipment-checks.js';
import type { Station } from '../station.js';

export interface FlowResult {
  packed: string[];
  skipped: { shipmentId: string; reason: string }[];
  failed: { shipmentId: string; code: string; message: string }[];
  labels?: Uint8Array;
  dispatched: string[];
}

export interface FlowOptions {
  dispatch: boolean;
  /** Fetch the merged label PDF of the packed shipments. */
  labels: boolean;
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  progress?: (line: string) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Sends a shipment operation for ids through the journal. Per-shipment FAILURE is final; a lost
 * or ambiguous answer is reconciled by reading state, and only what did not take effect is sent
 * again (at most `rounds` times).
 */
export async function applyJournaled(
  station: Station,
  op: ShipmentOp,
  ids: string[],
  send: (ids: string[]) => Promise<ShipmentProcessingResult[]>,
  failed: FlowResult['failed'],
  rounds = 4,
): Promise<string[]> {
  const done: string[] = [];
  let pending = ids;
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    let unknown: string[];
    try {
      const { result } = await journaled(station.journal, station.who, { op, targets: { shipmentIds: pending }, request: { count: pending.length } }, () => send(pending), (r) => ({
        status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
        result: { failed: r.filter((x) => x.processingStatus === 'FAILURE').map((x) => x.shipmentId) },
      }));
      const answered = new Set(result.map((r) => r.shipmentId));
      for (const r of result) {
        // DUPLICATE_PACK_REQUEST: an earlier pack of ours is still processing, so it did take effect.
        if (r.processingStatus === 'SUCCESS' || (op === 'pack' && r.errorCode === 'DUPLICATE_PACK_REQUEST')) done.push(r.shipmentId);
        else failed.push({ shipmentId: r.shipmentId, code: r.errorCode ?? 'FAILURE', message: r.errorMessage ?? `${op} failed` });
      }
      unknown = pending.filter((id) => !answered.has(id));
    } catch (e) {
      if (!(e instanceof MarketplaceError && (e.outcomeUnknown || e.retryable))) throw e;
      unknown = pending;
    }
    if (unknown.length === 0) return done;
    const r = await reconcileShipments(station.client.orders, op, unknown);
    done.push(...r.done);
    for (const id of r.unknown) failed.push({ shipmentId: id, code: 'NOT_FOUND', message: 'The marketplace no longer returns this shipment.' });
    pending = r.notDone;
  }
  for (const id of pending) failed.push({ shipmentId: id, code: 'NO_ANSWER', message: `The marketplace did not confirm ${op}; it was not sent again blindly.` });
  return done;
}

/** Polls (first at once, then with backoff) until documents are ready: PACKED or later. */
export async function waitUntilPacked(station: Station, ids: string[], options: Pick<FlowOptions, 'maxWaitMs' | 'sleep'> = {}): Promise<{ ready: string[]; shipments: Map<string, ShipmentWire> }> {
  const sleep = options.sleep ?? defaultSleep;
  const deadline = Date.now() + (options.maxWaitMs ?? MAX_LABEL_GENERATION_MS);
  const ready = new Set<string>();
  const shipments = new Map<string, ShipmentWire>();
  let delay = 200;
  for (;;) {
    const waiting = ids.filter((id) => !ready.has(id));
    if (waiting.length === 0) break;
    for (const s of await station.client.orders.getShipments({ shipmentIds: waiting })) {
      shipments.set(s.shipmentId, s);
      if (s.orderItems.every((i) => i.status === 'PACKED') || tookEffect('dispatch', s)) ready.add(s.shipmentId);
    }
    if (ready.size === ids.length || Date.now() + delay > deadline) break;
    await sleep(delay);
    delay = Math.min(delay * 2, 10_000);
  }
  return { ready: ids.filter((id) => ready.has(id)), shipments };
}

/** Packs the given shipments with their listings' package sizes, then labels and dispatch. */
export async function packShipments(station: Station, shipmentIds: string[], options: FlowOptions): Promise<FlowResult> {
  const result: FlowResult = { packed: [], skipped: [], failed: [], dispatched: [] };
  const ids = [...new Set(shipmentIds)];
  const found = await station.client.orders.getShipments({ shipmentIds: ids });
  const byId = new Map(found.map((s) => [s.shipmentId, s]));
  for (const id of ids) if (!byId.has(id)) result.failed.push({ shipmentId: id, code: 'NOT_FOUND', message: `No shipment ${id} for this seller.` });
  const missing = await station.facts.load(found.flatMap((s) => s.orderItems.map((i) => i.sku)));

  const requests = new Map<string, PackShipmentRequest>();
  const invoiceOf = new Map<string, string>();
  for (const shipment of found) {
    const reason = refusal(station, shipment, missing);
    if (reason) {
      result.skipped.push({ shipmentId: shipment.shipmentId, reason });
      continue;
    }
    try {
      const invoice = station.invoices.reserve(shipment.orderItems[0].orderId, shipment.shipmentId);
      const parcels = parcelsFromListing(shipment, station.facts.of)!;
      const lines = shipment.orderItems.map((i) => ({ ...i, serialized: false, serials: [] }));
      requests.set(shipment.shipmentId, buildPackRequest({ shipment, lines, parcels, facts: station.facts.of, invoice, at: station.clock.now(), transitionYear: station.settings.get().taxTransitionYear }));
      if (invoice.invoiceNumber) invoiceOf.set(shipment.shipmentId, invoice.invoiceNumber);
    } catch (e) {
      if (!(e instanceof PackInputError)) throw e;
      result.skipped.push({ shipmentId: shipment.shipmentId, reason: e.message });
    }
  }
  if (requests.size === 0) return result;

  result.packed = await applyJournaled(station, 'pack', [...requests.keys()], (batch) => station.client.orders.pack(batch.map((id) => requests.get(id)!)), result.failed);
  // Shipments of one order share the order's reservation (invoice-series.ts), so each number
  // is marked once.
  for (const number of new Set(result.packed.map((id) => invoiceOf.get(id)).filter((n): n is string => !!n))) station.invoices.markUsed(number);
  options.progress?.(`Packed ${result.packed.length} of ${requests.size}; waiting for labels.`);
  const { ready } = await waitUntilPacked(station, result.packed, options);
  for (const id of result.packed.filter((x) => !ready.includes(x))) {
    result.failed.push({ shipmentId: id, code: 'LABEL_NOT_READY', message: 'Packed, but its label was not ready in time; print it later with `station labels`.' });
  }
  if (ready.length === 0) return result;
  if (options.labels) result.labels = await station.client.orders.labels(ready);
  if (options.dispatch) {
    // Dispatch names one location per request (spec § POST /v3/shipments/dispatch).
    for (const location of new Set(ready.map((id) => byId.get(id)!.locationId))) {
      const here = ready.filter((id) => byId.get(id)!.locationId === location);
      result.dispatched.push(...(await applyJournaled(station, 'dispatch', here, (batch) => station.client.orders.dispatch(batch, location), result.failed)));
    }
  }
  return result;
}

function refusal(station: Station, shipment: ShipmentWire, missing: string[]): string | undefined {
  const refused = checkActionable(shipment, { now: station.clock.now().getTime(), locationId: shipment.locationId });
  if (refused) return refused.text;
  const noListing = shipment.orderItems.find((i) => missing.includes(i.sku));
  if (noListing) return `No listing found for SKU ${noListing.sku}: its tax code and package size are unknown.`;
  const serialized = shipment.orderItems.find((i) => station.facts.of(i.sku)?.serialized);
  if (serialized) return `Needs the packer: ${serialized.sku} requires IMEI/serial capture at the desk (pack it in the app).`;
  if (!parcelsFromListing(shipment, station.facts.of)) return 'The listing has no package dimensions and weight; weigh and measure it at the desk.';
  return undefined;
}
