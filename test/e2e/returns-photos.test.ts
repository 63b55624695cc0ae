// Receiving returns with photos in Chromium with its fake camera, all by keyboard: the camera is
// chosen in Setup (the packing video's camera), a return is scanned, confirmed with its location,
// said damaged, photographed (Space, Backspace drops the last), noted and received; another is
// said sellable with one photo. The photos are JPEG files 0600 in the data folder (ffprobe reads
// their size), the claim lists them, the office opens and exports it (pdftotext, pdfimages), and
// the sandbox's stock changed for the sellable return only.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jpegSize } from '../../electron/station/returns/return-photos.js';
import type { ClaimView } from '../../shared/contract/claims.js';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, openDesk, words, type Desk } from '../support/browser-desk.js';
import { ensureRendererBuilt, startBrowserStation, type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable, ensureCupsQueues } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && cupsAvailable() && requireTool('ffprobe') && requireTool('pdftotext') && requireTool('pdfimages');
const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

function probe(file: string): { codec: string; width: number; height: number } {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file], { encoding: 'utf8' })) as {
    streams: { codec_name: string; width: number; height: number }[];
  };
  const s = out.streams[0]!;
  return { codec: s.codec_name, width: s.width, height: s.height };
}

async function call<T>(station: BrowserStation, command: string, args: unknown): Promise<T> {
  const reply = await station.running.station.dispatcher.handle({ t: 'call', id: 1, command, args }, { transport: 'memory' });
  if (!reply?.ok) throw new Error(`${command}: ${JSON.stringify(reply)}`);
  return reply.value as T;
}

describe.skipIf(!ready)('returns received with photos from the fake camera', () => {
  let station: BrowserStation;
  let browser: Browser;
  let desk: Desk;

  beforeAll(async () => {
    await ensureRendererBuilt();
    await ensureCupsQueues();
    station = await startBrowserStation({ devices: false });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...FAKE_CAMERA] });
    desk = await openDesk(browser);
    await desk.open(station.url);
  }, 120_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await desk?.screenshot(`failed-returns-photos-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await desk?.close();
    await browser?.close();
    await station?.stop();
  });

  async function newReturn(): Promise<{ returnId: string; sku: string; quantity: number }> {
    const [id] = await station.createShipments('plain', 1, 1);
    const item = station.sandbox.world.shipments.get(id!)!.orderItems[0]!;
    const created = await station.sandbox.call('POST', '/sandbox/returns', { body: { orderItemId: item.orderItemId, kind: 'standard' } });
    expect(created.status).toBe(200);
    return { returnId: created.json.returnId as string, sku: item.sku, quantity: item.quantity };
  }

  const location = () => station.sandbox.info.locations[0]!;
  const stock = (sku: string) => ((station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(sku)!.data as any).locations as { id: string; inventory: number }[]).find((l) => l.id === location())!.inventory;

  /** Scan (a wedge burst), Enter to confirm the return and its location, then the condition's key. */
  async function scanConfirmAndSay(returnId: string, key: string): Promise<void> {
    const screen = desk.screen('Returns');
    await screen.getByLabel('Scan return').focus();
    await desk.wedgeScan(returnId);
    const confirm = screen.getByRole('group', { name: `Is this return ${returnId} in your hands?` });
    await confirm.waitFor();
    expect(await words(confirm)).toContain(`Location: ${location()} (this desk)`);
    await desk.page.keyboard.press('Enter');
    await screen.getByRole('group', { name: `What came back for ${returnId}?` }).waitFor();
    await desk.page.waitForTimeout(150);
    await desk.page.keyboard.press(key);
    const photos = screen.getByRole('group', { name: `Photos of return ${returnId}` });
    await photos.waitFor();
    await expect.poll(() => words(photos), { timeout: 10_000 }).toContain('Space or Enter: take a photo');
    // The fake camera's first frames: a still needs a picture.
    await expect.poll(() => photos.getByLabel('Camera').evaluate((v: any) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
  }

  it('chooses the packing camera in Setup', async () => {
    await desk.go('Setup');
    const section = desk.page.getByRole('region', { name: 'Packing video' });
    const select = section.getByLabel('Camera');
    await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    const options = await select.locator('option').allInnerTexts();
    const fake = options.find((o) => o !== options[0] && !o.includes('not connected'));
    expect(fake).toBeDefined();
    await select.selectOption({ label: fake! });
    await section.getByLabel('Resolution').selectOption('640x360');
    await section.getByRole('button', { name: 'Save packing video' }).click();
    await expect.poll(() => words(section.getByRole('status')), { timeout: 10_000 }).toMatch(/Packing video is on with/);
  });

  it('receives a damaged return with two photos and a note: JPEG files 0600, a claim listing them, the stock unchanged', async () => {
    const r = await newReturn();
    const before = stock(r.sku);
    await desk.go('Returns');
    await scanConfirmAndSay(r.returnId, '2');
    const screen = desk.screen('Returns');
    const strip = screen.getByRole('list', { name: 'Photos taken' });
    for (const key of ['Space', 'Space', 'Space', 'Backspace']) {
      const n = await strip.getByRole('img').count();
      await desk.page.keyboard.press(key);
      await expect.poll(() => strip.getByRole('img').count(), { timeout: 5_000 }).toBe(key === 'Backspace' ? n - 1 : n + 1);
    }
    await screen.getByLabel('Notes for the claim (optional)').fill('Corner crushed, seal broken');
    await desk.screenshot('returns-photos');
    await desk.page.keyboard.press('Control+Enter');
    const form = screen.getByRole('form', { name: 'Receive a return' });
    await expect.poll(() => words(form.getByRole('status')), { timeout: 15_000 }).toContain(`Return ${r.returnId} received:`);
    expect(await words(form.getByRole('status'))).toContain('Kept out of stock and recorded for a claim with 2 photos');
    expect(stock(r.sku)).toBe(before);
    expect(station.sandbox.world.returns.get(r.returnId)!.status).toBe('COMPLETED');

    const claims = await call<ClaimView[]>(station, 'claims.list', {});
    const claim = claims.find((c) => c.returnId === r.returnId)!;
    expect(claim).toMatchObject({ condition: 'damaged', notes: 'Corner crushed, seal broken', sku: r.sku, locationId: location() });
    expect(claim.photos.map((p) => p.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    for (const p of claim.photos) {
      const file = join(station.dataDir, 'returns', r.returnId, p.name);
      expect(statSync(file).size).toBeGreaterThan(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file).subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(probe(file)).toEqual({ codec: 'mjpeg', width: p.width, height: p.height });
      expect(p.width).toBe(640);
      expect(jpegSize(readFileSync(file))).toEqual({ width: p.width, height: p.height });
    }
    expect(statSync(join(station.dataDir, 'returns', r.returnId)).mode & 0o777).toBe(0o700);
  });

  it('restocks a sellable return with its photo, and keeps no claim for it', async () => {
    const r = await newReturn();
    const before = stock(r.sku);
    await scanConfirmAndSay(r.returnId, '1');
    const screen = desk.screen('Returns');
    await desk.page.keyboard.press('Enter');
    await expect.poll(() => screen.getByRole('list', { name: 'Photos taken' }).getByRole('img').count()).toBe(1);
    await desk.page.keyboard.press('Control+Enter');
    const form = screen.getByRole('form', { name: 'Receive a return' });
    await expect.poll(() => words(form.getByRole('status')), { timeout: 15_000 }).toContain(`${r.quantity} ${r.quantity === 1 ? 'unit' : 'units'} of ${r.sku} back in stock at ${location()}`);
    expect(stock(r.sku)).toBe(before + r.quantity);
    expect(probe(join(station.dataDir, 'returns', r.returnId, 'photo-1.jpg')).codec).toBe('mjpeg');
    expect((await call<ClaimView[]>(station, 'claims.list', {})).map((c) => c.returnId)).not.toContain(r.returnId);
  });

  it('lets the office open a claim with its photos and export it with a one-page PDF', async () => {
    const [claim] = await call<ClaimView[]>(station, 'claims.list', {});
    const screen = desk.screen('Returns');
    const table = screen.getByRole('table', { name: 'Returns kept for a claim' });
    await expect.poll(() => words(table)).toContain(claim!.returnId);
    await table.getByRole('button', { name: `Open ${claim!.returnId}` }).click();
    const opened = screen.getByRole('figure', { name: `Claim ${claim!.returnId}` });
    await expect.poll(() => opened.getByRole('img').count()).toBe(2);
    await expect.poll(() => opened.getByRole('img').first().evaluate((img: any) => img.naturalWidth)).toBe(640);
    await opened.scrollIntoViewIfNeeded();
    await desk.screenshot('returns-claims');
    await table.getByRole('button', { name: `Export ${claim!.returnId}` }).click();
    const said = screen.getByRole('status').filter({ hasText: 'exported to' });
    await expect.poll(() => words(said), { timeout: 15_000 }).toMatch(new RegExp(`Claim of ${claim!.returnId} exported to .+: the PDF and 2 photos\\.`));
    const folder = /exported to (.+): the PDF/.exec(await words(said))![1]!;
    const pdf = join(folder, `claim-${claim!.returnId}.pdf`);
    expect(existsSync(pdf)).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Claim: return ${claim!.returnId}`);
    expect(text).toContain('Corner crushed, seal broken');
    expect(execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2)).toHaveLength(2);
    expect(desk.problems).toEqual([]);
  });
});
