// What the journal knows of a clip's pack session: its scans, the serials and IMEIs packed, the
// weight and dimensions, and when it was packed. The journal is the record of the desk; the clip
// only shows it.
import type { JournalRecord } from '../journal/records.js';

export interface SessionFacts {
  scans: { at: string; kind: string; value: string }[];
  /** SKUs scanned, accepted or refused (the desk's answer is not journaled with the scan). */
  skus: string[];
  serials: string[];
  weightKg?: number;
  dimensions?: { length: number; breadth: number; height: number };
  packedAt?: string;
  closedReason?: string;
}

const SERIAL_KINDS = new Set(['imei']);

export function sessionFacts(records: readonly JournalRecord[], sessionId: string | undefined): SessionFacts {
  const facts: SessionFacts = { scans: [], skus: [], serials: [] };
  if (!sessionId) return facts;
  const skus = new Set<string>();
  const serials = new Set<string>();
  for (const r of records) {
    if (r.type === 'scan' && r.sessionId === sessionId) {
      if (r.kind === 'measurement') continue;
      facts.scans.push({ at: r.at, kind: r.kind, value: r.value });
      if (r.kind === 'sku') skus.add(r.value);
      if (SERIAL_KINDS.has(r.kind)) serials.add(r.value);
    } else if (r.type === 'session' && r.sessionId === sessionId) {
      if (r.event === 'packed') {
        facts.packedAt = r.at;
        facts.weightKg = r.weightKg;
        facts.dimensions = r.dimensions;
        for (const units of Object.values(r.serials ?? {})) for (const unit of units) for (const s of unit) serials.add(s);
      }
      if (r.event === 'closed') facts.closedReason = r.reason;
    }
  }
  facts.skus = [...skus];
  facts.serials = [...serials];
  return facts;
}
