// Waves at the packing desk, end to end in Chromium over browser mode and the sandbox, done as
// the packer does it with the keyboard: put a shipment aside with Esc, Alt+W to the wave's SKU
// field, scan a SKU as a fast key burst, read the preview, Esc to back out, Ctrl+Enter to start,
// and "Dispatch packed" at the end of the wave after the station restarted. Every check is what
// the marketplace (the sandbox) holds afterwards: which shipments were packed, the weight and
// size each one declared, which were marked ready to dispatch.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../electron/sandbox/orders/catalogue.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { declaredParcels, events, order, stateAt, wavePackableProducts } from '../support/wave-fixtures.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('waves at the packing desk', () => {
  // Ready to dispatch waits for the end of the wave, so point 12's button is the way out.
  const session = useDeskSession({ station: { settings: { rtdPolicy: 'endOfWave' }, sandboxOptions: { shipments: 0, labelDelayMs: 300 } } });
  let station: BrowserStation;
  let desk: Desk;
  let location: string;
  let big: Product;
  let small: Product;
  const ids = {} as Record<'single' | 'lite' | 'twoUnits' | 'twoItems' | 'aside' | 'held', string>;

  beforeAll(async () => {
    ({ station, desk } = session);
    location = station.sandbox.info.locations[0];
    [big, small] = wavePackableProducts(station.sandbox, location);
    const sb = station.sandbox;
    [ids.single] = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 1 }] });
    [ids.lite] = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 1 }], serviceProfile: 'FBF_LITE' });
    [ids.twoUnits] = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 2 }] });
    [ids.twoItems] = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 1 }, { sku: big.sku, quantity: 1 }], serviceProfile: 'FBF_LITE' });
    [ids.aside] = await order(sb, { locationId: location, lines: [{ sku: big.sku, quantity: 1 }] });
    [ids.held] = await order(sb, { locationId: location, kind: 'hold', lines: [{ sku: small.sku, quantity: 1 }] });
  });

  const state = (id: string) => stateAt(station.sandbox, id);
  const dialog = () => desk.page.getByRole('dialog');
  const wavePanel = () => desk.page.getByRole('region', { name: 'Wave' });
  const waveFinished = async () => {
    await expect.poll(() => words(desk.status()), { timeout: 60_000 }).toMatch(/Wave finished/);
  };

  it('a wave by scanned SKU previews first, Esc backs out, Enter does nothing, Ctrl+Enter packs only what it showed', async () => {
    const { page } = desk;
    await desk.go('Pack');
    // Put one shipment aside at the desk: scan its label, Esc.
    await desk.typeScan(ids.aside);
    await expect.poll(() => words(desk.status())).toContain(ids.aside);
    await page.keyboard.press('Escape');
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${ids.aside} put aside`);

    await page.keyboard.press('Alt+w');
    await expect.poll(() => page.getByLabel(/Only this SKU/).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await desk.wedgeScan(small.sku);
    await dialog().waitFor();
    const preview = await words(dialog());
    expect(preview).toContain(`for ${small.sku}: pack 2 shipments?`);
    expect(preview).toMatch(new RegExp(`${ids.twoUnits}: Holds 2 units of`));
    expect(preview).toMatch(new RegExp(`${ids.twoItems}: Holds 2 different items`));
    expect(preview).toMatch(new RegExp(`${ids.held}: On hold by the marketplace`));
    await desk.screenshot('wave-preview-sku');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    for (const id of Object.values(ids)) expect(state(id)).toBe('APPROVED');

    // The same code again within the scanner's debounce window would count as a double read.
    await new Promise((r) => setTimeout(r, 1000));
    await page.keyboard.press('Alt+w');
    await desk.wedgeScan(small.sku);
    await dialog().waitFor();
    // A plain Enter (what ends every scan) does not start a wave.
    await page.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 300));
    expect(await dialog().count()).toBe(1);
    expect(state(ids.single)).toBe('APPROVED');

    // On a 1366x768 desk the wave's outcome is under the fold: it is brought into view.
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await page.keyboard.press('Control+Enter');
      await waveFinished();
      const summary = page.locator('.wave-summary');
      await expect.poll(async () => {
        const box = await summary.boundingBox();
        return box !== null && box.y >= 0 && box.y + Math.min(box.height, 120) <= 768;
      }).toBe(true);
      await desk.screenshot('wave-summary-in-view-768');
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    expect(state(ids.single)).toBe('PACKED');
    expect(state(ids.lite)).toBe('PACKED'); // FBF_LITE reaches the wave
    for (const id of [ids.twoUnits, ids.twoItems, ids.aside, ids.held]) expect(state(id)).toBe('APPROVED');
    await expect.poll(() => words(wavePanel())).toContain(`${ids.held}: On hold by the marketplace`);
  }, 120_000);

  it('a wave of the whole location leaves the put-aside shipment out unless picked, and declares every unit’s weight', async () => {
    const { page } = desk;
    await page.keyboard.press('Alt+w');
    await page.getByLabel(/Only this SKU/).fill('');
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    const preview = await words(dialog());
    expect(preview).toContain('pack 2 shipments?');
    expect(preview).toContain(`Pack ${ids.aside} too`);
    expect(preview).toMatch(new RegExp(`${ids.held}: On hold`));
    await desk.screenshot('wave-preview-location');
    await page.keyboard.press('Control+Enter');
    await waveFinished();

    expect(state(ids.twoUnits)).toBe('PACKED');
    expect(state(ids.twoItems)).toBe('PACKED');
    expect(state(ids.aside)).toBe('APPROVED');
    await expect.poll(() => words(wavePanel())).toContain(`${ids.aside}: Put aside at the desk`);

    // What the marketplace received: two units weigh two packages; two items their sum, in the larger box.
    const size = (p: Product) => p.packages[0].dimensions;
    const [units] = declaredParcels(station.sandbox, ids.twoUnits);
    expect(units.dimensions.weight).toBeCloseTo(2 * size(small).weight, 3);
    const [items] = declaredParcels(station.sandbox, ids.twoItems);
    expect(items.dimensions.weight).toBeCloseTo(size(small).weight + size(big).weight, 3);
    expect(items.dimensions).toMatchObject({ length: size(big).length, breadth: size(big).breadth, height: size(big).height });

    // The packer picks the put-aside shipment (Tab to its box, Space) and confirms.
    await page.keyboard.press('Alt+w');
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    expect(await words(dialog())).toContain('nothing to pack');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => words(dialog())).toContain('pack 1 shipment?');
    await page.keyboard.press('Control+Enter');
    await waveFinished();
    expect(state(ids.aside)).toBe('PACKED');
  }, 120_000);

  it('dispatch at the end of the wave finds every packed shipment after a restart and marks it ready to dispatch', async () => {
    const packed = [ids.single, ids.lite, ids.twoUnits, ids.twoItems, ids.aside];
    await expect.poll(() => packed.map(state).join(), { timeout: 20_000 }).toBe(packed.map(() => 'PACKED').join());
    await station.restart();
    await desk.open(station.url);
    await desk.go('Pack');
    const button = desk.page.getByRole('button', { name: /^Dispatch packed/ });
    await expect.poll(() => button.textContent(), { timeout: 20_000 }).toBe(`Dispatch packed (${packed.length})`);
    await desk.screenshot('wave-dispatch-packed-after-restart');

    const before = (await events(station.sandbox)).length;
    await desk.go('Dispatch');
    await desk.page.getByRole('button', { name: 'Dispatch the whole wave' }).click();
    await expect.poll(() => words(desk.status()), { timeout: 20_000 }).toContain(`${packed.length} shipments of the wave marked ready to dispatch`);
    for (const id of packed) expect(state(id)).toBe('READY_TO_DISPATCH');
    const rtd = (await events(station.sandbox)).slice(before).filter((e) => e.kind === 'Ready To Dispatch');
    expect([...new Set(rtd.map((e) => e.shipmentId))].sort()).toEqual([...packed].sort());
    expect(state(ids.held)).toBe('APPROVED');

    await desk.go('Pack');
    await expect.poll(() => button.textContent()).toBe('Dispatch packed (0)');
  }, 120_000);
});
