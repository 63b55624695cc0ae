// The steps that talk to the marketplace for a set of shipments: a journaled operation with
// reconciliation of lost answers, and the wait for documents. Waves (wave.ts) and the command
// line's pack, labels and dispatch by id (composition/shipment-flow.ts) both run on them.
import type { ShipmentProcessingResult } from '../../../shared/api/pack.js';
import { chunk } from '../api/concurrency.js';
import { MarketplaceError } from '../api/errors.js';
import { MAX_SHIPMENTS_PER_MUTATION } from '../api/orders-client.js';
import { journaled } from '../journal/journaled-call.js';
import { CLAIM_LAPSED } from './held-pack.js';
import { labelWatcherFor } from './label-watcher.js';
import { NO_ANSWER_CODE } from './pack-invoice-numbers.js';
import { reconcileShipments, type ShipmentOp } from './reconcile.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { englishSentence, saying, sentence } from '../../../shared/i18n/station-sentences.js';
import type { WaveDeps, WaveSummary } from './wave.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';

/** What the packer reads when the marketplace never confirmed an operation. */
const NO_ANSWER: Record<ShipmentOp, (rounds: number) => KeyedSentence> = {
  pack: (rounds) => sentence('station.wave.noAnswerPack', { rounds }),
  dispatch: (rounds) => sentence('station.wave.noAnswerDispatch', { rounds }),
  cancel: (rounds) => sentence('station.wave.noAnswerCancel', { rounds }),
};

/** Rounds of reconcile-and-resend before a shipment is reported failed. */
const MAX_ROUNDS = 5;

/**
 * Sends an operation for ids in journaled batches. Per-shipment FAILUREs are final and reported;
 * a batch whose outcome is unknown is reconciled by reading state, and only what did not take
 * effect is sent again in the next round.
 */
export async function applyWithReconcile(
  deps: Pick<WaveDeps, 'client' | 'journal' | 'who'>,
  op: ShipmentOp,
  ids: string[],
  send: (ids: string[]) => Promise<ShipmentProcessingResult[]>,
  failed: WaveSummary['failed'],
  progress: (done: number) => void = () => undefined,
  rounds = MAX_ROUNDS,
  /** What the journal keeps of a batch's requests besides their count (a pack's parcels, parcels-as-packed.ts). */
  recorded: (batch: string[]) => Record<string, unknown> = () => ({}),
): Promise<string[]> {
  const done: string[] = [];
  let pending = ids;
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const unknown: string[] = [];
    const unknownIntents: { intentId: string; ids: string[] }[] = [];
    await Promise.all(
      chunk(pending, MAX_SHIPMENTS_PER_MUTATION).map(async (batch) => {
        try {
          const { result } = await journaled(deps.journal, deps.who, { op, targets: { shipmentIds: batch }, request: { count: batch.length, ...recorded(batch) } }, () => send(batch), (r) => ({
            status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
            result: { failed: r.filter((x) => x.processingStatus === 'FAILURE').map((x) => x.shipmentId) },
          }));
          const answered = new Set(result.map((r) => r.shipmentId));
          for (const r of result) {
            if (r.processingStatus === 'SUCCESS' || (op === 'pack' && r.errorCode === 'DUPLICATE_PACK_REQUEST')) done.push(r.shipmentId);
            else failed.push({ shipmentId: r.shipmentId, code: r.errorCode ?? 'FAILURE', ...batchRefusalWords(op, r) });
          }
          // A shipment the answer left out is settled by reading it.
          unknown.push(...batch.filter((id) => !answered.has(id)));
        } catch (e) {
          if (!(e instanceof MarketplaceError && (e.outcomeUnknown || e.retryable))) throw e;
          unknown.push(...batch);
          const intentId = (e as { intentId?: string }).intentId;
          if (intentId) unknownIntents.push({ intentId, ids: batch });
        }
        progress(done.length);
      }),
    );
    if (unknown.length === 0) break;
    const r = await reconcileShipments(deps.client.orders, op, unknown);
    done.push(...r.done);
    // What reading the state learned settles those intents now, not at the next start.
    for (const { intentId, ids } of unknownIntents) {
      const notDone = ids.filter((id) => !r.done.includes(id));
      await deps.journal.appendOutcome({ intentId, status: notDone.length === 0 ? 'ok' : 'failed', result: { done: ids.filter((id) => r.done.includes(id)), notDone }, reconciled: true });
    }
    const gone = saying(sentence('station.wave.gone'));
    for (const id of r.unknown) failed.push({ shipmentId: id, code: 'NOT_FOUND', message: gone.text, sentences: gone.sentences });
    pending = r.notDone;
    progress(done.length);
  }
  for (const id of pending.filter((x) => !done.includes(x) && !failed.some((f) => f.shipmentId === x))) {
    const unconfirmed = saying(NO_ANSWER[op](rounds));
    failed.push({ shipmentId: id, code: NO_ANSWER_CODE, message: unconfirmed.text, sentences: unconfirmed.sentences });
  }
  return done;
}

/**
 * Waits until documents are ready (PACKED or later) or the wait runs out, through the station's
 * one label watcher (label-watcher.ts): the batch is read at once, then with every other
 * shipment waiting at this station. Returns the ready ids in the order given, and the shipments
 * as last read.
 */
export async function waitForDocuments(
  deps: Pick<WaveDeps, 'client'>,
  ids: string[],
  maxWaitMs: number,
  progress: (n: number) => void = () => undefined,
): Promise<{ ready: string[]; shipments: Map<string, ShipmentWire> }> {
  return labelWatcherFor(deps.client).watchAll(ids, { maxWaitMs, checkNow: true }, progress);
}

/**
 * A batch weighs nothing: its weights are the listings'. A WEIGHT_ANOMALY_WARNING (spec § Errors)
 * is not ignored for a whole batch; the shipment is named with what to do at the desk instead.
 */
/** A shipment's refusal in a batch: the station's own refusals keyed for the desk's language, the marketplace's as it wrote them. */
function batchRefusalWords(op: ShipmentOp, r: ShipmentProcessingResult): { message: string; sentences?: KeyedSentence[] } {
  const own = op === 'pack' && r.errorCode === 'WEIGHT_ANOMALY_WARNING' ? sentence('station.pack.weightWarningInBatch', { id: r.shipmentId }) : r.errorCode === CLAIM_LAPSED ? sentence('station.wave.lostClaim') : undefined;
  if (own) return { message: englishSentence(own), sentences: [own] };
  return { message: r.errorMessage ?? `${op} failed` };
}
