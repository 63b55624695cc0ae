// One journal segment on disk: a file of lines "<crc32 hex> <json>\n". The checksum makes a torn
// or damaged line visible, so reading skips it instead of trusting half a record; a last line
// without its newline is what a crash in the middle of an append leaves, and is cut off.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { JournalRecord } from './records.js';

const SEGMENT_NAME = /^journal-(\d{6,})\.jsonl$/;

export function segmentName(index: number): string {
  return `journal-${String(index).padStart(6, '0')}.jsonl`;
}

/** Segment indexes present in the directory, oldest first. */
export function listSegments(dir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync(dir)) {
    const match = SEGMENT_NAME.exec(name);
    if (match) found.push(Number(match[1]));
  }
  return found.sort((a, b) => a - b);
}

function checksum(json: string): string {
  return crc32(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0');
}

export function encodeLine(record: JournalRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

export interface SegmentContents {
  records: JournalRecord[];
  /** Complete lines that failed the checksum, JSON parsing or the schema. */
  corruptLines: number;
  /** Bytes up to the end of the last complete line; anything after it is a torn append. */
  completeBytes: number;
  tornBytes: number;
  /** The damaged lines themselves (1-based line numbers), with the times of the good records around them. */
  damaged: DamagedLine[];
}

export interface DamagedLine {
  line: number;
  text: string;
  /** The last good record before it, and the first after it (undefined at either end). */
  afterAt?: string;
  beforeAt?: string;
}

/** Decodes one line; undefined when it is damaged. */
export function decodeLine(line: string): JournalRecord | undefined {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(9);
  if (checksum(json) !== line.slice(0, 8)) return undefined;
  try {
    const parsed = JournalRecord.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function readSegment(dir: string, index: number): SegmentContents {
  const bytes = readFileSync(join(dir, segmentName(index)));
  const lastNewline = bytes.lastIndexOf(0x0a);
  const completeBytes = lastNewline + 1;
  const records: JournalRecord[] = [];
  const damaged: DamagedLine[] = [];
  if (completeBytes > 0) {
    const lines = bytes.subarray(0, lastNewline).toString('utf8').split('\n');
    let lastAt: string | undefined;
    lines.forEach((line, n) => {
      if (line === '') return;
      const record = decodeLine(line);
      if (!record) {
        damaged.push({ line: n + 1, text: line, afterAt: lastAt });
        return;
      }
      for (let i = damaged.length - 1; i >= 0 && damaged[i].beforeAt === undefined; i -= 1) damaged[i].beforeAt = record.at;
      lastAt = record.at;
      records.push(record);
    });
  }
  return { records, corruptLines: damaged.length, completeBytes, tornBytes: bytes.length - completeBytes, damaged };
}
