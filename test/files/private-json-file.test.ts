// The one writer of small private JSON state (the sandbox's push subscriptions, a desk's outage
// invoice block): 0600 whatever the process umask, replaced whole, and a damaged file refused in
// the caller's words rather than read as empty.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile, writePrivateJsonFile } from '../../electron/files/private-json-file.js';
import { fileOutageBlockStore } from '../../electron/station/warehouse/outage-block.js';
import { readPushState, writePushState, PUSH_STATE_FILE } from '../../electron/sandbox/push/subscriptions.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'private-json-'));
  dirs.push(dir);
  return dir;
};
const Counter = z.object({ count: z.number().int() });

describe('private JSON files', () => {
  it('writes 0600 even with a permissive umask, replaces the file whole and leaves no temporary file', () => {
    const dir = tempDir();
    const path = join(dir, 'counter.json');
    const umask = process.umask(0);
    try {
      writePrivateJsonFile(path, { count: 1 });
      writeFileSync(join(dir, 'other.txt'), 'x', { mode: 0o644 }); // the umask really is open
      writePrivateJsonFile(path, { count: 2 });
    } finally {
      process.umask(umask);
    }
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'other.txt')).mode & 0o777).toBe(0o644);
    expect(readJsonFile(path, Counter, 'damaged')).toEqual({ count: 2 });
    expect(readdirSync(dir).sort()).toEqual(['counter.json', 'other.txt']);
  });

  it('reads nothing from a missing file, and refuses a damaged or foreign one in the given words', () => {
    const dir = tempDir();
    const path = join(dir, 'counter.json');
    expect(readJsonFile(path, Counter, 'damaged')).toBeUndefined();
    writeFileSync(path, '{"count": 1');
    expect(() => readJsonFile(path, Counter, `${path} is damaged: restore it.`)).toThrow(`${path} is damaged: restore it.`);
    writeFileSync(path, '{"count": "one"}');
    expect(() => readJsonFile(path, Counter, 'damaged')).toThrow('damaged');
  });

  it('is what the sandbox keeps its push subscriptions in and a desk its outage invoice block in', () => {
    const dir = tempDir();
    const push = { format: 1 as const, nextSubscription: 2, nextSeq: 3, subscriptions: [] };
    writePushState(dir, push);
    expect(statSync(join(dir, PUSH_STATE_FILE)).mode & 0o777).toBe(0o600);
    expect(readPushState(dir)).toEqual(push);

    const blockPath = join(dir, 'outage-invoices.json');
    const store = fileOutageBlockStore(blockPath);
    const block = { format: 1 as const, registration: 'D1', financialYear: '2026-27', available: ['INV-1', 'INV-2'], used: [] };
    store.save(block);
    expect(statSync(blockPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(blockPath, 'utf8'))).toEqual(block);
    expect(store.load()).toEqual(block);
    writeFileSync(blockPath, 'not json');
    expect(() => store.load()).toThrow(/The outage invoice block .* is damaged\. Restore it from a backup/);
  });
});
