// Tax invoices as the buyer and the tax office read them: A4, one page per shipment, the invoice
// number and date declared at pack, the GST split by place of supply, and serial numbers.
import { describe, expect, it } from 'vitest';
import { invoiceSummary, renderInvoices } from '../../electron/sandbox/documents/index.js';
import { BUYER_IN_MAHARASHTRA, documentInput } from '../support/document-fixtures.js';
import { describeWithPoppler, pageTexts, pdfInfo } from '../support/document-poppler.js';

const IMEI_1 = '356938035643809';
const IMEI_2 = '356938035643817';

describeWithPoppler('invoice PDF (spec § GET /v3/shipments/{shipmentIds}/invoices)', () => {
  const phone = documentInput({
    n: 1,
    items: [
      { title: 'Phone X 128 GB', sku: 'PHX-128-BLK', totalPrice: 11800, taxRate: 18, serials: [[IMEI_1, IMEI_2]] },
      { title: 'Phone case', sku: 'CASE-01', quantity: 2, totalPrice: 1120, taxRate: 12 },
    ],
  });
  const interState = documentInput({ n: 2, buyer: BUYER_IN_MAHARASHTRA, items: [{ title: 'Charger', sku: 'CHG-20W', totalPrice: 1180 }] });

  it('prints one A4 page per shipment', async () => {
    const pdf = await renderInvoices([phone, interState]);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.sizes).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 595.28, height: 841.89 },
    ]);
    const texts = await pageTexts(pdf);
    expect(texts[0]).toContain(phone.shipment.shipmentId);
    expect(texts[0]).not.toContain(interState.shipment.shipmentId);
    expect(texts[1]).toContain(interState.shipment.shipmentId);
  });

  it('shows the invoice number and date, the seller and buyer, the items and the IMEIs', async () => {
    const [text] = await pageTexts(await renderInvoices([phone]));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV-2026-00001');
    expect(text).toContain('20 Nov 2026');
    expect(text).toContain(phone.shipment.orderItems[0].orderId);
    expect(text).toContain('Kaveri Electronics');
    expect(text).toContain('Peenya Industrial Area');
    expect(text).toContain('Asha Rao');
    expect(text).toContain('PHX-128-BLK');
    expect(text).toContain('CASE-01');
    expect(text).toContain(IMEI_1);
    expect(text).toContain(IMEI_2);
  });

  it('splits GST into CGST and SGST when the buyer is in the seller location\'s state', async () => {
    const [text] = await pageTexts(await renderInvoices([phone]));
    // 11,800 at 18 % incl. GST: 10,000 taxable, 1,800 tax = 900 + 900.
    expect(text).toContain('CGST 9%: Rs. 900.00');
    expect(text).toContain('SGST 9%: Rs. 900.00');
    expect(text).toContain('CGST 6%: Rs. 60.00');
    expect(text).not.toContain('IGST 18%');
    expect(text).toContain('Grand total: Rs. 12,920.00');
  });

  it('charges IGST when the buyer is in another state', async () => {
    const [text] = await pageTexts(await renderInvoices([interState]));
    expect(text).toContain('IGST 18%: Rs. 180.00');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Maharashtra');
  });

  it('goes on over further pages rather than leave items off a long invoice', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ sku: `BULK-${String(i + 1).padStart(2, '0')}`, totalPrice: 118, serials: i % 2 ? [[`SN${i}`]] : undefined }));
    const long = documentInput({ n: 6, items });
    const following = documentInput({ n: 7 });
    const texts = await pageTexts(await renderInvoices([long, following]));
    expect(texts.length).toBeGreaterThanOrEqual(3);
    const longPages = texts.slice(0, -1);
    const all = longPages.join('\n');
    for (const item of items) expect(all).toContain(item.sku);
    expect(all.match(/BULK-\d\d/g)).toHaveLength(30);
    expect(longPages[1]).toContain('Tax Invoice (continued)');
    expect(longPages[1]).toContain('INV-2026-00006');
    expect(longPages[0]).not.toContain('Grand total');
    expect(longPages.at(-1)).toContain('Grand total: Rs. 3,540.00');
    // The next shipment still starts on its own page.
    expect(texts.at(-1)).toContain(following.shipment.shipmentId);
    expect(texts.at(-1)).not.toContain(long.shipment.shipmentId);
  });

  it('says plainly when a shipment has no invoice number yet', async () => {
    const unpacked = documentInput({ n: 3, packed: false });
    const [text] = await pageTexts(await renderInvoices([unpacked]));
    expect(text).toContain('not issued yet');
    expect(text).toContain(unpacked.shipment.shipmentId);
  });
});

describe('invoice amounts (spec § Invoice record)', () => {
  it('backs the taxable value out of the tax-inclusive line amount, paisa-exact', () => {
    const { shipment, location } = documentInput({ n: 4, items: [{ totalPrice: 999, taxRate: 18 }, { totalPrice: 105, taxRate: 5 }] });
    const summary = invoiceSummary(shipment, location);
    expect(summary.intraState).toBe(true);
    const [a, b] = summary.lines;
    expect(a.taxableValue).toBe(846.61);
    expect(a.cgst + a.sgst).toBeCloseTo(152.39, 2);
    expect(a.cgstRate).toBe(9);
    expect(b.taxableValue).toBe(100);
    expect(summary.totals.invoiceAmount).toBe(1104);
    expect(summary.totals.taxableValue + summary.totals.cgst + summary.totals.sgst).toBeCloseTo(1104, 2);
  });

  it('uses IGST rates and leaves cancelled items out', () => {
    const input = documentInput({ n: 5, buyer: BUYER_IN_MAHARASHTRA, items: [{ totalPrice: 500, taxRate: 12 }, { totalPrice: 700 }] });
    input.shipment.orderItems[1].status = 'CANCELLED';
    const summary = invoiceSummary(input.shipment, input.location);
    expect(summary.lines).toHaveLength(1);
    expect(summary.lines[0]).toMatchObject({ igstRate: 12, cgstRate: 0, sgstRate: 0, igst: 53.57 });
    expect(summary.totals.invoiceAmount).toBe(500);
  });
});
