// Every code a shipping label carries, scanned at Pack in Chromium over browser mode: the courier's
// tracking id, the shipment, order and order item ids. A packed shipment is not taken for a
// product: the desk says when, by whom and on which printer its label came out (the journal's
// records), and Alt+R prints the label again (the CUPS spool gets it).
import { describe, expect, it } from 'vitest';
import { haveChromium, words } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { cupsAvailable } from '../support/cups.js';

const ready = haveChromium() && cupsAvailable();

describe.skipIf(!ready)('a packed shipment’s label scanned again at Pack', () => {
  const session = useDeskSession({ station: { devices: false, sandboxOptions: { shipments: 2, labelDelayMs: 300 } } });

  it('is recognised by its tracking id and order item id, said with its packing and label, and reprinted with Alt+R', async () => {
    const { station, desk } = session;
    await desk.page.setViewportSize({ width: 1366, height: 768 });
    const [id] = await station.createShipments('plain', 1, 1);
    const shipment = () => station.sandbox.world.shipments.get(id)!;
    const scan = desk.page.getByLabel('Scan', { exact: true });
    const feedback = () => words(desk.page.locator('.desk-feedback'));
    const reprint = desk.page.getByRole('button', { name: `Print the label of ${id} again (Alt+R)` });

    // An order item id on a label of a shipment still to pack opens it.
    await desk.go('Pack');
    await desk.typeScan(shipment().orderItems[0].orderItemId);
    await expect.poll(() => words(desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) }))).toContain('0 of');
    for (const sku of station.unitScans(id)) await desk.wedgeScan(sku);
    await expect.poll(() => scan.getAttribute('placeholder')).toMatch(/Weigh and measure/);
    await desk.page.getByLabel('Length (cm)').fill('30');
    await desk.page.getByLabel('Breadth (cm)').fill('20');
    await desk.page.getByLabel('Height (cm)').fill('10');
    await desk.page.getByLabel('Weight (kg)').fill('0.9');
    await desk.page.getByLabel('Weight (kg)').press('Enter');
    await expect.poll(() => scan.getAttribute('placeholder')).toBe('Ready: press Enter to pack');
    await scan.press('Enter');
    const job = desk.page.getByRole('list', { name: 'Labels' }).getByRole('listitem').filter({ hasText: id });
    await expect.poll(() => words(job), { timeout: 30_000 }).toMatch(/Label printed on/);
    expect(shipment().pack).toBeDefined();

    // The big barcode on the label: the courier's tracking id.
    const tracking = shipment().trackingId;
    expect(tracking).toMatch(/^MPL\d+$/);
    await desk.typeScan(tracking);
    await expect.poll(() => feedback()).toMatch(new RegExp(`Shipment ${id} is already packed: packed at Desk 1 on .*IST\\. Its label printed on PDF on .*IST\\. Alt\\+R prints its label again`));
    expect(await feedback()).not.toContain('No single-item shipment');
    expect(await reprint.count()).toBe(1);
    await desk.screenshot('pack-tracking-id-packed');

    const since = Date.now();
    await desk.page.keyboard.press('Alt+r');
    const again = await waitForPrintedPdf(since, new RegExp(id));
    expect(again.text).toContain(id);
    await expect.poll(() => words(desk.status())).toContain(`label of ${id}`);

    // The order item id of the packed shipment says the same, and the next scan takes the offer away.
    await desk.typeScan(shipment().orderItems[0].orderItemId);
    await expect.poll(() => feedback()).toMatch(new RegExp(`Shipment ${id} is already packed: `));
    await desk.typeScan('NO-SUCH-THING-1');
    await expect.poll(() => reprint.count()).toBe(0);
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
