// Box slips for a multi-package shipment: the marketplace prints one label per shipment (spec §
// Sub-shipment: a multi-package shipment has one sub-shipment per package, one label), so every
// other box would leave unmarked. One slip per package, on the label stock, carries "Box 2 of 3",
// the box's own Code 128 code (the shipment id with its box number, shared/box-codes.ts: the
// scan-out check ticks each box by it), the package's name and its dimensions, so the courier
// matches every box to the labelled one.
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor, type PDFPage } from 'pdf-lib';
import { mmToPt, type PageSize } from './media.js';
import { boxCode } from '../../../shared/box-codes.js';

export interface BoxSlipPackage {
  title: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
}

export interface BoxSlipInput {
  shipmentId: string;
  trackingId?: string;
  packages: BoxSlipPackage[];
  page: PageSize;
  /** "Packed by Asha at Desk 1": who packed it and where, so a question about the box reaches them. */
  packedBy?: string;
}

/** Code 128 needs a quiet zone of 10 modules on each side (ISO/IEC 15417 § 4.4.4). */
const QUIET_MODULES = 10;
/** Wider modules only make a short id harder to read from a distance. */
const MAX_MODULE_PT = 2;

/** The standard fonts only encode WinAnsi: anything else prints as '?'. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

/** Draws `text` as Code 128 bars (bwip-js encodes, we draw vector bars: crisp at 203 dpi). */
function drawCode128(page: PDFPage, text: string, box: { x: number; y: number; width: number; height: number }): void {
  const first = bwipjs.raw({ bcid: 'code128', text })[0];
  if (!first || !('sbs' in first)) throw new Error(`Code 128 encoding of ${JSON.stringify(text)} gave no bars`);
  const widths = first.sbs;
  const modules = widths.reduce((a, b) => a + b, 0);
  const module = Math.min(MAX_MODULE_PT, box.width / (modules + 2 * QUIET_MODULES));
  let x = box.x + (box.width - modules * module) / 2;
  const ops = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  widths.forEach((w, i) => {
    if (i % 2 === 0) ops.push(rectangle(x, box.y, w * module, box.height));
    x += w * module;
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

export function describePackage(p: BoxSlipPackage): string {
  const parts: string[] = [];
  if (p.dimensions) parts.push(`${p.dimensions.length} x ${p.dimensions.breadth} x ${p.dimensions.height} cm`);
  if (p.weightKg !== undefined) parts.push(`${p.weightKg} kg`);
  return parts.join(', ');
}

export async function renderBoxSlips(input: BoxSlipInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Box slips ${input.shipmentId}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = input.page;
  const margin = mmToPt(5);
  const inner = width - 2 * margin;
  const total = input.packages.length;
  input.packages.forEach((pkg, i) => {
    const page = doc.addPage([width, height]);
    const line = (text: string, y: number, size: number, face = font) => {
      const t = printable(text);
      const fitted = Math.min(size, (inner / Math.max(1, face.widthOfTextAtSize(t, size))) * size);
      page.drawText(t, { x: margin, y, size: fitted, font: face });
    };
    const big = Math.min(40, height / 9);
    let y = height - margin - big;
    line(`Box ${i + 1} of ${total}`, y, big, bold);
    y -= big * 0.9;
    line(`Shipment ${input.shipmentId}`, y, 14, bold);
    const barHeight = Math.min(mmToPt(22), height / 6);
    y -= barHeight + 8;
    const code = boxCode(input.shipmentId, i + 1, total);
    drawCode128(page, code, { x: margin, y, width: inner, height: barHeight });
    y -= 16;
    line(code, y, 10);
    y -= 20;
    line(pkg.title, y, 14);
    const size = describePackage(pkg);
    if (size) {
      y -= 20;
      line(size, y, 14);
    }
    if (input.trackingId) {
      y -= 20;
      line(`Tracking ${input.trackingId}`, y, 11);
    }
    if (input.packedBy) {
      y -= 18;
      line(input.packedBy, y, 11);
    }
  });
  return doc.save();
}
