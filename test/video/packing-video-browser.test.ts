// Packing video end to end in Chromium with its fake camera: the camera is chosen in Setup, three
// shipments are packed at the desk, and each one's clip is checked with the real ffprobe (its
// duration is the time the shipment was open, and the exported copy seeks), a frame is taken
// with ffmpeg and its QR code read with jsQR back to the shipment id; the Video panel in Activity
// finds a clip by SKU and plays it; export gives the clip and a one-page PDF (pdftotext); a
// shipment opened right after the last clip ended starts with the idle desk, not with the last
// shipment's frames. Then a station killed with SIGKILL while filming leaves a clip that still plays.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import jsQR from 'jsqr';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeskView } from '../../shared/contract/desk.js';
import type { ClipView } from '../../shared/contract/video.js';
import { ARTIFACTS_DIR, CHROMIUM, CHROMIUM_ARGS, haveChromium, openDesk, words, type Desk } from '../support/browser-desk.js';
import { ensureRendererBuilt, ROOT, startBrowserStation, type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable, ensureCupsQueues } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && cupsAvailable() && requireTool('ffmpeg') && requireTool('ffprobe') && requireTool('pdftotext');
const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const END_MARGIN_S = 1;
const PRE_ROLL_S = 2;

function probeSeconds(file: string): number | undefined {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { encoding: 'utf8' })) as { format: { duration?: string } };
  return out.format.duration === undefined ? undefined : Number(out.format.duration);
}

/** The QR code in the frame at `seconds`, read by jsQR from ffmpeg's raw RGBA picture. */
function qrAt(file: string, seconds: number, width: number, height: number): string | undefined {
  const rgba = execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return jsQR(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, width * height * 4), width, height)?.data;
}

/** Frames ffmpeg decodes from a file without an error. */
function decodedFrames(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(out.trim());
}

async function call<T>(station: BrowserStation, command: string, args: unknown): Promise<T> {
  const reply = await station.running.station.dispatcher.handle({ t: 'call', id: 1, command, args }, { transport: 'memory' });
  if (!reply?.ok) throw new Error(`${command}: ${JSON.stringify(reply)}`);
  return reply.value as T;
}

/** Setup → Packing video: the fake camera chosen and saved, as a lead does it. */
async function chooseCamera(desk: Desk): Promise<void> {
  await desk.go('Setup');
  const section = desk.page.getByRole('region', { name: 'Packing video' });
  const select = section.getByLabel('Camera');
  await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  // Chromium's fake camera, not "None" nor a camera saved by another browser profile ("not connected").
  const options = await select.locator('option').allInnerTexts();
  const fake = options.find((o) => o !== options[0] && !o.includes('not connected'));
  expect(fake).toBeDefined();
  await select.selectOption({ label: fake! });
  await section.getByLabel('Film before the shipment opens (seconds)').fill(String(PRE_ROLL_S));
  await section.getByLabel('Keep filming after the pack (seconds)').fill(String(END_MARGIN_S));
  await section.getByLabel('Resolution').selectOption('640x360');
  await section.getByRole('button', { name: 'Save packing video' }).click();
  await expect.poll(() => words(section.getByRole('status')), { timeout: 10_000 }).toMatch(/Packing video is on with/);
  await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe('Camera: ready');
  await section.scrollIntoViewIfNeeded();
  await desk.screenshot('video-setup');
}

describe.skipIf(!ready)('packing video in Chromium with a fake camera', () => {
  let station: BrowserStation;
  let browser: Browser;
  let desk: Desk;
  const work = mkdtempSync(join(tmpdir(), 'video-e2e-'));
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await ensureRendererBuilt();
    await ensureCupsQueues();
    station = await startBrowserStation({ devices: false, settings: { rtdPolicy: 'endOfWave' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...FAKE_CAMERA] });
    desk = await openDesk(browser);
    await desk.open(station.url);
  }, 120_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await desk?.screenshot(`failed-video-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await desk?.close();
    await browser?.close();
    await station?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const placeholder = () => desk.page.getByLabel('Scan', { exact: true }).getAttribute('placeholder');

  /**
   * Scan the shipment and each unit in the scan field, a wrong product too, give the size and
   * weight (through the contract: the measure form is not what this file tests), Enter; returns
   * how long the shipment was open (ms).
   */
  async function pack(id: string): Promise<number> {
    await desk.go('Pack');
    // The desk idle for longer than the start margin, so the clip can start with all of it.
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe('Camera: ready');
    await desk.page.waitForTimeout(PRE_ROLL_S * 1000 + 500);
    const opened = Date.now();
    await desk.typeScan(id);
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${id}`);
    for (const sku of station.unitScans(id)) await desk.typeScan(sku);
    // A wrong product: refused on the desk, and the refusal is burned into the clip with a cross.
    await desk.typeScan('NOT-IN-THIS-SHIPMENT');
    // The desk's own answer (the status line may already speak of the last shipment's label).
    const feedback = async () => (await call<DeskView>(station, 'desk.view', {})).feedback.text;
    await expect.poll(feedback, { timeout: 10_000 }).toMatch(/Wrong item: NOT-IN-THIS-SHIPMENT/);
    await call(station, 'desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.25, source: 'typed' });
    await expect.poll(placeholder, { timeout: 10_000 }).toBe('Ready: press Enter to pack');
    // A little more packing time, so the three clips differ in length.
    await desk.page.waitForTimeout(1000 + Math.random() * 2000);
    await desk.page.getByLabel('Scan', { exact: true }).press('Enter');
    await expect.poll(feedback, { timeout: 10_000 }).toContain(`Shipment ${id} packed`);
    return Date.now() - opened;
  }

  it('films three shipments, each its own clip: the start margin, the time it was open and the end margin; seekable after export; the idle desk, then its QR code', async () => {
    await chooseCamera(desk);
    const ids = await station.createShipments('plain', 3, 1);
    const open: Record<string, number> = {};
    for (const id of ids) open[id] = await pack(id);
    // Each clip ends after the margin; the station has them complete and searchable.
    let clips: ClipView[] = [];
    await expect
      .poll(async () => {
        clips = await call<ClipView[]>(station, 'video.find', { limit: 10 });
        return clips.filter((c) => c.state === 'complete').length;
      }, { timeout: 15_000 })
      .toBe(3);
    expect(clips.map((c) => c.shipmentId).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const clip = clips.find((c) => c.shipmentId === id)!;
      expect(clip.endReason).toBe('packed');
      expect(clip.skus).toEqual(station.unitScans(id).filter((s, i, a) => a.indexOf(s) === i));
      const exported = await call<{ clip: string; pdf: string }>(station, 'video.export', { clipId: clip.clipId });
      const duration = probeSeconds(exported.clip)!;
      // The start margin: the desk idle for longer than it, the clip starts at the key frame (one a
      // second) one margin before the opening, or up to a second earlier.
      const preRoll = clip.preRollMs! / 1000;
      expect(preRoll, `${id}: start margin`).toBeGreaterThanOrEqual(PRE_ROLL_S);
      expect(preRoll, `${id}: start margin`).toBeLessThan(PRE_ROLL_S + 1.5);
      expect(Date.parse(clip.endedAt!) - Date.parse(clip.startedAt)).toBeGreaterThan(open[id]! + PRE_ROLL_S * 1000);
      // Margin, open from the first scan to the pack, margin; the clip's opening is when the desk answered the scan.
      expect(Math.abs(duration - (preRoll + open[id]! / 1000 + END_MARGIN_S)), `${id}: clip ${duration} s, open ${open[id]} ms, start margin ${preRoll} s`).toBeLessThan(2.5);
      // Seekable: ffmpeg jumps to the last second and decodes a frame there.
      expect(qrAt(exported.clip, Math.max(0, duration - 1), 640, 360)).toBe(id);
      // The first frames are the idle desk before the opening scan: no QR code, so no shipment's.
      expect(qrAt(exported.clip, 0, 640, 360)).toBeUndefined();
      expect(qrAt(exported.clip, preRoll - 0.6, 640, 360)).toBeUndefined();
      // From the opening on, each frame names the shipment.
      expect(qrAt(exported.clip, preRoll + 0.6, 640, 360)).toBe(id);
      // Frames kept beside the screenshots, to look at what the clip shows.
      if (id === ids[0]) {
        execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-ss', String(preRoll + 1), '-i', exported.clip, '-frames:v', '1', join(ARTIFACTS_DIR, 'video-frame.png')]);
        execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-ss', '0', '-i', exported.clip, '-frames:v', '1', join(ARTIFACTS_DIR, 'video-frame-idle.png')]);
      }
    }
    // The raw file as written while filming has no duration: only the exported copy is fixed.
    expect(probeSeconds(join(station.dataDir, 'video', `${clips[0]!.clipId}.webm`))).toBeUndefined();
    await desk.screenshot('video-three-packed');
    // Setup says the space the clips use.
    await desk.go('Setup');
    // The exports made a seekable copy of each clip: the space counts both.
    const after = await call<ClipView[]>(station, 'video.find', { limit: 10 });
    for (const c of after) expect(c.bytes).toBeGreaterThan(clips.find((b) => b.clipId === c.clipId)!.bytes);
    const total = after.reduce((n, c) => n + c.bytes, 0);
    await expect
      .poll(() => words(desk.page.getByLabel('Space used by clips')), { timeout: 10_000 })
      .toMatch(new RegExp(`^3 clips use ${(total / 1024 ** 3).toFixed(3).replace('.', '\\.')} GB of 50\\.0 GB; kept for 90 days\\.`));
    expect(desk.problems).toEqual([]);
  }, 240_000);

  it('Activity finds a clip by SKU, plays it with its scan timeline (jump to a scan), and exports the clip and a one-page PDF', async () => {
    const clips = await call<ClipView[]>(station, 'video.find', { limit: 1 });
    const clip = clips[0]!;
    await desk.go('Activity');
    const panel = desk.page.getByRole('region', { name: 'Video' });
    await panel.getByLabel('Shipment, order, tracking id, IMEI or SKU').fill(clip.skus[0]!);
    await panel.getByRole('button', { name: 'Find clip' }).click();
    await expect.poll(() => panel.getByRole('list', { name: 'Clips' }).getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await panel.getByRole('button', { name: new RegExp(`^${clip.shipmentId}`) }).click();
    const player = panel.getByLabel('Clip player');
    // A finite duration (the player read the fixed-up copy) of at least the end margin: the clips
    // were open for a random 1 to 3 s each, so no fixed figure above that holds.
    await expect.poll(() => player.evaluate((v: any) => (Number.isFinite(v.duration) ? v.duration : -1)), { timeout: 20_000 }).toBeGreaterThanOrEqual(END_MARGIN_S);
    const timeline = panel.getByRole('list', { name: 'Scan timeline' });
    await expect.poll(() => words(timeline), { timeout: 10_000 }).toMatch(/✘ .*NOT-IN-THIS-SHIPMENT/);
    await expect.poll(() => words(timeline), { timeout: 10_000 }).toMatch(/✔ .*packed/i);
    const last = timeline.getByRole('listitem').last();
    const at = (await last.getByRole('button').innerText()).split(':').map(Number);
    await last.getByRole('button').click();
    await expect.poll(() => player.evaluate((v: any) => Math.round(v.currentTime)), { timeout: 10_000 }).toBeGreaterThanOrEqual(at[0]! * 60 + at[1]!);
    await desk.screenshot('video-activity-panel');
    await panel.getByRole('button', { name: 'Export for a claim' }).click();
    await expect.poll(() => words(panel.getByLabel('Exported files')), { timeout: 30_000 }).toMatch(/\.pdf/);
    const pdf = (await words(panel.getByLabel('Exported files'))).split(' ').find((p) => p.endsWith('.pdf'))!;
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const want of [clip.shipmentId, ...clip.orderIds, '1.25 kg', '30 x 20 x 10 cm', 'NOT-IN-THIS-SHIPMENT', clip.skus[0]!]) expect(text, want).toContain(want);
    expect(desk.problems).toEqual([]);
  }, 120_000);

  it('a shipment opened less than a margin after the last clip ended starts with the idle time there was, never with the last shipment', async () => {
    const [first, second] = await station.createShipments('plain', 2, 1);
    await desk.go('Pack');
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe('Camera: ready');
    await desk.typeScan(first!);
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${first}`);
    await desk.page.waitForTimeout(1500);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    const clipsOf = (id: string) => call<ClipView[]>(station, 'video.find', { text: id, limit: 10 });
    await expect.poll(async () => (await clipsOf(first!)).map((c) => c.state), { timeout: 15_000 }).toEqual(['complete']);
    // The next shipment a second after the last clip ended: less idle desk than the margin.
    await desk.page.waitForTimeout(1000);
    await desk.typeScan(second!);
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${second}`);
    await desk.page.waitForTimeout(1500);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(async () => (await clipsOf(second!)).map((c) => c.state), { timeout: 15_000 }).toEqual(['complete']);
    const [clip] = await clipsOf(second!);
    const [before] = await clipsOf(first!);
    expect(clip!.preRollMs!).toBeLessThan(PRE_ROLL_S * 1000);
    // Its first frame is after the last clip ended: the idle desk, no shipment's QR code.
    expect(Date.parse(clip!.startedAt)).toBeGreaterThanOrEqual(Date.parse(before!.endedAt!) - 100);
    const exported = await call<{ clip: string }>(station, 'video.export', { clipId: clip!.clipId });
    expect(qrAt(exported.clip, 0, 640, 360)).toBeUndefined();
    expect(qrAt(exported.clip, clip!.preRollMs! / 1000 + 0.6, 640, 360)).toBe(second);
    expect(decodedFrames(exported.clip)).toBeGreaterThan(15);
    expect(desk.problems).toEqual([]);
  }, 120_000);

  it('two windows on one desk: a shipment is filmed once, into one clip, by the window that has the camera; the other takes over when it closes', async () => {
    // The first window has the camera; a second tab of the same browser opens the same desk.
    await expect.poll(() => words(desk.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe('Camera: ready');
    const second = await desk.context.newPage();
    const problems: string[] = [];
    second.on('pageerror', (e) => problems.push(String(e)));
    const chip = (page = second) => words(page.getByTestId('camera-chip'));
    const scanIn = async (code: string) => {
      const field = second.getByLabel('Scan', { exact: true });
      await field.fill(code);
      await field.press('Enter');
    };
    try {
      await second.goto(station.url);
      await second.waitForFunction(() => (globalThis as any).document.documentElement.dataset.station === 'connected', undefined, { timeout: 20_000 });
      await expect.poll(() => chip(), { timeout: 10_000 }).toBe('Camera: filming in another window');
      // The shipment is opened and packed from the second window; the first one films it.
      const [first, next] = await station.createShipments('plain', 2, 1);
      await second.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Pack\b/ }).click();
      await scanIn(first!);
      await expect.poll(() => chip(desk.page), { timeout: 10_000 }).toBe(`Camera: filming ${first}`);
      expect(await chip()).toBe('Camera: filming in another window');
      await second.screenshot({ path: join(ARTIFACTS_DIR, 'video-two-windows.png') });
      for (const sku of station.unitScans(first!)) await scanIn(sku);
      await call(station, 'desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.25, source: 'typed' });
      await desk.page.waitForTimeout(1500);
      await second.getByLabel('Scan', { exact: true }).press('Enter');
      const clipsOf = (id: string) => call<ClipView[]>(station, 'video.find', { text: id, limit: 10 });
      await expect.poll(async () => (await clipsOf(first!)).map((c) => `${c.state}:${c.endReason}`), { timeout: 15_000 }).toEqual(['complete:packed']);
      // One clip, one file, whole: every frame decodes and the frames name the shipment.
      const [clip] = await clipsOf(first!);
      const exported = await call<{ clip: string }>(station, 'video.export', { clipId: clip!.clipId });
      expect(decodedFrames(exported.clip)).toBeGreaterThan(15);
      expect(qrAt(exported.clip, clip!.preRollMs! / 1000 + 0.6, 640, 360)).toBe(first);
      expect(readdirSync(join(station.dataDir, 'video')).filter((f) => f.startsWith(`${first}_`) && f.endsWith('.json'))).toHaveLength(1);
      // The window with the camera closes: the other takes the camera and films the next shipment.
      await desk.page.goto('about:blank');
      await expect.poll(() => chip(), { timeout: 15_000 }).toBe('Camera: ready');
      await scanIn(next!);
      await expect.poll(() => chip(), { timeout: 10_000 }).toBe(`Camera: filming ${next}`);
      await second.waitForTimeout(1500);
      await second.getByLabel('Scan', { exact: true }).press('Escape');
      await expect.poll(async () => (await clipsOf(next!)).map((c) => `${c.state}:${c.endReason}`), { timeout: 15_000 }).toEqual(['complete:putAside']);
      expect(problems).toEqual([]);
    } finally {
      await second.close();
      await desk.open(station.url);
    }
  }, 180_000);

  it('a camera that disappears is said in the header, packing goes on, and filming resumes when it is back', async () => {
    // The camera is unplugged (its track ends, and it cannot be opened) and plugged back in: the
    // page's getUserMedia is wrapped to do that, since no camera here can be pulled out.
    // This window of the desk films; it leaves, so the window under test holds the camera.
    await desk.page.goto('about:blank');
    const other = await openDesk(browser);
    try {
      await other.context.addInitScript(() => {
        const w = globalThis as any;
        const real = w.navigator.mediaDevices.getUserMedia.bind(w.navigator.mediaDevices);
        w.__tracks = [];
        w.__unplugged = false;
        w.navigator.mediaDevices.getUserMedia = async (c: unknown) => {
          if (w.__unplugged) throw new w.DOMException('Requested device not found', 'NotFoundError');
          const stream = await real(c);
          w.__tracks.push(...stream.getVideoTracks());
          return stream;
        };
        w.__unplug = () => {
          w.__unplugged = true;
          for (const t of w.__tracks) {
            t.stop();
            t.dispatchEvent(new w.Event('ended'));
          }
        };
      });
      await other.open(station.url);
      // A browser profile of its own names the cameras with ids of its own: the camera is chosen again here.
      await chooseCamera(other);
      const [id] = await station.createShipments('plain', 1, 1);
      await other.go('Pack');
      await other.wedgeScan(id!);
      await expect.poll(() => words(other.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${id}`);
      await other.page.waitForTimeout(1500);
      await other.page.evaluate(() => (globalThis as any).__unplug());
      await expect.poll(() => words(other.page.getByTestId('camera-chip')), { timeout: 10_000 }).toMatch(/^Camera missing — not filming/);
      await other.screenshot('video-camera-missing');
      // The desk goes on: the unit verifies while the camera is gone.
      await other.wedgeScan(station.unitScans(id!)[0]!);
      await expect.poll(() => words(other.status()), { timeout: 10_000 }).toMatch(/unit 1 of 1 verified/);
      await other.page.evaluate(() => void ((globalThis as any).__unplugged = false));
      // Back: a new clip of the shipment still open.
      await expect.poll(() => words(other.page.getByTestId('camera-chip')), { timeout: 15_000 }).toBe(`Camera: filming ${id}`);
      await other.page.waitForTimeout(1500);
      await other.page.getByLabel('Scan', { exact: true }).press('Escape');
      const clips = () => call<ClipView[]>(station, 'video.find', { text: id, limit: 10 });
      await expect.poll(async () => (await clips()).map((c) => `${c.state}:${c.endReason}`).sort(), { timeout: 15_000 }).toEqual(['complete:cameraLost', 'complete:putAside']);
      for (const c of await clips()) expect(c.bytes).toBeGreaterThan(0);
      expect(other.problems).toEqual([]);
    } finally {
      await other.close();
      await desk.open(station.url);
    }
  }, 120_000);

  it('a station killed with SIGKILL while filming leaves a clip that plays up to its last chunk, found as cut after the restart', async () => {
    const dataDir = join(work, 'killed');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'video', 'station-child.ts'), dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the child station did not start')), 90_000);
      createInterface({ input: child.stdout! }).on('line', (l) => {
        if (l.startsWith('{')) {
          clearTimeout(timer);
          resolve(l);
        }
      });
    });
    const started = JSON.parse(line) as { url: string; shipments: string[] };
    const second = await openDesk(browser);
    try {
      await second.open(started.url);
      await chooseCamera(second);
      await second.go('Pack');
      await second.wedgeScan(started.shipments[0]!);
      await expect.poll(() => words(second.page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${started.shipments[0]}`);
      await second.page.waitForTimeout(4000);
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGKILL');
      await exited;
    } finally {
      await second.close();
    }
    const dir = join(dataDir, 'video');
    const file = readdirSync(dir).find((f) => f.endsWith('.webm'))!;
    // What the kill left plays: ffmpeg decodes seconds of frames and reads the QR code in them.
    expect(decodedFrames(join(dir, file))).toBeGreaterThan(15);
    expect(qrAt(join(dir, file), 1, 640, 360)).toBe(started.shipments[0]);
    const index = JSON.parse(readFileSync(join(dir, file.replace(/\.webm$/, '.json')), 'utf8')) as ClipView;
    expect(index.state).toBe('recording');
    // The next start finds it cut, and it exports with a duration.
    const restarted = await startBrowserStation({ dataDir, devices: false });
    try {
      const [clip] = await call<ClipView[]>(restarted, 'video.find', { text: started.shipments[0] });
      expect(clip!.state).toBe('cut');
      const out = await call<{ clip: string }>(restarted, 'video.export', { clipId: clip!.clipId });
      expect(probeSeconds(out.clip)).toBeGreaterThan(2);
    } finally {
      await restarted.stop();
    }
  }, 240_000);
});
