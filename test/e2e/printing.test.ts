// Printing at the desk, checked on paper: the label printer is a cups-pdf queue of this file's
// own (others print on PDF meanwhile), stopped for real with "Out of labels"; what the screens
// say is compared with what CUPS completed and what cups-pdf wrote (pdftotext, pdfinfo, the
// barcodes decoded from the rendered pages), and with the shipment's state at the marketplace.
import { boxCode } from '../../shared/box-codes.js';
import { execFile as execFileCb } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../electron/station/station.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { type BrowserStation } from '../support/browser-station.js';
import { readCode128 } from '../support/code128-reader.js';
import { createPdfQueue, cupsAvailable, disableQueue, DOCUMENT_QUEUE, enableQueue, removeQueue } from '../support/cups.js';
import { renderGray } from '../support/document-poppler.js';

const execFile = promisify(execFileCb);
const ready = haveChromium() && cupsAvailable();
const QUEUE = `STATION-E2E-LABELS-${process.pid}`;

async function pageSizes(path: string): Promise<string> {
  return (await execFile('pdfinfo', [path])).stdout;
}

describe.skipIf(!ready)('printing at the packing desk, checked on paper', () => {
  beforeAll(() => createPdfQueue(QUEUE));
  const session = useDeskSession({
    station: { devices: false, settings: { printers: { label: QUEUE, invoice: DOCUMENT_QUEUE, manifest: DOCUMENT_QUEUE } } },
    beforeStop: () => removeQueue(QUEUE),
  });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  const scanField = () => desk.page.getByLabel('Scan', { exact: true });
  const placeholder = () => scanField().getAttribute('placeholder');
  const labelJob = (id: string) => desk.page.getByRole('list', { name: 'Labels' }).getByRole('listitem').filter({ hasText: id });
  const statuses = (id: string) => [...new Set(station.sandbox.world.shipments.get(id)!.orderItems.map((i) => i.status))];

  /**
   * The packer's keys: the shipment and each unit by the wedge scanner, the sizes typed when asked
   * (one set per box: every box of a multi-package shipment is weighed and measured), Enter.
   */
  async function pack(id: string, boxes: { length: number; breadth: number; height: number; kg: number }[] = [{ length: 30, breadth: 20, height: 10, kg: 1.25 }], opened?: () => Promise<void>): Promise<void> {
    await desk.go('Pack');
    await desk.wedgeScan(id);
    await expect.poll(() => words(desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) }))).toContain('0 of');
    await opened?.();
    for (const sku of station.unitScans(id)) await desk.wedgeScan(sku);
    await expect.poll(placeholder).toMatch(/Weigh and measure/);
    for (const [n, box] of boxes.entries()) {
      await desk.page.getByLabel('Length (cm)').fill(String(box.length));
      await desk.page.getByLabel('Breadth (cm)').fill(String(box.breadth));
      await desk.page.getByLabel('Height (cm)').fill(String(box.height));
      await desk.page.getByLabel('Weight (kg)').fill(String(box.kg));
      await desk.page.getByLabel('Weight (kg)').press('Enter');
      const line = desk.page.getByRole('list', { name: 'Packages' }).getByRole('listitem').nth(n);
      await expect.poll(() => words(line)).toContain(`${box.length} × ${box.breadth} × ${box.height} cm (typed), ${box.kg} kg (typed)`);
    }
    // Measured is not packed: Enter packs.
    await expect.poll(placeholder).toBe('Ready: press Enter to pack');
    expect(statuses(id)).toEqual(['APPROVED']);
    await scanField().press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${id} packed`);
  }

  it('with the label printer out of labels the desk says the label waits and why, never "printed"; once started again it is printed, on paper and on both screens', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    await disableQueue(QUEUE, 'Out of labels');
    try {
      await pack(id);
      await expect.poll(() => words(labelJob(id)), { timeout: 20_000 }).toMatch(/Waiting for the printer.*Out of labels/);
      expect(await words(labelJob(id))).not.toMatch(/Printed/);
      expect(await words(desk.status())).not.toMatch(/Label printed/);
      // Not on paper, so not handed to the courier: the marketplace still has it packed, not ready to dispatch.
      expect(statuses(id)).toEqual(['PACKED']);
      await desk.screenshot('print-truth-pack-waiting');
      await desk.go('Print');
      await expect.poll(() => words(desk.page.getByRole('table')), { timeout: 15_000 }).toMatch(new RegExp(`label-${id}.*Waiting for the printer.*Out of labels`));
      await desk.screenshot('print-truth-print-waiting');
    } finally {
      await enableQueue(QUEUE);
    }
    const since = Date.now();
    await expect.poll(() => words(desk.page.getByRole('table')), { timeout: 30_000 }).toMatch(new RegExp(`label-${id}[^]*?${QUEUE} Printed`));
    await expect.poll(() => words(desk.page.getByRole('list', { name: 'Printers' })), { timeout: 15_000 }).toMatch(new RegExp(`${QUEUE} \\(for labels\\): Ready`));
    const label = await waitForPrintedPdf(since - 10_000, new RegExp(id), { name: `label-${id}` });
    expect(label.text).not.toContain('Tax Invoice');
    await desk.go('Pack');
    await expect.poll(() => words(labelJob(id)), { timeout: 30_000 }).toMatch(/Ready to dispatch|Printed/);
    expect(await words(labelJob(id))).toContain(`Label printed on ${QUEUE}`);
    await expect.poll(() => statuses(id), { timeout: 15_000 }).toEqual(['READY_TO_DISPATCH']);
    await desk.screenshot('print-truth-pack-printed');
    expect(desk.problems).toEqual([]);
  }, 120_000);

  it('after a pack the invoice prints on the document printer, and Reprint invoice prints it again', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    const since = Date.now();
    await pack(id);
    const invoice = await waitForPrintedPdf(since, new RegExp(`Tax Invoice[^]*${id}`), { name: `Invoice_${id}` });
    const number = /Invoice No:\s*(\S+)/.exec(invoice.text)?.[1];
    expect(number).toMatch(/^PS\//);
    await expect.poll(() => words(labelJob(id)), { timeout: 30_000 }).toMatch(/Label printed/);

    await desk.go('Print');
    const again = Date.now();
    await desk.page.getByLabel('Shipment id').fill(id);
    await desk.page.getByRole('button', { name: 'Reprint invoice', exact: true }).click();
    await expect.poll(() => words(desk.status())).toContain(`The invoice of ${id} is being fetched and printed again`);
    const reprinted = await waitForPrintedPdf(again, new RegExp(`Tax Invoice[^]*${id}`), { name: `Invoice_${id}__reprint` });
    expect(reprinted.path).not.toBe(invoice.path);
    expect(reprinted.text).toContain(number!);
    await expect.poll(() => words(desk.page.getByRole('table'))).toMatch(new RegExp(`Invoice ${id} \\(reprint\\)[^]*?${DOCUMENT_QUEUE} Printed`));
    await desk.screenshot('print-invoice-reprinted');
  }, 90_000);

  it('a three-box shipment shows the listing sizes, is weighed and measured box by box and packed with Enter, and prints its label and a slip per box with its own code', async () => {
    let id: string | undefined;
    for (let i = 0; i < 10 && !id; i++) {
      const ids = await station.createShipments('mps', 4, 1);
      id = ids.find((s) => station.sandbox.world.shipments.get(s)!.subShipments.length === 3);
    }
    expect(id, 'a three-package shipment').toBeDefined();
    const shipment = station.sandbox.world.shipments.get(id!)!;
    type ListedPackage = { name: string; dimensions: { length: number; breadth: number; height: number }; weight: number };
    const listing = station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(shipment.orderItems[0].sku)!;
    const packages = listing.data.packages as ListedPackage[];
    expect(packages).toHaveLength(3);
    // What the boxes really measure at the desk: a little off the listing's figures.
    const boxes = packages.map((p, n) => ({ length: p.dimensions.length + 1, breadth: p.dimensions.breadth, height: p.dimensions.height, kg: Math.round((p.weight + 0.1 * (n + 1)) * 1000) / 1000 }));
    const since = Date.now();
    await pack(id!, boxes, async () => {
      // Opened with the listing's sizes in view, marked as the listing's.
      await expect.poll(() => words(desk.page.getByRole('list', { name: 'Packages' }))).toContain(`${packages[0]!.dimensions.length} × ${packages[0]!.dimensions.breadth} × ${packages[0]!.dimensions.height} cm (listing’s, still to measure)`);
      await desk.screenshot('print-mps-listing-sizes');
    });
    // The desk's measurements went to the marketplace, box by box, not the listing's.
    const packed = station.sandbox.world.shipments.get(id!)!;
    expect(packed.pack!.subShipments.map((s) => s.dimensions)).toEqual(boxes.map((b) => expect.objectContaining({ length: b.length, breadth: b.breadth, height: b.height })));
    const printed = await waitForPrintedPdf(since, new RegExp(`Box 3 of 3[^]*${id}`), { name: `label-${id}` });
    expect(await pageSizes(printed.path)).toMatch(/Pages:\s+4/);
    const pdf = readFileSync(printed.path);
    for (const [n, p] of packages.entries()) {
      expect(printed.text).toContain(`Box ${n + 1} of 3`);
      expect(printed.text).toContain(p.name);
      // Each slip's barcode names its own box: the scan-out check ticks boxes one by one.
      expect(readCode128(await renderGray(pdf, n + 2, 203))).toContain(boxCode(id!, n + 1, 3));
    }
    await expect.poll(() => words(labelJob(id!)), { timeout: 30_000 }).toMatch(/Label printed/);
    await desk.screenshot('print-box-slips-packed');
  }, 120_000);

  it('Setup → Printers: a choice takes effect at once, a test print goes to the printer shown with its name and the time in IST, the label stock is used, None clears', async () => {
    const settingsNow = () => openStores(station.dataDir).settings.get();
    await desk.go('Setup');
    const labelPrinter = desk.page.getByLabel('Label printer', { exact: true });
    await labelPrinter.selectOption(DOCUMENT_QUEUE);
    await expect.poll(() => settingsNow().printers.label).toBe(DOCUMENT_QUEUE);
    await labelPrinter.selectOption(QUEUE);
    await expect.poll(() => settingsNow().printers.label).toBe(QUEUE);
    await desk.page.getByLabel('Label stock').selectOption('label-100x150mm');
    await expect.poll(() => settingsNow().printing.labelStock).toBe('label-100x150mm');
    const since = Date.now();
    await desk.page.getByRole('button', { name: 'Test print on the label printer' }).click();
    await expect.poll(() => words(desk.screen('Setup')), { timeout: 20_000 }).toContain(`Test page printed on ${QUEUE}`);
    const page = await waitForPrintedPdf(since, new RegExp(`Printer: ${QUEUE}`), { name: 'Test_print' });
    expect(page.text).toMatch(/Printed: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/);
    expect(page.text).toContain('Label 100 x 150 mm');
    expect(await pageSizes(page.path)).toMatch(/Page size:\s+283(\.\d+)? x 425(\.\d+)? pts/);
    await desk.screenshot('setup-printers');

    await labelPrinter.selectOption('');
    await expect.poll(() => settingsNow().printers.label).toBeUndefined();
    // The file is written first; the screen follows on the settings event.
    await expect.poll(() => desk.page.getByRole('button', { name: 'Test print on the label printer' }).isDisabled()).toBe(true);
    await labelPrinter.selectOption(QUEUE);
    await desk.page.getByLabel('Label stock').selectOption('label-4x6in');
    await expect.poll(() => settingsNow().printing.labelStock).toBe('label-4x6in');
    await expect.poll(() => settingsNow().printers.label).toBe(QUEUE);
  }, 90_000);
});
