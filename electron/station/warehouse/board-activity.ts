// Activity for the whole warehouse: every desk's audit trail from the journal records the
// outboxes shipped, in the same sentences as a desk's own Activity screen, newest first, with the
// desk and the operator of each line.
import type { WarehouseActivityEntry } from '../../../shared/contract/warehouse.js';
import { queryAudit } from '../journal/audit-query.js';
import { JournalRecord } from '../journal/records.js';
import { indexTrail, sentenceFor } from '../app/handlers/activity-sentences.js';
import { lineWordsIn } from '../app/handlers/activity-language.js';
import { withClient, type WarehousePool } from './warehouse-pool.js';

/** Records read per request: enough for the newest lines with their outcomes and scans. */
export const ACTIVITY_RECORDS_READ = 10_000;

export async function warehouseActivity(pool: WarehousePool, options: { text?: string; limit: number; language?: string }): Promise<WarehouseActivityEntry[]> {
  const { rows } = await withClient(pool, (c) =>
    c.query<{ desk: string; record: unknown }>('SELECT desk, record FROM journal_records ORDER BY at DESC, desk, seq DESC LIMIT $1', [ACTIVITY_RECORDS_READ]),
  );
  const byDesk = new Map<string, JournalRecord[]>();
  for (const row of rows) {
    const parsed = JournalRecord.safeParse(row.record);
    // A record of a newer desk version this one cannot read is left out, not a failure.
    if (!parsed.success) continue;
    byDesk.set(row.desk, [...(byDesk.get(row.desk) ?? []), parsed.data]);
  }
  const needle = options.text?.trim().toLowerCase();
  const inDeskLanguage = lineWordsIn(options.language);
  const out: WarehouseActivityEntry[] = [];
  for (const [desk, records] of byDesk) {
    records.sort((a, b) => a.seq - b.seq);
    const index = indexTrail(records);
    for (const entry of queryAudit(records, {})) {
      const sentence = sentenceFor(entry, index);
      if (!sentence) continue;
      if (needle && !`${desk} ${sentence.text} ${inDeskLanguage(sentence)} ${JSON.stringify(entry.record)}`.toLowerCase().includes(needle)) continue;
      out.push({
        desk,
        seq: entry.record.seq,
        at: entry.record.at,
        kind: sentence.kind,
        text: sentence.text,
        sentence: sentence.sentence,
        ...(sentence.reasons ? { reasons: sentence.reasons } : {}),
        shipmentIds: entry.shipmentIds,
        ...(entry.operator ? { operator: entry.operator } : {}),
        ...(sentence.status ? { status: sentence.status } : {}),
      });
    }
  }
  out.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || a.desk.localeCompare(b.desk) || b.seq - a.seq);
  return out.slice(0, options.limit);
}
