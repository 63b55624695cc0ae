// How the board says times and states: "12 s ago", "3 min ago", IST clock times, a desk gone quiet.
import type { BoardLink } from '../../../../shared/contract/warehouse.js';

/** A desk not heard from in this long is shown as silent (its heartbeat is every 15 s). */
export const SILENT_AFTER_MS = 2 * 60_000;

export function agoWords(iso: string | undefined, now: number): string {
  if (!iso) return 'never';
  const ms = Math.max(0, now - Date.parse(iso));
  if (ms < 5_000) return 'just now';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s ago`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min ago`;
  const h = Math.floor(ms / 3_600_000);
  return `${h} h ${Math.round((ms % 3_600_000) / 60_000)} min ago`;
}

export function istClock(iso: string | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

export const isSilent = (iso: string | undefined, now: number): boolean => !iso || now - Date.parse(iso) > SILENT_AFTER_MS;

export const LINK_WORDS: Record<BoardLink, string> = {
  live: 'Live: updates as desks work',
  polling: 'Reconnecting: the board is read every few seconds meanwhile',
  connecting: 'Connecting to the warehouse database…',
};
