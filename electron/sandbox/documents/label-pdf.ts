// The 4x6 in shipping label (spec § GET /v3/shipments/{shipmentIds}/labels: "One label is
// generated per shipment"). Drawn in its own 288 x 432 pt coordinate space with the origin at the
// bottom-left, so the same drawing serves a label page and the label half of a combined A4 page
// (the caller scales it with a transformation matrix).
import type { ShipmentRec } from '../world/model.js';
import { code128Bars } from './barcode.js';
import type { LabelPen } from './label-pen.js';
import { type DocFonts, type TextStyle, addressLines, fitText, formatIstDate, formatMoney, safeText, wrapText } from './pdf-text.js';
import type { LabelInput } from './index.js';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT } from './pdf-document.js';

const M = 10;
const INNER = LABEL_WIDTH_PT - 2 * M;
/** Everything above this line (pt from the top) may hold text; below it sits the shipment barcode. */
const BODY_FLOOR_TOP = 364;

/** Draws one label with `pen`, its bottom-left corner at the pen's origin. */
export function drawLabel(page: LabelPen, fonts: DocFonts, input: LabelInput): void {
  const { shipment, seller, location } = input;
  const { regular, bold } = fonts;
  // Layout is written top-down; PDF y grows upwards.
  const y = (top: number): number => LABEL_HEIGHT_PT - top;
  page.frame(4, 4, LABEL_WIDTH_PT - 8, LABEL_HEIGHT_PT - 8, 1);

  // Payment and dispatch-by: what the packer and the courier check first.
  const cod = shipment.orderItems.some((item) => item.paymentType === 'COD');
  drawLine(page, cod ? 'COD' : 'PREPAID', M, y(30), { font: bold, size: 20 });
  if (cod) drawLine(page, `Collect ${formatMoney(codAmount(shipment))}`, M + 62, y(28), { font: bold, size: 9, maxWidth: 110 });
  drawLine(page, 'Dispatch by', LABEL_WIDTH_PT - M, y(18), { font: regular, size: 7, align: 'right' });
  drawLine(page, formatIstDate(shipment.dispatchByDate), LABEL_WIDTH_PT - M, y(31), { font: bold, size: 11, align: 'right' });
  drawRule(page, 4, LABEL_WIDTH_PT - 4, y(40));

  // Tracking id: the courier's scan.
  drawLine(page, 'Tracking ID', M, y(50), { font: regular, size: 7 });
  if (shipment.trackingId) {
    page.bars(code128Bars(shipment.trackingId, { x: M, y: y(104), width: INNER, height: 50 }).bars);
    drawLine(page, shipment.trackingId, LABEL_WIDTH_PT / 2, y(116), { font: bold, size: 10, align: 'center', maxWidth: INNER });
  } else {
    drawLine(page, 'not assigned', LABEL_WIDTH_PT / 2, y(80), { font: bold, size: 10, align: 'center' });
  }
  drawRule(page, 4, LABEL_WIDTH_PT - 4, y(122));

  let top = 133;
  const put = (text: string, font = regular, size = 8, gap = size + 1.5): void => {
    if (top + gap > BODY_FLOOR_TOP) return;
    drawLine(page, text, M, y(top), { font, size, maxWidth: INNER });
    top += gap;
  };

  // Delivery address. The buyer's phone only on self-ship labels (spec § Shipping details record:
  // contact number and e-mail are included only for self-ship shipments).
  put('DELIVER TO', bold, 7, 11);
  const delivery = shipment.deliveryAddress;
  const [name, ...rest] = addressLines({ ...delivery, pincode: '' }, { contact: shipment.shipmentType === 'SELF' });
  put(name ?? '', bold, 11, 12);
  for (const line of rest) for (const part of wrapText(regular, line, 9, INNER, 2)) put(part, regular, 9, 10.5);
  top += 4;
  put(`PIN ${delivery.pincode}`, bold, 13, 15);
  drawRule(page, 4, LABEL_WIDTH_PT - 4, y(top - 8));
  top += 4;

  // Return address: the seller's dispatch location (spec § Allocation: the seller fulfils from it).
  put('IF UNDELIVERED, RETURN TO', bold, 7, 9);
  put(`${seller.name} (${location.name})`, bold, 8, 9.5);
  const from = addressLines({ ...location.address, firstName: '', lastName: '' });
  for (const line of from) put(line, regular, 7, 8.5);
  drawRule(page, 4, LABEL_WIDTH_PT - 4, y(top - 5));
  top += 5;

  // Order and contents.
  const orderIds = [...new Set(shipment.orderItems.map((item) => item.orderId))];
  put(`Order ID: ${orderIds.join(', ')}`, bold, 8, 10);
  const items = shipment.orderItems;
  const shownItems = items.length > 3 ? items.slice(0, 2) : items;
  for (const item of shownItems) put(`${item.quantity} x ${item.sku}  ${item.title}`, regular, 7, 8.5);
  if (shownItems.length < items.length) put(`+ ${items.length - shownItems.length} more items`, regular, 7, 8.5);
  for (const line of packageLines(shipment)) put(line, bold, 7, 8.5);

  // Shipment id: the seller's own scan at handover.
  drawRule(page, 4, LABEL_WIDTH_PT - 4, y(BODY_FLOOR_TOP));
  page.bars(code128Bars(shipment.shipmentId, { x: M, y: 24, width: INNER, height: 36 }).bars);
  drawLine(page, `Shipment ID: ${shipment.shipmentId}`, LABEL_WIDTH_PT / 2, 12, { font: bold, size: 9, align: 'center' });
}

/** One line of text, truncated to `maxWidth` and aligned as pdf-text.ts's drawLine does. */
function drawLine(pen: LabelPen, text: string, x: number, y: number, style: TextStyle): void {
  const shown = style.maxWidth === undefined ? safeText(style.font, text) : fitText(style.font, text, style.size, style.maxWidth);
  let left = x;
  if (style.align !== undefined && style.align !== 'left') {
    const width = style.font.widthOfTextAtSize(shown, style.size);
    left = style.align === 'right' ? x - width : x - width / 2;
  }
  pen.text(shown, left, y, style.font, style.size);
}

/** Horizontal rule from x0 to x1 at y, as pdf-text.ts's drawRule. */
function drawRule(pen: LabelPen, x0: number, x1: number, y: number, thickness = 0.75): void {
  pen.rule(x0, x1, y, thickness);
}

/** Amount the courier collects on delivery: totalPrice = customerPrice + shippingCharge (spec § Order item). */
function codAmount(shipment: ShipmentRec): number {
  return shipment.orderItems.reduce((sum, item) => sum + item.priceComponents.totalPrice, 0);
}

/**
 * 'Package 1 of N' lines, one per sub-shipment (spec § Sub-shipment: multi-package listings give
 * one sub-shipment per package). Dimensions measured at pack win over the catalogue's.
 */
export function packageLines(shipment: ShipmentRec, maxLines = 3): string[] {
  const subs = shipment.subShipments.length > 0 ? shipment.subShipments : [{ subShipmentId: '', packages: [] }];
  const count = subs.length;
  const lines = subs.map((sub, index) => {
    const packed = shipment.pack?.subShipments.find((s) => s.subShipmentId === sub.subShipmentId)?.dimensions;
    const catalogue = sub.packages[0]?.dimensions;
    const dims = packed ?? catalogue;
    const weight = packed?.weight ?? catalogue?.weight;
    const parts = [`Package ${index + 1} of ${count}`];
    if (dims) parts.push(`${num(dims.length)} x ${num(dims.breadth)} x ${num(dims.height)} cm`);
    if (weight !== undefined) parts.push(`${num(weight)} kg`);
    return parts.join('   ');
  });
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), `+ ${lines.length - maxLines + 1} more packages`];
}

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, '');
}
