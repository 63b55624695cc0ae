// A packer's normal shipment, end to end in Chromium over the browser-mode host: scan the label of
// a phone shipment, verify the phone by its SKU, scan its IMEI, put the parcel on the (simulated,
// serial) scale and watch the weight lock, type the size, pack with Enter, follow the label from
// "waiting for label" to printed on the CUPS label queue, mark it ready to dispatch, print the
// courier's manifest on the document queue. Every check is what the packer sees or holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { useDeskSession } from '../support/browser-desk-session.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

/** A valid IMEI: 14 digits and their Luhn check digit. */
export function imei(body14: string): string {
  return body14 + String(luhnCheckDigit(body14));
}

describe.skipIf(!ready)('the happy path at the packing desk', () => {
  // Ready to dispatch is the packer's own scan on the Dispatch screen, not automatic.
  const session = useDeskSession({ station: { settings: { rtdPolicy: 'endOfWave' } } });
  let station: BrowserStation;
  let desk: Desk;
  let packed: string | undefined;
  beforeAll(() => void ({ station, desk } = session));

  it('packs a phone: label scan, SKU, IMEI, live weight, size, Enter, label printed on PDF', async () => {
    const { page } = desk;
    const [id] = await station.createShipments('serialized', 1, 1);
    const item = station.sandbox.world.shipments.get(id)!.orderItems[0];

    await desk.go('Pack');
    await expect.poll(() => words(page.getByRole('list', { name: 'Devices' }))).toMatch(/Scale Demo scale: ready/);
    await desk.typeScan(id);
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(`Shipment ${id}: 0 of 1 unit verified`) }).count()).toBe(1);

    await desk.typeScan(item.sku);
    await expect.poll(() => words(page.getByRole('note'))).toMatch(/Scan the IMEI of/);
    const good = imei('35209900176148');
    await desk.typeScan(good);
    await expect.poll(() => words(desk.status())).toContain(`Serial ${good} recorded`);
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(`Shipment ${id}: 1 of 1 unit verified`) }).count()).toBe(1);
    await expect.poll(() => words(page.getByRole('list', { name: 'Units' }))).toContain(`Serials: ${good}`);

    // The parcel goes on the scale: the reading moves, then locks as stable and becomes the weight.
    station.devices!.scale!.setWeight(0.734);
    await expect.poll(() => words(page.getByLabel('Scale', { exact: true })), { timeout: 10_000 }).toMatch(/0\.734 kg\s*Stable, locked/);
    await expect.poll(() => words(page.getByRole('list', { name: 'Packages' }))).toMatch(/0\.734 kg \(scale\)/);
    await desk.screenshot('pack-open-shipment');

    await page.getByLabel(/^Length/).fill('22');
    await page.getByLabel(/^Breadth/).fill('14');
    await page.getByLabel(/^Height/).fill('8');
    await page.getByLabel(/^Height/).press('Enter');
    await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toBe('Ready: press Enter to pack');

    const since = Date.now();
    await page.getByLabel('Scan', { exact: true }).press('Enter');
    const labels = page.getByRole('list', { name: 'Labels' });
    await expect.poll(() => words(labels)).toMatch(new RegExp(`${id}\\s*Waiting for label`));
    await expect.poll(() => words(labels), { timeout: 30_000 }).toMatch(new RegExp(`${id}\\s*Printed.*PDF`));
    await expect.poll(() => words(desk.status())).toMatch(/printed on PDF/i);

    const label = await waitForPrintedPdf(since, new RegExp(id));
    expect(label.text).toContain(id);
    station.devices!.scale!.setWeight(0);
    await desk.screenshot('pack-label-printed');
    packed = id;
  }, 90_000);

  it('marks the packed shipment ready to dispatch by scan and prints the manifest on PDF-DOCS', async () => {
    const { page } = desk;
    expect(packed).toBeDefined();
    await desk.go('Dispatch');
    const screen = desk.screen('Dispatch');
    await desk.wedgeScan(packed!);
    await expect.poll(() => words(screen.getByRole('list', { name: 'Dispatch results' }))).toMatch(new RegExp(`✓ ${packed}: .*ready to dispatch`, 'i'));
    await expect.poll(() => words(desk.status())).toMatch(/ready to dispatch/i);
    expect(station.sandbox.world.shipments.get(packed!)!.orderItems[0].status).toBe('READY_TO_DISPATCH');

    const group = station.sandbox.world.shipments.get(packed!)!.vendorGroupCode;
    const since = Date.now();
    await screen.getByRole('button', { name: `Print manifest for ${group}` }).click();
    await expect.poll(() => words(desk.status())).toContain(`The handover manifest for ${group} is printing`);
    await desk.screenshot('dispatch');
    const manifest = await waitForPrintedPdf(since, /Handover manifest/);
    expect(manifest.text).toMatch(new RegExp(`Vendor group code:\\s+${group}`));
    expect(manifest.text).toContain(packed);

    await desk.go('Print');
    const jobs = page.getByRole('table');
    await expect.poll(() => words(jobs)).toMatch(new RegExp(`Manifest ${group} .*PDF-DOCS Printed`));
    await expect.poll(() => words(jobs)).toMatch(/PDF\s+Printed/);
    await desk.screenshot('print');
    expect(desk.problems).toEqual([]);
  }, 60_000);
});
