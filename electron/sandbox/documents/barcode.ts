// Code 128 barcodes drawn as vector rectangles. bwip-js encodes (start code, code-set switches,
// check character); we draw its bar/space widths straight into the page's content stream as one
// filled path (label-pen.ts). That is faster than rasterising a PNG per label and stays crisp at any printer
// resolution, which matters for 203 dpi thermal printers.
import bwipjs from 'bwip-js/node';

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

/**
 * Bar/space widths of the symbol values 0..106 (ISO/IEC 15417 Table 1; 106 is the stop without
 * its final bar). Printable ASCII ids are encoded here: bwip-js, which runs the PostScript
 * barcode writer, took half of a label page's rendering time; it still encodes anything else.
 */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 233111'
)
  .split(' ')
  .map((p) => [...p].map(Number));
const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const CODE_C = 99;
const STOP = 106;
const PRINTABLE = /^[\x20-\x7e]+$/;

/** Digits from `at` on, counted. */
function digitRun(text: string, at: number): number {
  let n = 0;
  while (at + n < text.length && text.charCodeAt(at + n) >= 48 && text.charCodeAt(at + n) <= 57) n++;
  return n;
}

/**
 * Symbol values of printable ASCII in code sets B and C: set C (two digits per symbol) for a run
 * of at least 4 digits at either end or 6 in the middle, set B for the rest (the usual rules for
 * a short symbol, ISO/IEC 15417 Annex E).
 */
function code128Values(text: string): number[] {
  const values: number[] = [];
  let set: 'B' | 'C' | undefined;
  for (let i = 0; i < text.length; ) {
    const run = digitRun(text, i);
    const atEdge = i === 0 || i + run === text.length;
    if (run >= (atEdge ? 4 : 6) || (run === text.length && run >= 2 && run % 2 === 0)) {
      // The odd digit of an odd run goes to set B where B is anyway: before the pairs when B is
      // already on, after them at the start (set B follows for the rest).
      if (run % 2 === 1 && set === 'B') values.push(text.charCodeAt(i++) - 32);
      if (set !== 'C') values.push(set === undefined ? START_C : CODE_C);
      set = 'C';
      for (const end = i + (run - (run % 2)); i < end; i += 2) values.push(Number(text.slice(i, i + 2)));
      continue;
    }
    if (set !== 'B') values.push(set === undefined ? START_B : CODE_B);
    set = 'B';
    values.push(text.charCodeAt(i++) - 32);
  }
  let check = values[0];
  for (let i = 1; i < values.length; i++) check += values[i] * i;
  values.push(check % 103, STOP);
  return values;
}

/** The encoded symbol for `text` (code sets and the check character chosen as above; bwip-js beyond printable ASCII). */
export function encodeCode128(text: string): Code128Pattern {
  if (PRINTABLE.test(text)) {
    const widths = code128Values(text).flatMap((v) => PATTERNS[v]);
    widths.push(2); // the stop pattern's final bar
    return { widths, modules: widths.reduce((sum, w) => sum + w, 0) };
  }
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
 * The bars of `text` as Code 128 centred in `box` (pt, PDF coordinates: y is the bottom edge), to
 * fill as one path. The module width is chosen so the quiet zones fit inside the box.
 */
export function code128Bars(text: string, box: BarcodeBox): { bars: [number, number, number, number][]; x: number; width: number; moduleWidth: number } {
  const { widths, modules } = encodeCode128(text);
  const moduleWidth = Math.min(MAX_MODULE_PT, box.width / (modules + 2 * CODE128_QUIET_MODULES));
  const symbolWidth = modules * moduleWidth;
  const left = box.x + (box.width - symbolWidth) / 2;
  const bars: [number, number, number, number][] = [];
  let cursor = left;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i] * moduleWidth;
    // Even positions are bars, odd positions are spaces.
    if (i % 2 === 0) bars.push([round(cursor), round(box.y), round(w), round(box.height)]);
    cursor += w;
  }
  return { bars, x: left, width: symbolWidth, moduleWidth };
}

/** Three decimals keep content streams short without moving an edge by a visible amount. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
