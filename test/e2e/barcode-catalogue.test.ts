// The barcode catalogue as the packer and the lead use it, in Chromium over browser mode: an EAN
// the desk has never seen is scanned (a keyboard-wedge burst and Enter) while a shipment is open;
// the desk asks which product it is; Esc leaves everything as it was; the key 1 links it and counts
// the unit; the next unit's scan of the same EAN just counts; Enter packs, and the sandbox holds
// the pack. Then Listings → Barcodes: the learned link is there, one is added, a conflicting one is
// refused with both names, a spreadsheet's CSV is imported, the catalogue exported and a link removed
// — each checked in the catalogue file of the data folder or in the downloaded CSV.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';

const ready = haveChromium() && cupsAvailable();

const EAN = '8901030865275'; // a valid EAN-13 (GS1 India prefix 890)
const SECOND_EAN = '4006381333931';
const STARTS_WITH_ONE = '1234567890128';
const IMPORTED_UPC = '036000291452';

interface StoredLink {
  code: string;
  sku: string;
  source: string;
}

describe.skipIf(!ready)('the barcode catalogue at the desk and in Listings', () => {
  // A scanner's double read is the same code within a short window; a packer who scans the same
  // EAN again (after Esc, or for the next unit) is slower than this one.
  const session = useDeskSession({ station: { devices: false, settings: { scan: { debounceMs: 150 } } } });
  let station: BrowserStation;
  let desk: Desk;
  let learnedSku = '';
  let otherSku = '';
  beforeAll(() => void ({ station, desk } = session));

  /** A keyboard-wedge burst at the Pack screen, where the scan field holds the focus. */
  const scan = async (code: string) => {
    await desk.page.getByLabel('Scan', { exact: true }).focus();
    await desk.wedgeScan(code);
  };
  const catalogueFile = () => join(station.dataDir, 'barcodes.json');
  const stored = (): StoredLink[] => {
    try {
      return (JSON.parse(readFileSync(catalogueFile(), 'utf8')) as { links: StoredLink[] }).links;
    } catch {
      return [];
    }
  };

  it('learns an unknown EAN on its first scan, counts each unit by it, and packs at the marketplace', async () => {
    const { page } = desk;
    const [id] = await station.createShipments('plain', 1, 2);
    const item = station.sandbox.world.shipments.get(id)!.orderItems[0];
    learnedSku = item.sku;
    const heading = (n: number) => page.getByRole('heading', { name: new RegExp(`Shipment ${id}: ${n} of 2 units verified`) });

    await desk.go('Pack');
    await scan(id);
    await expect.poll(() => heading(0).count()).toBe(1);

    await scan(EAN);
    const prompt = page.getByRole('dialog', { name: 'Which product is this barcode?' });
    await prompt.waitFor();
    expect(await words(prompt)).toContain(`Which product is EAN-13 ${EAN}?`);
    expect(await words(prompt.getByRole('button', { name: new RegExp(`^1 .*${item.sku}`) }))).toContain(item.title ?? item.sku);
    expect(await words(desk.status())).not.toMatch(/Wrong item/);
    await desk.screenshot('barcode-learn-prompt');

    // Esc answers the question only: the shipment stays open, nothing is linked or counted.
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => words(desk.status())).toContain(`${EAN} was not linked and no unit was counted`);
    expect(await heading(0).count()).toBe(1);
    expect(stored()).toEqual([]);

    // A scan while the question is shown is a scan, even when its first digit is a choice's key.
    await scan(EAN);
    await prompt.waitFor();
    await scan(STARTS_WITH_ONE);
    await expect.poll(() => words(prompt)).toContain(`Which product is EAN-13 ${STARTS_WITH_ONE}?`);
    expect(stored()).toEqual([]);
    expect(await heading(0).count()).toBe(1);

    await scan(EAN);
    await expect.poll(() => words(prompt)).toContain(`Which product is EAN-13 ${EAN}?`);
    await page.keyboard.press('1');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => heading(1).count()).toBe(1);
    expect(await page.getByLabel('Scan', { exact: true }).inputValue()).toBe('');
    expect(stored()).toEqual([expect.objectContaining({ code: EAN, sku: item.sku, source: 'scan' })]);
    expect(statSync(catalogueFile()).mode & 0o777).toBe(0o600);

    // The second unit: the same EAN, no question.
    await scan(EAN);
    await expect.poll(() => heading(2).count()).toBe(1);
    expect(await prompt.count()).toBe(0);

    await page.getByLabel('Length (cm)').fill('20');
    await page.getByLabel('Breadth (cm)').fill('12');
    await page.getByLabel('Height (cm)').fill('6');
    await page.getByLabel('Weight (kg)').fill('0.6');
    await page.getByLabel('Weight (kg)').press('Enter');
    await expect.poll(() => page.getByLabel('Scan', { exact: true }).getAttribute('placeholder')).toBe('Ready: press Enter to pack');
    await page.getByLabel('Scan', { exact: true }).press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${id} packed`);

    // At the marketplace: the shipment was packed (its event log says so once the label is ready).
    const kinds = async () => ((await station.sandbox.call('GET', '/sandbox/events')).json.events as { kind: string; shipmentId?: string }[]).filter((e) => e.shipmentId === id).map((e) => e.kind);
    await expect.poll(kinds, { timeout: 20_000 }).toContain('Packed');
    expect(station.sandbox.world.shipments.get(id)!.orderItems.every((i) => i.status !== 'APPROVED')).toBe(true);
    expect(desk.problems).toEqual([]);
  }, 90_000);

  it('shows, adds, refuses, imports, exports and removes barcodes in Listings', async () => {
    const { page } = desk;
    otherSku = [...station.sandbox.world.listingsOf(station.sandbox.info.sellerId).keys()].find((s) => s !== learnedSku)!;
    await desk.go('Listings');
    const screen = desk.screen('Listings');
    await screen.getByRole('tab', { name: 'Barcodes' }).click();
    const table = screen.getByRole('table', { name: 'Barcode links' });
    await expect.poll(() => words(table)).toContain(`${EAN} EAN-13 ${learnedSku}`);
    expect(await words(table)).toContain('Learned at Pack');

    const form = screen.getByRole('form', { name: 'Add a barcode' });
    await form.getByLabel('Barcode').fill(SECOND_EAN);
    await form.getByLabel('SKU').fill(otherSku);
    await form.getByRole('button', { name: 'Add barcode' }).click();
    await expect.poll(() => words(table)).toContain(`${SECOND_EAN} EAN-13 ${otherSku}`);
    expect(stored().map((l) => [l.code, l.sku])).toContainEqual([SECOND_EAN, otherSku]);

    // The learned EAN belongs to another SKU: refused at the field, naming both.
    await form.getByLabel('Barcode').fill(EAN);
    await form.getByLabel('SKU').fill(otherSku);
    await form.getByRole('button', { name: 'Add barcode' }).click();
    await expect.poll(() => form.getByLabel('Barcode').getAttribute('aria-invalid')).toBe('true');
    const refusal = await words(form);
    expect(refusal).toContain(`already linked to ${learnedSku}`);
    expect(refusal).toContain(`cannot also be ${otherSku}`);
    expect(stored().find((l) => l.code === EAN)?.sku).toBe(learnedSku);

    // A file as Excel saves it: byte-order mark, semicolons, quotes; one good line, one bad check digit.
    const csv = `\uFEFFBarcode;SKU;Title\r\n"${IMPORTED_UPC}";${otherSku};"Soda; 12 cans"\r\n4006381333932;${otherSku};\r\n`;
    await screen.getByLabel('Import CSV').setInputFiles({ name: 'from-excel.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect.poll(() => words(screen.getByRole('status').first())).toContain('from-excel.csv: 1 barcode(s) linked, 0 already there, 1 refused');
    expect(await words(screen.getByRole('list', { name: 'Refused lines' }))).toMatch(/Line 3: .*check digit is wrong/);
    await expect.poll(() => words(table)).toContain(`${IMPORTED_UPC} UPC-A ${otherSku} Soda; 12 cans Imported`);
    await desk.screenshot('listings-barcodes');

    const download = page.waitForEvent('download');
    await screen.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('barcodes.csv');
    const exported = readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(exported[0]).toBe('barcode,format,sku,title');
    expect(exported).toContain(`${SECOND_EAN},EAN-13,${otherSku},`);
    expect(exported).toContain(`${IMPORTED_UPC},UPC-A,${otherSku},Soda; 12 cans`);
    expect(exported.some((l) => l.startsWith(`${EAN},EAN-13,${learnedSku},`))).toBe(true);

    await screen.getByRole('button', { name: `Remove barcode ${SECOND_EAN}` }).click();
    await expect.poll(() => words(table)).not.toContain(SECOND_EAN);
    expect(stored().map((l) => l.code).sort()).toEqual([IMPORTED_UPC, EAN].sort());
    expect(desk.problems).toEqual([]);
  }, 60_000);
});
