// Segments a file system lost in a power cut (emptied, or gone), and a rotation that fails after
// its record is on disk, on real files: the loss is said in words at the next start (once), seqs
// go on from where they were, and an append that reached the disk is reported as done while the
// rotation trouble is said apart, until a later rotation succeeds.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/station/cli/run-cli.js';
import { Journal } from '../../../electron/station/journal/journal.js';
import { readSegment, segmentName } from '../../../electron/station/journal/segment-file.js';
import { startTestSandbox, writeSandboxInfo } from '../../support/sandbox.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journal-lost-'));
  dirs.push(dir);
  return dir;
}

let now = Date.parse('2026-11-21T04:30:00Z');
const clock = { now: () => new Date(now) };
const intent = (id: string) => ({ op: 'pack' as const, targets: { shipmentIds: [id] }, request: { locationId: 'LOC1' }, operator: 'asha', desk: 'desk-1' });
const segmentsOf = (dir: string) => readdirSync(dir).filter((f) => /^journal-\d+\.jsonl$/.test(f)).sort();
/** Segments holding records (a rotation may leave a newest one empty, which loses nothing when gone). */
const writtenSegments = (dir: string) => segmentsOf(dir).filter((f) => statSync(join(dir, f)).size > 0);

/** Packs a minute apart, settled; returns the last seq. */
async function packs(dir: string, count: number, maxSegmentBytes: number): Promise<number> {
  const j = await Journal.open({ dir, clock, maxSegmentBytes });
  for (let n = 1; n <= count; n += 1) {
    now += 60_000;
    const r = await j.appendIntent(intent(`SH${n}`));
    await j.appendOutcome({ intentId: r.id, status: 'ok' });
  }
  const last = j.lastSequence;
  await j.close();
  return last;
}

describe('segments lost at start', () => {
  it('the only segment found empty is said, once', async () => {
    const dir = tempDir();
    await packs(dir, 3, 1_000_000);
    expect(segmentsOf(dir)).toEqual([segmentName(1)]);
    truncateSync(join(dir, segmentName(1)), 0);
    const j = await Journal.open({ dir, clock });
    expect(j.health.damage.map((d) => d.kind)).toEqual(['emptied']);
    expect(j.health.damage[0]!.text).toMatch(/journal-000001\.jsonl was found empty \(truncated to zero bytes\): the audit trail .* is lost\. The marketplace still has every pack and dispatch it accepted/);
    expect(j.lastSequence).toBeGreaterThan(0);
    await j.close();
    const again = await Journal.open({ dir, clock });
    expect(again.health.damage).toEqual([]);
    await again.close();
  });

  it('a removed middle segment and a removed newest one are each said, once; the next seq is not one used before', async () => {
    const dir = tempDir();
    await packs(dir, 12, 600);
    const segments = writtenSegments(dir);
    expect(segments.length).toBeGreaterThanOrEqual(3);
    rmSync(join(dir, segments[1]!));
    // The newest segment that held records, and any empty one a rotation began after it.
    for (const name of segmentsOf(dir).filter((f) => f >= segments.at(-1)!)) rmSync(join(dir, name));
    const j = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    expect(j.health.damage.map((d) => [d.kind, d.segment])).toEqual([
      ['missing', segments[1]],
      ['missing', segments.at(-1)],
    ]);
    expect(j.health.damage[0]!.text).toMatch(new RegExp(`${segments[1]} is missing \\(a file lost in a power cut, or removed by hand\\): the audit trail between .* and .* is lost\\.`));
    await j.close();
    const again = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    expect(again.health.damage).toEqual([]);
    await again.close();
  });

  it('every segment gone: said, and seqs go on after the highest the journal had handed out', async () => {
    const dir = tempDir();
    const last = await packs(dir, 12, 600);
    const segments = writtenSegments(dir);
    for (const name of segmentsOf(dir)) rmSync(join(dir, name));
    const j = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    expect(j.health.damage.map((d) => d.kind)).toEqual(segments.map(() => 'missing'));
    const next = await j.appendIntent(intent('SH-AFTER'));
    // The mark is written at each rotation: the seqs of the lost newest segment after it may repeat, none before.
    expect(next.seq).toBeGreaterThan(last - 6);
    expect(segmentsOf(dir)).not.toContain(segmentName(1));
    await j.close();
  });

  it('the command line says a removed segment in its start-up check instead of "nothing was left open"', async () => {
    const sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    try {
      const work = tempDir();
      const info = writeSandboxInfo(sb, work);
      const dataDir = join(work, 'data');
      await packs(join(dataDir, 'journal'), 12, 600);
      const segments = segmentsOf(join(dataDir, 'journal'));
      rmSync(join(dataDir, 'journal', segments[1]!));
      const said: string[] = [];
      const code = await runCli(['shipments', 'list', '--sandbox-info', info, '--data-dir', dataDir], { stdout: (l) => said.push(l), stderr: (l) => said.push(l) });
      expect(code).toBe(0);
      expect(said.join('\n')).toMatch(new RegExp(`Start-up check: no operation was left open by an earlier run, but the journal needed a repair\\.\\nThe journal was damaged: ${segments[1]} is missing`));
    } finally {
      await sb.close();
    }
  });
});

describe('a rotation that fails', () => {
  it('reports every append that reached the disk as done, says the rotation trouble apart, and rotates once it can', async () => {
    const dir = tempDir();
    const j = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    // The next segment's name is taken by a folder: the rename that would create it fails.
    mkdirSync(join(dir, segmentName(2)));
    const seqs: number[] = [];
    for (let n = 1; n <= 8; n += 1) seqs.push((await j.appendIntent(intent(`SH${n}`))).seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(readSegment(dir, 1).records.map((r) => r.seq)).toEqual(seqs);
    expect(j.rotationTrouble?.text).toMatch(/The journal could not start a new segment after journal-000001\.jsonl \(.+\)\. Every record is still written and kept in journal-000001\.jsonl/);
    expect(j.damageReports()[0]).toMatchObject({ kind: 'rotation' });

    rmSync(join(dir, segmentName(2)), { recursive: true });
    const after = await j.appendIntent(intent('SH9'));
    expect(after.seq).toBe(9);
    expect(j.rotationTrouble).toBeUndefined();
    expect(segmentsOf(dir)).toContain(segmentName(2));
    await j.close();

    const again = await Journal.open({ dir, clock, maxSegmentBytes: 600 });
    expect(again.health.damage).toEqual([]);
    expect((await again.records()).map((r) => r.seq)).toEqual([...seqs, 9]);
    expect(again.openIntents()).toHaveLength(9);
    await again.close();
  });
});
