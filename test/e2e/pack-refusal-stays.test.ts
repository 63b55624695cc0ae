// A refusal at Pack stays on screen while the scale streams: the packer scanned one unit too many,
// the parcel goes on the scale, and the desk keeps saying "put this one back" (the weight is still
// taken: the sandbox's pack carries it) until the packer's next key. Chromium over browser mode,
// the demo scale on a real pty.
import { describe, expect, it } from 'vitest';
import { haveChromium, words } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { cupsAvailable } from '../support/cups.js';
import { reshapeShipment } from '../support/shipment-shapes.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('a refusal while the scale reads', () => {
  const session = useDeskSession({ station: { sandboxOptions: { shipments: 2, labelDelayMs: 300 } } });

  it('stays until the packer types, while the reading is still recorded and packed', async () => {
    const { station, desk } = session;
    const page = desk.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const [id] = await station.createShipments('plain', 1, 1);
    reshapeShipment(station.sandbox.world, id, [{ sku: 'KTC-STD-004', quantity: 2 }]);
    const feedback = () => words(page.locator('.desk-feedback'));
    await desk.go('Pack');
    await expect.poll(() => words(page.getByRole('list', { name: 'Devices' }))).toMatch(/Scale Demo scale: ready/);
    await desk.typeScan(id);
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(`Shipment ${id}: 0 of 2 units verified`) }).count()).toBe(1);
    await desk.typeScan('KTC-STD-004');
    await desk.typeScan('KTC-STD-004');
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(`Shipment ${id}: 2 of 2 units verified`) }).count()).toBe(1);
    await desk.typeScan('KTC-STD-004');
    await expect.poll(() => feedback()).toMatch(/All 2 units of .* are already scanned\. Do not add another unit; put this one back\./);

    station.devices!.scale!.setWeight(0.85);
    await expect.poll(() => words(page.getByRole('list', { name: 'Packages' })), { timeout: 10_000 }).toMatch(/0\.85 kg \(scale\)/);
    // The reading is in, and the refusal is still what the desk says.
    expect(await feedback()).toMatch(/already scanned\. Do not add another unit; put this one back\./);
    expect(await words(desk.status())).toMatch(/put this one back/);
    await desk.screenshot('pack-refusal-stays-over-scale');

    // The packer's next key moves on: the typed size is said, and the pack carries the scale's weight.
    await page.getByLabel(/^Length/).fill('30');
    await page.getByLabel(/^Breadth/).fill('20');
    await page.getByLabel(/^Height/).fill('10');
    await page.getByLabel(/^Height/).press('Enter');
    await expect.poll(() => feedback()).not.toMatch(/put this one back/);
    await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toBe('Ready: press Enter to pack');
    await page.getByLabel('Scan', { exact: true }).press('Enter');
    await expect.poll(() => station.sandbox.world.shipments.get(id)?.pack !== undefined, { timeout: 15_000 }).toBe(true);
    expect(station.sandbox.world.shipments.get(id)!.pack!.subShipments[0].dimensions.weight).toBe(0.85);
    station.devices!.scale!.setWeight(0);
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
