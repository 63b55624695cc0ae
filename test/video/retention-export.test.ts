// The retention rule on real files (age, size, claim marks, open returns) and the export for a
// claim with the real ffmpeg and poppler: a WebM without duration or cues comes out seekable,
// with a one-page PDF of the shipment.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeExecFile } from '../../electron/station/printing/exec-file.js';
import type { JournalRecord } from '../../electron/station/journal/records.js';
import { clipsToDelete, type RetainedClip } from '../../electron/station/video/retention.js';
import { VideoService } from '../../electron/station/video/video-service.js';
import { defaultSettings } from '../../shared/settings.js';
import { requireTool } from '../support/system-tools.js';

const root = mkdtempSync(join(tmpdir(), 'video-retention-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DAY = 86_400_000;
const GB = 1024 ** 3;

describe('retention rule', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const clip = (id: string, daysAgo: number, gb: number, more: Partial<RetainedClip> = {}): RetainedClip => ({
    clipId: id,
    shipmentId: `S-${id}`,
    startedAt: new Date(now.getTime() - daysAgo * DAY).toISOString(),
    bytes: gb * GB,
    keep: false,
    state: 'complete',
    ...more,
  });

  it('deletes clips older than N days, then the oldest until the rest fit in N GB', () => {
    const clips = [clip('new', 1, 20), clip('mid', 10, 20), clip('old', 40, 20), clip('ancient', 100, 1)];
    const out = clipsToDelete(clips, { maxAgeDays: 90, maxBytes: 50 * GB }, now, new Set());
    expect(out.map((c) => c.clipId)).toEqual(['ancient', 'old']);
  });

  it('never deletes a clip kept for a claim, of a shipment with an open return, or still recording', () => {
    const clips = [clip('kept', 200, 1, { keep: true }), clip('returned', 200, 1), clip('live', 200, 1, { state: 'recording' }), clip('plain', 200, 1)];
    const out = clipsToDelete(clips, { maxAgeDays: 90, maxBytes: 0 }, now, new Set(['S-returned']));
    expect(out.map((c) => c.clipId)).toEqual(['plain']);
  });
});

describe.skipIf(!(requireTool('ffmpeg') && requireTool('ffprobe') && requireTool('pdftotext')))('retention and export on disk', () => {
  let now = new Date('2026-01-01T10:00:00Z');
  let settings = defaultSettings().video;
  let openReturns: () => Promise<Set<string>> = async () => new Set();
  const records: JournalRecord[] = [
    { type: 'session', seq: 1, at: '2026-01-01T10:00:00.000Z', sessionId: 'sess-a', event: 'opened', shipmentId: 'SHP-A' },
    { type: 'scan', seq: 2, at: '2026-01-01T10:00:01.000Z', sessionId: 'sess-a', raw: 'SKU-RED', kind: 'sku', value: 'SKU-RED' },
    { type: 'scan', seq: 3, at: '2026-01-01T10:00:02.000Z', sessionId: 'sess-a', raw: '356938035643809', kind: 'imei', value: '356938035643809' },
    { type: 'session', seq: 4, at: '2026-01-01T10:00:04.000Z', sessionId: 'sess-a', event: 'packed', shipmentId: 'SHP-A', weightKg: 0.45, dimensions: { length: 20, breadth: 15, height: 10 } },
  ];
  const video = new VideoService({
    dir: join(root, 'video'),
    exportDir: join(root, 'video-exports'),
    clock: { now: () => now },
    settings: () => settings,
    records: async () => records,
    exec: nodeExecFile,
    openReturnShipments: () => openReturns(),
  });

  // A WebM as MediaRecorder writes it: live (no duration, no cues), VP8 from ffmpeg's test source.
  const sample = join(root, 'sample.webm');
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10', '-c:v', 'libvpx', '-b:v', '300k', '-f', 'webm', '-live', '1', sample]);
  const bytes = readFileSync(sample);

  async function record(shipmentId: string, sessionId: string, at: string): Promise<string> {
    now = new Date(at);
    const { clipId } = video.begin({ shipmentId, sessionId, orderIds: [`OD-${shipmentId}`], desk: 'Desk 1', operator: 'Asha', mimeType: 'video/webm', windowId: 'window-one' });
    // In three pieces, as the recorder streams them.
    const third = Math.ceil(bytes.length / 3);
    for (let i = 0; i < 3; i++) await video.chunk(clipId, i, bytes.subarray(i * third, (i + 1) * third).toString('base64'));
    now = new Date(now.getTime() + 4000);
    await video.end(clipId, 'packed');
    return clipId;
  }

  it('exports a clip with duration and cues fixed, and a one-page PDF of the shipment', async () => {
    const clipId = await record('SHP-A', 'sess-a', '2026-01-01T10:00:00Z');
    video.mark(clipId, { offsetMs: 1000, text: 'SKU-RED verified', ok: true });
    const probe = (file: string) => JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { encoding: 'utf8' })) as { format: { duration?: string } };
    // The live file as written has no duration in its header.
    expect(probe(video.index.clipPath(clipId)).format.duration).toBeUndefined();
    const out = await video.export(clipId);
    expect(Number(probe(out.clip).format.duration)).toBeCloseTo(4, 0);
    // Cues: ffmpeg seeks straight to 3 s and gets a frame.
    const frame = join(root, 'frame.png');
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-ss', '3', '-i', out.clip, '-frames:v', '1', frame]);
    expect(statSync(frame).size).toBeGreaterThan(1000);
    expect(execFileSync('pdfinfo', [out.pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', ['-layout', out.pdf, '-'], { encoding: 'utf8' });
    for (const want of ['SHP-A', 'OD-SHP-A', 'Desk 1 / Asha', '0.45 kg', '20 x 15 x 10 cm', '356938035643809', 'SKU-RED', '2026-01-01 15:30:00 IST', '2026-01-01 15:30:04 IST'])
      expect(text, want).toContain(want);
    expect(statSync(out.pdf).mode & 0o777).toBe(0o600);
  });

  it('deletes the clips the rule names, files and index entries; keeps claims and open returns; deletes nothing when returns cannot be read', async () => {
    // While recording, a long rule: the background run after each clip deletes nothing yet.
    settings = { ...settings, retentionDays: 3650 };
    const old = await record('SHP-OLD', 'sess-o', '2026-01-02T10:00:00Z');
    const kept = await record('SHP-KEPT', 'sess-k', '2026-01-02T11:00:00Z');
    video.setKeep(kept, true);
    const returned = await record('SHP-RET', 'sess-r', '2026-01-02T12:00:00Z');
    const fresh = await record('SHP-NEW', 'sess-n', '2026-05-01T10:00:00Z');
    await video.applyRetention(); // the one end() started in the background
    now = new Date('2026-05-02T10:00:00Z'); // 120 days after the old ones
    settings = { ...settings, retentionDays: 90 };
    openReturns = async () => {
      throw new Error('not signed in');
    };
    expect(await video.applyRetention()).toEqual([]);
    expect(video.space().lastRetention).toMatch(/No clip was deleted: the open returns could not be read/);
    const exported = video.find('SHP-A', 1)[0]!.clipId;
    openReturns = async () => new Set(['SHP-RET']);
    const deleted = await video.applyRetention();
    expect(deleted.sort()).toEqual([old, exported].sort());
    const files = readdirSync(join(root, 'video'));
    expect(files.some((f) => f.startsWith(old))).toBe(false);
    for (const id of [kept, returned, fresh]) expect(existsSync(video.index.clipPath(id))).toBe(true);
    // Then by size alone: room for two and a half clips of three; the oldest unprotected goes.
    settings = { ...settings, retentionDays: 3650, retentionGb: (bytes.length * 2.5) / GB };
    openReturns = async () => new Set();
    expect(await video.applyRetention()).toEqual([returned]);
    expect(video.find(undefined, 10).map((c) => c.shipmentId)).toEqual(['SHP-NEW', 'SHP-KEPT']);
  });
});
