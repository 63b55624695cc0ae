// Shipping labels as the packer and the courier see them: 4x6 in pages, one per shipment in the
// order asked for, readable text, and barcodes that scan.
import { expect, it } from 'vitest';
import { renderLabels } from '../../electron/sandbox/documents/index.js';
import { encodeCode128 } from '../../electron/sandbox/documents/barcode.js';
import { documentInput } from '../support/document-fixtures.js';
import { describeWithPoppler, pageTexts, pdfInfo, renderGray } from '../support/document-poppler.js';
import { readCode128 } from '../support/code128-reader.js';

describeWithPoppler('shipping labels (spec § GET /v3/shipments/{shipmentIds}/labels)', () => {
  const multiPackage = documentInput({
    n: 1,
    items: [
      { title: 'Phone X 128 GB', sku: 'PHX-128-BLK', paymentType: 'COD', totalPrice: 15999 },
      { title: 'Phone case', sku: 'CASE-01', totalPrice: 499 },
    ],
    packages: [
      { length: 30, breadth: 20, height: 10, weight: 1.25 },
      { length: 12, breadth: 10, height: 5, weight: 0.4 },
    ],
  });

  it('prints one 288 x 432 pt page with the ids, both addresses, payment, packages and dispatch-by date', async () => {
    const pdf = await renderLabels([multiPackage]);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.sizes[0]).toEqual({ width: 288, height: 432 });

    const [text] = await pageTexts(pdf);
    const { shipment } = multiPackage;
    expect(text).toContain(shipment.shipmentId);
    expect(text).toContain(shipment.orderItems[0].orderId);
    expect(text).toContain(shipment.trackingId);
    // Delivery address, and the seller's location as the return address.
    expect(text).toContain('Asha Rao');
    expect(text).toContain('PIN 560038');
    expect(text).toContain('Kaveri Electronics (Peenya warehouse)');
    expect(text).toContain('Peenya Industrial Area');
    expect(text).toContain('COD');
    expect(text).toContain('Collect Rs. 16,498.00');
    expect(text).toMatch(/Package 1 of 2\s+30 x 20 x 10 cm\s+1\.25 kg/);
    expect(text).toMatch(/Package 2 of 2\s+12 x 10 x 5 cm\s+0\.4 kg/);
    // 2026-11-21T20:00Z is 22 Nov in IST, the marketplace's zone.
    expect(text).toContain('22 Nov 2026');
    // No buyer phone on a standard shipment's label (spec § Shipping details record).
    expect(text).not.toContain('9876543210');
  });

  it('prints PREPAID without an amount to collect, and the buyer phone on a self-ship label', async () => {
    const prepaid = documentInput({ n: 2, shipmentType: 'SELF' });
    const [text] = await pageTexts(await renderLabels([prepaid]));
    expect(text).toContain('PREPAID');
    expect(text).not.toContain('Collect');
    expect(text).toContain('Phone: 9876543210');
  });

  it('has scannable Code 128 barcodes of the tracking id and the shipment id', async () => {
    const pdf = await renderLabels([multiPackage]);
    // 203 dpi: the resolution of the common thermal label printers.
    const decoded = readCode128(await renderGray(pdf, 1, 203));
    expect(decoded.sort()).toEqual([multiPackage.shipment.trackingId, multiPackage.shipment.shipmentId].sort());
  });

  it('merges 20 shipments into 20 pages in the order given', async () => {
    const order = [7, 3, 19, 1, 12, 20, 5, 16, 9, 2, 14, 11, 18, 4, 8, 15, 6, 13, 10, 17];
    const inputs = order.map((n) => documentInput({ n }));
    const pdf = await renderLabels(inputs);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(20);
    expect(info.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
    const texts = await pageTexts(pdf);
    expect(texts).toHaveLength(20);
    texts.forEach((text, i) => {
      const own = inputs[i].shipment.shipmentId;
      expect(text).toContain(own);
      // ...and no other shipment's id on that page.
      expect(inputs.filter((_, j) => j !== i && text.includes(inputs[j].shipment.shipmentId))).toEqual([]);
    });
    // The barcode of a page in the middle belongs to that page's shipment too.
    expect(readCode128(await renderGray(pdf, 11, 203))).toContain(inputs[10].shipment.shipmentId);
  });

  it('survives names the standard fonts cannot print, and a missing tracking id', async () => {
    const input = documentInput({ n: 3, buyer: { firstName: 'आशा', lastName: 'Rao' }, trackingId: '' });
    const [text] = await pageTexts(await renderLabels([input]));
    expect(text).toContain('?? Rao');
    expect(text).toMatch(/Tracking ID\s+not assigned/);
    expect(text).toContain(input.shipment.shipmentId);
  });
});

it('encodes with the Code 128 structure: start code, check character and stop pattern', () => {
  const { widths, modules } = encodeCode128('SH00000000007001');
  // Start B (211214) for 'SH', then code set C for the digits, then the stop pattern (2331112).
  expect(widths.slice(0, 6).join('')).toBe('211214');
  expect(widths.slice(-7).join('')).toBe('2331112');
  // start + S + H + CodeC + 7 digit pairs + check = 12 symbols of 11 modules, plus 13 for stop.
  expect(modules).toBe(12 * 11 + 13);
});
