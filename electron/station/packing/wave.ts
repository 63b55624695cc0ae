// A wave: pack every APPROVED shipment of a location (or every single-item shipment of one SKU)
// in bulk, wait for the documents, fetch each batch's label PDF and hand it to the printer as it
// comes, and optionally mark the wave ready to dispatch. Dimensions and weight come from the listing's packages (every unit counted,
// pack-request.ts); every approved shipment of the location the wave does not pack is named in
// the summary with the reason (wave-plan.ts: the same rules as the preview the packer confirmed).
//
// Pipelined: the search pages its dispatchByDate windows side by side (sliced-search.ts) and each
// batch of 100 found shipments is packed, labelled and dispatched while the search goes on. A
// wave then takes about a few search round trips plus one batch's, instead of the sum of every
// phase.
//
// Reliability: every pack and dispatch batch is journaled before it is sent. A batch whose answer
// is lost is reconciled by reading the shipments; only those still APPROVED (or PACKED, for
// dispatch) are sent again, so a shipment is never packed twice.
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import { MAX_LABEL_GENERATION_MS, MAX_SEARCH_PAGE_SIZE } from '../../../shared/api/limits.js';
import type { MarketplaceClient } from '../api/client.js';
import { MAX_SHIPMENTS_PER_MUTATION } from '../api/orders-client.js';
import type { Journal } from '../journal/journal.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import type { Clock } from './ist-dates.js';
import type { DeskClaims, DeskInvoices } from './desk-claims.js';
import { sendHeld } from './held-pack.js';
import { markNumbersUsed, settleNotPacked, type PackNumber } from './pack-invoice-numbers.js';
import { buildPackRequest, parcelsFromListing, PackInputError } from './pack-request.js';
import { parcelsNote } from './parcels-as-packed.js';
import type { ProductFactsCache } from './product-facts.js';
import { searchSellerPacked } from './seller-search.js';
import { applyWithReconcile, waitForDocuments } from './wave-batch.js';
import { NOT_CONFIRMED_REASON, outsideTheWave, PUT_ASIDE_REASON, skipReason, skippedFor, skuWaveRefusal, waveFilter, type Reason, type Skipped } from './wave-plan.js';
import { StationError, type KeyedSentence } from '../../../shared/contract/define.js';
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';

export interface WaveDeps {
  client: MarketplaceClient;
  journal: Journal;
  facts: ProductFactsCache;
  invoices: DeskInvoices;
  /** Warehouse mode: the wave claims its shipments in bulk, so desks running waves split them. */
  claims?: DeskClaims;
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
  /** Shipments put aside at the desk: left out, unless also in `only` (the packer picked them). */
  putAside?: ReadonlySet<string>;
  /** The shipments the packer confirmed in the preview: anything else the search finds is left out, named. */
  only?: ReadonlySet<string>;
  /**
   * Receives each batch's labels as one PDF (up to 100 shipments, spec § Limits), in wave order,
   * as soon as they arrive: the printer starts while later batches are packed. With the shipments
   * whose labels it holds (their invoices go with them).
   */
  labels?: (pdf: Uint8Array, shipmentIds: string[]) => Promise<void>;
  /** How long to wait for documents (spec § Limits: up to 30 minutes). */
  maxWaitMs?: number;
  onProgress?: (event: WaveProgress) => void;
}

export type WaveProgress =
  | { step: 'found'; shipments: number; capped: boolean }
  | { step: 'packed'; done: number; total: number }
  | { step: 'documents'; ready: number; total: number }
  /** Label pages handed to the printer so far, in this many jobs (one per batch), for this many of the shipments found. */
  | { step: 'labels'; pages: number; jobs: number; shipments: number; total: number }
  | { step: 'dispatched'; done: number; total: number };

/** A shipment the wave could not finish: the marketplace's or the station's words, with keys where the station said them. */
export interface WaveFailure {
  shipmentId: string;
  code: string;
  message: string;
  sentences?: KeyedSentence[];
}

export interface WaveSummary {
  packed: number;
  skipped: Skipped[];
  failed: WaveFailure[];
  labelsPages: number;
  dispatched: number;
  requests: number;
  elapsedMs: number;
  /** The search stopped at maxDataRetrievalAllowed: run the wave again for the rest. */
  capped: boolean;
}

interface BatchOutcome {
  packed: string[];
  ready: string[];
  labels?: Uint8Array;
  dispatched: string[];
}

export async function runWave(deps: WaveDeps, options: WaveOptions): Promise<WaveSummary> {
  const started = deps.clock.now().getTime();
  const requestsBefore = deps.client.http.requests;
  const summary: WaveSummary = { packed: 0, skipped: [], failed: [], labelsPages: 0, dispatched: 0, requests: 0, elapsedMs: 0, capped: false };
  const counts = { found: 0, packed: 0, ready: 0, dispatched: 0 };
  const progress = {
    packed: () => options.onProgress?.({ step: 'packed', done: counts.packed, total: counts.found }),
    ready: () => options.onProgress?.({ step: 'documents', ready: counts.ready, total: counts.packed }),
    dispatched: () => options.onProgress?.({ step: 'dispatched', done: counts.dispatched, total: counts.ready }),
  };

  const batches: Promise<BatchOutcome>[] = [];
  const handover = new LabelHandover(options.labels ?? (async () => undefined), (pages, jobs, shipments) => options.onProgress?.({ step: 'labels', pages, jobs, shipments, total: counts.found }));
  let buffer: ShipmentWire[] = [];
  const flush = () => {
    // Pages of the sliced search come in any size: batches are cut at the mutation limit exactly.
    while (buffer.length > 0) {
      const batch = buffer.slice(0, MAX_SHIPMENTS_PER_MUTATION);
      buffer = buffer.slice(MAX_SHIPMENTS_PER_MUTATION);
      const index = batches.length;
      const run = runBatch(deps, options, batch, summary, counts, progress);
      // Each batch's labels go to the printer as soon as they (and the batches before) arrive.
      const joined = run.then(
        (o) => handover.add(index, o.labels, o.ready).then(() => o),
        (e: unknown) => {
          // A failed batch does not hold back the labels of the batches after it.
          void handover.add(index, undefined, []).catch(() => undefined);
          throw e;
        },
      );
      // Handled here so a batch failing while the search goes on does not end the process; the
      // failure still reaches the caller through Promise.all below.
      joined.catch(() => undefined);
      batches.push(joined);
    }
  };

  const pages = searchSellerPacked(deps.client.orders, {
    filter: waveFilter(options.locationId, options.sku),
    pagination: { pageSize: MAX_SEARCH_PAGE_SIZE },
    sort: { field: 'dispatchByDate', order: 'asc' },
  });
  // Every approved shipment the wave does not pack is named in the summary with why.
  const leftOut = (s: ShipmentWire): Reason | undefined =>
    skuWaveRefusal(s, options.sku) ??
    (options.only && !options.only.has(s.shipmentId) ? (options.putAside?.has(s.shipmentId) ? PUT_ASIDE_REASON : NOT_CONFIRMED_REASON) : undefined) ??
    (!options.only && options.putAside?.has(s.shipmentId) ? PUT_ASIDE_REASON : undefined);
  try {
    for (;;) {
      const page = await pages.next();
      if (page.done) {
        summary.capped = page.value.capped;
        break;
      }
      const wanted: ShipmentWire[] = [];
      for (const s of page.value) {
        const reason = leftOut(s);
        if (reason) summary.skipped.push(skippedFor(s.shipmentId, reason));
        else wanted.push(s);
      }
      counts.found += wanted.length;
      options.onProgress?.({ step: 'found', shipments: counts.found, capped: false });
      buffer.push(...wanted);
      if (buffer.length >= MAX_SHIPMENTS_PER_MUTATION) {
        const rest = buffer.splice(MAX_SHIPMENTS_PER_MUTATION * Math.floor(buffer.length / MAX_SHIPMENTS_PER_MUTATION));
        flush();
        buffer = rest;
      }
    }
    flush();
    summary.skipped.push(...(await outsideTheWave(deps.client, options.locationId, options.sku)));
  } finally {
    // A failed search must not leave batches running unobserved.
    await Promise.allSettled(batches);
  }
  const outcomes = await Promise.all(batches);

  summary.packed = outcomes.reduce((n, o) => n + o.packed.length, 0);
  summary.dispatched = outcomes.reduce((n, o) => n + o.dispatched.length, 0);
  await handover.done();
  summary.labelsPages = handover.pages;
  summary.requests = deps.client.http.requests - requestsBefore;
  summary.elapsedMs = deps.clock.now().getTime() - started;
  return summary;
}

/** One batch of up to 100 shipments: check, pack, wait for documents, labels, dispatch. */
async function runBatch(
  deps: WaveDeps,
  options: WaveOptions,
  shipments: ShipmentWire[],
  summary: WaveSummary,
  counts: { packed: number; ready: number; dispatched: number },
  progress: { packed(): void; ready(): void; dispatched(): void },
): Promise<BatchOutcome> {
  // The batch steps report running totals of their own; the wave adds up the increases.
  const adder = (key: 'packed' | 'ready' | 'dispatched', tell: () => void) => {
    let last = 0;
    return (n: number) => {
      counts[key] += n - last;
      last = n;
      tell();
    };
  };
  const missing = await deps.facts.load(shipments.flatMap((s) => s.orderItems.map((i) => i.sku)));
  const packable: ShipmentWire[] = [];
  for (const shipment of shipments) {
    const reason = skipReason(shipment, deps, options.locationId, missing);
    if (reason) summary.skipped.push(skippedFor(shipment.shipmentId, reason));
    else packable.push(shipment);
  }
  if (deps.claims) packable.splice(0, packable.length, ...(await claimBatch(deps, deps.claims, packable, summary)));
  // One durable write for the batch's invoice numbers, one number per shipment.
  let invoices: Awaited<ReturnType<DeskInvoices['reserveMany']>>;
  try {
    invoices = await deps.invoices.reserveMany(packable.map((s) => ({ orderId: s.orderItems[0].orderId, shipmentId: s.shipmentId })));
  } catch (e) {
    // Warehouse mode: no numbers (the database away and the outage block used up): the batch
    // waits, its claims go back, and the summary says why.
    if (!deps.claims) throw e;
    for (const s of packable) await deps.claims.release(s.shipmentId);
    const said = e instanceof StationError && e.sentence ? { sentences: [e.sentence] } : {};
    summary.skipped.push(...packable.map((s) => ({ shipmentId: s.shipmentId, reason: (e as Error).message, ...said })));
    return { packed: [], ready: [], dispatched: [] };
  }
  const requests = new Map<string, PackShipmentRequest>();
  const invoiceOf = new Map<string, string>();
  for (const [i, shipment] of packable.entries()) {
    const invoice = invoices[i];
    try {
      const parcels = parcelsFromListing(shipment, deps.facts.of)!;
      const lines = shipment.orderItems.map((item) => ({ ...item, serialized: false, serials: [] }));
      requests.set(shipment.shipmentId, buildPackRequest({ shipment, lines, parcels, facts: deps.facts.of, invoice, at: deps.clock.now(), transitionYear: deps.transitionYear }));
      if (invoice.invoiceNumber) invoiceOf.set(shipment.shipmentId, invoice.invoiceNumber);
    } catch (e) {
      if (!(e instanceof PackInputError)) throw e;
      if (invoice.invoiceNumber) await voidOrGiveBack(deps.invoices, invoice.invoiceNumber, `Not packed: ${e.message}`);
      await deps.claims?.release(shipment.shipmentId);
      summary.skipped.push({ shipmentId: shipment.shipmentId, reason: e.message });
    }
  }

  if (deps.claims) {
    // Claims lost since the claim (a lead released one; the database was away longer than a lease): not packed here.
    const kept = new Set(await deps.claims.confirm([...requests.keys()]));
    for (const id of [...requests.keys()].filter((x) => !kept.has(x))) {
      requests.delete(id);
      const n = invoiceOf.get(id);
      if (n) await voidOrGiveBack(deps.invoices, n, 'Not packed: this desk lost its claim before the pack.');
      summary.skipped.push(skippedFor(id, saying(sentence('station.wave.lostClaim'))));
    }
  }
  const packed = await applyWithReconcile(deps, 'pack', [...requests.keys()], (ids) => sendHeld(deps.claims, deps.client.orders, ids, requests), summary.failed, adder('packed', progress.packed), undefined, (batch) =>
    parcelsNote(batch.flatMap((id) => requests.get(id) ?? [])),
  );
  await markNumbersUsed(deps.invoices, packed.flatMap((id) => numbered(id, invoiceOf)));
  await deps.claims?.packed(packed);
  const notPacked = [...requests.keys()].filter((id) => !packed.includes(id));
  if ('givesBackRefused' in deps.invoices && deps.invoices.givesBackRefused) {
    // Read back first: refused may mean packed by another desk, with this very number.
    await settleNotPacked(deps.invoices, deps.client.orders, notPacked.flatMap((id) => numbered(id, invoiceOf)), summary.failed, 'The marketplace did not pack the shipment.');
  } else {
    for (const id of notPacked) {
      const n = invoiceOf.get(id);
      if (n) await voidOrGiveBack(deps.invoices, n, 'The marketplace did not pack the shipment.');
    }
  }
  for (const id of notPacked) await deps.claims?.release(id);

  const { ready } = await waitForDocuments(deps, packed, options.maxWaitMs ?? MAX_LABEL_GENERATION_MS, adder('ready', progress.ready));
  for (const id of packed.filter((x) => !ready.includes(x))) {
    const late = saying(sentence('station.wave.labelNotReady'));
    summary.failed.push({ shipmentId: id, code: 'LABEL_NOT_READY', message: late.text, sentences: late.sentences });
  }
  // Both need only PACKED (spec § Shipment: labels after PACKED, dispatch from PACKED): the label
  // PDF and ready to dispatch are asked for at once, so a batch costs one round trip for the two.
  const [labels, dispatched] = await Promise.all([
    ready.length > 0 ? deps.client.orders.labels(ready) : undefined,
    options.dispatch && ready.length > 0
      ? applyWithReconcile(deps, 'dispatch', ready, (ids) => deps.client.orders.dispatch(ids, options.locationId), summary.failed, adder('dispatched', progress.dispatched))
      : ([] as string[]),
  ]);
  return { packed, ready, labels, dispatched };
}

/**
 * Warehouse mode: claims the batch in bulk (FOR UPDATE SKIP LOCKED: desks running waves at once
 * split the shipments), then reads the claimed ones again so a shipment a dead desk had packed
 * before its claim was recorded is not sent a second time. The rest are named in the summary.
 */
async function claimBatch(deps: WaveDeps, claims: DeskClaims, shipments: ShipmentWire[], summary: WaveSummary): Promise<ShipmentWire[]> {
  if (shipments.length === 0) return shipments;
  const waveId = `${deps.who.desk}-${deps.clock.now().toISOString()}`;
  const { claimed, refused } = await claims.claimMany(shipments.map((s) => s.shipmentId), deps.who.operator, waveId);
  summary.skipped.push(...refused);
  if (claimed.length === 0) return [];
  const fresh = new Map((await deps.client.orders.getShipments({ shipmentIds: claimed })).map((s) => [s.shipmentId, s]));
  const out: ShipmentWire[] = [];
  for (const id of claimed) {
    const s = fresh.get(id);
    if (s && s.orderItems.every((i) => i.status === 'APPROVED')) out.push(s);
    else {
      summary.skipped.push(skippedFor(id, saying(sentence('station.wave.noLongerApproved'))));
      await claims.release(id);
    }
  }
  return out;
}

const numbered = (shipmentId: string, invoiceOf: ReadonlyMap<string, string>): PackNumber[] => {
  const invoiceNumber = invoiceOf.get(shipmentId);
  return invoiceNumber ? [{ shipmentId, invoiceNumber }] : [];
};

/** A number the wave did not use: given back to the shared series, or void in the desk's own (as before). */
async function voidOrGiveBack(invoices: DeskInvoices, invoiceNumber: string, reason: string): Promise<void> {
  if ('givesBackRefused' in invoices && invoices.givesBackRefused) await invoices.markRefused(invoiceNumber, reason);
  else await invoices.markVoid(invoiceNumber, reason);
}

/**
 * Hands each batch's label PDF over as soon as it and every earlier batch have arrived, so the
 * printer starts on the first hundred labels while later batches are still being packed, and the
 * jobs come out in wave order (batch 0 first). Nothing is merged: a merge of 1,000 pages cost the
 * station seconds of CPU after the last batch.
 */
class LabelHandover {
  /** Arrived batches not handed over yet; null for a batch without labels. */
  private readonly waiting = new Map<number, { pdf: Uint8Array; shipmentIds: string[] } | null>();
  private next = 0;
  private chain: Promise<void> = Promise.resolve();
  pages = 0;
  jobs = 0;
  shipments = 0;

  constructor(
    private readonly handTo: (pdf: Uint8Array, shipmentIds: string[]) => Promise<void>,
    private readonly told: (pages: number, jobs: number, shipments: number) => void,
  ) {}

  add(index: number, pdf: Uint8Array | undefined, shipmentIds: string[]): Promise<void> {
    this.waiting.set(index, pdf ? { pdf, shipmentIds } : null);
    this.chain = this.chain.then(() => this.drain());
    return this.chain;
  }

  private async drain(): Promise<void> {
    while (this.waiting.has(this.next)) {
      const part = this.waiting.get(this.next)!;
      this.waiting.delete(this.next++);
      if (!part) continue;
      // Pages as the marketplace sent them: labels, and invoices under automatic invoicing.
      const pages = (await PDFDocument.load(part.pdf, { updateMetadata: false })).getPageCount();
      await this.handTo(part.pdf, part.shipmentIds);
      this.pages += pages;
      this.jobs++;
      this.shipments += part.shipmentIds.length;
      this.told(this.pages, this.jobs, this.shipments);
    }
  }

  /** Resolves when every batch that arrived has been handed over. */
  async done(): Promise<void> {
    await this.chain;
  }
}
