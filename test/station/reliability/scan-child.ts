// Child process of the "no lost scan" proof: opens a pack session in the journal, then records
// scans one by one, printing "scanned N" only after appendScan resolved (the line is on disk).
// The parent SIGKILLs it mid-session. Usage: scan-child.ts JOURNAL_DIR SESSION_ID
import { Journal } from '../../../electron/station/journal/journal.js';

const [dir, sessionId] = process.argv.slice(2);
const journal = await Journal.open({ dir, clock: { now: () => new Date() } });
await journal.appendSession({ sessionId, event: 'opened', shipmentId: 'SH-SCAN-TEST', operator: 'test', desk: 'Desk 1' });
for (let n = 1; ; n++) {
  await journal.appendScan({ sessionId, raw: `SKU-${n}\r`, kind: 'sku', value: `SKU-${n}` });
  process.stdout.write(`scanned ${n}\n`);
  await new Promise((r) => setTimeout(r, 5));
}
