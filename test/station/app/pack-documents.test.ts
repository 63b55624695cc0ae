// What a pack puts on paper under each "after a pack, print" setting, over a real HTTPS sandbox
// and the folder printer: the label alone; the label and the invoice fetched from the marketplace;
// the marketplace's combined A4 page split, label part to the label printer and invoice part to
// the document printer. Checked in the PDFs the printer wrote (page sizes, words).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA } from '../../../electron/station/printing/media.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { pdfInfo, pdfText, popplerAvailable } from '../../support/document-poppler.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { makeA4LabelInvoice } from '../../fixtures/make-fixtures.js';

let sb: TestSandbox;
let app: TestAppStation;

async function packedShipment(): Promise<string> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', quantity: 1 } });
  const [id] = r.json.shipmentIds as string[];
  const desk = app.context.desk();
  await desk.scan(id);
  for (const line of desk.view().session!.lines) await desk.scan(line.sku);
  for (const p of desk.view().session!.parcels) await desk.measure({ subShipmentId: p.subShipmentId, dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' });
  await desk.pack();
  await desk.idle();
  return id;
}

/** Prints through the desk's printer and returns the new PDFs (named after their job titles), once every job is done. */
async function printAfterPack(pdf: Uint8Array, id: string): Promise<{ note?: string; files: Map<string, Uint8Array> }> {
  const before = new Set(app.printedFiles());
  const printer = app.context.labelPrinter!();
  const r = await printer.printLabels(pdf, { shipmentIds: [id], title: `label-${id}` });
  expect(await printer.whenPrinted!(r.jobId!, () => undefined)).toMatchObject({ ok: true });
  await expect.poll(() => app.context.printing.jobs().every((j) => j.status === 'done')).toBe(true);
  const files = new Map(app.printedFiles().filter((f) => !before.has(f)).map((f) => [f, new Uint8Array(readFileSync(join(app.printDir, f)))]));
  return { note: r.note, files };
}

const find = (files: Map<string, Uint8Array>, start: string) => [...files].filter(([name]) => name.includes(start)).map(([, pdf]) => pdf);

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb });
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});

describe.skipIf(!popplerAvailable)('after a pack, print', () => {
  it('the label only: one label-size page, no invoice', async () => {
    app.settings.update({ printing: { invoices: 'labelOnly' } });
    const id = await packedShipment();
    const { files } = await printAfterPack(await app.context.marketplace().orders.labels([id]), id);
    expect([...files.keys()].every((f) => f.includes(`label-${id}`))).toBe(true);
    const [label] = find(files, `label-${id}`);
    const info = await pdfInfo(label);
    expect(info.sizes.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([[288, 432]]);
  });

  it('the label and the invoice: the invoice PDF from the marketplace on the document printer', async () => {
    app.settings.update({ printing: { invoices: 'labelAndInvoice' } });
    const id = await packedShipment();
    const { files } = await printAfterPack(await app.context.marketplace().orders.labels([id]), id);
    const [invoice] = find(files, `Invoice ${id}`);
    expect(await pdfText(invoice)).toMatch(new RegExp(`Tax Invoice[^]*${id}`));
    expect(Math.round((await pdfInfo(invoice)).sizes[0].width)).toBe(Math.round(MEDIA.a4.width));
    expect(await pdfText(find(files, `label-${id}`)[0])).not.toContain('Tax Invoice');
  });

  it('the combined A4 page split: label part on label stock, invoice part on A4, neither printed twice', async () => {
    app.settings.update({ printing: { invoices: 'combinedSplit', labelStock: 'label-100x150mm' } });
    const id = await packedShipment();
    const { files, note } = await printAfterPack(await makeA4LabelInvoice(), id);
    expect(note).toBeUndefined();
    const [label] = find(files, `label-${id}`);
    const [invoice] = find(files, `Invoice ${id}`);
    const labelInfo = await pdfInfo(label);
    expect(labelInfo.pages).toBe(2);
    expect(labelInfo.sizes.every((p) => Math.round(p.width) === Math.round(MEDIA['label-100x150mm'].width))).toBe(true);
    expect(await pdfText(label)).not.toContain('Tax Invoice');
    expect(await pdfText(invoice)).toContain('Tax Invoice');
    app.settings.update({ printing: { labelStock: 'label-4x6in' } });
  });

  it('a wave prints the invoices of the shipments it packed on the document printer, as a single pack does', async () => {
    app.settings.update({ printing: { invoices: 'labelAndInvoice' } });
    const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 2, locationId: sb.info.locations[0], kind: 'plain', quantity: 1, restock: true } });
    const ids = r.json.shipmentIds as string[];
    const before = new Set(app.printedFiles());
    const summary = await app.api.invoke('wave.run', { dispatch: false, shipmentIds: ids });
    expect(summary.failed).toEqual([]);
    expect(summary.packed).toBe(2);
    await expect.poll(() => app.context.printing.jobs().every((j) => j.status === 'done')).toBe(true);
    const files = app.printedFiles().filter((f) => !before.has(f));
    const invoices = files.filter((f) => f.includes('Invoice'));
    expect(invoices).toHaveLength(1);
    const text = await pdfText(new Uint8Array(readFileSync(join(app.printDir, invoices[0]!))));
    for (const id of ids) expect(text).toMatch(new RegExp(`Tax Invoice[^]*${id}`));
  });

  it('a printer chosen as None is cleared, and a test print names the printer and the time in IST', async () => {
    const settings = await app.api.invoke('printers.assign', { role: 'document', printer: null });
    expect(settings.printers).toEqual({ label: 'Save as PDF (folder)' });
    await app.api.invoke('printers.assign', { role: 'document', printer: 'Save as PDF (folder)' });
    const { jobId, printer } = await app.api.invoke('printers.testPrint', { role: 'document', printer: 'Save as PDF (folder)' });
    expect(printer).toBe('Save as PDF (folder)');
    await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    const name = app.printedFiles().find((f) => f.includes('Test print'))!;
    const text = await pdfText(new Uint8Array(readFileSync(join(app.printDir, name))));
    expect(text).toContain('Printer: Save as PDF (folder)');
    expect(text).toMatch(/Printed: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/);
    await expect(app.api.invoke('printers.testPrint', { role: 'label', printer: 'No such printer' })).rejects.toMatchObject({ code: 'NO_SUCH_PRINTER' });
  });

  it("a test print speaks the desk's language: Setup in Hindi prints the page in Hindi", async () => {
    app.settings.update({ language: 'hi' });
    try {
      const before = new Set(app.printedFiles());
      const { jobId } = await app.api.invoke('printers.testPrint', { role: 'label', printer: 'Save as PDF (folder)' });
      await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
      const name = app.printedFiles().find((f) => !before.has(f) && f.includes('Test print'))!;
      const text = (await pdfText(new Uint8Array(readFileSync(join(app.printDir, name))))).replace(/\s+/g, ' ');
      expect(text).toContain('प्रिंटर: Save as PDF (folder)');
      expect(text).toContain('काम: लेबल प्रिंटर');
      expect(text).toMatch(/छपा: \d{1,2} \S+ \d{4}, \d{2}:\d{2} IST/);
      expect(text).not.toMatch(/Printer:|Printed:|Role:/);
    } finally {
      app.settings.update({ language: 'en' });
    }
  });
});
