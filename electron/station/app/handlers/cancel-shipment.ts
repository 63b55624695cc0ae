// Cancelling a shipment from the Dispatch screen: what it does (the marketplace takes the product
// out of stock at the location, spec § Shipment, cancel row), why a shipment cannot be cancelled,
// and the outcome, each as keyed sentences so a desk in another language reads them in its own.
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { keyed, saying, sentence, type SaidWords } from '../../../../shared/i18n/station-sentences.js';
import { MarketplaceError } from '../../api/errors.js';
import { journaled } from '../../journal/journaled-call.js';
import { adviceFor } from '../../packing/pack-error-messages.js';
import type { AppContext } from '../app-context.js';
import { marketplaceTrouble, readShipment, shipmentStatus, titlesOf } from './desk-deps.js';

type ShipmentResult = ResultOf<'dispatch.cancel'>;

/** Where a shipment is in its life, in the words of the packing floor. */
const CANCEL_STATES: Record<string, KeyedSentence> = {
  PACKING_IN_PROGRESS: keyed('station.cancel.state.packing'),
  PACKED: keyed('station.cancel.state.packed'),
  FORM_FAILED: keyed('station.cancel.state.formFailed'),
  READY_TO_DISPATCH: keyed('station.cancel.state.ready'),
  PICKUP_COMPLETE: keyed('station.cancel.state.pickedUp'),
  SHIPPED: keyed('station.cancel.state.shipped'),
  DELIVERED: keyed('station.cancel.state.delivered'),
};

/** The cancel operation is described for APPROVED shipments only (spec § Shipment). */
function notCancellable(s: ShipmentWire, locationId: string): KeyedSentence | undefined {
  const id = s.shipmentId;
  if (s.locationId !== locationId) return sentence('station.cancel.otherLocation', { id, location: s.locationId, here: locationId });
  const status = shipmentStatus(s);
  if (status === 'CANCELLED') return sentence('station.cancel.already', { id });
  if (status !== 'APPROVED') return keyed('station.cancel.pastPacking', { id }, { state: CANCEL_STATES[status] ?? keyed('station.cancel.state.past') });
  if (s.hold) return sentence('station.cancel.onHold', { id });
  return undefined;
}

export async function cancelPreview(ctx: AppContext, shipmentId: string): Promise<SaidWords & { cancellable: boolean }> {
  const locationId = ctx.locationId();
  const shipment = await readShipment(ctx, shipmentId);
  if (!shipment) return { cancellable: false, ...saying(sentence('station.cancel.noShipmentToCancel', { id: shipmentId })) };
  const refusal = notCancellable(shipment, locationId);
  if (refusal) return { cancellable: false, ...saying(refusal) };
  // spec § Shipment, cancel row: "seller cancellations take the product out of stock".
  return { cancellable: true, ...saying(sentence('station.cancel.whatItDoes', { what: titlesOf(shipment), location: shipment.locationId })) };
}

export async function cancelShipment(ctx: AppContext, shipmentId: string, reason: string): Promise<ShipmentResult> {
  const locationId = ctx.locationId();
  const refused = (...words: KeyedSentence[]): ShipmentResult => ({ shipmentId, ok: false, ...saying(...words) });
  const shipment = await readShipment(ctx, shipmentId);
  if (!shipment) return refused(sentence('station.cancel.noShipment', { id: shipmentId }));
  const refusal = notCancellable(shipment, locationId);
  if (refusal) return refused(refusal, sentence('station.cancel.nothingCancelled'));
  const orders = ctx.marketplace().orders;
  try {
    const { result } = await journaled(
      ctx.journal,
      ctx.who(),
      { op: 'cancel', targets: { shipmentIds: [shipmentId] }, request: { reason, locationId } },
      () => orders.cancel([{ shipmentId, reason, locationId }]),
      (r) => ({ status: r[0]?.processingStatus === 'SUCCESS' ? 'ok' : 'failed', errorCode: r[0]?.errorCode ?? undefined, errorMessage: r[0]?.errorMessage ?? undefined }),
    );
    const r = result[0];
    if (r?.processingStatus === 'SUCCESS') return { shipmentId, ok: true, ...saying(sentence('station.cancel.done', { id: shipmentId, what: titlesOf(shipment), location: locationId })) };
    return refused(sentence('station.cancel.notCancelled', { id: shipmentId }), adviceFor(r?.errorCode ?? 'FAILURE', r?.errorMessage ?? undefined).said);
  } catch (e) {
    if (e instanceof MarketplaceError && e.outcomeUnknown) {
      const [now] = await orders.getShipments({ shipmentIds: [shipmentId] }).catch(() => [] as ShipmentWire[]);
      if (now && shipmentStatus(now) === 'CANCELLED') return { shipmentId, ok: true, ...saying(sentence('station.cancel.confirmedAfterLoss', { id: shipmentId })) };
    }
    throw marketplaceTrouble(e, keyed('station.marketplace.what.cancel', { id: shipmentId }));
  }
}
