// Small state kept as one private JSON file: the sandbox's push subscriptions (their secret
// headers), a desk's outage invoice block. Written whole through durable-file.ts, so a crash
// leaves the old file or the new one and never a mix, and created 0600 so no other account can
// read it even for the instant before the rename (ARCHITECTURE § Security: files 0600). Read
// back checked against its schema: a damaged file is refused in the caller's words, never
// taken for an empty one.
import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { writeFileDurably } from './durable-file.js';

export const PRIVATE_JSON_FILE_MODE = 0o600;

/** Replaces `path` with `value` as JSON, atomically and durably, readable by the owner only. */
export function writePrivateJsonFile(path: string, value: unknown): void {
  writeFileDurably(path, `${JSON.stringify(value)}\n`, PRIVATE_JSON_FILE_MODE);
}

/**
 * The file's value, or undefined when there is no file. A file that is not JSON or does not match
 * `schema` throws `damaged`: the sentence that tells the user what to do with it.
 */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S, damaged: string): z.infer<S> | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(damaged);
  return parsed.data;
}
