// Child process of the journal-lock tests: opens the journal in JOURNAL_DIR, prints "locked" once
// it holds the lock, and keeps it until killed. Usage: lock-child.ts JOURNAL_DIR
import { Journal } from '../../../electron/station/journal/journal.js';

const [dir] = process.argv.slice(2);
await Journal.open({ dir, clock: { now: () => new Date() } });
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);
