// Push notifications (spec § Events). The spec names the kinds but leaves payloads, subscription
// and delivery "not shown"; the marketplace's public documentation gives the envelope used here:
// a JSON POST to the seller's HTTPS receiver of {shipmentId, eventType, source, version: "v3",
// timestamp (ISO with +05:30), attributes}. Where a name was not given, the choice is written in
// the sandbox README under "Push notifications" with its evidence.
import { z } from 'zod';
import { OrderItemStatus } from './enums.js';
import { ShipmentWire } from './shipments.js';

/** The envelope's version: the seller interface's generation. */
export const NOTIFICATION_VERSION = 'v3';

/** Every notification kind, snake_case as the public documentation spells eventType. */
export const NotificationType = z.enum([
  'shipment_created',
  'shipment_hold',
  'shipment_unhold',
  'shipment_packed',
  'shipment_ready_to_dispatch',
  'shipment_pickup_complete',
  'shipment_shipped',
  'shipment_delivered',
  'shipment_dispatch_dates_changed',
  'shipment_cancelled',
  'shipment_form_failed',
  'return_created',
  'return_tracking_id_updated',
  'return_expected_date_changed',
  'return_picked_up',
  'return_completed',
  'return_cancelled',
]);
export type NotificationType = z.infer<typeof NotificationType>;

/** ISO 8601 with the India offset, as the documentation's examples give timestamps. */
const IstTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?\+05:30$/);

/** A state change: {status} (shipment_packed gives {status: "PACKED"}). */
const StatusAttributes = z.object({ status: OrderItemStatus }).passthrough();

/** Attributes per kind. Kinds the documentation describes only by name carry the fields that change. */
export const NotificationAttributes = {
  shipment_created: ShipmentWire,
  shipment_hold: z.object({ hold: z.literal(true) }).passthrough(),
  shipment_unhold: z.object({ hold: z.literal(false) }).passthrough(),
  shipment_packed: StatusAttributes,
  shipment_ready_to_dispatch: StatusAttributes,
  shipment_pickup_complete: StatusAttributes,
  shipment_shipped: StatusAttributes,
  shipment_delivered: StatusAttributes,
  shipment_dispatch_dates_changed: z
    .object({ dispatchByDate: z.string(), dispatchAfterDate: z.string() })
    .passthrough(),
  shipment_cancelled: z
    .object({ status: z.literal('CANCELLED'), orderItemIds: z.array(z.string()).optional(), reason: z.string().optional() })
    .passthrough(),
  shipment_form_failed: z.object({ status: z.literal('FORM_FAILED'), reason: z.string().optional() }).passthrough(),
  return_created: z.object({ returnId: z.string(), status: z.string() }).passthrough(),
  return_tracking_id_updated: z.object({ returnId: z.string(), trackingId: z.string() }).passthrough(),
  return_expected_date_changed: z.object({ returnId: z.string(), expectedDate: z.string() }).passthrough(),
  return_picked_up: z.object({ returnId: z.string(), status: z.string() }).passthrough(),
  return_completed: z.object({ returnId: z.string(), status: z.string() }).passthrough(),
  return_cancelled: z.object({ returnId: z.string(), status: z.string() }).passthrough(),
} satisfies Record<NotificationType, z.ZodTypeAny>;

/** The envelope as it arrives; attributes are checked per kind by parseNotification. */
export const NotificationEnvelope = z.object({
  shipmentId: z.string().min(1),
  eventType: NotificationType,
  source: z.string().min(1),
  version: z.literal(NOTIFICATION_VERSION),
  timestamp: IstTimestamp,
  attributes: z.record(z.string(), z.unknown()),
});
export type NotificationEnvelope = z.infer<typeof NotificationEnvelope>;

export type NotificationParse =
  | { ok: true; notification: NotificationEnvelope }
  | { ok: false; problem: string };

/** The envelope and its kind's attributes checked; the problem in words when they do not fit. */
export function parseNotification(body: unknown): NotificationParse {
  const envelope = NotificationEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, problem: describe(envelope.error) };
  const attributes = NotificationAttributes[envelope.data.eventType].safeParse(envelope.data.attributes);
  if (!attributes.success) return { ok: false, problem: `attributes of ${envelope.data.eventType}: ${describe(attributes.error)}` };
  return { ok: true, notification: envelope.data };
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
}
