// What opening the journal repairs, and says. A damaged line (a flipped byte, garbage), the torn
// end of an append cut short by a crash or power cut, or a segment found empty (truncated to zero
// bytes) is repaired as before: skipped, cut off, removed; but never silently. Each is copied
// aside first (journal/damaged/, 0600), described in a sentence that says what was lost and
// what it means, and kept in journal/damaged/reports.jsonl. A segment the journal's mark
// (segment-mark.ts) says held records but that is empty or gone is said the same way, so the start-up check and the
// Activity screen can say it. A repaired segment is rewritten without the damage, so the same
// damage is reported once, not at every start.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { formatIstDisplay } from '../packing/ist-dates.js';
import { writeFileDurably } from './durable-file.js';
import { listSegments, readSegment, segmentName } from './segment-file.js';
import type { SegmentMark } from './segment-mark.js';

export const DAMAGED_DIR = 'damaged';
const REPORTS_FILE = 'reports.jsonl';
/** The Activity screen shows the latest reports; older ones stay in the file. */
const REPORTS_SHOWN = 20;

export const JournalDamage = z.object({
  foundAt: z.string(),
  segment: z.string(),
  kind: z.enum(['damagedLines', 'tornTail', 'emptied', 'missing', 'rotation']),
  /** Lines skipped, or bytes cut. */
  count: z.number(),
  copy: z.string().optional(),
  text: z.string(),
});
export type JournalDamage = z.infer<typeof JournalDamage>;

const at = (iso?: string) => (iso ? formatIstDisplay(new Date(iso)) : undefined);

function span(from?: string, to?: string): string {
  if (from && to) return `between ${at(from)} and ${at(to)}`;
  if (from) return `after ${at(from)}`;
  if (to) return `before ${at(to)}`;
  return 'of an unknown time';
}

const MEANING = 'The marketplace still has every pack and dispatch it accepted; operations left open are checked against it.';

/** Repairs the segments in `dir`; returns the damage found (already reported into reports.jsonl). */
export function repairJournal(dir: string, options: { maxSegmentBytes: number; now: Date; mark?: SegmentMark }): JournalDamage[] {
  const found: JournalDamage[] = [];
  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const damagedDir = join(dir, DAMAGED_DIR);
  const keep = (name: string, data: string | Buffer): string => {
    mkdirSync(damagedDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(damagedDir, name), data, { mode: 0o600 });
    return join(DAMAGED_DIR, name);
  };
  const report = (d: Omit<JournalDamage, 'foundAt'>) => found.push({ foundAt: options.now.toISOString(), ...d });

  const indexes = listSegments(dir);
  const present = new Set([...indexes, ...(options.mark?.pruned ?? [])]);
  const { mark } = options;
  // Segments the mark says received records, from the oldest kept: each one gone is said.
  const missing: number[] = [];
  if (mark) for (let index = mark.lowest; index <= mark.written; index += 1) if (!present.has(index)) missing.push(index);
  const lastAtBefore = (index: number) => {
    const earlier = indexes.filter((i) => i < index).pop();
    return earlier === undefined ? undefined : readSegment(dir, earlier).records.at(-1)?.at;
  };
  const firstAtAfter = (index: number) => {
    const later = indexes.find((i) => i > index);
    return later === undefined ? undefined : readSegment(dir, later).records[0]?.at;
  };
  for (const index of missing) {
    const name = segmentName(index);
    report({ segment: name, kind: 'missing', count: 0, text: `${name} is missing (a file lost in a power cut, or removed by hand): the audit trail ${span(lastAtBefore(index), firstAtAfter(index))} is lost. ${MEANING}` });
  }
  let previousLastAt: string | undefined;
  let previousMaxSeq = 0;
  let previousSize = Number.POSITIVE_INFINITY;
  indexes.forEach((index, position) => {
    const name = segmentName(index);
    const path = join(dir, name);
    const size = statSync(path).size;
    const newest = position === indexes.length - 1;
    if (size === 0) {
      // Rotation fills a new segment only after the active one outgrew the limit: an empty
      // segment before the newest, or an empty newest after a small one, was emptied.
      const emptied = !newest || (position > 0 && previousSize <= options.maxSegmentBytes) || (mark !== undefined && index <= mark.written);
      if (emptied) {
        let nextAt: string | undefined;
        if (!newest) nextAt = readSegment(dir, indexes[position + 1]).records.find((r) => r.seq > previousMaxSeq)?.at;
        report({ segment: name, kind: 'emptied', count: 0, text: `${name} was found empty (truncated to zero bytes): the audit trail ${span(previousLastAt, nextAt)} is lost. ${MEANING}` });
        rmSync(path, { force: true });
      }
      previousSize = size;
      return;
    }
    const contents = readSegment(dir, index);
    if (contents.damaged.length > 0 || contents.tornBytes > 0) {
      const good = contents.records.length > 0 ? readFileSync(path).subarray(0, contents.completeBytes).toString('utf8').split('\n').filter((line, n) => line !== '' && !contents.damaged.some((d) => d.line === n + 1)) : [];
      if (contents.damaged.length > 0) {
        const lines = contents.damaged.map((d) => d.line);
        const copy = keep(`${name}.${stamp}.damaged-lines.txt`, contents.damaged.map((d) => `${d.line}: ${d.text}`).join('\n') + '\n');
        const from = contents.damaged[0].afterAt ?? previousLastAt;
        const to = contents.damaged[contents.damaged.length - 1].beforeAt;
        report({
          segment: name,
          kind: 'damagedLines',
          count: lines.length,
          copy,
          text: `${name}: ${lines.length} damaged line${lines.length === 1 ? '' : 's'} (line ${lines.join(', ')}) skipped: records written ${span(from, to)} may be missing from the audit trail. ${MEANING} A copy is in ${copy}.`,
        });
      }
      if (contents.tornBytes > 0) {
        const copy = keep(`${name}.${stamp}.torn-end.bin`, readFileSync(path).subarray(contents.completeBytes));
        const last = contents.records[contents.records.length - 1]?.at ?? previousLastAt;
        report({
          segment: name,
          kind: 'tornTail',
          count: contents.tornBytes,
          copy,
          text: `${name} ended in the middle of a record (${contents.tornBytes} bytes written ${span(last)}, a write cut short by a crash or power cut); the piece was cut off. ${MEANING} A copy is in ${copy}.`,
        });
      }
      writeFileDurably(path, good.map((line) => `${line}\n`).join(''));
    }
    previousLastAt = contents.records[contents.records.length - 1]?.at ?? previousLastAt;
    previousMaxSeq = Math.max(previousMaxSeq, ...contents.records.map((r) => r.seq));
    previousSize = size;
  });
  if (found.length > 0) {
    mkdirSync(damagedDir, { recursive: true, mode: 0o700 });
    appendFileSync(join(damagedDir, REPORTS_FILE), found.map((d) => `${JSON.stringify(d)}\n`).join(''), { mode: 0o600 });
  }
  return found;
}

/** The latest damage reports, newest first (the Activity screen). */
export function damageReports(dir: string): JournalDamage[] {
  const path = join(dir, DAMAGED_DIR, REPORTS_FILE);
  if (!existsSync(path)) return [];
  const out: JournalDamage[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const parsed = JournalDamage.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      /* a torn report line: the others still count */
    }
  }
  return out.reverse().slice(0, REPORTS_SHOWN);
}

/** A rotation that failed after its record was on disk, said like damage (it is not a lost record). */
export function rotationTrouble(segment: number, now: Date, error: unknown): JournalDamage {
  const name = segmentName(segment);
  const reason = (error as Error)?.message ?? String(error);
  return {
    foundAt: now.toISOString(),
    segment: name,
    kind: 'rotation',
    count: 0,
    text: `The journal could not start a new segment after ${name} (${reason}). Every record is still written and kept in ${name}, which grows past its limit until the journal folder is writable again; free space or fix the folder's permissions. It is tried again at every record.`,
  };
}
