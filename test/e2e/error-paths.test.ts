// What goes wrong at a packing desk, and what the packer reads when it does: a shipment the
// marketplace holds, the wrong product scanned, an IMEI with a wrong check digit, and the label
// printer stopped (the job waits and says why, then prints once the printer is back). Scans come
// from the serial scanner simulator, a keyboard-wedge burst and typing, as at a real desk.
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable, disableQueue, enableQueue, LABEL_QUEUE } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { useDeskSession } from '../support/browser-desk-session.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('error paths at the packing desk', () => {
  // A stopped label queue must never outlive this file, whatever failed.
  const session = useDeskSession({ beforeStop: () => enableQueue(LABEL_QUEUE) });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  const unitsHeading = (id: string) => desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) });

  it('a shipment on hold, scanned by the serial scanner, is refused in words and not opened', async () => {
    const [held] = await station.createShipments('hold');
    await desk.go('Pack');
    await expect.poll(() => words(desk.page.getByRole('list', { name: 'Devices' }))).toMatch(/Scanner Demo scanner: ready/);
    await station.devices!.scanner!.scan(held);
    await expect.poll(() => words(desk.status())).toMatch(new RegExp(`${held}.*hold`, 'i'));
    expect(await unitsHeading(held).count()).toBe(0);
    await desk.screenshot('pack-shipment-on-hold');
  });

  it('a wrong product scanned (wedge) is named and not counted; the shipment stays open', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    const skus = station.unitScans(id);
    const other = [...station.sandbox.world.listingsOf(station.sandbox.info.sellerId).keys()].find((s) => !skus.includes(s))!;
    await desk.typeScan(id);
    await expect.poll(() => words(unitsHeading(id))).toContain(`0 of ${skus.length} unit`);
    await desk.wedgeScan(other);
    await expect.poll(() => words(desk.status())).toContain(other);
    expect(await words(unitsHeading(id))).toContain(`0 of ${skus.length} unit`);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(() => words(desk.status())).toBe(`Shipment ${id} put aside. Scan the next shipment.`);
  });

  it('an IMEI with a wrong check digit is refused; the right one is recorded', async () => {
    const [id] = await station.createShipments('serialized', 1, 1);
    const [sku] = station.unitScans(id);
    await desk.typeScan(id);
    await desk.typeScan(sku);
    await expect.poll(() => words(desk.page.getByRole('note'))).toMatch(/Scan the IMEI/);
    const body = '35693803564380';
    const good = body + String(luhnCheckDigit(body));
    const bad = body + String((luhnCheckDigit(body) + 1) % 10);
    await desk.typeScan(bad);
    await expect.poll(() => words(desk.status())).toMatch(/check digit|not a valid IMEI/i);
    expect(await words(desk.page.getByRole('list', { name: 'Units' }))).not.toContain(bad);
    await desk.screenshot('pack-bad-imei');
    await desk.typeScan(good);
    await expect.poll(() => words(desk.status())).toContain(`Serial ${good} recorded`);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(() => words(desk.status())).toContain('put aside');
  });

  it('with the label printer stopped the label waits and the Print screen says why; it prints once the printer is back', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    await disableQueue(LABEL_QUEUE, 'Out of labels');
    try {
      await desk.go('Pack');
      await desk.typeScan(id);
      for (const sku of station.unitScans(id)) await desk.typeScan(sku);
      const page = desk.page;
      // As a packer would: measure once the desk asks for it (every unit verified), not while
      // the scans are still on their way.
      await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toMatch(/Weigh and measure/);
      await page.getByLabel('Length (cm)').fill('30');
      await page.getByLabel('Breadth (cm)').fill('20');
      await page.getByLabel('Height (cm)').fill('10');
      await page.getByLabel('Weight (kg)').fill('1.25');
      await page.getByLabel('Weight (kg)').press('Enter');
      await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toBe('Ready: press Enter to pack');
      await page.getByLabel('Scan', { exact: true }).press('Enter');
      await expect.poll(() => words(desk.status())).toContain(`Shipment ${id} packed`);

      await desk.go('Print');
      const printers = page.getByRole('list', { name: 'Printers' });
      await expect.poll(() => words(printers), { timeout: 15_000 }).toMatch(new RegExp(`${LABEL_QUEUE} \\(for labels\\): Stopped`));
      const jobs = page.getByRole('table');
      await expect.poll(() => words(jobs), { timeout: 20_000 }).toMatch(new RegExp(`${id}.* ${LABEL_QUEUE} Waiting for the printer`));
      await desk.screenshot('print-printer-stopped');
    } finally {
      await enableQueue(LABEL_QUEUE);
    }
    const since = Date.now();
    const jobs = desk.page.getByRole('table');
    await expect.poll(() => words(jobs), { timeout: 30_000 }).toMatch(new RegExp(`${id}.* ${LABEL_QUEUE} Printed`));
    const label = await waitForPrintedPdf(since - 5000, new RegExp(id));
    expect(label.text).toContain(id);
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
