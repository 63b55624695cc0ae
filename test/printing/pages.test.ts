// Label pages fitted to the label stock and A4 label+invoice pages split, checked the way the
// printer would see them: page sizes (pdfinfo), text (pdftotext) and rendered pixels (pdftoppm).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fitLabelPdf } from '../../electron/station/printing/pages/fit-label.js';
import { splitLabelInvoicePdf } from '../../electron/station/printing/pages/split-label-invoice.js';
import { SPLIT_LAYOUTS } from '../../electron/station/printing/pages/split-layouts.js';
import { mergePdfs } from '../../electron/station/printing/pages/merge-pdfs.js';
import { PdfPageError } from '../../electron/station/printing/pages/pdf-io.js';
import { MEDIA } from '../../electron/station/printing/media.js';
import { COMBINED_A4_LABEL_REGION } from '../../electron/sandbox/documents/combined-a4.js';
import { pageTexts, pdfInfo, renderGray } from '../support/document-poppler.js';
import { requireTool } from '../support/system-tools.js';
import { darkAt, darkBox, labelPdf, MARKER } from './sample-pdfs.js';

const poppler = ['pdfinfo', 'pdftotext', 'pdftoppm'].every((tool) => requireTool(tool));
const LABEL = MEDIA['label-4x6in'];
const FIXTURE = new URL('../fixtures/a4-label-invoice.pdf', import.meta.url);

describe.runIf(poppler)('fitting labels to the label media', () => {
  it('turns a landscape label to portrait 288 x 432 pt, scaled to fit and centred', async () => {
    const fitted = await fitLabelPdf(await labelPdf(3, { width: 600, height: 300 }), LABEL);
    const info = await pdfInfo(fitted);
    expect(info.pages).toBe(3);
    expect(info.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
    // 600 x 300 turned is 300 x 600; scaled by 0.72 it is 216 x 432, so 36 pt free on each side.
    const image = await renderGray(fitted, 2, 72);
    const box = darkBox(image);
    expect(box.left).toBeGreaterThanOrEqual(35);
    expect(box.left).toBeLessThanOrEqual(37);
    expect(box.right).toBeGreaterThanOrEqual(250);
    expect(box.right).toBeLessThanOrEqual(252);
    expect(box.top).toBeLessThanOrEqual(1);
    expect(box.bottom).toBeGreaterThanOrEqual(430);
    // Turned clockwise: the marker from the top-left corner is now top-right.
    const m = MARKER * 0.72;
    expect(darkAt(image, 72, 252 - m / 2, m / 2)).toBe(true);
    expect(darkAt(image, 72, 36 + m / 2, 432 - m / 2)).toBe(false);
    expect((await pageTexts(fitted))[1]).toContain('LABEL 2');
  });

  it("honours the page's own /Rotate before deciding how to turn it", async () => {
    // A portrait page shown landscape by /Rotate 90: its marker shows top-right; turned back to
    // portrait the marker ends bottom-right.
    const fitted = await fitLabelPdf(await labelPdf(1, { width: 288, height: 432, rotate: 90 }), LABEL);
    expect((await pdfInfo(fitted)).sizes[0]).toEqual({ width: 288, height: 432 });
    const image = await renderGray(fitted, 1, 72);
    expect(darkAt(image, 72, 288 - MARKER / 2, 432 - MARKER / 2)).toBe(true);
    expect(darkAt(image, 72, MARKER / 2, MARKER / 2)).toBe(false);
  });

  it('shrinks an A4 label onto 100 x 150 mm stock without turning it, centred vertically', async () => {
    const media = MEDIA['label-100x150mm'];
    const fitted = await fitLabelPdf(await labelPdf(1, { width: 595.28, height: 841.89 }), media);
    const info = await pdfInfo(fitted);
    expect(info.sizes[0].width).toBeCloseTo(283.46, 1);
    expect(info.sizes[0].height).toBeCloseTo(425.2, 1);
    const image = await renderGray(fitted, 1, 72);
    const box = darkBox(image);
    const s = media.width / 595.28;
    const spare = (media.height - 841.89 * s) / 2;
    expect(Math.abs(box.top - spare)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(image.height - 1 - box.bottom - spare)).toBeLessThanOrEqual(1.5);
    expect(darkAt(image, 72, (MARKER * s) / 2, spare + (MARKER * s) / 2)).toBe(true);
  });

  it('merges a wave of label files into one document in order', async () => {
    const merged = await mergePdfs([await labelPdf(2, { width: 288, height: 432, prefix: 'A' }), await labelPdf(3, { width: 288, height: 432, prefix: 'B' })]);
    const texts = await pageTexts(merged);
    expect(texts.map((t) => t.replace(/\s+/g, ''))).toEqual(['A1', 'A2', 'B1', 'B2', 'B3']);
  });
});

describe.runIf(poppler)('splitting A4 label + invoice pages', () => {
  const layout = SPLIT_LAYOUTS['a4-label-invoice'];

  it('uses the label rectangle the marketplace documents are drawn with', () => {
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(layout.labelRegion[key]).toBeCloseTo(COMBINED_A4_LABEL_REGION[key], 1);
  });

  it('sends each label to a 4x6 page and each invoice to an A4 page, neither carrying the other', async () => {
    const source = new Uint8Array(await readFile(FIXTURE));
    const sourceTexts = await pageTexts(source);
    const { labels, invoices, pages } = await splitLabelInvoicePdf(source, layout, { labelMedia: LABEL });
    expect(pages).toBe(sourceTexts.length);

    const labelInfo = await pdfInfo(labels);
    expect(labelInfo.pages).toBe(pages);
    expect(labelInfo.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
    const invoiceInfo = await pdfInfo(invoices);
    expect(invoiceInfo.pages).toBe(pages);
    expect(invoiceInfo.sizes.every((s) => Math.abs(s.width - 595.28) < 0.5 && Math.abs(s.height - 841.89) < 0.5)).toBe(true);

    const labelTexts = await pageTexts(labels);
    const invoiceTexts = await pageTexts(invoices);
    for (let i = 0; i < pages; i += 1) {
      const tracking = /FMPC\d+/.exec(sourceTexts[i])?.[0];
      expect(tracking).toBeDefined();
      expect(labelTexts[i]).toContain(tracking);
      expect(labelTexts[i]).not.toContain('Tax Invoice');
      expect(invoiceTexts[i]).toContain('Tax Invoice');
      expect(invoiceTexts[i]).not.toContain('Tracking ID');
      expect(invoiceTexts[i]).not.toContain(tracking);
    }
    // The label region was scaled back up to the full label: its edges reach the page's edges.
    const box = darkBox(await renderGray(labels, 1, 72));
    expect(box.left).toBeLessThanOrEqual(12);
    expect(box.right).toBeGreaterThanOrEqual(276);
    // The invoice starts at the top of its page, the label's place given to it.
    const invoiceBox = darkBox(await renderGray(invoices, 1, 72));
    expect(invoiceBox.top).toBeLessThan(40);
  });

  it('refuses pages that are not the layout’s A4 rather than cutting them in the wrong place', async () => {
    const letter = await labelPdf(1, { width: 612, height: 792 });
    await expect(splitLabelInvoicePdf(letter, layout, { labelMedia: LABEL })).rejects.toThrow(PdfPageError);
    await expect(splitLabelInvoicePdf(letter, layout, { labelMedia: LABEL })).rejects.toThrow(/page 1 is 612 x 792 pt/);
  });
});
