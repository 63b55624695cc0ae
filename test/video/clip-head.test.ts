// The head of a clip cut out of a longer recording (renderer/src/video/cluster-ring.ts), checked
// on real WebM bytes with the real ffprobe and ffmpeg: Chromium's MediaRecorder recording a
// canvas (its Segment and Clusters of unknown size, a key frame asked for every second) and
// ffmpeg's own WebM (sizes known, SeekHead, Cues, clusters that do not all start at a key frame).
// The picture's colour says when each frame was filmed: green is the idle desk, blue the shipment
// opened at the desk, red frames an earlier shipment the clip must not hold.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterRing } from '../../renderer/src/video/cluster-ring.js';
import { concat, WebmReader } from '../../renderer/src/video/webm-reader.js';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium } from '../support/browser-desk.js';
import { requireTool } from '../support/system-tools.js';

const ready = requireTool('ffmpeg') && requireTool('ffprobe');
const work = mkdtempSync(join(tmpdir(), 'clip-head-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Probe {
  packets: { pts: number; key: boolean }[];
  duration: number | undefined;
}

/** The clip as ffprobe reads it: its packets (time, key frame) and its duration, if it has one. */
function probe(bytes: Uint8Array, name: string): Probe {
  const file = join(work, `${name}.webm`);
  writeFileSync(file, bytes);
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_packets', '-show_format', '-select_streams', 'v:0', '-of', 'json', file], { encoding: 'utf8' })) as {
    packets: { pts_time: string; flags: string }[];
    format: { duration?: string };
  };
  return { packets: out.packets.map((p) => ({ pts: Number(p.pts_time), key: p.flags.startsWith('K') })), duration: out.format.duration === undefined ? undefined : Number(out.format.duration) };
}

/** Frames ffmpeg decodes without an error (-xerror: any decoding error fails the call). */
function decodes(bytes: Uint8Array, name: string): number {
  const file = join(work, `${name}.webm`);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
  return Number(out.trim());
}

/** The colour of a frame (first or last), as the nearest of red, green and blue. */
function colourAt(bytes: Uint8Array, name: string, which: 'first' | 'last'): string {
  const file = join(work, `${name}.webm`);
  writeFileSync(file, bytes);
  const args = which === 'first' ? ['-i', file, '-frames:v', '1'] : ['-sseof', '-0.3', '-i', file, '-update', '1'];
  const rgb = execFileSync('ffmpeg', ['-nostdin', '-v', 'error', ...args, '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 20 });
  const last = rgb.subarray(rgb.length - 3);
  const [r, g, b] = [last[0]!, last[1]!, last[2]!];
  return r > g && r > b ? 'red' : g > b ? 'green' : 'blue';
}

/** Feeds a recording to a ring in pieces as they arrived, cuts it at `openedMs` less `marginMs`, and returns the clip. */
function cutClip(chunks: readonly { at: number; bytes: Uint8Array }[], marginMs: number, openedMs: number, split?: (b: Uint8Array) => Uint8Array[]) {
  const ring = new ClusterRing(marginMs);
  const clip: Uint8Array[] = [];
  let headMs: number | undefined;
  let cut = false;
  let heldSpanMs = 0;
  for (const chunk of chunks) {
    if (!cut && chunk.at > openedMs) {
      const r = ring.cutAt(openedMs - marginMs);
      clip.push(...r.bytes);
      headMs = r.headMs;
      cut = true;
    }
    for (const piece of split ? split(chunk.bytes) : [chunk.bytes]) {
      clip.push(...ring.push(piece, chunk.at));
      const held = ring.heldTimecodes;
      if (!cut && held.length > 0) heldSpanMs = Math.max(heldSpanMs, chunk.at - held[0]!);
    }
  }
  return { bytes: concat(clip), headMs: headMs ?? ring.headMs, heldSpanMs };
}

/** Splits bytes into pieces of 1 to 700 bytes (a recorder may hand over a chunk anywhere). */
function ragged(seed: number): (b: Uint8Array) => Uint8Array[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31);
  return (b) => {
    const out: Uint8Array[] = [];
    for (let at = 0; at < b.length; ) {
      const n = 1 + (next() % 700);
      out.push(b.subarray(at, at + n));
      at += n;
    }
    return out;
  };
}

describe.skipIf(!ready)('a clip cut out of ffmpeg WebM (sizes known, Cues)', () => {
  /** Red for 2 s, green for 4 s, 15 frames a second; clusters of at most a second. */
  const made = new Map<number, Uint8Array>();
  function ffmpegWebm(gop: number): Uint8Array {
    const have = made.get(gop);
    if (have) return have;
    const file = join(work, `ffmpeg-${gop}.webm`);
    execFileSync('ffmpeg', [
      '-nostdin', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'color=c=red:s=320x180:r=15:d=2',
      '-f', 'lavfi', '-i', 'color=c=green:s=320x180:r=15:d=4',
      '-filter_complex', '[0][1]concat=n=2:v=1,format=yuv420p',
      '-c:v', 'libvpx', '-g', String(gop), '-keyint_min', String(gop), '-b:v', '300k', '-cluster_time_limit', '1000', file,
    ]);
    made.set(gop, readFileSync(file));
    return made.get(gop)!;
  }

  it('reads every cluster and frame, whatever the pieces the bytes come in', () => {
    const bytes = ffmpegWebm(16);
    const whole = new WebmReader().push(bytes);
    const frames = whole.filter((i) => i.kind === 'frame');
    expect(frames).toHaveLength(90);
    expect(whole.filter((i) => i.kind === 'cluster').map((i) => (i.kind === 'cluster' ? i.timecodeMs : -1))).toEqual([0, 1067, 2133, 3200, 4267, 5333]);
    // ffmpeg writes its Cues after the clusters: a trailer, not the clip's.
    expect(whole.some((i) => i.kind === 'trailer')).toBe(true);
    const reader = new WebmReader();
    const pieces = ragged(7)(bytes).flatMap((p) => reader.push(p));
    expect(pieces.map((i) => `${i.kind}:${i.bytes.length}`)).toEqual(whole.map((i) => `${i.kind}:${i.bytes.length}`));
    expect(reader.leftover).toHaveLength(0);
  });

  it('starts the clip at the key frame one margin before the opening, at time 0, and the rest of the recording plays', () => {
    const bytes = ffmpegWebm(16);
    // The whole recording arrives at 5 s; the opening is at 5.5 s with a 2.5 s margin: the head is the key frame at 2.133 s.
    const { bytes: clip, headMs } = cutClip([{ at: 5000, bytes }, { at: 6000, bytes: new Uint8Array(0) }], 2500, 5500);
    expect(headMs).toBe(2133);
    const p = probe(clip, 'ffmpeg-cut');
    expect(p.packets[0]).toEqual({ pts: 0, key: true });
    expect(p.packets).toHaveLength(90 - 32);
    expect(p.packets.at(-1)!.pts).toBeCloseTo(6 - 1 / 15 - 2.133, 1);
    expect(decodes(clip, 'ffmpeg-cut')).toBe(58);
    expect(colourAt(clip, 'ffmpeg-cut', 'first')).toBe('green');
  });

  it('never starts a clip at a cluster that does not open with a key frame', () => {
    // A key frame every 15 frames, clusters every 16: only the first cluster opens with one.
    const bytes = ffmpegWebm(15);
    const { bytes: clip, headMs } = cutClip([{ at: 5000, bytes }, { at: 6000, bytes: new Uint8Array(0) }], 2500, 5500);
    expect(headMs).toBe(0);
    expect(probe(clip, 'ffmpeg-gop15').packets[0]).toEqual({ pts: 0, key: true });
    expect(decodes(clip, 'ffmpeg-gop15')).toBe(90);
  });
});

describe.skipIf(!ready || !haveChromium())("a clip cut out of Chromium's MediaRecorder WebM", () => {
  let browser: Browser;
  /** The recording as the page received it: each chunk and its time (ms from the recorder's start). */
  let chunks: { at: number; bytes: Uint8Array }[];
  let openedMs: number;
  let endMs: number;
  const MARGIN_MS = 3000;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    // The desk idle (green) for 5.5 s, then a shipment (blue) for 2.5 s; a key frame asked for every second, a chunk every second, as the app records.
    const recorded = await page.evaluate(async () => {
      const g = globalThis as any;
      const canvas = g.document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const ctx = canvas.getContext('2d');
      let colour = '#00c000';
      const paint = g.setInterval(() => {
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, 320, 180);
      }, 1000 / 15);
      const recorder = new g.MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 500_000, videoKeyFrameIntervalDuration: 1000 });
      const got: { at: number; data: unknown }[] = [];
      let start = 0;
      recorder.ondataavailable = (e: { data: unknown }) => got.push({ at: g.performance.now() - start, data: e.data });
      const wait = (ms: number) => new Promise((r) => g.setTimeout(r, ms));
      await wait(200);
      start = g.performance.now();
      recorder.start(1000);
      await wait(5500);
      colour = '#0000e0';
      const opened = g.performance.now() - start;
      await wait(2500);
      await new Promise((r) => {
        recorder.onstop = r;
        recorder.stop();
      });
      g.clearInterval(paint);
      const out = [];
      for (const c of got) out.push({ at: c.at, bytes: Array.from(new Uint8Array(await (c.data as Blob).arrayBuffer())) });
      return { chunks: out, opened, end: g.performance.now() - start };
    });
    chunks = recorded.chunks.map((c) => ({ at: c.at, bytes: Uint8Array.from(c.bytes) }));
    openedMs = recorded.opened;
    endMs = recorded.end;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('Chromium opens a cluster with a key frame about every second (what the start margin relies on)', () => {
    const items = new WebmReader().push(concat(chunks.map((c) => c.bytes)));
    const clusters = items.filter((i) => i.kind === 'cluster');
    expect(clusters.length).toBeGreaterThanOrEqual(6);
    for (const [i, item] of items.entries()) if (item.kind === 'cluster') expect(items[i + 1]).toMatchObject({ kind: 'frame', key: true });
  });

  it('the clip starts with the idle desk about one margin before the opening, a key frame at time 0, and ends with the shipment', () => {
    const { bytes: clip, headMs, heldSpanMs } = cutClip(chunks, MARGIN_MS, openedMs);
    // A key frame every second: the head is one margin to one margin and a second before the opening.
    expect(openedMs - headMs!).toBeGreaterThanOrEqual(MARGIN_MS);
    expect(openedMs - headMs!).toBeLessThan(MARGIN_MS + 1100);
    // Between shipments only the last margin is held: at most a margin, a key-frame interval and a chunk.
    expect(heldSpanMs).toBeLessThan(MARGIN_MS + 2200);
    const p = probe(clip, 'chromium-cut');
    expect(p.packets[0]).toEqual({ pts: 0, key: true });
    // Filmed from the head to the end: its last frame that long after its first.
    expect(Math.abs(p.packets.at(-1)!.pts - (endMs - headMs!) / 1000)).toBeLessThan(0.5);
    // Like any MediaRecorder file, no duration until the export fixes it.
    expect(p.duration).toBeUndefined();
    expect(decodes(clip, 'chromium-cut')).toBe(p.packets.length);
    expect(colourAt(clip, 'chromium-cut', 'first')).toBe('green');
    expect(colourAt(clip, 'chromium-cut', 'last')).toBe('blue');
    // Export (ffmpeg -c copy, as clip-export.ts): a duration, seekable, from 0.
    const exported = join(work, 'chromium-exported.webm');
    execFileSync('ffmpeg', ['-nostdin', '-y', '-v', 'error', '-i', join(work, 'chromium-cut.webm'), '-c', 'copy', '-f', 'webm', exported]);
    const fixed = probe(readFileSync(exported), 'chromium-exported');
    expect(fixed.duration! - (endMs - headMs!) / 1000).toBeLessThan(0.5);
    expect(fixed.packets[0]!.pts).toBe(0);
  });

  it('the same clip whatever the pieces the recording comes in', () => {
    const whole = cutClip(chunks, MARGIN_MS, openedMs);
    const pieces = cutClip(chunks, MARGIN_MS, openedMs, ragged(11));
    expect(pieces.headMs).toBe(whole.headMs);
    expect(Buffer.from(pieces.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
  });

  it('a shipment opened before the recording holds a margin starts at its first frame', () => {
    const { bytes: clip, headMs } = cutClip(chunks, MARGIN_MS, 1500);
    expect(headMs).toBe(0);
    const p = probe(clip, 'chromium-young');
    expect(p.packets[0]).toEqual({ pts: 0, key: true });
    expect(decodes(clip, 'chromium-young')).toBe(p.packets.length);
  });
});
