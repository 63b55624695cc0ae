// Crash safety of the journal with a real process killed by SIGKILL (no mocks): whatever an
// append promised before the kill is on disk after it, and nothing read back is corrupt.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../electron/station/journal/journal.js';

const fixture = new URL('./fixtures/append-loop.ts', import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface ChildReport {
  appended: Map<string, number>;
  settled: Set<string>;
}

/** Runs the append loop until it has reported `atLeast` intents, then SIGKILLs it mid-flight. */
function runAndKill(dir: string, atLeast: number, maxSegmentBytes: number): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, String(maxSegmentBytes)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const report: ChildReport = { appended: new Map(), settled: new Set() };
    let buffer = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const [kind, a, b] = line.split(' ');
        if (kind === 'I') report.appended.set(b, Number(a));
        if (kind === 'O') report.settled.add(a);
      }
      if (!killed && report.appended.size >= atLeast) {
        killed = true;
        // Kill at once, while further appends are in flight.
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(report);
      else reject(new Error(`append loop ended without being killed: ${stderr}`));
    });
  });
}

describe('journal after SIGKILL (crash safety)', () => {
  it('keeps every intent whose append resolved, reads no corrupt record and lists the open intents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-crash-'));
    dirs.push(dir);
    // Small segments so the kill also lands around rotations.
    const report = await runAndKill(dir, 400, 16 * 1024);
    expect(report.appended.size).toBeGreaterThanOrEqual(400);

    const journal = await Journal.open({ dir, clock: { now: () => new Date() }, maxSegmentBytes: 16 * 1024 });
    expect(journal.health.corruptLines).toBe(0);
    const open = new Map(journal.openIntents().map((o) => [o.intent.id, o.intent.seq]));
    // The kill may land after an outcome reached the disk but before the child printed it.
    const outcomesOnDisk = new Set((await journal.records()).flatMap((r) => (r.type === 'outcome' ? [r.intentId] : [])));
    let settledUnreported = 0;
    for (const [id, seq] of report.appended) {
      if (report.settled.has(id)) expect(open.has(id), `settled intent ${id} listed as open`).toBe(false);
      else if (!open.has(id) && outcomesOnDisk.has(id)) settledUnreported += 1;
      else expect(open.get(id), `intent ${id} (seq ${seq}) lost`).toBe(seq);
    }
    expect(settledUnreported).toBeLessThanOrEqual(1);
    // Intents that the child never settled, about two thirds of them, wait for reconciliation.
    expect(open.size).toBeGreaterThanOrEqual(Math.floor((report.appended.size * 2) / 3) - 1);

    // The journal goes on after the crash: new seqs follow the old ones, and the file is sound.
    const maxSeq = Math.max(...report.appended.values());
    const next = await journal.appendIntent({ op: 'dispatch', targets: { shipmentIds: ['S-after'] }, request: {}, operator: 'asha', desk: 'desk-1' });
    expect(next.seq).toBeGreaterThan(maxSeq);
    await journal.close();
    const reopened = await Journal.open({ dir, clock: { now: () => new Date() } });
    expect(reopened.health.corruptLines).toBe(0);
    expect(reopened.health.tornBytesCut).toBe(0);
    expect(reopened.openIntents().map((o) => o.intent.id)).toContain(next.id);
    await reopened.close();
  }, 60_000);
});
