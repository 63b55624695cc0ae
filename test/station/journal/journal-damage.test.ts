// Journal damage is repaired and said, never silent: a segment truncated to zero bytes, a line
// with a flipped byte in a pack intent, garbage at the end. Each is copied aside, named with
// what was lost and what it means, reported once (the repair holds), and shown by the start-up
// check of the command line and by the app (app.info, which the Activity screen shows).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Journal } from '../../../electron/station/journal/journal.js';
import { segmentName } from '../../../electron/station/journal/segment-file.js';
import { runCli } from '../../../electron/station/cli/run-cli.js';
import { startTestAppStation } from '../../support/app-station.js';
import { startTestSandbox, writeSandboxInfo } from '../../support/sandbox.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journal-damage-'));
  dirs.push(dir);
  return dir;
}

let now = Date.parse('2026-11-21T04:30:00Z');
const clock = { now: () => new Date(now) };
const intent = (id: string) => ({ op: 'pack' as const, targets: { shipmentIds: [id] }, request: { locationId: 'LOC1' }, operator: 'asha', desk: 'desk-1' });

/** Three segments of packs, a minute apart, ending at 10:40 IST (05:10Z). */
async function journalWithSegments(dir: string): Promise<void> {
  const j = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
  for (let n = 1; n <= 12; n += 1) {
    now += 60_000;
    const r = await j.appendIntent(intent(`SH${n}`));
    await j.appendOutcome({ intentId: r.id, status: 'ok' });
  }
  await j.close();
}

describe('journal damage', () => {
  it('a segment truncated to zero, a flipped byte in a pack intent and garbage at the end: repaired, copied aside and said once', async () => {
    const dir = tempDir();
    await journalWithSegments(dir);
    const segments = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
    expect(segments.length).toBeGreaterThanOrEqual(3);
    // A middle segment emptied; a byte flipped in a pack intent of the newest; garbage after it.
    truncateSync(join(dir, segments[1]), 0);
    const newest = join(dir, segments[segments.length - 1]);
    const flipped = join(dir, [...segments.slice(2)].reverse().find((f) => readFileSync(join(dir, f), 'utf8').includes('"op":"pack"'))!);
    const text = readFileSync(flipped, 'utf8');
    const at = text.indexOf('"op":"pack"');
    writeFileSync(flipped, text.slice(0, at + 7) + 'q' + text.slice(at + 8));
    appendFileSync(newest, '\u0000\u0007garbage without a newline');

    const j = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    const kinds = j.health.damage.map((d) => d.kind).sort();
    expect(kinds).toEqual(['damagedLines', 'emptied', 'tornTail']);
    const said = j.health.damage.map((d) => d.text).join('\n');
    expect(said).toMatch(new RegExp(`${segments[1]} was found empty \\(truncated to zero bytes\\): the audit trail between .* and .* is lost\\. The marketplace still has every pack and dispatch`));
    expect(said).toMatch(/1 damaged line \(line \d+\) skipped: records written between .* may be missing from the audit trail/);
    expect(said).toMatch(/ended in the middle of a record \(\d+ bytes/);
    // Copies of what was cut, readable by the owner only.
    for (const d of j.health.damage.filter((x) => x.copy)) {
      expect(statSync(join(dir, d.copy!)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(dir, j.health.damage.find((d) => d.kind === 'damagedLines')!.copy!), 'utf8')).toContain('"op":"pqck"');
    expect(readFileSync(join(dir, j.health.damage.find((d) => d.kind === 'tornTail')!.copy!), 'utf8')).toContain('garbage without a newline');
    // The journal still works, and the report is kept for the Activity screen.
    await j.appendIntent(intent('SH99'));
    expect(j.damageReports().map((d) => d.kind).sort()).toEqual(kinds);
    await j.close();

    // Repaired: the next opening finds nothing new, and the reports are still there.
    const again = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    expect(again.health.damage).toEqual([]);
    expect(again.damageReports()).toHaveLength(3);
    expect(readdirSync(dir)).not.toContain(segments[1]);
    await again.close();
  });

  it('the app says it at start-up and in app.info (the Activity screen)', async () => {
    const dataDir = tempDir();
    const journalDir = join(dataDir, 'journal');
    await journalWithSegments(journalDir);
    const segments = readdirSync(journalDir).filter((f) => f.endsWith('.jsonl')).sort();
    truncateSync(join(journalDir, segments[1]), 0);
    const app = await startTestAppStation({ dataDir });
    try {
      expect(app.log.join('\n')).toMatch(new RegExp(`Start-up check: the journal was damaged\\. ${segments[1]} was found empty`));
      const info = (await app.api.invoke('app.info' as never, {} as never)) as { journalDamage: { text: string }[] };
      expect(info.journalDamage.map((d) => d.text).join('\n')).toMatch(/was found empty \(truncated to zero bytes\)/);
    } finally {
      await app.close();
    }
  });

  it('the command line says it in its start-up check', async () => {
    const sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    try {
      const work = tempDir();
      const info = writeSandboxInfo(sb, work);
      const dataDir = join(work, 'data');
      await journalWithSegments(join(dataDir, 'journal'));
      appendFileSync(join(dataDir, 'journal', segmentName(1)), 'not a record\n');
      const said: string[] = [];
      const code = await runCli(['shipments', 'list', '--sandbox-info', info, '--data-dir', dataDir], { stdout: (l) => said.push(l), stderr: (l) => said.push(l) });
      expect(code).toBe(0);
      expect(said.join('\n')).toMatch(/Start-up check: no operation was left open by an earlier run, but the journal needed a repair\.\nThe journal was damaged: journal-000001\.jsonl: 1 damaged line \(line \d+\) skipped/);
    } finally {
      await sb.close();
    }
  });
});
