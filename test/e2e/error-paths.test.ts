// What goes wrong at a packing desk, and what the packer reads when it does: a shipment the
// marketplace holds, the wrong product scanned, an IMEI with a wrong check digit (a stopped label
// printer is in printing.test.ts, on a queue of its own). Scans come
// from the serial scanner simulator, a keyboard-wedge burst and typing, as at a real desk.
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { useDeskSession } from '../support/browser-desk-session.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('error paths at the packing desk', () => {
  const session = useDeskSession();
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
});
