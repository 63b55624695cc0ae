// Reading a journal from where a reader last stopped: a cursor names a segment and a byte offset
// in it, so a reader that follows the journal (the warehouse outbox) decodes only the lines
// written since, not every kept segment again. Rotation moves it to the next segments (whose
// carried-forward copies of older records the reader drops by seq); a pruned segment moves it to
// the oldest one kept.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalRecord } from './records.js';
import { decodeLine, listSegments, segmentName } from './segment-file.js';

export interface JournalCursor {
  /** The segment read last. */
  segment: number;
  /** Bytes of it already read: always the end of a complete line. */
  offset: number;
}

/** The complete lines of a segment from `offset` on, decoded (damaged lines skipped), and where they end. */
function readTail(dir: string, segment: number, offset: number): { records: JournalRecord[]; end: number; decoded: number } {
  const path = join(dir, segmentName(segment));
  const size = statSync(path).size;
  if (size <= offset) return { records: [], end: offset, decoded: 0 };
  const bytes = Buffer.alloc(size - offset);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
  // A line still being appended has no newline yet: it is read next time.
  const complete = bytes.lastIndexOf(0x0a) + 1;
  const records: JournalRecord[] = [];
  let decoded = 0;
  for (const line of bytes.subarray(0, complete).toString('utf8').split('\n')) {
    if (line === '') continue;
    decoded += 1;
    const record = decodeLine(line);
    if (record) records.push(record);
  }
  return { records, end: offset + complete, decoded };
}

export interface JournalTail {
  records: JournalRecord[];
  cursor: JournalCursor;
  /** Lines decoded to find them: what the read cost (carried copies and older records included). */
  decoded: number;
}

/**
 * Records with a seq above `after` written since `cursor` (every kept segment without one), in
 * seq order, once each, with the cursor to pass next time.
 */
export function readSince(dir: string, after: number, cursor?: JournalCursor): JournalTail {
  const kept = listSegments(dir);
  const from = cursor && kept.includes(cursor.segment) ? cursor : undefined;
  const bySeq = new Map<number, JournalRecord>();
  let next: JournalCursor = from ?? { segment: kept[0] ?? 1, offset: 0 };
  let decoded = 0;
  for (const segment of kept) {
    if (from && segment < from.segment) continue;
    const tail = readTail(dir, segment, from && segment === from.segment ? from.offset : 0);
    for (const record of tail.records) if (record.seq > after && !bySeq.has(record.seq)) bySeq.set(record.seq, record);
    next = { segment, offset: tail.end };
    decoded += tail.decoded;
  }
  return { records: [...bySeq.values()].sort((a, b) => a.seq - b.seq), cursor: next, decoded };
}
