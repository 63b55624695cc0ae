// The lead's numbers per operator: shipments packed (at the desk and in waves, once each), scans
// and refused scans, from the journal, where every record names who was signed in.
import type { JournalRecord } from './records.js';
import { packedShipments, queryAudit } from './audit-query.js';

export interface OperatorCounts {
  operator: string;
  packs: number;
  scans: number;
  refused: number;
}

export function countsPerOperator(records: JournalRecord[], range: { from?: Date; to?: Date } = {}): OperatorCounts[] {
  const byName = new Map<string, OperatorCounts>();
  const of = (operator: string | undefined) => {
    const name = operator || '';
    let counts = byName.get(name);
    if (!counts) byName.set(name, (counts = { operator: name, packs: 0, scans: 0, refused: 0 }));
    return counts;
  };
  for (const { at, operator } of packedShipments(records)) {
    if ((range.from && at < range.from) || (range.to && at >= range.to)) continue;
    of(operator).packs += 1;
  }
  for (const entry of queryAudit(records, range)) {
    const record = entry.record;
    if (record.type !== 'scan' || record.kind === 'measurement') continue;
    const counts = of(entry.operator);
    counts.scans += 1;
    if (record.refused !== undefined) counts.refused += 1;
  }
  // Most packs first: the lead reads the board from the top.
  return [...byName.values()].sort((a, b) => b.packs - a.packs || a.operator.localeCompare(b.operator));
}
