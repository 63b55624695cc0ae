// What the journal knows its segments held, kept beside them (journal-mark.json): the oldest
// segment kept, the newest one that received a record, and the highest seq at that moment. A file
// system that lost a file's contents or the file itself in a power cut leaves a segment empty or
// gone with nothing inside it to tell; this mark tells, so the start-up check can say what was
// lost instead of "nothing was left open". Written durably at a segment's first record, at each
// rotation and at each start: a few writes per segment, not one per append.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from './durable-file.js';

const MARK_FILE = 'journal-mark.json';

export const SegmentMark = z.object({
  /** The oldest segment kept (older ones were pruned on purpose). */
  lowest: z.number().int().positive(),
  /** The newest segment that received a record. */
  written: z.number().int().nonnegative(),
  /** The highest seq handed out when the mark was written: seqs never start over. */
  seq: z.number().int().nonnegative(),
  /** Segments newer than `lowest` that were pruned on purpose (a kept older one holds an open operation). */
  pruned: z.array(z.number().int().positive()).default([]),
});
export type SegmentMark = z.infer<typeof SegmentMark>;

/** The mark, or undefined for a journal written before marks were kept (or a mark that is damaged). */
export function readSegmentMark(dir: string): SegmentMark | undefined {
  try {
    const parsed = SegmentMark.safeParse(JSON.parse(readFileSync(join(dir, MARK_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeSegmentMark(dir: string, mark: SegmentMark): void {
  writeFileDurably(join(dir, MARK_FILE), `${JSON.stringify(mark)}\n`);
}
