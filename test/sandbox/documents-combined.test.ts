// "Label + invoice on one A4": the label lies inside COMBINED_A4_LABEL_REGION (so a crop finds it
// and its barcodes still scan), the invoice lies below it, and the committed sample is current.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { COMBINED_A4_LABEL_REGION, renderCombinedA4 } from '../../electron/sandbox/documents/combined-a4.js';
import { A4_HEIGHT_PT, A4_WIDTH_PT } from '../../electron/sandbox/documents/pdf-document.js';
import { A4_LABEL_INVOICE_PATH, a4LabelInvoiceInputs, makeA4LabelInvoice } from '../fixtures/make-fixtures.js';
import { type GrayImage, describeWithPoppler, pdfInfo, pdfText, renderGray } from '../support/document-poppler.js';
import { readCode128 } from '../support/code128-reader.js';

const region = COMBINED_A4_LABEL_REGION;
/** The region in pdftotext's coordinates (origin top-left). */
const regionFromTop = { x: region.x, y: A4_HEIGHT_PT - region.y - region.height, width: region.width, height: region.height };
/** Everything under the region. */
const belowRegion = { x: 0, y: A4_HEIGHT_PT - region.y, width: A4_WIDTH_PT, height: region.y };

function crop(image: GrayImage, dpi: number, box: { x: number; y: number; width: number; height: number }): GrayImage {
  const px = (pt: number): number => Math.round((pt * dpi) / 72);
  const [x0, y0, w, h] = [px(box.x), px(box.y), px(box.width), px(box.height)];
  const data = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) data.set(image.data.subarray((y0 + row) * image.width + x0, (y0 + row) * image.width + x0 + w), row * w);
  return { width: w, height: h, data };
}

it('states a label region with the 4x6 proportions inside the top half of A4', () => {
  expect(region.width / region.height).toBeCloseTo(4 / 6, 6);
  expect(region.x).toBeGreaterThanOrEqual(0);
  expect(region.x + region.width).toBeLessThanOrEqual(A4_WIDTH_PT);
  expect(region.y).toBeGreaterThanOrEqual(A4_HEIGHT_PT / 2);
  expect(region.y + region.height).toBeLessThanOrEqual(A4_HEIGHT_PT);
});

describeWithPoppler('combined A4 label + invoice', () => {
  const inputs = a4LabelInvoiceInputs();

  it('puts each shipment on one A4 page: label text inside the region, invoice text below it', async () => {
    const pdf = await renderCombinedA4(inputs);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.sizes.every((s) => s.width === 595.28 && s.height === 841.89)).toBe(true);
    for (const [i, { shipment }] of inputs.entries()) {
      const label = await pdfText(pdf, { first: i + 1, last: i + 1, crop: regionFromTop });
      expect(label).toContain(`Shipment ID: ${shipment.shipmentId}`);
      expect(label).toContain(shipment.trackingId);
      expect(label).toContain(`PIN ${shipment.deliveryAddress.pincode}`);
      expect(label).not.toContain('Tax Invoice');

      const invoice = await pdfText(pdf, { first: i + 1, last: i + 1, crop: belowRegion });
      expect(invoice).toContain('Tax Invoice');
      expect(invoice).toContain(shipment.pack!.invoiceNumber);
      expect(invoice).not.toContain('DELIVER TO');
    }
    const first = await pdfText(pdf, { first: 1, last: 1, crop: belowRegion });
    expect(first).toContain('356938035643809');
    expect(first).toContain('CGST 9%');
    expect(await pdfText(pdf, { first: 2, last: 2, crop: belowRegion })).toContain('IGST 18%');
  });

  it('keeps both barcodes scannable inside the cropped label region', async () => {
    const pdf = await renderCombinedA4(inputs);
    const dpi = 300;
    const labelOnly = crop(await renderGray(pdf, 2, dpi), dpi, regionFromTop);
    const { shipment } = inputs[1];
    expect(readCode128(labelOnly).sort()).toEqual([shipment.shipmentId, shipment.trackingId].sort());
  });

  it('has a current, small, two-page sample in test/fixtures (regenerate: npx tsx test/fixtures/make-fixtures.ts)', async () => {
    const committed = await readFile(A4_LABEL_INVOICE_PATH);
    expect(committed.length).toBeLessThan(100 * 1024);
    expect((await pdfInfo(committed)).pages).toBe(2);
    expect(Buffer.from(await makeA4LabelInvoice()).equals(committed)).toBe(true);
  });
});
