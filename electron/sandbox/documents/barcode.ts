// Code 128 barcodes drawn as vector rectangles. bwip-js encodes (start code, code-set switches,
// check character); we draw its bar/space widths straight into the page's content stream as one
// filled path. That is faster than rasterising a PNG per label and stays crisp at any printer
// resolution, which matters for 203 dpi thermal printers.
import bwipjs from 'bwip-js/node';
import {
  type PDFPage,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';

/** Code 128 requires a quiet zone of at least 10 modules on each side (ISO/IEC 15417 § 4.4.4). */
export const CODE128_QUIET_MODULES = 10;
/** Widest module we draw (pt): wider bars only make a short id harder to scan from afar. */
const MAX_MODULE_PT = 2;

export interface Code128Pattern {
  /** Bar and space widths in modules, alternating, starting with a bar (stop pattern included). */
  widths: number[];
  /** Sum of the widths: the symbol's width in modules, without quiet zones. */
  modules: number;
}

/** The encoded symbol for `text` (bwip-js picks code sets A/B/C and the check character). */
export function encodeCode128(text: string): Code128Pattern {
  const raw = bwipjs.raw({ bcid: 'code128', text });
  const first = raw[0];
  if (!first || !('sbs' in first)) throw new Error(`Code 128 encoding of ${JSON.stringify(text)} gave no bars`);
  const widths = first.sbs;
  return { widths, modules: widths.reduce((sum, w) => sum + w, 0) };
}

export interface BarcodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws `text` as Code 128 centred in `box` (pt, PDF coordinates: y is the bottom edge).
 * The module width is chosen so the quiet zones fit inside the box; returns the drawn bars' extent.
 */
export function drawCode128(page: PDFPage, text: string, box: BarcodeBox): { x: number; width: number; moduleWidth: number } {
  const { widths, modules } = encodeCode128(text);
  const moduleWidth = Math.min(MAX_MODULE_PT, box.width / (modules + 2 * CODE128_QUIET_MODULES));
  const symbolWidth = modules * moduleWidth;
  const left = box.x + (box.width - symbolWidth) / 2;
  const ops = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  let cursor = left;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i] * moduleWidth;
    // Even positions are bars, odd positions are spaces.
    if (i % 2 === 0) ops.push(rectangle(round(cursor), round(box.y), round(w), round(box.height)));
    cursor += w;
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  return { x: left, width: symbolWidth, moduleWidth };
}

/** Three decimals keep content streams short without moving an edge by a visible amount. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
