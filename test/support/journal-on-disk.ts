// The station's journal as it lies in its data folder, read without the station's own code: each
// segment line is "<crc32> <json>" (electron/station/journal/segment-file.ts). End-to-end tests
// check with it what the desk really recorded (scans, intents, sessions).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every record of every segment, in file order (a record carried into a newer segment appears again there). */
export function journalOnDisk(dataDir: string): Record<string, unknown>[] {
  const dir = join(dataDir, 'journal');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((line) => line.includes('{'))
    .map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as Record<string, unknown>);
}
