// Days of the activity search are IST days (the desk's working day), whatever zone this computer
// is in: "from" is the first day's midnight, "to" the midnight after the last day (exclusive).
import { IST_OFFSET_MINUTES } from '../../../../shared/api/limits.js';

export function todayInIst(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

export function dayRange(from: string, to: string): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  if (from) out.from = `${from}T00:00:00+05:30`;
  if (to) {
    const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    out.to = `${next}T00:00:00+05:30`;
  }
  return out;
}
