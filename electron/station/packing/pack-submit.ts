// The calls behind the desk's Enter key: pack (journaled, reconciled when the answer is lost),
// wait for the documents through the station's label watcher (spec § Limits: usually seconds, up
// to 30 minutes), print the label, and mark ready to dispatch.
import { LABEL_PRINTED } from '../journal/desk-history.js';
import { MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MarketplaceError } from '../api/errors.js';
import { journaled } from '../journal/journaled-call.js';
import type { DeskDeps } from './pack-desk.js';
import { markNumbersUsed, settleRefusedNumbers } from './pack-invoice-numbers.js';
import { adviceFor } from './pack-error-messages.js';
import { buildPackRequest, PackInputError } from './pack-request.js';
import { parcelsNote } from './parcels-as-packed.js';
import type { PackSessionState } from './pack-session.js';
import { documentsReady, labelWatcherFor } from './label-watcher.js';
import { reconcileShipments } from './reconcile.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed, saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';

/** Prints a label PDF and says where (injected: the print queue in the app, a folder in tests). */
export interface LabelPrinter {
  /** `labelOnly`: the label (and its box slips) printed again, without the invoice the setting adds after a pack. */
  printLabels(pdf: Uint8Array, job: { shipmentIds: string[]; title: string | KeyedSentence; labelOnly?: boolean }): Promise<{ printer: string; jobId?: string; note?: string }>;
  /**
   * Follows a queued job until the printer reports it completed (ok) or it failed, telling each
   * reason it waits ("stopped: Out of labels"). Without it, handing the job over counts as printed.
   */
  whenPrinted?(jobId: string, waiting: (said: Words) => void): Promise<{ ok: boolean } & Words>;
}

/** Words of the station with, where it has them, the same words as catalogue keys (a printer's own reason has none). */
export interface Words {
  text: string;
  sentences?: KeyedSentence[];
}

/** Where a shipment's label is: at the marketplace still, or in the printer's hands. */
export type LabelStage = 'waitingLabel' | 'waitingPrinter';

/** `message`: the marketplace's own words, when it answered with a refusal. */
export type PackOutcome = { ok: true } | { ok: false; code: string; text: string; message?: string; sentences?: KeyedSentence[] };

/** The marketplace's refusal in the packer's words: the English and its catalogue key. */
function refusal(code: string, message: string | undefined): { text: string; sentences: KeyedSentence[] } {
  const advice = adviceFor(code, message);
  return { text: advice.sentence, sentences: [advice.said] };
}

/** `ignoreWarning`: the packer confirmed the readings after a WEIGHT_ANOMALY_WARNING (weight-warning.ts). */
export async function submitPack(deps: DeskDeps, session: PackSessionState, shipment: ShipmentWire, opts: { ignoreWarning?: boolean } = {}): Promise<PackOutcome> {
  let invoiceNumber: string | undefined;
  let request;
  try {
    // Allocated before the pack (the shared series asks the database, or the outage block).
    const invoice = await deps.invoices.reserve(shipment.orderItems[0].orderId, shipment.shipmentId);
    invoiceNumber = invoice.invoiceNumber;
    request = buildPackRequest({
      shipment,
      lines: session.lines,
      parcels: session.parcels,
      facts: deps.facts.of,
      invoice,
      at: deps.clock.now(),
      transitionYear: deps.transitionYear,
    });
    if (opts.ignoreWarning) request.ignoreWarning = true;
  } catch (e) {
    if (e instanceof PackInputError) return { ok: false, code: 'INCOMPLETE', text: e.message };
    throw e;
  }
  const lapsed = await leaseLapsed(deps, shipment.shipmentId);
  if (lapsed) return lapsed;
  let ok = false;
  let refusedForSure = false;
  let failure: PackOutcome | undefined;
  try {
    const { result } = await journaled(
      deps.journal,
      deps.who,
      { op: 'pack', targets: { shipmentIds: [shipment.shipmentId] }, request: { invoiceNumber, subShipments: request.subShipments?.length ?? 0, ...(request.ignoreWarning ? { ignoreWarning: true } : {}), ...parcelsNote([request]) } },
      () => deps.client.orders.pack([request]),
      (r) => ({ status: r[0]?.processingStatus === 'SUCCESS' ? 'ok' : 'failed', errorCode: r[0]?.errorCode ?? undefined, errorMessage: r[0]?.errorMessage ?? undefined }),
    );
    const r = result[0];
    if (r?.processingStatus === 'SUCCESS' || r?.errorCode === 'DUPLICATE_PACK_REQUEST') ok = true;
    else {
      const code = r?.errorCode ?? 'FAILURE';
      refusedForSure = r !== undefined;
      failure = { ok: false, code, ...refusal(code, r?.errorMessage ?? undefined), message: r?.errorMessage ?? undefined };
    }
  } catch (e) {
    if (!(e instanceof MarketplaceError)) throw e;
    if (e.outcomeUnknown || e.retryable) {
      // The answer was lost: read the shipment to learn whether the pack took effect.
      const r = await reconcileShipments(deps.client.orders, 'pack', [shipment.shipmentId]).catch(() => undefined);
      if (r?.done.includes(shipment.shipmentId)) ok = true;
      // Still approved after an answer that was lost (a cut link, a timeout, a server error) does
      // not prove the pack will never land: a slow marketplace may still be working on it. Only
      // "not carried out" (spec § Errors: DEPENDENT_SYSTEM_CALL_FAILED) refuses it for sure;
      // otherwise the number stays reserved for the shipment: its next pack here reuses it, and
      // the desk's next start settles it once no pack with it can land (left-reservations.ts).
      refusedForSure = !e.outcomeUnknown && (r?.notDone.includes(shipment.shipmentId) ?? false);
    } else refusedForSure = true;
    if (!ok) failure = { ok: false, code: e.code ?? e.kind, ...(e.code ? refusal(e.code, e.message) : { text: `${e.message} Press Enter to try again.` }) };
  }
  if (!ok) {
    // A definite refusal: the shared series takes the number back for the next pack (README
    // rule), unless the shipment turns out packed, by another desk maybe, with this number.
    if (refusedForSure && invoiceNumber) {
      await settleRefusedNumbers(deps.invoices, deps.client.orders, [{ shipmentId: shipment.shipmentId, invoiceNumber }], failure && !failure.ok ? failure.text : 'refused');
    }
    return failure!;
  }
  if (invoiceNumber) await markNumbersUsed(deps.invoices, [{ shipmentId: shipment.shipmentId, invoiceNumber }]);
  const parcel = session.parcels[0];
  await deps.journal.appendSession({
    sessionId: session.sessionId,
    event: 'packed',
    shipmentId: shipment.shipmentId,
    serials: Object.fromEntries(session.lines.filter((l) => l.serials.length > 0).map((l) => [l.orderItemId, l.serials])),
    units: session.lines.reduce((n, l) => n + l.quantity, 0),
    dimensions: parcel?.dimensions,
    weightKg: parcel?.weightKg,
  });
  await deps.journal.appendSession({ sessionId: session.sessionId, event: 'closed', reason: 'done' });
  return { ok: true };
}

/**
 * Warehouse mode, just before the pack leaves: the claim's lease must outlast the pack, or another
 * desk could take the shipment over and pack it too. A lease running low is renewed; one that
 * cannot be is refused in words, and the number stays reserved for the shipment's next pack.
 */
async function leaseLapsed(deps: DeskDeps, shipmentId: string): Promise<PackOutcome | undefined> {
  const claims = deps.claims;
  if (!claims || (await claims.ensureLease([shipmentId])).length > 0) return undefined;
  const said = saying(claims.holds(shipmentId) ? sentence('station.claim.runningOut', { id: shipmentId }) : sentence('station.claim.noLongerHeld', { id: shipmentId }));
  return { ok: false, code: 'CLAIM_LAPSED', text: said.text, sentences: said.sentences };
}

/** Waits for a shipment's documents; false when they did not come in time. */
export type DocumentsWait = (deps: DeskDeps, shipmentId: string, progress: (said: Words) => void) => Promise<boolean>;

/**
 * Through the station's one label watcher (label-watcher.ts): every shipment waiting at this
 * station is read in one batched request on a steady interval, so the label prints within about
 * a second of the marketplace marking the shipment PACKED.
 */
export const watchDocuments: DocumentsWait = async (deps, shipmentId, progress) => {
  const started = deps.clock.now().getTime();
  progress(saying(sentence('station.pack.waitingLabel')));
  // The packer sees the wait grow; the watcher does the asking.
  const ticker = setInterval(() => progress(saying(sentence('station.pack.waitingLabelSeconds', { seconds: Math.round((deps.clock.now().getTime() - started) / 1000) }))), 1000);
  try {
    return (await labelWatcherFor(deps.client).watch(shipmentId, { maxWaitMs: MAX_LABEL_GENERATION_MS })).ready;
  } finally {
    clearInterval(ticker);
  }
};

/** One request per shipment with a backoff doubling from 250 ms to 15 s: the former way, kept as the bench's baseline. */
export const pollDocumentsWithBackoff: DocumentsWait = async (deps, shipmentId, progress) => {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = deps.clock.now().getTime();
  let delay = 250;
  for (;;) {
    const [s] = await deps.client.orders.getShipments({ shipmentIds: [shipmentId] }).catch(() => [] as ShipmentWire[]);
    if (s && documentsReady(s)) return true;
    const waited = deps.clock.now().getTime() - started;
    if (waited > MAX_LABEL_GENERATION_MS) return false;
    progress(saying(sentence('station.pack.waitingLabelSeconds', { seconds: Math.round(waited / 1000) })));
    await sleep(delay);
    delay = Math.min(delay * 2, 15_000);
  }
};

export async function waitAndPrint(
  deps: DeskDeps,
  shipmentId: string,
  progress: (said: Words, stage?: LabelStage) => void,
  waitForDocuments: DocumentsWait = watchDocuments,
): Promise<{ ok: boolean } & SaidWords> {
  if (!(await waitForDocuments(deps, shipmentId, (said) => progress(said)))) {
    return { ok: false, ...saying(sentence('station.pack.noLabelYet', { id: shipmentId })) };
  }
  try {
    const pdf = await deps.client.orders.labels([shipmentId]);
    const { printer, jobId, note } = await deps.printer.printLabels(pdf, { shipmentIds: [shipmentId], title: keyed('print.jobTitle.label', { id: shipmentId }) });
    if (jobId && deps.printer.whenPrinted) {
      // "Printed" is what the spool says, not what was handed to it: a stopped printer keeps the
      // job, and the packer reads why until the printer completes it.
      progress(saying(sentence('station.pack.labelSentWaiting', { printer })), 'waitingPrinter');
      const done = await deps.printer.whenPrinted(jobId, (said) => progress(said, 'waitingPrinter'));
      // The job's reason said in the desk's language where the print queue has it as a key.
      const why = done.sentences?.length === 1 ? done.sentences[0] : undefined;
      if (!done.ok) return { ok: false, ...saying(why ? keyed('station.pack.labelNotPrinted', { id: shipmentId }, { reason: why }) : sentence('station.pack.labelNotPrinted', { id: shipmentId, reason: done.text })) };
    }
    await deps.journal.appendSession({ sessionId: `print-${shipmentId}`, event: 'closed', shipmentId, printer, reason: LABEL_PRINTED });
    return { ok: true, ...saying(note ? sentence('station.pack.labelPrintedNote', { printer, note }) : sentence('station.pack.labelPrinted', { printer })) };
  } catch (e) {
    return { ok: false, ...saying(sentence('station.pack.labelFailed', { id: shipmentId, reason: (e as Error).message })) };
  }
}

export async function dispatchShipments(deps: DeskDeps, ids: string[]): Promise<{ dispatched: string[]; failed: ({ shipmentId: string } & SaidWords)[] }> {
  const dispatched: string[] = [];
  const failed: ({ shipmentId: string } & SaidWords)[] = [];
  try {
    const { result } = await journaled(deps.journal, deps.who, { op: 'dispatch', targets: { shipmentIds: ids }, request: { locationId: deps.locationId } }, () => deps.client.orders.dispatch(ids, deps.locationId), (r) => ({
      status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
    }));
    for (const r of result) {
      if (r.processingStatus === 'SUCCESS') dispatched.push(r.shipmentId);
      else failed.push({ shipmentId: r.shipmentId, ...refusal(r.errorCode ?? 'FAILURE', r.errorMessage ?? undefined) });
    }
  } catch (e) {
    if (!(e instanceof MarketplaceError) || !(e.outcomeUnknown || e.retryable)) throw e;
    const r = await reconcileShipments(deps.client.orders, 'dispatch', ids);
    dispatched.push(...r.done);
    for (const id of [...r.notDone, ...r.unknown]) failed.push({ shipmentId: id, ...saying(sentence('station.pack.dispatchNotConfirmed')) });
  }
  return { dispatched, failed };
}
