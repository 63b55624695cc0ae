// Box slips for a multi-package shipment: the marketplace prints one label per shipment (spec §
// Sub-shipment: a multi-package shipment has one sub-shipment per package, one label), so every
// other box would leave unmarked. One slip per package, on the label stock, carries "Box 2 of 3",
// the box's own Code 128 code (the shipment id with its box number, shared/box-codes.ts: the
// scan-out check ticks each box by it), the package's name and its dimensions, so the courier
// matches every box to the labelled one. The words are in the desk's language (slip-words.ts).
import bwipjs from 'bwip-js/node';
import { PDFDocument, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor, type PDFPage } from '@cantoo/pdf-lib';
import { mmToPt, type PageSize } from './media.js';
import { boxCode } from '../../../shared/box-codes.js';
import { drawLine, embedSlipFonts, hasDevanagari } from './slip-fonts.js';
import { slipWords, type SlipWords } from './slip-words.js';

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
  /** Who packed it and where ("Packed by Asha at Desk 1"), so a question about the box reaches them. */
  packedBy?: { operator: string; desk: string };
  /** The desk's language (a catalogue name: en, hi …); English when absent. */
  language?: string;
}

/** Code 128 needs a quiet zone of 10 modules on each side (ISO/IEC 15417 § 4.4.4). */
const QUIET_MODULES = 10;
/** Wider modules only make a short id harder to read from a distance. */
const MAX_MODULE_PT = 2;

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

export function describePackage(p: BoxSlipPackage, words: SlipWords = slipWords(undefined)): string {
  const { t, fmt } = words;
  const parts: string[] = [];
  if (p.dimensions) parts.push(t('slips.size', { length: fmt.number(p.dimensions.length), breadth: fmt.number(p.dimensions.breadth), height: fmt.number(p.dimensions.height) }));
  if (p.weightKg !== undefined) parts.push(t('slips.weight', { kg: fmt.number(p.weightKg) }));
  return parts.join(', ');
}

/** Who packed the box and where, in the slip's words. */
function packedByWords({ operator, desk }: { operator: string; desk: string }, { t }: SlipWords): string {
  return operator === desk ? t('slips.packedAt', { desk }) : t('slips.packedBy', { operator, desk });
}

export async function renderBoxSlips(input: BoxSlipInput): Promise<Uint8Array> {
  const words = slipWords(input.language);
  const { t } = words;
  const doc = await PDFDocument.create();
  doc.setTitle(t('slips.title', { id: input.shipmentId }));
  doc.setLanguage(words.language);
  // The slip's words in this language (a sample is enough: a catalogue is in one script).
  const fonts = await embedSlipFonts(doc, { devanagari: hasDevanagari([t('slips.boxOf', { n: 1, total: 2 }), ...input.packages.map((p) => p.title), input.packedBy?.operator ?? '', input.packedBy?.desk ?? '']) });
  const { width, height } = input.page;
  const margin = mmToPt(5);
  const inner = width - 2 * margin;
  const total = input.packages.length;
  input.packages.forEach((pkg, i) => {
    const page = doc.addPage([width, height]);
    const line = (text: string, y: number, size: number, weight: 'regular' | 'bold' = 'regular') =>
      drawLine(page, doc, text, { x: margin, y, size, maxWidth: inner, faces: fonts[weight] });
    const big = Math.min(40, height / 9);
    let y = height - margin - big;
    line(t('slips.boxOf', { n: i + 1, total }), y, big, 'bold');
    y -= big * 0.9;
    line(t('slips.shipment', { id: input.shipmentId }), y, 14, 'bold');
    const barHeight = Math.min(mmToPt(22), height / 6);
    y -= barHeight + 8;
    const code = boxCode(input.shipmentId, i + 1, total);
    drawCode128(page, code, { x: margin, y, width: inner, height: barHeight });
    y -= 16;
    line(code, y, 10);
    y -= 20;
    line(pkg.title, y, 14);
    const size = describePackage(pkg, words);
    if (size) {
      y -= 20;
      line(size, y, 14);
    }
    if (input.trackingId) {
      y -= 20;
      line(t('slips.tracking', { id: input.trackingId }), y, 11);
    }
    if (input.packedBy) {
      y -= 18;
      line(packedByWords(input.packedBy, words), y, 11);
    }
  });
  return doc.save();
}
