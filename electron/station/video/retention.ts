// Which clips the retention rule deletes: older than N days, then the oldest until the rest fit
// in N bytes; never a clip kept for a claim, nor one of a shipment with an open return (the
// evidence a claim needs), nor one still recording.
export interface RetainedClip {
  clipId: string;
  shipmentId: string;
  startedAt: string;
  bytes: number;
  keep: boolean;
  state: 'recording' | 'complete' | 'cut';
}

export interface RetentionRule {
  maxAgeDays: number;
  maxBytes: number;
}

const DAY_MS = 86_400_000;

export function clipsToDelete(clips: readonly RetainedClip[], rule: RetentionRule, now: Date, protectedShipments: ReadonlySet<string>): RetainedClip[] {
  const deletable = (c: RetainedClip) => !c.keep && c.state !== 'recording' && !protectedShipments.has(c.shipmentId);
  const oldestFirst = [...clips].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
  const cutoff = now.getTime() - rule.maxAgeDays * DAY_MS;
  const out = new Set<RetainedClip>();
  for (const c of oldestFirst) if (Date.parse(c.startedAt) < cutoff && deletable(c)) out.add(c);
  let total = clips.reduce((n, c) => n + (out.has(c) ? 0 : c.bytes), 0);
  for (const c of oldestFirst) {
    if (total <= rule.maxBytes) break;
    if (out.has(c) || !deletable(c)) continue;
    out.add(c);
    total -= c.bytes;
  }
  return oldestFirst.filter((c) => out.has(c));
}
