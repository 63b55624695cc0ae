// The scan path at the packing desk, end to end in Chromium over browser mode, as a packer works:
// keyboard-wedge bursts, the serial scanner, Enter, Ctrl+Z, clicks. Each test checks what the
// marketplace received (the sandbox's pack record: units per order line, the serials) or what
// the journal holds, not only the words on the screen.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { dataPaths } from '../../electron/station/composition/data-dir.js';
import { listSegments, readSegment } from '../../electron/station/journal/segment-file.js';
import type { JournalRecord } from '../../electron/station/journal/records.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { reshapeShipment } from '../support/shipment-shapes.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

const imei = (body14: string) => body14 + String(luhnCheckDigit(body14));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function journal(station: BrowserStation): JournalRecord[] {
  const dir = dataPaths(station.dataDir).journal;
  return listSegments(dir).flatMap((i) => readSegment(dir, i).records);
}

describe.skipIf(!ready)('the scan path at the packing desk', () => {
  const session = useDeskSession({
    station: { settings: { rtdPolicy: 'endOfWave', scan: { typedCounts: true, debounceMs: 150 } }, sandboxOptions: { shipments: 4, labelDelayMs: 300 } },
  });
  let station: BrowserStation;
  let desk: Desk;
  let packedBefore: Set<string>;
  beforeAll(() => {
    ({ station, desk } = session);
    packedBefore = new Set([...station.sandbox.world.shipments.values()].filter((s) => s.pack).map((s) => s.shipmentId));
  });

  // Each test starts at an empty Pack screen: a shipment a failed test left open is put aside.
  beforeEach(async () => {
    await desk.go('Pack');
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(() => desk.page.getByRole('heading', { name: /^Shipment SH/ }).count()).toBe(0);
    // The screen settles (its last render after Esc) before the next scan's keys arrive.
    await pause(300);
  });

  const heading = (id: string, done: number, total: number) =>
    desk.page.getByRole('heading', { name: new RegExp(`Shipment ${id}: ${done} of ${total} units? verified`) });
  const units = () => words(desk.page.getByRole('list', { name: 'Units' }));
  // The Pack screen's own answer to the last scan (the status line also announces labels printing in the background).
  const feedback = () => words(desk.page.locator('.desk-feedback'));
  const world = () => station.sandbox.world;

  /** A plain shipment at this desk's location, reshaped to the given order lines. */
  async function shipmentOf(lines: { sku: string; quantity: number; serialized?: boolean }[]): Promise<string> {
    const [id] = await station.createShipments('plain', 1, 1);
    reshapeShipment(world(), id, lines);
    return id;
  }

  /** Types the size and a weight, as the packer does on the Pack screen. */
  async function measure(kg: string): Promise<void> {
    // As a packer would: once the desk asks for it (every unit and serial in), not while scans are on their way.
    await expect.poll(() => desk.page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toMatch(/Weigh and measure/);
    const typed = desk.page.getByRole('group', { name: /^Type the measurements/ });
    await typed.getByLabel(/^Length/).fill('30');
    await typed.getByLabel(/^Breadth/).fill('20');
    await typed.getByLabel(/^Height/).fill('10');
    await typed.getByLabel(/^Weight/).fill(kg);
    await typed.getByLabel(/^Weight/).press('Enter');
    // One typing is enough: the desk stops asking for the measurements.
    const field = desk.page.getByLabel('Scan', { exact: true });
    await expect.poll(async () => field.getAttribute('placeholder')).not.toMatch(/Weigh and measure/);
  }

  /** Enter on the empty scan field, once the shipment is ready. */
  async function pressPack(): Promise<void> {
    const field = desk.page.getByLabel('Scan', { exact: true });
    await expect.poll(() => field.getAttribute('placeholder')).toBe('Ready: press Enter to pack');
    await field.press('Enter');
  }

  async function packed(id: string) {
    await expect.poll(() => world().shipments.get(id)?.pack !== undefined, { timeout: 15_000 }).toBe(true);
    return world().shipments.get(id)!.pack!;
  }

  it('finishes the same SKU on two order lines (1 + 2) by scanning alone, oldest line first', async () => {
    const id = await shipmentOf([
      { sku: 'KTC-STD-004', quantity: 1 },
      { sku: 'KTC-STD-004', quantity: 2 },
    ]);
    const [first, second] = world().shipments.get(id)!.orderItems;
    await desk.typeScan(id);
    await expect.poll(() => heading(id, 0, 3).count()).toBe(1);
    for (let n = 1; n <= 3; n++) {
      await desk.wedgeScan('KTC-STD-004');
      await expect.poll(() => heading(id, n, 3).count()).toBe(1);
      await pause(400);
    }
    await expect.poll(() => units()).toMatch(/line 1 of 2 1 of 1 — verified.*line 2 of 2 2 of 2 — verified/);
    await desk.screenshot('scan-same-sku-two-lines');
    await measure('1.2');
    await pressPack();
    const pack = await packed(id);
    expect(pack.taxItems.map((t) => [t.orderItemId, t.quantity])).toEqual([
      [first.orderItemId, 1],
      [second.orderItemId, 2],
    ]);
  }, 60_000);

  it('counts 12 identical units from a typed 12 and Enter, and refuses a count for a phone', async () => {
    const id = await shipmentOf([{ sku: 'TSH-S-WHT-003', quantity: 12 }]);
    await desk.typeScan(id);
    await desk.wedgeScan('TSH-S-WHT-003');
    await expect.poll(() => heading(id, 1, 12).count()).toBe(1);
    await desk.typeScan('12');
    await expect.poll(() => heading(id, 12, 12).count()).toBe(1);
    await expect.poll(() => feedback()).toMatch(/11 units counted, 12 of 12 verified/);
    await desk.screenshot('scan-typed-count');
    await measure('3');
    await pressPack();
    const pack = await packed(id);
    expect(pack.taxItems.map((t) => t.quantity)).toEqual([12]);
    expect(journal(station).some((r) => r.type === 'scan' && r.kind === 'count' && r.value === '12' && !r.refused)).toBe(true);

    const [phone] = await station.createShipments('serialized', 1, 2);
    await desk.typeScan(phone);
    await desk.wedgeScan(world().shipments.get(phone)!.orderItems[0].sku);
    await desk.typeScan(imei('35209900176148'));
    await desk.typeScan('2');
    await expect.poll(() => feedback()).toMatch(/needs one serial per unit/);
    await expect.poll(() => heading(phone, 1, 2).count()).toBe(1);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
  }, 60_000);

  it('undoes the last serial with Ctrl+Z, replaces one serial by Remove, and packs the serials in hand', async () => {
    const [id] = await station.createShipments('serialized', 1, 2);
    const sku = world().shipments.get(id)!.orderItems[0].sku;
    const [a, b, c, d] = ['35209900176101', '35209900176102', '35209900176103', '35209900176104'].map(imei);
    await desk.typeScan(id);
    for (const code of [sku, a, sku, b]) {
      await desk.wedgeScan(code);
      await pause(200);
    }
    await expect.poll(() => units()).toContain(`Serials: ${a} Remove ${b} Remove`);
    await desk.page.keyboard.press('Control+z');
    await expect.poll(() => feedback()).toMatch(new RegExp(`Undone: serial ${b}`));
    await expect.poll(() => units()).not.toContain(b);
    await expect.poll(() => heading(id, 2, 2).count()).toBe(1);
    await desk.wedgeScan(c);
    await expect.poll(() => units()).toContain(c);
    await desk.page.getByRole('button', { name: `Remove serial ${a}` }).click();
    await expect.poll(() => units()).not.toContain(a);
    await desk.screenshot('scan-serial-removed');
    await desk.wedgeScan(d);
    // The Undo button takes back the last serial too; scan it again.
    await desk.page.getByRole('button', { name: /^Undo last scan/ }).click();
    await expect.poll(() => units()).not.toContain(d);
    await desk.wedgeScan(d);
    await measure('0.9');
    await pressPack();
    const pack = await packed(id);
    expect(pack.serialNumbers).toEqual([{ orderItemId: world().shipments.get(id)!.orderItems[0].orderItemId, serialNumbers: [[c], [d]] }]);
  }, 60_000);

  it('puts a phone shipment aside with one unit and its IMEI in, and carries on from there when it is scanned again', async () => {
    const [phone] = await station.createShipments('serialized', 1, 2);
    const sku = world().shipments.get(phone)!.orderItems[0].sku;
    const [a, b] = ['35209900176401', '35209900176402'].map(imei);
    await desk.typeScan(phone);
    await desk.wedgeScan(sku);
    await desk.wedgeScan(a);
    await expect.poll(() => units()).toContain(`Serials: ${a}`);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(() => feedback()).toMatch(new RegExp(`Shipment ${phone} put aside`));
    await expect.poll(() => heading(phone, 1, 2).count()).toBe(0);

    await desk.typeScan(phone);
    await expect.poll(() => feedback()).toMatch(new RegExp(`Shipment ${phone} reopened as it was put aside: 1 of 2 units verified, 1 serial`));
    await expect.poll(() => heading(phone, 1, 2).count()).toBe(1);
    expect(await units()).toContain(`Serials: ${a}`);
    await desk.screenshot('scan-put-aside-reopened');
    await desk.wedgeScan(sku);
    await pause(200);
    await desk.wedgeScan(b);
    await measure('0.7');
    await pressPack();
    expect((await packed(phone)).serialNumbers[0].serialNumbers).toEqual([[a], [b]]);
  }, 60_000);

  it('refuses 12345 as an IMEI at once, and rescans only the serial the marketplace refuses at pack', async () => {
    const { page } = desk;
    const [phone] = await station.createShipments('serialized', 1, 1);
    await desk.typeScan(phone);
    await desk.wedgeScan(world().shipments.get(phone)!.orderItems[0].sku);
    await desk.wedgeScan('12345');
    await expect.poll(() => feedback()).toMatch(/12345 is not an IMEI: an IMEI has 15 digits, this has 5/);
    expect(await feedback()).not.toMatch(/recorded/);
    await desk.screenshot('scan-imei-refused');
    await expect.poll(() => units()).not.toContain('Serials');
    const good = imei('35209900176201');
    await desk.wedgeScan(good);
    await measure('0.5');
    await pressPack();
    expect((await packed(phone)).serialNumbers[0].serialNumbers).toEqual([[good]]);
    const refused = journal(station).filter((r) => r.type === 'scan' && r.value === '12345');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ refused: expect.stringMatching(/not an IMEI/) });

    // A product the desk takes any serial for (its listing says a computer, HSN 8471) while the
    // marketplace wants IMEIs for it: the pack is refused for that serial alone.
    const sku = 'KTL-SLV-003';
    const listing = world().listingsOf(world().shipments.get(phone)!.sellerId).get(sku)!;
    (listing.data as { tax: { hsn: string } }).tax.hsn = '84713010';
    const id = await shipmentOf([{ sku, quantity: 1, serialized: true }]);
    await desk.typeScan(id);
    await desk.wedgeScan(sku);
    await desk.wedgeScan('5CG1234XYZ');
    await expect.poll(() => feedback()).toMatch(/Serial 5CG1234XYZ recorded/);
    await measure('1.1');
    await pressPack();
    await expect.poll(() => feedback(), { timeout: 15_000 }).toMatch(/The marketplace refused 5CG1234XYZ/);
    await expect.poll(() => heading(id, 1, 1).count()).toBe(1);
    await expect.poll(() => units()).not.toContain('5CG1234XYZ');
    await expect.poll(() => words(page.getByRole('list', { name: 'Packages' }))).toMatch(/1\.1 kg/);
    await desk.screenshot('scan-serial-refused-at-pack');
    const right = imei('35209900176202');
    await desk.wedgeScan(right);
    expect((await packed(id)).serialNumbers[0].serialNumbers).toEqual([[right]]);
  }, 90_000);

  it('counts two scans 0.4 s apart as two units, and says when a serial scanner double read is ignored', async () => {
    const id = await shipmentOf([{ sku: 'BOK-HB-003', quantity: 3 }]);
    await desk.typeScan(id);
    await desk.wedgeScan('BOK-HB-003');
    await pause(400);
    await desk.wedgeScan('BOK-HB-003');
    await expect.poll(() => heading(id, 2, 3).count()).toBe(1);
    const scanner = station.devices!.scanner!;
    await pause(400);
    await scanner.scan('BOK-HB-003');
    await pause(40);
    await scanner.scan('BOK-HB-003');
    await expect.poll(() => words(desk.page.getByRole('note', { name: 'Double read' }))).toMatch(/Scanner double read: BOK-HB-003 came twice within 150 ms, so it counts once/);
    await expect.poll(() => heading(id, 3, 3).count()).toBe(1);
    await desk.screenshot('scan-double-read');
    const scans = journal(station).filter((r) => r.type === 'scan' && r.value === 'BOK-HB-003');
    expect(scans).toHaveLength(3);
    await measure('1.4');
    await pressPack();
    expect((await packed(id)).taxItems[0].quantity).toBe(3);
  }, 60_000);

  it('keeps a keyboard-wedge scan whole across a pause inside its burst, and says a burst whose Enter never comes is incomplete', async () => {
    const { page } = desk;
    const id = await shipmentOf([{ sku: 'BOK-HB-003', quantity: 1 }]);
    const sessionScans = (sessionId: string) => journal(station).flatMap((r) => (r.type === 'scan' && r.sessionId === sessionId ? [r.raw] : []));
    // On Queue no field holds the keys: the burst alone carries the code to Pack. A stall of
    // 250 ms (a busy machine) splits it, far longer than the 35 ms a scanner's keys are apart.
    await desk.go('Queue');
    await page.keyboard.type(id.slice(0, 5), { delay: 3 });
    await pause(250);
    await page.keyboard.type(id.slice(5), { delay: 3 });
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(id, 0, 1).count()).toBe(1);
    const opened = journal(station).flatMap((r) => (r.type === 'session' && r.event === 'opened' && r.shipmentId === id ? [r.sessionId] : []));
    expect(opened).toHaveLength(1);
    expect(sessionScans(opened[0]!)).toEqual([id]);

    // The product's burst stops before its Enter: said, taken out of the scan field, never a scan.
    await page.keyboard.type('BOK-HB', { delay: 3 });
    await expect.poll(() => words(desk.status()), { timeout: 10_000 }).toMatch(/Scan incomplete: “BOK-HB” came without the scanner’s ending key, so nothing was scanned/);
    expect(await page.getByLabel('Scan', { exact: true }).inputValue()).toBe('');
    await desk.screenshot('scan-incomplete');
    await desk.wedgeScan('BOK-HB-003');
    await expect.poll(() => heading(id, 1, 1).count()).toBe(1);
    expect(sessionScans(opened[0]!)).toEqual([id, 'BOK-HB-003']);
    await page.getByLabel('Scan', { exact: true }).press('Escape');
  }, 60_000);

  it('leaves a scan in the focused field: the Listings search, the weight field, Setup while testing the scanner', async () => {
    const { page } = desk;
    await desk.go('Listings');
    const search = desk.screen('Listings').getByLabel('Search text');
    await search.click();
    await desk.wedgeScan('KTC-STD-004');
    await expect.poll(() => search.inputValue()).toContain('KTC-STD-004');
    await desk.screen('Listings').waitFor();
    await desk.screenshot('scan-into-listings-search');

    await desk.go('Setup');
    await page.getByRole('button', { name: 'Test Demo scanner' }).click();
    await pause(300);
    await station.devices!.scanner!.scan('SETUP-TEST-42');
    await expect.poll(() => words(desk.screen('Setup'))).toMatch(/read "SETUP-TEST-42"/);
    await desk.screen('Setup').waitFor();
    await desk.screenshot('scan-setup-test');

    // A fast four-key entry in the weight field stays a weight; nothing reaches the shipment as a scan.
    const id = await shipmentOf([{ sku: 'TSH-L-NVY-002', quantity: 1 }]);
    await desk.go('Pack');
    await desk.typeScan(id);
    await desk.wedgeScan('TSH-L-NVY-002');
    await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toMatch(/Weigh and measure/);
    const typed = page.getByRole('group', { name: /^Type the measurements/ });
    await typed.getByLabel(/^Length/).fill('25');
    await typed.getByLabel(/^Breadth/).fill('20');
    await typed.getByLabel(/^Height/).fill('4');
    await typed.getByLabel(/^Weight/).click();
    await page.keyboard.type('0.35', { delay: 3 });
    await page.keyboard.press('Enter');
    await pressPack();
    const pack = await packed(id);
    expect(pack.subShipments[0].dimensions).toMatchObject({ length: 25, breadth: 20, height: 4, weight: 0.35 });
    expect(journal(station).some((r) => r.type === 'scan' && r.raw === '0.35')).toBe(false);
  }, 60_000);

  it('counts wave packs in the lead’s numbers and marks refused scans as refused in the audit trail', async () => {
    const { page } = desk;
    const waveIds = await station.createShipments('plain', 3, 1);
    await desk.go('Pack');
    // The wave of the whole location: Alt+W, Enter for its preview, Ctrl+Enter to confirm it.
    await page.keyboard.press('Alt+w');
    await page.getByLabel(/Only this SKU/).fill('');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => waveIds.every((id) => world().shipments.get(id)?.pack !== undefined), { timeout: 30_000 }).toBe(true);
    const packedHere = [...world().shipments.values()].filter((s) => s.pack !== undefined && !packedBefore.has(s.shipmentId)).length;

    await desk.go('Activity');
    const screen = desk.screen('Activity');
    const perShift = screen.getByRole('table').filter({ hasText: 'Per shift' });
    const shown = async () => {
      const text = await words(perShift);
      return [...text.matchAll(/\d{2}:\d{2}–\d{2}:\d{2} (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    };
    await expect.poll(shown, { timeout: 10_000 }).toBe(packedHere);
    const trail = screen.getByRole('table').filter({ hasText: 'Audit trail' });
    await expect.poll(() => words(trail)).toMatch(/Refused scan of SKU 12345 at Desk 1.*not an IMEI/);
    const phone = [...world().shipments.values()].find((s) => s.pack?.serialNumbers[0]?.serialNumbers.length === 1 && s.orderItems.length === 1 && s.orderItems[0].quantity === 1);
    expect(phone).toBeDefined();
    await expect.poll(() => words(trail)).toMatch(new RegExp(`Packed ${phone!.shipmentId} \\(1 unit, IMEI`));
    await desk.screenshot('scan-activity-counts');
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
