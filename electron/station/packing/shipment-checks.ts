// Whether the desk may act on a shipment, decided before any call (spec § Shipment (standard
// fulfilment): "A seller may act on a shipment only when hold is false and the current time is
// after dispatchAfterDate"; pack with items not APPROVED fails with INVALID_PACK_REQUEST).
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';
import { formatIstDisplay } from './ist-dates.js';

/** `text` in English; `sentences`: the same words as catalogue keys, for the desk's language. */
type Said = { text: string; sentences: KeyedSentence[] };

export type Refusal =
  | ({ code: 'ON_HOLD' } & Said)
  | ({ code: 'TOO_EARLY'; until: string } & Said)
  | ({ code: 'WRONG_LOCATION' } & Said)
  | ({ code: 'NOT_APPROVED' } & Said)
  | ({ code: 'NOT_STANDARD' } & Said);

export function checkActionable(shipment: ShipmentWire, ctx: { now: number; locationId: string }): Refusal | undefined {
  const id = shipment.shipmentId;
  if (shipment.hold) return { code: 'ON_HOLD', ...saying(sentence('station.pack.onHold', { id })) };
  const after = Date.parse(shipment.dispatchAfterDate);
  if (Number.isFinite(after) && ctx.now < after) {
    const when = formatIstDisplay(new Date(after));
    return { code: 'TOO_EARLY', until: shipment.dispatchAfterDate, ...saying(sentence('station.pack.tooEarly', { id, when })) };
  }
  if (shipment.locationId !== ctx.locationId) {
    return { code: 'WRONG_LOCATION', ...saying(sentence('station.pack.wrongLocation', { id, location: shipment.locationId, here: ctx.locationId })) };
  }
  if (shipment.shipmentType === 'SELF') {
    return { code: 'NOT_STANDARD', ...saying(sentence('station.pack.selfShip', { id })) };
  }
  const notApproved = shipment.orderItems.filter((i) => i.status !== 'APPROVED');
  if (notApproved.length > 0) {
    const status = notApproved[0].status;
    const state = status.toLowerCase().replace(/_/g, ' ');
    const said =
      status === 'PACKED' || status === 'PACKING_IN_PROGRESS' || status === 'READY_TO_DISPATCH'
        ? sentence('station.pack.alreadyPacked', { id, state })
        : status === 'CANCELLED'
          ? sentence('station.pack.cancelled', { id })
          : sentence('station.pack.itemState', { id, state });
    return { code: 'NOT_APPROVED', ...saying(said) };
  }
  return undefined;
}
