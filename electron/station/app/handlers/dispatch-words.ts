// What the Dispatch screen's scan answers, as keyed sentences (a Hindi desk reads them in Hindi):
// a code that is not a shipment, and a shipment that cannot be marked ready to dispatch now
// (spec § Shipment: only PACKED moves to READY_TO_DISPATCH).
import type { ClassifiedScan } from '../../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import { saying, sentence, type SaidWords } from '../../../../shared/i18n/station-sentences.js';
import { garbledWords } from '../../packing/identify.js';
import { shipmentStatus } from './desk-deps.js';

/** A scan on the Dispatch screen that names no shipment: what it is, and what to scan instead. */
export function notAShipment(scan: ClassifiedScan): SaidWords {
  const code = scan.value;
  switch (scan.kind) {
    case 'garbled':
      return saying(garbledWords(code, true));
    case 'orderId':
      return saying(sentence('station.dispatch.orderId', { code }));
    case 'orderItemId':
      return saying(sentence('station.dispatch.orderItemId', { code }));
    case 'returnId':
      return saying(sentence('station.dispatch.returnId', { code }));
    case 'imei':
      return saying(sentence('station.dispatch.imei'));
    default:
      return saying(sentence('station.dispatch.productCode', { code }));
  }
}

export const noSuchShipment = (id: string): SaidWords => saying(sentence('station.pack.noShipment', { id }));

/** Why a shipment cannot be marked ready to dispatch now; `ok` when there is nothing to do; undefined when it can. */
export function notReadyToDispatch(s: ShipmentWire, locationId: string): (SaidWords & { ok: boolean }) | undefined {
  const id = s.shipmentId;
  const no = (words: SaidWords) => ({ ok: false, ...words });
  if (s.locationId !== locationId) return no(saying(sentence('station.dispatch.otherLocation', { id, location: s.locationId, here: locationId })));
  if (s.hold) return no(saying(sentence('station.dispatch.onHold', { id })));
  const status = shipmentStatus(s);
  switch (status) {
    case 'PACKED':
      return undefined;
    case 'APPROVED':
      return no(saying(sentence('station.dispatch.notPacked', { id })));
    case 'PACKING_IN_PROGRESS':
      return no(saying(sentence('station.dispatch.labelNotReady', { id })));
    case 'READY_TO_DISPATCH':
      return { ok: true, ...saying(sentence('station.dispatch.alreadyReady', { id })) };
    case 'CANCELLED':
      return no(saying(sentence('station.dispatch.cancelled', { id })));
    default:
      return no(saying(sentence('station.dispatch.otherState', { id, status })));
  }
}

/** Marked ready to dispatch: where the parcel goes now. */
export const markedReady = (s: ShipmentWire): SaidWords =>
  saying(s.shipmentType === 'SELF' ? sentence('station.dispatch.readySelf', { id: s.shipmentId }) : sentence('station.dispatch.readyPickup', { id: s.shipmentId }));

export const notConfirmed = (id: string): SaidWords => saying(sentence('station.dispatch.notConfirmed', { id }));
