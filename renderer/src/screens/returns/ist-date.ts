// Dates of the return and self-ship actions are typed in India Standard Time, the marketplace's
// zone (spec § POST /v3/shipments/filter/: "IST is assumed"), whatever zone this computer is in.
import { IST_OFFSET_MINUTES } from '../../../../shared/api/limits.js';
import { currentFormatter } from '../../i18n/i18n.js';

/** Now as a datetime-local value in IST, e.g. "2026-11-21T15:30". */
export function nowInIst(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value read as IST, as an ISO date-time with its offset; undefined when not a date. */
export function istToIso(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const iso = `${local}:00+05:30`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

/**
 * An ISO date as the desk reads it, in its language: "21 Nov 2026, 15:30", 24-hour like every
 * other time of the desk (shared/i18n/format.ts): hi-IN's 12-hour form is "2:35 pm", Latin
 * letters in a Hindi line, in both Node 20's and Chromium's ICU; 24-hour needs no am/pm at all.
 */
export function istWords(iso: string | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return currentFormatter().dateTime(iso);
}
