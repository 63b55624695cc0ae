// India Standard Time helpers. The marketplace reads dates without a zone as IST (spec § POST
// /v3/shipments/filter/, "IST is assumed"), invoices carry the IST calendar date, and the tax
// switch happens at midnight IST (spec § Tax codes). IST has no daylight saving, so a fixed
// offset is exact; we never rely on the machine's time zone.
import { IST_OFFSET_MINUTES } from '../../../shared/api/limits.js';

/** Where "now" comes from; injected so tests and the sandbox can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface IstParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The IST wall-clock fields of an instant. */
export function istParts(at: Date): IstParts {
  const shifted = new Date(at.getTime() + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The instant of an IST wall-clock time (month 1 to 12). */
export function istInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - OFFSET_MS);
}

/** The IST calendar date of an instant as YYYY-MM-DD (the invoice date, spec § Invoice record). */
export function istDate(at: Date): string {
  const p = istParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Today in IST as YYYY-MM-DD. */
export function todayIst(clock: Clock): string {
  return istDate(clock.now());
}

/** ISO 8601 with the +05:30 offset, for request fields the marketplace reads as IST. */
export function formatIstIso(at: Date): string {
  const p = istParts(at);
  return `${istDate(at)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+05:30`;
}

/** For people: "21 Sep 2025, 23:59 IST" (or the date alone). */
export function formatIstDisplay(at: Date, withTime = true): string {
  const p = istParts(at);
  const date = `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
  return withTime ? `${date}, ${pad(p.hour)}:${pad(p.minute)} IST` : date;
}

const LOCAL_FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * Parses a date or date-time. Without a zone it is IST (as the marketplace reads it); with a
 * zone ("Z", "+05:30") the zone wins. Throws on anything else, in words.
 */
export function parseIst(text: string): Date {
  const trimmed = text.trim();
  const local = LOCAL_FORM.exec(trimmed);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const at = istInstant(+y, +mo, +d, +h, +mi, +s);
    const back = istParts(at);
    // Reject 2025-02-30 and 25:00 instead of silently rolling them over.
    if (back.month !== +mo || back.day !== +d || back.hour !== +h || back.minute !== +mi) {
      throw new Error(`"${text}" is not a real date or time.`);
    }
    return at;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)) {
    const at = new Date(trimmed);
    if (!Number.isNaN(at.getTime())) return at;
  }
  throw new Error(`"${text}" is not a date: use YYYY-MM-DD or YYYY-MM-DDTHH:MM (IST).`);
}

/** The Indian financial year (April to March, IST) of an instant: startYear 2026 is "2026-27". */
export function indianFinancialYear(at: Date): { startYear: number; label: string } {
  const p = istParts(at);
  const startYear = p.month >= 4 ? p.year : p.year - 1;
  return { startYear, label: `${startYear}-${pad((startYear + 1) % 100)}` };
}
