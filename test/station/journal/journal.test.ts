import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, type JournalOptions } from '../../../electron/station/journal/journal.js';
import { JournalInUseError } from '../../../electron/station/journal/journal-lock.js';
import { encodeLine } from '../../../electron/station/journal/segment-file.js';
import { sessionSteps } from '../../../electron/station/journal/session-lineage.js';

const dirs: string[] = [];
const journals: Journal[] = [];
afterEach(async () => {
  await Promise.all(journals.splice(0).map((j) => j.close()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
}

function fakeClock(iso = '2026-11-21T04:30:00Z') {
  let now = Date.parse(iso);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function openJournal(options: Partial<JournalOptions> & { dir: string }): Promise<Journal> {
  const journal = await Journal.open({ clock: fakeClock(), ...options });
  journals.push(journal);
  return journal;
}

const packIntent = (shipmentId: string, extra: Record<string, unknown> = {}) => ({
  op: 'pack',
  targets: { shipmentIds: [shipmentId] },
  request: { locationId: 'LOC1', ...extra },
  operator: 'asha',
  desk: 'desk-1',
});

describe('intents and outcomes', () => {
  it('lists intents without a definite outcome after a restart, and an unknown outcome keeps one open', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir });
    const a = await journal.appendIntent(packIntent('S1'));
    const b = await journal.appendIntent(packIntent('S2'));
    const c = await journal.appendIntent({ ...packIntent('S3'), op: 'dispatch' });
    await journal.appendOutcome({ intentId: a.id, status: 'ok' });
    await journal.appendOutcome({ intentId: b.id, status: 'unknown', errorMessage: 'timed out' });
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    await journal.close();

    const reopened = await openJournal({ dir });
    const open = reopened.openIntents();
    expect(open.map((o) => o.intent.targets.shipmentIds?.[0])).toEqual(['S2', 'S3']);
    expect(open[0].lastOutcome?.errorMessage).toBe('timed out');
    // Reconciliation settles it; then it is no longer open, also after another restart.
    await reopened.appendOutcome({ intentId: b.id, status: 'failed', errorCode: 'ITEM_ON_HOLD', reconciled: true });
    expect(reopened.openIntents().map((o) => o.intent.id)).toEqual([c.id]);
    await reopened.close();
    expect((await openJournal({ dir })).openIntents().map((o) => o.intent.id)).toEqual([c.id]);
  });

  it('never writes a secret-looking field in clear', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir });
    const intent = await journal.appendIntent(packIntent('S1', { accessToken: 'tok-SECRET-123', nested: { client_secret: 'cs-SECRET-456' } }));
    await journal.appendOutcome({ intentId: intent.id, status: 'ok', result: { refresh_token: 'rt-SECRET-789' } });
    // Every file of the folder (the lock's socket is no file to read).
    const text = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(dir, e.name), 'utf8')).join('');
    expect(text).toContain('S1');
    expect(text).not.toMatch(/SECRET/);
    expect(intent.request.accessToken).toBe('[redacted]');
  });

  it('refuses a second open intent with the same id', async () => {
    const journal = await openJournal({ dir: tempDir() });
    await journal.appendIntent({ ...packIntent('S1'), id: 'op-1' });
    await expect(journal.appendIntent({ ...packIntent('S1'), id: 'op-1' })).rejects.toThrow(/already open/);
    expect(journal.openIntents()).toHaveLength(1);
  });

  it('answers audit queries from what is on disk', async () => {
    const journal = await openJournal({ dir: tempDir() });
    const intent = await journal.appendIntent(packIntent('S1'));
    await journal.appendIntent({ ...packIntent('S2'), operator: 'ravi' });
    await journal.appendOutcome({ intentId: intent.id, status: 'failed', errorCode: 'ITEM_ON_HOLD' });
    const entries = await journal.query({ shipmentId: 'S1' });
    expect(entries.map((e) => e.record.type)).toEqual(['intent', 'outcome']);
    expect(entries[1]).toMatchObject({ op: 'pack', operator: 'asha' });
  });

  it('refuses an invalid record without burning a seq', async () => {
    const journal = await openJournal({ dir: tempDir() });
    await expect(journal.appendIntent({ ...packIntent('S1'), op: '' })).rejects.toThrow(/refused/);
    expect((await journal.appendIntent(packIntent('S1'))).seq).toBe(1);
  });
});

describe('pack sessions', () => {
  it('restores an open session with its scans in order, and forgets a closed one', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir });
    await journal.appendSession({ sessionId: 'p1', event: 'opened', operator: 'asha', desk: 'desk-1' });
    await journal.appendScan({ sessionId: 'p1', raw: 'OD1234\r', kind: 'shipment', value: 'OD1234' });
    await journal.appendSession({ sessionId: 'p2', event: 'opened', operator: 'ravi', desk: 'desk-1' });
    await journal.appendScan({ sessionId: 'p1', raw: '356938035643809', kind: 'imei', value: '356938035643809' });
    await journal.appendSession({ sessionId: 'p2', event: 'closed', reason: 'done' });
    await journal.appendSession({ sessionId: 'p1', event: 'packed', shipmentId: 'OD1234', weightKg: 0.4, dimensions: { length: 20, breadth: 10, height: 5 }, printer: 'Zebra' });
    await journal.close();

    const sessions = (await openJournal({ dir })).openSessions();
    expect(sessions.map((s) => s.sessionId)).toEqual(['p1']);
    expect(sessions[0].opened.operator).toBe('asha');
    expect(sessions[0].scans.map((s) => s.value)).toEqual(['OD1234', '356938035643809']);
    expect(sessions[0].packed[0].shipmentId).toBe('OD1234');
  });
});

describe('damaged files', () => {
  it('cuts off a torn last line and keeps appending cleanly after it', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir });
    await journal.appendIntent(packIntent('S1'));
    await journal.close();
    const [segment] = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    appendFileSync(join(dir, segment), '0badc0de {"type":"intent","seq":2,"at":"2026-'); // died mid-append

    const reopened = await openJournal({ dir });
    expect(reopened.health.tornBytesCut).toBeGreaterThan(0);
    await reopened.appendIntent(packIntent('S2'));
    await reopened.close();
    const again = await openJournal({ dir });
    expect(again.health.corruptLines).toBe(0);
    expect(again.openIntents().map((o) => o.intent.targets.shipmentIds?.[0])).toEqual(['S1', 'S2']);
  });

  it('skips a complete line whose checksum does not match, and reports it', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir });
    await journal.appendIntent(packIntent('S1'));
    await journal.close();
    const [segment] = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    const forged = encodeLine({ type: 'intent', seq: 2, at: '2026-11-21T04:30:00.000Z', id: 'x', ...packIntent('S2') }).replace('S2', 'S9');
    appendFileSync(join(dir, segment), forged);
    const reopened = await openJournal({ dir });
    expect(reopened.health.corruptLines).toBe(1);
    expect(reopened.openIntents().map((o) => o.intent.targets.shipmentIds?.[0])).toEqual(['S1']);
  });
});

describe('rotation and retention', () => {
  it('stays bounded, carries open intents and sessions forward and keeps every record once', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir, maxSegmentBytes: 2_000, maxSegments: 2 });
    const first = await journal.appendIntent(packIntent('S-OPEN'));
    await journal.appendSession({ sessionId: 'long', event: 'opened', operator: 'asha', desk: 'desk-1' });
    await journal.appendScan({ sessionId: 'long', raw: 'OD1', kind: 'shipment', value: 'OD1' });
    for (let n = 0; n < 200; n += 1) {
      const intent = await journal.appendIntent(packIntent(`S${n}`));
      await journal.appendOutcome({ intentId: intent.id, status: 'ok' });
    }
    const segments = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    expect(segments.length).toBeLessThanOrEqual(3); // two closed plus the active one
    expect(segments).not.toContain('journal-000001.jsonl');
    await journal.close();

    const reopened = await openJournal({ dir });
    expect(reopened.openIntents().map((o) => o.intent.id)).toEqual([first.id]);
    expect(reopened.openSessions()[0].scans.map((s) => s.value)).toEqual(['OD1']);
    const records = await reopened.records();
    const seqs = records.map((r) => r.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs.at(-1)).toBe(403);
  });

  it('carries the put-aside session an open session resumes through rotation, so pruning never loses its steps', async () => {
    const dir = tempDir();
    const journal = await openJournal({ dir, maxSegmentBytes: 2_000, maxSegments: 2 });
    await journal.appendSession({ sessionId: 'first', event: 'opened', shipmentId: 'SH1' });
    for (const value of ['SH1', 'SKU1', 'IMEI1']) await journal.appendScan({ sessionId: 'first', raw: value, kind: value === 'SH1' ? 'shipmentId' : 'sku', value });
    await journal.appendSession({ sessionId: 'first', event: 'closed', reason: 'put-aside' });
    await journal.appendSession({ sessionId: 'again', event: 'opened', shipmentId: 'SH1', resumes: 'first' });
    await journal.appendScan({ sessionId: 'again', raw: 'SH1', kind: 'shipmentId', value: 'SH1' });
    for (let n = 0; n < 200; n += 1) await journal.appendOutcome({ intentId: (await journal.appendIntent(packIntent(`S${n}`))).id, status: 'ok' });
    expect(readdirSync(dir)).not.toContain('journal-000001.jsonl');
    await journal.close();

    const reopened = await openJournal({ dir });
    expect(reopened.openSessions().map((s) => s.sessionId)).toEqual(['again']);
    expect(sessionSteps(await reopened.records(), 'again').map((s) => s.value)).toEqual(['SH1', 'SKU1', 'IMEI1']);
  });

  it('drops segments older than the age limit', async () => {
    const dir = tempDir();
    const clock = fakeClock();
    const journal = await openJournal({ dir, clock, maxSegmentBytes: 1_000, maxSegments: 100, maxAgeDays: 7 });
    for (let n = 0; n < 20; n += 1) await journal.appendOutcome({ intentId: (await journal.appendIntent(packIntent(`OLD${n}`))).id, status: 'ok' });
    const before = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).length;
    expect(before).toBeGreaterThan(3);
    clock.advance(8 * 86_400_000);
    for (let n = 0; n < 6; n += 1) await journal.appendOutcome({ intentId: (await journal.appendIntent(packIntent(`NEW${n}`))).id, status: 'ok' });
    const text = (await journal.records()).map((r) => JSON.stringify(r)).join('\n');
    expect(text).not.toContain('OLD0');
    expect(text).toContain('NEW5');
  });

  it('leaves the other files of its directory alone when pruning', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'keep');
    const journal = await openJournal({ dir, maxSegmentBytes: 500, maxSegments: 1 });
    for (let n = 0; n < 30; n += 1) await journal.appendIntent(packIntent(`S${n}`));
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('keep');
  });
});

describe('one writer per directory', () => {
  it('refuses a second journal on a directory in use, and allows it once the first is closed', async () => {
    const dir = tempDir();
    const first = await openJournal({ dir });
    await expect(Journal.open({ dir, clock: fakeClock() })).rejects.toThrow(JournalInUseError);
    await first.close();
    const second = await openJournal({ dir });
    expect((await second.appendIntent(packIntent('S1'))).seq).toBe(1);
  });
});
