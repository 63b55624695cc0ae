// A notification's timestamp is the sender's word, not the marketplace's record. One dated far
// ahead of the desk's clock (a sender's clock gone wrong, or a forged body) would otherwise be
// "newer" than every genuine change of its shipment for as long as the desk remembers it, so it
// is refused at the receiver and, should one be stored already, never applied by a desk.
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';

/** How far ahead of the desk's clock a timestamp may be: clocks in sync differ by seconds. */
export const MAX_NOTIFICATION_AHEAD_MS = 5 * 60_000;

/** Whether the notification claims a moment further ahead of `now` than clocks drift apart. */
export function aheadOfClock(n: Pick<NotificationEnvelope, 'timestamp'>, now: Date): boolean {
  return Date.parse(n.timestamp) - now.getTime() > MAX_NOTIFICATION_AHEAD_MS;
}
