// The clip writer and the clip index on a real folder: chunks land on disk as they come, in
// order, once; files are private; a clip left recording by a crash is found as "cut" after a
// restart; search finds clips by every id a claim may start from.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoService, type VideoServiceDeps } from '../../electron/station/video/video-service.js';
import type { JournalRecord } from '../../electron/station/journal/records.js';
import { defaultSettings } from '../../shared/settings.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function service(records: JournalRecord[] = [], extra: Partial<VideoServiceDeps> = {}, root?: string) {
  const base = root ?? mkdtempSync(join(tmpdir(), 'video-store-'));
  if (!root) dirs.push(base);
  let now = new Date('2026-11-23T10:00:00Z');
  const deps: VideoServiceDeps = {
    dir: join(base, 'video'),
    exportDir: join(base, 'video-exports'),
    clock: { now: () => now },
    settings: () => defaultSettings().video,
    records: async () => records,
    exec: async () => ({ stdout: '', stderr: '' }),
    trackingIds: async () => ['TRK-77'],
    ...extra,
  };
  return { video: new VideoService(deps), base, deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const begin = { shipmentId: 'SHP-1', sessionId: 'sess-1', orderIds: ['OD-1'], skus: ['SKU-RED'], desk: 'Desk 1', operator: 'Asha', mimeType: 'video/webm', windowId: 'window-one' };

describe('clip writer', () => {
  it('appends chunks to the file as they come, once each, in order, and keeps the folder and files private', async () => {
    const { video, base } = service();
    const { clipId } = video.begin(begin);
    const path = join(base, 'video', `${clipId}.webm`);
    expect((await video.chunk(clipId, 0, b64('head|'))).bytes).toBe(5);
    // On disk before the next chunk: nothing waits in memory.
    expect(readFileSync(path, 'utf8')).toBe('head|');
    await video.chunk(clipId, 1, b64('one|'));
    // The same chunk again (a retried call) is taken once.
    await video.chunk(clipId, 1, b64('one|'));
    await video.chunk(clipId, 2, b64('two'));
    expect(readFileSync(path, 'utf8')).toBe('head|one|two');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(base, 'video')).mode & 0o777).toBe(0o700);
    expect(statSync(join(base, 'video', `${clipId}.json`)).mode & 0o777).toBe(0o600);
  });

  it('refuses a chunk after a gap and a chunk of an ended clip, in words', async () => {
    const { video } = service();
    const { clipId } = video.begin(begin);
    await video.chunk(clipId, 0, b64('a'));
    await expect(video.chunk(clipId, 2, b64('c'))).rejects.toThrow(/Piece 1 of the clip never arrived/);
    await video.end(clipId, 'packed');
    await expect(video.chunk(clipId, 1, b64('b'))).rejects.toThrow(/no longer being recorded/);
  });

  it('lets one window of the desk film: a second window is refused a clip until the first lets go or stops renewing', async () => {
    const { video, advance } = service();
    expect(video.claim('window-one').granted).toBe(true);
    expect(video.claim('window-two').granted).toBe(false);
    expect(() => video.begin({ ...begin, windowId: 'window-two' })).toThrow(/Another window of this desk is filming/);
    // The holder renews within the lease and keeps it.
    advance(4000);
    expect(video.claim('window-one').granted).toBe(true);
    advance(4000);
    expect(video.claim('window-two').granted).toBe(false);
    const { clipId } = video.begin(begin);
    await video.chunk(clipId, 0, b64('a'));
    await video.end(clipId, 'packed');
    // The first window stops renewing (closed, hung): the lease lapses and the second takes over.
    advance(6001);
    expect(video.claim('window-two').granted).toBe(true);
    expect(() => video.begin(begin)).toThrow(/Another window/);
    // A window that closes lets go at once.
    video.release('window-two');
    expect(video.claim('window-one').granted).toBe(true);
    expect(video.find(undefined, 10).map((c) => c.clipId)).toEqual([clipId]);
  });

  it('starts a clip the start margin before the opening scan and keeps how long that margin is', () => {
    const { video } = service();
    const { clipId } = video.begin({ ...begin, preRollMs: 3200 });
    const clip = video.find('SHP-1', 1)[0]!;
    expect(clip.clipId).toBe(clipId);
    expect(clip.preRollMs).toBe(3200);
    expect(clip.startedAt).toBe('2026-11-23T09:59:56.800Z');
    // Begun a moment after the opening (once the clip's first frame was chosen): started that much earlier.
    const { clipId: later } = video.begin({ ...begin, shipmentId: 'SHP-2', preRollMs: 3200, sinceOpeningMs: 700 });
    expect(video.find('SHP-2', 1)[0]).toMatchObject({ clipId: later, preRollMs: 3200, startedAt: '2026-11-23T09:59:56.100Z' });
  });
});

describe('clip index', () => {
  const records: JournalRecord[] = [
    { type: 'session', seq: 1, at: '2026-11-23T10:00:00.000Z', sessionId: 'sess-1', event: 'opened', shipmentId: 'SHP-1' },
    { type: 'scan', seq: 2, at: '2026-11-23T10:00:01.000Z', sessionId: 'sess-1', raw: 'SKU-RED', kind: 'sku', value: 'SKU-RED' },
    { type: 'scan', seq: 3, at: '2026-11-23T10:00:02.000Z', sessionId: 'sess-1', raw: '356938035643809', kind: 'imei', value: '356938035643809' },
    { type: 'scan', seq: 4, at: '2026-11-23T10:00:02.000Z', sessionId: 'other', raw: 'SKU-BLUE', kind: 'sku', value: 'SKU-BLUE' },
    { type: 'scan', seq: 5, at: '2026-11-23T10:00:03.000Z', sessionId: 'sess-1', raw: 'SKU-WRONG', kind: 'sku', value: 'SKU-WRONG' },
    { type: 'session', seq: 6, at: '2026-11-23T10:00:05.000Z', sessionId: 'sess-1', event: 'packed', shipmentId: 'SHP-1', weightKg: 0.4 },
  ];

  it('finds a clip by shipment, order, tracking id, its lines’ SKUs and the IMEIs in the journal; not by a wrong product scanned nor another session’s scans', async () => {
    const { video } = service(records);
    const { clipId } = video.begin(begin);
    await video.chunk(clipId, 0, b64('x'));
    const ended = await video.end(clipId, 'packed');
    expect(ended).toMatchObject({ state: 'complete', skus: ['SKU-RED'], serials: ['356938035643809'], trackingIds: ['TRK-77'], bytes: 1 });
    for (const text of ['SHP-1', 'od-1', 'TRK-77', '356938035643809', 'sku-red']) expect(video.find(text, 10).map((c) => c.clipId), text).toEqual([clipId]);
    expect(video.find('SKU-BLUE', 10)).toEqual([]);
    expect(video.find('SKU-WRONG', 10)).toEqual([]);
  });

  it('lists newest first and keeps a clip that was recording at a crash as "cut", with its bytes', async () => {
    const first = service(records);
    const a = first.video.begin(begin);
    await first.video.chunk(a.clipId, 0, b64('aaaa'));
    await first.video.end(a.clipId, 'packed');
    first.advance(60_000);
    const b = first.video.begin({ ...begin, shipmentId: 'SHP-2', sessionId: 'sess-2' });
    await first.video.chunk(b.clipId, 0, b64('bb'));
    // The station dies here: b never ends. A new station over the same folder:
    const again = service(records, {}, first.base);
    const found = again.video.find(undefined, 10);
    expect(found.map((c) => [c.shipmentId, c.state, c.bytes])).toEqual([
      ['SHP-2', 'cut', 2],
      ['SHP-1', 'complete', 4],
    ]);
    // The page that was filming ends it late, after the restart: it stays "cut", and takes no more chunks.
    expect((await again.video.end(b.clipId, 'packed')).state).toBe('cut');
    await expect(again.video.chunk(b.clipId, 1, b64('cc'))).rejects.toThrow(/no longer being recorded/);
  });
});
