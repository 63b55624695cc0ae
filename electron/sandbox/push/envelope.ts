// The notification a world event becomes (shared/api/notifications.ts: the envelope of the
// marketplace's public documentation). Built when the event is emitted, so the attributes carry
// the state the change produced even if later changes follow before delivery. The choices where
// the documentation gives only a kind's name are written in the sandbox README, "Push
// notifications".
import type { EventKind } from '../../../shared/api/enums.js';
import { NOTIFICATION_VERSION, type NotificationEnvelope, type NotificationType } from '../../../shared/api/notifications.js';
import type { World } from '../world/world.js';
import type { EventRec, ReturnRec, ShipmentRec } from '../world/model.js';
import { shipmentWire } from '../orders/shipment-wire.js';

/** The envelope's source: who sent it. */
export const NOTIFICATION_SOURCE = 'sandbox';

/** India Standard Time, the offset of every marketplace timestamp (spec § search: "IST (+05:30)"). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The notification kind of every event kind of the world's log. */
export const NOTIFICATION_OF_EVENT: Record<EventKind, NotificationType> = {
  'Shipment Created': 'shipment_created',
  Hold: 'shipment_hold',
  UnHold: 'shipment_unhold',
  Packed: 'shipment_packed',
  'Ready To Dispatch': 'shipment_ready_to_dispatch',
  'Pickup Complete': 'shipment_pickup_complete',
  Shipped: 'shipment_shipped',
  Delivered: 'shipment_delivered',
  'Dispatch Dates Changed': 'shipment_dispatch_dates_changed',
  'Shipment Cancelled': 'shipment_cancelled',
  'Shipment Form Failed': 'shipment_form_failed',
  'Return Created': 'return_created',
  'Return Tracking Id Updated': 'return_tracking_id_updated',
  'Return Expected Date Changed': 'return_expected_date_changed',
  'Return Picked Up': 'return_picked_up',
  'Return Completed': 'return_completed',
  'Return Cancelled': 'return_cancelled',
};

/** The state a status-only kind announces (the documentation's example: shipment_packed gives {status: "PACKED"}). */
const STATUS_OF = {
  shipment_packed: 'PACKED',
  shipment_ready_to_dispatch: 'READY_TO_DISPATCH',
  shipment_pickup_complete: 'PICKUP_COMPLETE',
  shipment_shipped: 'SHIPPED',
  shipment_delivered: 'DELIVERED',
} as const;

/** `2026-11-24T10:15:00.000+05:30`: the instant in IST with the offset written out. */
export function istTimestamp(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().replace('Z', '+05:30');
}

export interface BuiltNotification {
  /** The seller the shipment belongs to: a subscription may be for one seller only. */
  sellerId: string;
  envelope: NotificationEnvelope;
}

/** The notification of an event, or undefined when the event names no shipment the world knows. */
export function notificationOf(world: World, event: EventRec): BuiltNotification | undefined {
  const shipment = event.shipmentId ? world.shipments.get(event.shipmentId) : undefined;
  if (!shipment) return undefined;
  const ret = event.returnId ? world.returns.get(event.returnId) : undefined;
  const eventType = NOTIFICATION_OF_EVENT[event.kind];
  const attributes = attributesOf(eventType, shipment, ret, event.orderItemIds ?? []);
  if (!attributes) return undefined;
  return {
    sellerId: shipment.sellerId,
    envelope: {
      shipmentId: shipment.shipmentId,
      eventType,
      source: NOTIFICATION_SOURCE,
      version: NOTIFICATION_VERSION,
      timestamp: istTimestamp(Date.parse(event.at)),
      attributes,
    },
  };
}

function attributesOf(type: NotificationType, s: ShipmentRec, ret: ReturnRec | undefined, orderItemIds: string[]): Record<string, unknown> | undefined {
  switch (type) {
    case 'shipment_created':
      // "the whole shipment record as in the search answer" (search answers carry no packagingPolicy).
      return { ...shipmentWire(s, false) };
    case 'shipment_hold':
    case 'shipment_unhold':
      return { hold: s.hold, orderItemIds };
    case 'shipment_packed':
    case 'shipment_ready_to_dispatch':
    case 'shipment_pickup_complete':
    case 'shipment_shipped':
    case 'shipment_delivered':
      return { status: STATUS_OF[type], orderItemIds };
    case 'shipment_dispatch_dates_changed':
      return { dispatchByDate: s.dispatchByDate, dispatchAfterDate: s.dispatchAfterDate, orderItemIds };
    case 'shipment_cancelled': {
      const item = s.orderItems.find((i) => orderItemIds.includes(i.orderItemId));
      return {
        status: 'CANCELLED',
        orderItemIds,
        ...(item?.cancellationReason ? { reason: item.cancellationReason } : {}),
        ...(item?.cancellationType ? { cancellationType: item.cancellationType } : {}),
      };
    }
    case 'shipment_form_failed': {
      const failed = s.forms.filter((f) => f.status === 'FAILED').map((f) => f.name);
      return { status: 'FORM_FAILED', orderItemIds, forms: failed, reason: `Form ${failed.join(', ')} failed: supply its acknowledgement number.` };
    }
    default:
      return ret ? returnAttributes(type, ret) : undefined;
  }
}

function returnAttributes(type: NotificationType, ret: ReturnRec): Record<string, unknown> {
  const base = { returnId: ret.returnId, orderItemId: ret.orderItemId, status: ret.status, returnType: ret.kind };
  switch (type) {
    case 'return_created':
      return { ...base, quantity: ret.quantity, reason: ret.reason, expectedDate: ret.expectedDate, trackingId: ret.trackingId };
    case 'return_tracking_id_updated':
      return { ...base, trackingId: ret.trackingId, courierName: ret.courierName };
    case 'return_expected_date_changed':
      return { ...base, expectedDate: ret.expectedDate };
    case 'return_picked_up':
      return { ...base, pickupDate: ret.pickupDate ?? null };
    case 'return_completed':
      return { ...base, completedDate: ret.completedDate ?? null };
    default:
      return base;
  }
}
