// A weight the marketplace finds more than 10 times off (spec § Errors WEIGHT_ANOMALY_WARNING),
// walked at the desk in Chromium: the first Enter is refused with the warning and how to go on,
// the Labels list holds the shipment (not "Failed") with what to do, the second Enter packs (the
// sandbox holds the pack), and the label comes out of the CUPS spool.
import { describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';

const ready = haveChromium() && cupsAvailable();

describe.skipIf(!ready)('a parcel weighed 10 times off at the desk', () => {
  const session = useDeskSession({ station: { devices: false } });
  let station: BrowserStation;
  let desk: Desk;

  it('is refused with the warning on the first Enter, packed on the second, and its label printed', async () => {
    ({ station, desk } = session);
    await desk.page.setViewportSize({ width: 1366, height: 768 });
    const [id] = await station.createShipments('plain', 1, 1);
    const shipment = () => station.sandbox.world.shipments.get(id)!;
    const listed = shipment().subShipments[0].packages.reduce((kg, p) => kg + p.dimensions.weight * p.quantity, 0);
    const kg = Math.round(listed * 15 * 100) / 100;
    const scan = desk.page.getByLabel('Scan', { exact: true });

    await desk.go('Pack');
    await desk.wedgeScan(id);
    await expect.poll(() => words(desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) }))).toContain('0 of');
    for (const sku of station.unitScans(id)) await desk.wedgeScan(sku);
    await expect.poll(() => scan.getAttribute('placeholder')).toMatch(/Weigh and measure/);
    await desk.page.getByLabel('Length (cm)').fill('30');
    await desk.page.getByLabel('Breadth (cm)').fill('20');
    await desk.page.getByLabel('Height (cm)').fill('10');
    await desk.page.getByLabel('Weight (kg)').fill(String(kg));
    await desk.page.getByLabel('Weight (kg)').press('Enter');
    await expect.poll(() => scan.getAttribute('placeholder')).toBe('Ready: press Enter to pack');

    await scan.press('Enter');
    await expect.poll(() => words(desk.status())).toMatch(/continue if they are right.*Press Enter again to pack anyway/);
    expect(shipment().pack).toBeUndefined();
    // Held, not "Failed": a packer must not take it for a printer problem.
    const job = desk.page.getByRole('list', { name: 'Labels' }).getByRole('listitem').filter({ hasText: id });
    await expect.poll(() => words(job)).toMatch(/Held: check weight and size Press Enter again to pack anyway; weigh or measure again if a reading was wrong\./);
    expect(await words(job)).not.toContain('Failed');
    await desk.screenshot('weight-warning-first-enter');

    const since = Date.now();
    await scan.press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${id} packed`);
    expect(shipment().pack!.subShipments[0].dimensions.weight).toBe(kg);
    const label = await waitForPrintedPdf(since - 10_000, new RegExp(id), { name: `label-${id}` });
    expect(label.text).toContain(id);
    await expect.poll(() => words(job), { timeout: 30_000 }).toMatch(/Label printed on/);
    await desk.screenshot('weight-warning-second-enter');
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
