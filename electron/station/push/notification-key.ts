// The key a notification is stored under once. The envelope carries no delivery id (spec § Events
// leaves delivery "not shown"; the public documentation's envelope is {shipmentId, eventType,
// source, version, timestamp, attributes}), and a marketplace that delivers "at least once"
// sends a retry or a duplicate byte for byte or with its keys in another order. The key is
// therefore a hash of what makes the change itself: the shipment, the kind, the moment of the
// change and the new state. Two changes of one shipment differ in at least one of them; `source`
// and `version` are left out, as they name the sender, not the change.
import { createHash } from 'node:crypto';
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';

/** JSON with object keys sorted at every level, so {a,b} and {b,a} give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of the shipment, the kind, the instant of the change and the attributes. */
export function notificationKey(n: NotificationEnvelope): string {
  // The instant, not the text: "10:00:00+05:30" and "10:00:00.000+05:30" are one moment.
  const at = new Date(n.timestamp).toISOString();
  return createHash('sha256').update(canonicalJson([n.shipmentId, n.eventType, at, n.attributes])).digest('hex');
}
