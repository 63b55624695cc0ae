// The tax invoice of one shipment (spec § GET /v3/shipments/{shipmentIds}/invoices, § Invoice
// record). Drawn into a frame so it fills an A4 page on its own or the lower half of a combined
// label + invoice page.
import type { PDFPage } from '@cantoo/pdf-lib';
import { type DocFonts, addressLines, drawLine, drawRule, formatIstDate, formatMoney, wrapText } from './pdf-text.js';
import { type InvoiceLine, invoiceSummary } from './invoice-lines.js';
import type { InvoiceInput } from './index.js';

/** Where to draw: left edge, width, and the top and bottom edges in PDF coordinates. */
export interface Frame {
  x: number;
  width: number;
  top: number;
  bottom: number;
}

const LINE = 10;
const PAD = 4;

/** Column layout of the item table as fractions of the frame width. */
const COLUMNS = [
  { key: 'no', title: '#', share: 0.04, align: 'left' },
  { key: 'product', title: 'Product', share: 0.42, align: 'left' },
  { key: 'qty', title: 'Qty', share: 0.06, align: 'right' },
  { key: 'taxable', title: 'Taxable value', share: 0.14, align: 'right' },
  { key: 'tax', title: 'GST', share: 0.2, align: 'right' },
  { key: 'total', title: 'Total', share: 0.14, align: 'right' },
] as const;

export interface InvoicePart {
  /** First item to draw: 0 on the invoice's first page, more on a continuation page. */
  fromItem?: number;
  /** When the items do not fit: true stops and reports where to continue, false summarises the rest in one line. */
  continues?: boolean;
}

/**
 * Draws the invoice, or one page of it, into `frame`. Returns the index of the first item left
 * for a continuation page, or undefined when the invoice is complete (totals drawn).
 */
export function drawInvoice(page: PDFPage, fonts: DocFonts, input: InvoiceInput, frame: Frame, part: InvoicePart = {}): number | undefined {
  const { shipment, seller, location } = input;
  const { regular, bold } = fonts;
  const summary = invoiceSummary(shipment, location);
  const fromItem = part.fromItem ?? 0;
  const left = frame.x;
  const right = frame.x + frame.width;
  const half = frame.width / 2;
  let y = frame.top;

  drawLine(page, fromItem > 0 ? 'Tax Invoice (continued)' : 'Tax Invoice', left, y - 16, { font: bold, size: 16 });
  const facts: [string, string][] = [
    ['Invoice No', summary.invoiceNumber || 'not issued yet'],
    ['Invoice Date', summary.invoiceDate ? formatIstDate(summary.invoiceDate) : '-'],
    ['Order ID', [...new Set(shipment.orderItems.map((i) => i.orderId))].join(', ')],
    ['Shipment ID', shipment.shipmentId],
  ];
  let factY = y - 8;
  for (const [label, value] of facts) {
    drawLine(page, `${label}:`, right - 190, factY, { font: bold, size: 8 });
    drawLine(page, value, right - 130, factY, { font: regular, size: 8, maxWidth: 130 });
    factY -= LINE;
  }
  y = Math.min(y - 28, factY) - 4;
  drawRule(page, left, right, y);

  if (fromItem === 0) {
    y = drawParties(page, fonts, input, frame, y);
    drawRule(page, left, right, y);
  }

  // Item table.
  const xs: number[] = [];
  let acc = left;
  for (const col of COLUMNS) {
    xs.push(acc);
    acc += col.share * frame.width;
  }
  const cell = (text: string, col: number, baseline: number, font = regular, size = 8): void => {
    const c = COLUMNS[col];
    const width = c.share * frame.width - PAD;
    const x = c.align === 'right' ? xs[col] + c.share * frame.width - PAD / 2 : xs[col] + PAD / 2;
    drawLine(page, text, x, baseline, { font, size, maxWidth: width, align: c.align });
  };
  y -= 12;
  COLUMNS.forEach((c, i) => cell(c.title, i, y, bold));
  y -= 5;
  drawRule(page, left, right, y, 0.5);

  // Room for the totals block and the footer under the last row.
  const reserve = 4 * LINE + 22;
  const productWidth = COLUMNS[1].share * frame.width - PAD;
  let next = fromItem;
  for (const line of summary.lines.slice(fromItem)) {
    const index = next;
    const product = productCell(fonts, line, productWidth);
    const taxLines = taxCell(line, summary.intraState);
    const height = Math.max(product.length, taxLines.length) * LINE + PAD;
    if (y - height < frame.bottom + reserve) break;
    const first = y - LINE;
    cell(String(index + 1), 0, first);
    product.forEach((text, i) => cell(text, 1, first - i * LINE, i === 0 ? bold : regular));
    cell(String(line.quantity), 2, first);
    cell(formatMoney(line.taxableValue), 3, first);
    taxLines.forEach((text, i) => cell(text, 4, first - i * LINE));
    cell(formatMoney(line.invoiceAmount), 5, first, bold);
    y -= height;
    drawRule(page, left, right, y, 0.25);
    next++;
  }
  // Continue only when this page took a row: a frame too small for any row must not loop.
  if (next < summary.lines.length && part.continues && next > fromItem) {
    drawLine(page, `Continued on the next page (items ${next + 1} to ${summary.lines.length})`, right, y - LINE - 2, { font: regular, size: 8, align: 'right' });
    return next;
  }
  if (next < summary.lines.length) {
    drawLine(page, `+ ${summary.lines.length - next} more items on this invoice`, left + PAD, y - LINE, { font: regular, size: 8 });
    y -= LINE + 2;
  }

  // Totals.
  const t = summary.totals;
  y -= LINE + 2;
  cell('Total', 1, y, bold);
  cell(formatMoney(t.taxableValue), 3, y, bold);
  const taxTotals = summary.intraState ? [`CGST ${formatMoney(t.cgst)}`, `SGST ${formatMoney(t.sgst)}`] : [`IGST ${formatMoney(t.igst)}`];
  taxTotals.forEach((text, i) => cell(text, 4, y - i * LINE, bold));
  cell(formatMoney(t.invoiceAmount), 5, y, bold);
  y -= LINE * taxTotals.length + 4;
  drawRule(page, left, right, y);
  drawLine(page, `Grand total: ${formatMoney(t.invoiceAmount)} (inclusive of GST)`, right, y - 12, { font: bold, size: 10, align: 'right' });
  drawLine(page, `${summary.intraState ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST'}. Computer-generated invoice.`, left, y - 12, {
    font: regular,
    size: 7,
    maxWidth: frame.width / 2,
  });
  drawLine(page, `Authorised signatory, ${seller.name}`, right, Math.max(frame.bottom + 2, y - 34), { font: regular, size: 7, align: 'right', maxWidth: half });
  return undefined;
}

/** Seller (its dispatch location is where the supply starts) and buyer, side by side; returns the y under them. */
function drawParties(page: PDFPage, fonts: DocFonts, input: InvoiceInput, frame: Frame, top: number): number {
  const { shipment, seller, location } = input;
  const { regular, bold } = fonts;
  const left = frame.x;
  const half = frame.width / 2;
  const blockTop = top - 12;
  drawLine(page, 'Sold by', left, blockTop, { font: bold, size: 8 });
  drawLine(page, seller.name, left, blockTop - LINE, { font: bold, size: 9, maxWidth: half - 10 });
  const sellerLines = [location.name, ...addressLines({ ...location.address, firstName: '', lastName: '' })];
  sellerLines.forEach((line, i) => drawLine(page, line, left, blockTop - LINE * (i + 2), { font: regular, size: 8, maxWidth: half - 10 }));
  drawLine(page, 'Ship to / Bill to', left + half, blockTop, { font: bold, size: 8 });
  const buyer = addressLines(shipment.deliveryAddress);
  buyer.forEach((line, i) =>
    drawLine(page, line, left + half, blockTop - LINE * (i + 1), { font: i === 0 ? bold : regular, size: i === 0 ? 9 : 8, maxWidth: half }),
  );
  return blockTop - LINE * (Math.max(sellerLines.length + 1, buyer.length) + 1);
}

/** Title (up to two lines), SKU and HSN, then the serial or IMEI numbers of serialized items. */
function productCell(fonts: DocFonts, line: InvoiceLine, width: number): string[] {
  const out = wrapText(fonts.bold, line.title, 8, width, 2);
  out.push(`SKU: ${line.sku}${line.hsn ? `   HSN: ${line.hsn}` : ''}`);
  if (line.serialNumbers.length > 0) out.push(...wrapText(fonts.regular, `IMEI/Serial: ${line.serialNumbers.join(', ')}`, 8, width, 4));
  return out;
}

function taxCell(line: InvoiceLine, intraState: boolean): string[] {
  if (intraState) return [`CGST ${line.cgstRate}%: ${formatMoney(line.cgst)}`, `SGST ${line.sgstRate}%: ${formatMoney(line.sgst)}`];
  return [`IGST ${line.igstRate}%: ${formatMoney(line.igst)}`];
}
