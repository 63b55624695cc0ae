// Whether the desk may act on a shipment, decided before any call (spec § Shipment (standard
// fulfilment): "A seller may act on a shipment only when hold is false and the current time is
// after dispatchAfterDate"; pack with items not APPROVED fails with INVALID_PACK_REQUEST).
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { formatIstDisplay } from './ist-dates.js';

export type Refusal =
  | { code: 'ON_HOLD'; text: string }
  | { code: 'TOO_EARLY'; text: string; until: string }
  | { code: 'WRONG_LOCATION'; text: string }
  | { code: 'NOT_APPROVED'; text: string }
  | { code: 'NOT_STANDARD'; text: string };

export function checkActionable(shipment: ShipmentWire, ctx: { now: number; locationId: string }): Refusal | undefined {
  if (shipment.hold) {
    return {
      code: 'ON_HOLD',
      text: `Shipment ${shipment.shipmentId} is on hold by the marketplace. Put it on the hold shelf; do not pack it until the hold is released.`,
    };
  }
  const after = Date.parse(shipment.dispatchAfterDate);
  if (Number.isFinite(after) && ctx.now < after) {
    const when = formatIstDisplay(new Date(after));
    return {
      code: 'TOO_EARLY',
      until: shipment.dispatchAfterDate,
      text: `Shipment ${shipment.shipmentId} may not be packed before ${when}. Set it aside and pack it after that time.`,
    };
  }
  if (shipment.locationId !== ctx.locationId) {
    return {
      code: 'WRONG_LOCATION',
      text: `Shipment ${shipment.shipmentId} belongs to location ${shipment.locationId}, not this desk's ${ctx.locationId}. Send it to the right warehouse.`,
    };
  }
  if (shipment.shipmentType === 'SELF') {
    return { code: 'NOT_STANDARD', text: `Shipment ${shipment.shipmentId} is self-ship. Dispatch it from Returns & self ship, not from the pack desk.` };
  }
  const notApproved = shipment.orderItems.filter((i) => i.status !== 'APPROVED');
  if (notApproved.length > 0) {
    const status = notApproved[0].status;
    const text =
      status === 'PACKED' || status === 'PACKING_IN_PROGRESS' || status === 'READY_TO_DISPATCH'
        ? `Shipment ${shipment.shipmentId} is already packed (${status.toLowerCase().replace(/_/g, ' ')}). Reprint its label from Print if it is missing.`
        : status === 'CANCELLED'
          ? `Shipment ${shipment.shipmentId} was cancelled. Do not pack it; return the items to stock.`
          : `Shipment ${shipment.shipmentId} cannot be packed: an item is ${status.toLowerCase().replace(/_/g, ' ')}.`;
    return { code: 'NOT_APPROVED', text };
  }
  return undefined;
}
