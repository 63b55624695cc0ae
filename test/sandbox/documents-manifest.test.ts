// The handover manifest as the seller and the driver sign it: every shipment on a numbered row,
// the totals, the signature lines, and more pages when the list is long.
import { expect, it } from 'vitest';
import { renderManifest } from '../../electron/sandbox/documents/index.js';
import { seller, shipment } from '../support/document-fixtures.js';
import { describeWithPoppler, pageTexts, pdfInfo } from '../support/document-poppler.js';

describeWithPoppler('handover manifest (spec § POST /v3/shipments/manifest)', () => {
  const s = seller();
  const manifestOf = (count: number) => ({
    seller: s,
    location: s.locations[0],
    vendorGroupCode: 'LOC0001-EKART',
    generatedAt: '2026-11-21T08:35:00.000Z',
    // Every third shipment has two packages.
    shipments: Array.from({ length: count }, (_, i) =>
      shipment({ n: i + 1, packages: i % 3 === 0 ? [{ length: 10, breadth: 10, height: 10 }, { length: 5, breadth: 5, height: 5 }] : undefined }),
    ),
  });

  it('lists the seller, location, vendor group, time, every shipment, the totals and both signature lines on A4', async () => {
    const input = manifestOf(5);
    const pdf = await renderManifest(input);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.sizes[0]).toEqual({ width: 595.28, height: 841.89 });
    const [text] = await pageTexts(pdf);
    expect(text).toContain('Handover manifest');
    expect(text).toContain('Kaveri Electronics');
    expect(text).toContain('Peenya warehouse');
    expect(text).toContain('LOC0001-EKART');
    expect(text).toContain('21 Nov 2026 14:05 IST');
    for (const [i, sh] of input.shipments.entries()) {
      // Row: number, shipment id, order id, tracking id, packages.
      const packages = i % 3 === 0 ? 2 : 1;
      expect(text).toMatch(new RegExp(`${i + 1}\\s+${sh.shipmentId}\\s+${sh.orderItems[0].orderId}\\s+${sh.trackingId}\\s+${packages}`));
    }
    expect(text).toContain('Total shipments: 5');
    expect(text).toContain('Total packages: 7');
    expect(text).toContain('Seller signature');
    expect(text).toContain('Logistics partner signature');
  });

  it('continues on further pages when the list is long, and totals at the end', async () => {
    const input = manifestOf(120);
    const pdf = await renderManifest(input);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBeGreaterThanOrEqual(3);
    expect(info.sizes.every((p) => p.width === 595.28 && p.height === 841.89)).toBe(true);
    const texts = await pageTexts(pdf);
    const all = texts.join('\n');
    for (const sh of input.shipments) expect(all).toContain(sh.shipmentId);
    // Each shipment exactly once.
    expect(all.match(/SH\d{14}/g)).toHaveLength(120);
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${texts.length}`));
    expect(texts.at(-1)).toContain('Total shipments: 120');
    expect(texts.at(-1)).toContain('Total packages: 160');
    expect(texts[0]).not.toContain('Total shipments');
    expect(texts[1]).toContain('(continued)');
  });

  it('prints an empty manifest with a zero total rather than failing', async () => {
    const [text] = await pageTexts(await renderManifest(manifestOf(0)));
    expect(text).toContain('Total shipments: 0');
  });
});
