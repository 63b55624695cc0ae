// The signed-in operator on paper and on film, end to end in Chromium with its fake camera: an
// operator signs in with a badge scan, packs a shipment of several boxes at the desk, and the
// CUPS spool's PDF of its label job holds a box slip per box reading "Packed by <operator> at
// <desk>" (pdftotext); the packing video's clip names the operator, and the overlay painted on the
// frames of that clip (the text drawn on the overlay's canvas, in the frame worker or on the page,
// captured as it is drawn) carries the desk and the operator.
import { chromium, type Browser, type Worker as PlaywrightWorker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClipView } from '../../shared/contract/video.js';
import type { DeskView } from '../../shared/contract/desk.js';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, openDesk, words, type Desk } from '../support/browser-desk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { ensureRendererBuilt, startBrowserStation, type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable, ensureCupsQueues, LABEL_QUEUE } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && cupsAvailable() && requireTool('pdftotext');
const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const OPERATOR = 'Kavya Rao';

describe.skipIf(!ready)('the operator on the box slips and in the packing video', () => {
  let station: BrowserStation;
  let browser: Browser;
  let desk: Desk;
  const workers: PlaywrightWorker[] = [];

  async function call<T>(command: string, args: unknown): Promise<T> {
    const reply = await station.running.station.dispatcher.handle({ t: 'call', id: 1, command, args }, { transport: 'memory' });
    if (!reply?.ok) throw new Error(`${command}: ${JSON.stringify(reply)}`);
    return reply.value as T;
  }

  beforeAll(async () => {
    await ensureRendererBuilt();
    await ensureCupsQueues();
    station = await startBrowserStation({ devices: false, settings: { printers: { label: LABEL_QUEUE }, rtdPolicy: 'endOfWave' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...FAKE_CAMERA] });
    desk = await openDesk(browser);
    // Every text painted on a canvas, on the page (the canvas fallback) and in the workers (the
    // packing video's frames get their overlay in one): fillText of both kinds of 2D context.
    const recordPainting = () => {
      const g = globalThis as any;
      g.__painted ??= new Set<string>();
      for (const name of ['CanvasRenderingContext2D', 'OffscreenCanvasRenderingContext2D']) {
        const proto = g[name]?.prototype;
        if (!proto || proto.__recorded) continue;
        const fillText = proto.fillText;
        proto.fillText = function (text: string, ...rest: unknown[]) {
          g.__painted.add(String(text));
          return fillText.call(this, text, ...rest);
        };
        proto.__recorded = true;
      }
    };
    await desk.page.addInitScript(recordPainting);
    desk.page.on('worker', (worker) => {
      workers.push(worker);
      void worker.evaluate(recordPainting).catch(() => undefined);
    });
    await desk.open(station.url);
  }, 120_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await desk?.screenshot(`failed-operator-marks-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await desk?.close();
    await browser?.close();
    await station?.stop();
  });

  it('a badge signs the operator in; her pack of several boxes prints a slip per box with "Packed by" her, and the video names her on every frame', async () => {
    const { page } = desk;
    // The fake camera chosen in Setup -> Packing video, as a lead does it.
    await desk.go('Setup');
    const video = page.getByRole('region', { name: 'Packing video' });
    const camera = video.getByLabel('Camera');
    await expect.poll(() => camera.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    const options = await camera.locator('option').allInnerTexts();
    await camera.selectOption({ label: options.find((o) => o !== options[0] && !o.includes('not connected'))! });
    await video.getByLabel('Resolution').selectOption('640x360');
    await video.getByRole('button', { name: 'Save packing video' }).click();
    await expect.poll(() => words(page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe('Camera: ready');

    const added = await call<{ operators: { name: string; badge: string }[] }>('operators.add', { name: OPERATOR, pin: '2580' });
    const badge = added.operators.find((o) => o.name === OPERATOR)!.badge;
    await page.keyboard.press('Alt+1');
    await desk.wedgeScan(badge);
    await expect.poll(() => words(page.getByRole('banner'))).toContain(`Packing: ${OPERATOR}`);

    let id: string | undefined;
    for (let i = 0; i < 10 && !id; i++) id = (await station.createShipments('mps', 3, 1)).find((s) => station.sandbox.world.shipments.get(s)!.subShipments.length > 1);
    expect(id, 'a shipment of several boxes').toBeDefined();
    const boxes = station.sandbox.world.shipments.get(id!)!.subShipments;
    const since = Date.now();
    await desk.wedgeScan(id!);
    await expect.poll(() => words(page.getByTestId('camera-chip')), { timeout: 10_000 }).toBe(`Camera: filming ${id}`);
    for (const sku of station.unitScans(id!)) await desk.wedgeScan(sku);
    // Each box as the listing has it: sizes the desk takes without a second look.
    type ListedPackage = { dimensions: { length: number; breadth: number; height: number }; weight: number };
    const sku = station.sandbox.world.shipments.get(id!)!.orderItems[0]!.sku;
    const listed = station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(sku)!.data.packages as ListedPackage[];
    for (const [n, box] of boxes.entries()) await call('desk.measure', { subShipmentId: box.subShipmentId, dimensions: listed[n]!.dimensions, weightKg: listed[n]!.weight, source: 'typed' });
    await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder'), { timeout: 10_000 }).toBe('Ready: press Enter to pack');
    await page.getByLabel('Scan', { exact: true }).press('Enter');
    await expect.poll(async () => (await call<DeskView>('desk.view', {})).feedback.text, { timeout: 15_000 }).toContain(`Shipment ${id} packed`);
    const deskName = (await call<{ desk: { name: string } }>('settings.get', {})).desk.name;

    // On paper: the CUPS spool's PDF of the label job, a slip per box, each with who packed it.
    const printed = await waitForPrintedPdf(since, new RegExp(`Box ${boxes.length} of ${boxes.length}[^]*${id}`), { name: `label-${id}` });
    const packedBy = printed.text.match(new RegExp(`Packed by ${OPERATOR} at ${deskName}`, 'g')) ?? [];
    expect(packedBy).toHaveLength(boxes.length);

    // On film: the clip names her, and the overlay painted on its frames carries desk and operator.
    let clip: ClipView | undefined;
    await expect
      .poll(async () => {
        clip = (await call<ClipView[]>('video.find', { limit: 5 })).find((c) => c.shipmentId === id && c.state === 'complete');
        return clip?.state;
      }, { timeout: 20_000 })
      .toBe('complete');
    expect(clip!.operator).toBe(OPERATOR);
    const read = () => [...(((globalThis as any).__painted as Set<string> | undefined) ?? [])];
    const painted = [...(await page.evaluate(read)), ...(await Promise.all(workers.map((w) => w.evaluate(read).catch(() => [] as string[])))).flat()];
    expect(painted).toContain(`Shipment ${id}`);
    expect(painted).toContain(`${deskName} · ${OPERATOR}`);
    await desk.screenshot('operator-marks-packed');
    expect(desk.problems).toEqual([]);
  }, 180_000);
});
