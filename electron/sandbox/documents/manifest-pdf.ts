// The handover manifest (spec § "known by method" table: POST /v3/shipments/manifest, "Manifest
// by vendor"; official-sdk-facts § 5.2: vendorGroupCode ties it to the handover counts). The
// logistics partner's driver and the seller both sign it for the shipments picked up, so every
// shipment is listed on its own numbered row and the document ends with totals and signatures.
import type { PDFPage } from '@cantoo/pdf-lib';
import { type DocFonts, addressLines, drawLine, drawRule, embedDocFonts, formatIstDateTime } from './pdf-text.js';
import { A4_HEIGHT_PT, A4_WIDTH_PT, newDocument } from './pdf-document.js';
import type { ManifestInput } from './index.js';

const MARGIN = 40;
const ROW = 16;
const RIGHT = A4_WIDTH_PT - MARGIN;
/** Room the totals and the two signature blocks need under the last row. */
const CLOSING_HEIGHT = 150;

const COLUMNS = [
  { title: '#', x: MARGIN },
  { title: 'Shipment ID', x: MARGIN + 34 },
  { title: 'Order ID', x: MARGIN + 160 },
  { title: 'Tracking ID', x: MARGIN + 300 },
  { title: 'Packages', x: RIGHT, align: 'right' as const },
];

export async function renderManifestPdf(input: ManifestInput): Promise<Uint8Array> {
  const doc = await newDocument(`Handover manifest ${input.vendorGroupCode}`);
  const fonts = await embedDocFonts(doc);
  const pages: PDFPage[] = [];

  const newPage = (): number => {
    const page = doc.addPage([A4_WIDTH_PT, A4_HEIGHT_PT]);
    pages.push(page);
    const top = pages.length === 1 ? drawHeader(page, fonts, input) : drawContinuationHeader(page, fonts, input);
    return drawTableHead(page, fonts, top);
  };

  let y = newPage();
  let totalPackages = 0;
  input.shipments.forEach((shipment, index) => {
    if (y - ROW < MARGIN + 20) y = newPage();
    const page = pages[pages.length - 1];
    // One label per shipment, one package per sub-shipment (spec § Sub-shipment).
    const packages = Math.max(1, shipment.subShipments.length);
    totalPackages += packages;
    const orderIds = [...new Set(shipment.orderItems.map((item) => item.orderId))].join(', ');
    const cells = [String(index + 1), shipment.shipmentId, orderIds, shipment.trackingId || '-', String(packages)];
    cells.forEach((text, i) => {
      const col = COLUMNS[i];
      const next = COLUMNS[i + 1];
      const maxWidth = next ? next.x - col.x - 6 : 60;
      drawLine(page, text, col.x, y - ROW + 5, { font: fonts.regular, size: 9, maxWidth, align: col.align });
    });
    y -= ROW;
    drawRule(page, MARGIN, RIGHT, y, 0.25);
  });

  if (y - CLOSING_HEIGHT < MARGIN) y = newPage();
  drawClosing(pages[pages.length - 1], fonts, y, input.shipments.length, totalPackages);

  pages.forEach((page, i) => {
    drawLine(page, `Page ${i + 1} of ${pages.length}`, RIGHT, MARGIN - 18, { font: fonts.regular, size: 8, align: 'right' });
    drawLine(page, `Vendor group ${input.vendorGroupCode}`, MARGIN, MARGIN - 18, { font: fonts.regular, size: 8 });
  });
  return doc.save({ useObjectStreams: false });
}

/** First page: who hands over what, where and when. Returns the y under it. */
function drawHeader(page: PDFPage, fonts: DocFonts, input: ManifestInput): number {
  let y = A4_HEIGHT_PT - MARGIN;
  drawLine(page, 'Handover manifest', MARGIN, y - 18, { font: fonts.bold, size: 18 });
  drawLine(page, `Generated ${formatIstDateTime(input.generatedAt)}`, RIGHT, y - 18, { font: fonts.regular, size: 9, align: 'right' });
  y -= 40;
  const facts: [string, string][] = [
    ['Seller', `${input.seller.name} (${input.seller.sellerId})`],
    ['Location', `${input.location.name} (${input.location.locationId})`],
    ['Address', addressLines({ ...input.location.address, firstName: '', lastName: '' }).join(', ')],
    ['Vendor group code', input.vendorGroupCode],
    ['Shipments', String(input.shipments.length)],
  ];
  for (const [label, value] of facts) {
    drawLine(page, `${label}:`, MARGIN, y, { font: fonts.bold, size: 9 });
    drawLine(page, value, MARGIN + 100, y, { font: fonts.regular, size: 9, maxWidth: RIGHT - MARGIN - 100 });
    y -= 13;
  }
  return y - 6;
}

function drawContinuationHeader(page: PDFPage, fonts: DocFonts, input: ManifestInput): number {
  const y = A4_HEIGHT_PT - MARGIN;
  drawLine(page, `Handover manifest ${input.vendorGroupCode} (continued)`, MARGIN, y - 12, { font: fonts.bold, size: 11 });
  drawLine(page, `${input.seller.name}, ${input.location.name}`, RIGHT, y - 12, { font: fonts.regular, size: 9, align: 'right', maxWidth: 220 });
  return y - 24;
}

function drawTableHead(page: PDFPage, fonts: DocFonts, top: number): number {
  drawRule(page, MARGIN, RIGHT, top);
  for (const col of COLUMNS) drawLine(page, col.title, col.x, top - ROW + 5, { font: fonts.bold, size: 9, align: col.align });
  drawRule(page, MARGIN, RIGHT, top - ROW, 0.75);
  return top - ROW;
}

/** Totals, then a signature block each for the seller and the logistics partner. */
function drawClosing(page: PDFPage, fonts: DocFonts, top: number, shipments: number, packages: number): void {
  let y = top - 22;
  drawLine(page, `Total shipments: ${shipments}`, MARGIN, y, { font: fonts.bold, size: 11 });
  drawLine(page, `Total packages: ${packages}`, RIGHT, y, { font: fonts.bold, size: 11, align: 'right' });
  y -= 60;
  const width = (RIGHT - MARGIN - 40) / 2;
  const blocks: [string, number][] = [
    ['Seller signature', MARGIN],
    ['Logistics partner signature', MARGIN + width + 40],
  ];
  for (const [title, x] of blocks) {
    drawRule(page, x, x + width, y, 0.75);
    drawLine(page, title, x, y - 12, { font: fonts.bold, size: 9 });
    drawLine(page, 'Name:', x, y - 30, { font: fonts.regular, size: 8 });
    drawRule(page, x + 30, x + width, y - 31, 0.5);
    drawLine(page, 'Date and time:', x, y - 48, { font: fonts.regular, size: 8 });
    drawRule(page, x + 60, x + width, y - 49, 0.5);
  }
}
