// A wave: pack every APPROVED shipment of a location (or every single-item shipment of one SKU)
// in bulk, wait for the documents, fetch one merged label PDF, and optionally mark the wave ready
// to dispatch. Dimensions default to the listing's package dimensions; shipments that need the
// packer (IMEI/serial capture) are skipped with the reason.
//
// Reliability: every pack and dispatch batch is journaled before it is sent. A batch whose answer
// is lost is reconciled by reading the shipments; only those still APPROVED (or PACKED, for
// dispatch) are sent again, so a shipment is never packed twice.
import { PDFDocument } from 'pdf-lib';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { ShipmentProcessingResult, PackShipmentRequest } from '../../../shared/api/pack.js';
import { MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import type { MarketplaceClient } from '../api/client.js';
import { chunk } from '../api/concurrency.js';
import { MarketplaceError } from '../api/errors.js';
import type { Journal } from '../journal/journal.js';
import { journaled, type CallIdentity } from '../journal/journaled-call.js';
import type { Clock } from './ist-dates.js';
import type { InvoiceSeries } from './invoice-series.js';
import { buildPackRequest, parcelsFromListing, PackInputError } from './pack-request.js';
import { checkActionable } from './shipment-checks.js';
import type { ProductFactsCache } from './product-facts.js';
import { reconcileShipments, tookEffect, type ShipmentOp } from './reconcile.js';
import { MAX_SHIPMENTS_PER_MUTATION } from '../api/orders-client.js';

export interface WaveDeps {
  client: MarketplaceClient;
  journal: Journal;
  facts: ProductFactsCache;
  invoices: InvoiceSeries;
  clock: Clock;
  who: CallIdentity;
  sleep?: (ms: number) => Promise<void>;
  transitionYear?: number;
}

export interface WaveOptions {
  locationId: string;
  /** Only single-item shipments of this SKU (issue: "all single-item shipments of one SKU"). */
  sku?: string;
  dispatch: boolean;
  /** Receives the merged label PDF. */
  labels?: (pdf: Uint8Array) => Promise<void>;
  /** How long to wait for documents (spec § Limits: up to 30 minutes). */
  maxWaitMs?: number;
  onProgress?: (event: WaveProgress) => void;
}

export type WaveProgress =
  | { step: 'found'; shipments: number; capped: boolean }
  | { step: 'packed'; done: number; total: number }
  | { step: 'documents'; ready: number; total: number }
  | { step: 'labels'; pages: number }
  | { step: 'dispatched'; done: number; total: number };

export interface WaveSummary {
  packed: number;
  skipped: { shipmentId: string; reason: string }[];
  failed: { shipmentId: string; code: string; message: string }[];
  labelsPages: number;
  dispatched: number;
  requests: number;
  elapsedMs: number;
  /** The search stopped at maxDataRetrievalAllowed: run the wave again for the rest. */
  capped: boolean;
}

/** Rounds of reconcile-and-resend before a shipment is reported failed. */
const MAX_ROUNDS = 5;

export async function runWave(deps: WaveDeps, options: WaveOptions): Promise<WaveSummary> {
  const started = deps.clock.now().getTime();
  const requestsBefore = deps.client.http.requests;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const summary: WaveSummary = { packed: 0, skipped: [], failed: [], labelsPages: 0, dispatched: 0, requests: 0, elapsedMs: 0, capped: false };

  const found = await deps.client.orders.search({
    filter: { type: 'preDispatch', states: ['APPROVED'], locationId: options.locationId, ...(options.sku ? { sku: [options.sku] } : {}) },
    pagination: { pageSize: 20 },
    sort: { field: 'dispatchByDate', order: 'asc' },
  });
  summary.capped = found.capped;
  options.onProgress?.({ step: 'found', shipments: found.shipments.length, capped: found.capped });

  const candidates = options.sku ? found.shipments.filter((s) => s.orderItems.length === 1 && s.orderItems[0].quantity === 1) : found.shipments;
  const missing = await deps.facts.load(candidates.flatMap((s) => s.orderItems.map((i) => i.sku)));
  const requests = new Map<string, PackShipmentRequest>();
  const invoiceOf = new Map<string, string>();
  for (const shipment of candidates) {
    const reason = skipReason(shipment, deps, options.locationId, missing);
    if (reason) {
      summary.skipped.push({ shipmentId: shipment.shipmentId, reason });
      continue;
    }
    try {
      const orderId = shipment.orderItems[0].orderId;
      const invoice = deps.invoices.reserve(orderId, shipment.shipmentId);
      const parcels = parcelsFromListing(shipment, deps.facts.of)!;
      requests.set(
        shipment.shipmentId,
        buildPackRequest({ shipment, lines: shipment.orderItems.map((i) => ({ ...i, serialized: false, serials: [] })), parcels, facts: deps.facts.of, invoice, at: deps.clock.now(), transitionYear: deps.transitionYear }),
      );
      if (invoice.invoiceNumber) invoiceOf.set(shipment.shipmentId, invoice.invoiceNumber);
    } catch (e) {
      if (!(e instanceof PackInputError)) throw e;
      summary.skipped.push({ shipmentId: shipment.shipmentId, reason: e.message });
    }
  }

  const packed = await applyWithReconcile(deps, 'pack', [...requests.keys()], (ids) => deps.client.orders.pack(ids.map((id) => requests.get(id)!)), summary, (n) =>
    options.onProgress?.({ step: 'packed', done: n, total: requests.size }),
  );
  for (const id of packed) {
    const number = invoiceOf.get(id);
    if (number) deps.invoices.markUsed(number);
  }
  summary.packed = packed.length;

  const ready = await waitForDocuments(deps, packed, options.maxWaitMs ?? MAX_LABEL_GENERATION_MS, sleep, (n) => options.onProgress?.({ step: 'documents', ready: n, total: packed.length }));
  for (const id of packed.filter((x) => !ready.includes(x))) {
    summary.failed.push({ shipmentId: id, code: 'LABEL_NOT_READY', message: 'Packed, but its label was not ready in time; print it from Print when it is.' });
  }

  if (ready.length > 0) {
    const pdf = await deps.client.orders.labels(ready);
    summary.labelsPages = (await PDFDocument.load(pdf)).getPageCount();
    options.onProgress?.({ step: 'labels', pages: summary.labelsPages });
    await options.labels?.(pdf);
  }

  if (options.dispatch && ready.length > 0) {
    const dispatched = await applyWithReconcile(deps, 'dispatch', ready, (ids) => deps.client.orders.dispatch(ids, options.locationId), summary, (n) =>
      options.onProgress?.({ step: 'dispatched', done: n, total: ready.length }),
    );
    summary.dispatched = dispatched.length;
  }

  summary.requests = deps.client.http.requests - requestsBefore;
  summary.elapsedMs = deps.clock.now().getTime() - started;
  return summary;
}

function skipReason(shipment: ShipmentWire, deps: WaveDeps, locationId: string, missing: string[]): string | undefined {
  const refusal = checkActionable(shipment, { now: deps.clock.now().getTime(), locationId });
  if (refusal) return refusal.text;
  const noListing = shipment.orderItems.find((i) => missing.includes(i.sku));
  if (noListing) return `No listing found for SKU ${noListing.sku}: its tax code and package size are unknown.`;
  const serialized = shipment.orderItems.find((i) => deps.facts.of(i.sku)?.serialized);
  if (serialized) return `Needs the packer: ${serialized.title ?? serialized.sku} requires IMEI/serial capture at the desk.`;
  if (!parcelsFromListing(shipment, deps.facts.of)) return 'The listing has no package dimensions and weight; weigh and measure it at the desk.';
  return undefined;
}

/**
 * Sends an operation for ids in journaled batches. Per-shipment FAILUREs are final and reported;
 * a batch whose outcome is unknown is reconciled by reading state, and only what did not take
 * effect is sent again in the next round.
 */
async function applyWithReconcile(
  deps: WaveDeps,
  op: ShipmentOp,
  ids: string[],
  send: (ids: string[]) => Promise<ShipmentProcessingResult[]>,
  summary: WaveSummary,
  progress: (done: number) => void,
): Promise<string[]> {
  const done: string[] = [];
  let pending = ids;
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    const unknown: string[] = [];
    await Promise.all(
      chunk(pending, MAX_SHIPMENTS_PER_MUTATION).map(async (batch) => {
        try {
          const { result } = await journaled(deps.journal, deps.who, { op, targets: { shipmentIds: batch }, request: { count: batch.length } }, () => send(batch), (r) => ({
            status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
            result: { failed: r.filter((x) => x.processingStatus === 'FAILURE').map((x) => x.shipmentId) },
          }));
          const answered = new Set(result.map((r) => r.shipmentId));
          for (const r of result) {
            if (r.processingStatus === 'SUCCESS' || (op === 'pack' && r.errorCode === 'DUPLICATE_PACK_REQUEST')) done.push(r.shipmentId);
            else summary.failed.push({ shipmentId: r.shipmentId, code: r.errorCode ?? 'FAILURE', message: r.errorMessage ?? `${op} failed` });
          }
          // A shipment the answer left out is settled by reading it.
          unknown.push(...batch.filter((id) => !answered.has(id)));
        } catch (e) {
          if (e instanceof MarketplaceError && (e.outcomeUnknown || e.retryable)) unknown.push(...batch);
          else throw e;
        }
        progress(done.length);
      }),
    );
    if (unknown.length === 0) break;
    const r = await reconcileShipments(deps.client.orders, op, unknown);
    done.push(...r.done);
    for (const id of r.unknown) summary.failed.push({ shipmentId: id, code: 'NOT_FOUND', message: 'The marketplace no longer returns this shipment.' });
    pending = r.notDone;
    progress(done.length);
  }
  for (const id of pending.filter((x) => !done.includes(x) && !summary.failed.some((f) => f.shipmentId === x))) {
    summary.failed.push({ shipmentId: id, code: 'NO_ANSWER', message: `The marketplace did not confirm ${op} after ${MAX_ROUNDS} attempts; it was not sent again blindly.` });
  }
  return done;
}

/** Polls with backoff until documents are ready (PACKED or later) or the wait runs out. */
async function waitForDocuments(deps: WaveDeps, ids: string[], maxWaitMs: number, sleep: (ms: number) => Promise<void>, progress: (n: number) => void): Promise<string[]> {
  const ready = new Set<string>();
  const deadline = deps.clock.now().getTime() + maxWaitMs;
  let delay = 200;
  for (;;) {
    const waiting = ids.filter((id) => !ready.has(id));
    if (waiting.length === 0) break;
    const shipments = await deps.client.orders.getShipments({ shipmentIds: waiting });
    for (const s of shipments) if (tookEffect('dispatch', s) || s.orderItems.every((i) => i.status === 'PACKED')) ready.add(s.shipmentId);
    progress(ready.size);
    if (ready.size === ids.length || deps.clock.now().getTime() + delay > deadline) break;
    await sleep(delay);
    delay = Math.min(delay * 2, 10_000);
  }
  return ids.filter((id) => ready.has(id));
}
