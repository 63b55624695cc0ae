// How the board says times and states: "12 s ago", "3 min ago", IST clock times, a desk gone quiet.
import type { BoardLink } from '../../../../shared/contract/warehouse.js';
import { currentFormatter, msgKey, tr } from '../../i18n/i18n.js';

/** A desk not heard from in this long is shown as silent (its heartbeat is every 15 s). */
export const SILENT_AFTER_MS = 2 * 60_000;

export function agoWords(iso: string | undefined, now: number): string {
  if (!iso) return tr('warehouse.ago.never');
  const ms = Math.max(0, now - Date.parse(iso));
  if (ms < 5_000) return tr('warehouse.ago.justNow');
  if (ms < 60_000) return tr('warehouse.ago.seconds', { n: Math.round(ms / 1000) });
  if (ms < 3_600_000) return tr('warehouse.ago.minutes', { n: Math.round(ms / 60_000) });
  return tr('warehouse.ago.hours', { h: Math.floor(ms / 3_600_000), n: Math.round((ms % 3_600_000) / 60_000) });
}

export function istClock(iso: string | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return currentFormatter().time(iso);
}

export const isSilent = (iso: string | undefined, now: number): boolean => !iso || now - Date.parse(iso) > SILENT_AFTER_MS;

/** Catalogue keys of the board's link to the database. */
export const LINK_WORDS: Record<BoardLink, string> = {
  live: msgKey('warehouse.link.live'),
  polling: msgKey('warehouse.link.polling'),
  connecting: msgKey('warehouse.link.connecting'),
};
