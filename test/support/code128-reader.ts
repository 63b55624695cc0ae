// A small Code 128 reader for rendered pages, so tests check that a label's barcodes scan, not
// merely that some bars were drawn. It works like a laser scanner: it reads bar and space widths
// along pixel rows, matches them against the symbol table of ISO/IEC 15417, and accepts a symbol
// only when its check character is right. It shares no code with the encoder under test.
import type { GrayImage } from './document-poppler.js';

/** Bar/space widths (modules) of symbol values 0..105, from the standard's table. */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
];
const STOP_HEAD = '233111';
const VALUE_OF = new Map(PATTERNS.map((p, value) => [p, value]));
const START_A = 103;
const START_B = 104;
const START_C = 105;

/** Every distinct Code 128 text found along the rows of the image. */
export function readCode128(image: GrayImage, options: { rowStep?: number } = {}): string[] {
  const found = new Set<string>();
  const step = options.rowStep ?? 2;
  for (let y = 0; y < image.height; y += step) {
    for (const text of readRow(runsOfRow(image, y))) found.add(text);
  }
  return [...found];
}

/** Alternating run lengths of one row; even indexes are light runs (the row starts light). */
function runsOfRow(image: GrayImage, y: number): number[] {
  const runs: number[] = [];
  let dark = false;
  let length = 0;
  const row = y * image.width;
  for (let x = 0; x < image.width; x++) {
    const isDark = image.data[row + x] < 128;
    if (isDark === dark) {
      length++;
    } else {
      runs.push(length);
      dark = isDark;
      length = 1;
    }
  }
  runs.push(length);
  return runs;
}

/** Widths of six runs as a module string, or undefined when they do not fit 11 modules cleanly. */
function symbolAt(runs: number[], at: number): string | undefined {
  if (at + 6 > runs.length) return undefined;
  const slice = runs.slice(at, at + 6);
  const unit = slice.reduce((a, b) => a + b, 0) / 11;
  let out = '';
  for (const w of slice) {
    const modules = Math.round(w / unit);
    if (modules < 1 || modules > 4 || Math.abs(w / unit - modules) > 0.4) return undefined;
    out += modules;
  }
  return out;
}

function readRow(runs: number[]): string[] {
  const texts: string[] = [];
  // Odd indexes are dark runs: a symbol starts with a bar after a quiet zone of 10 modules.
  for (let start = 1; start < runs.length; start += 2) {
    const head = symbolAt(runs, start);
    const value = head === undefined ? undefined : VALUE_OF.get(head);
    if (value === undefined || value < START_A) continue;
    const unit = runs.slice(start, start + 6).reduce((a, b) => a + b, 0) / 11;
    if (runs[start - 1] < 9 * unit) continue;
    const decoded = decodeFrom(runs, start);
    if (decoded !== undefined) texts.push(decoded);
  }
  return texts;
}

function decodeFrom(runs: number[], start: number): string | undefined {
  const values: number[] = [];
  for (let at = start; ; at += 6) {
    const pattern = symbolAt(runs, at);
    if (pattern === undefined) return undefined;
    if (pattern === STOP_HEAD) break;
    const value = VALUE_OF.get(pattern);
    if (value === undefined) return undefined;
    values.push(value);
  }
  if (values.length < 2) return undefined;
  const check = values.pop()!;
  const sum = values.reduce((acc, v, i) => acc + v * Math.max(i, 1), 0);
  if (sum % 103 !== check) return undefined;
  return toText(values);
}

/** Symbol values to text under code sets A, B and C with their switch and shift codes. */
function toText(values: number[]): string | undefined {
  let set: 'A' | 'B' | 'C' = values[0] === START_A ? 'A' : values[0] === START_B ? 'B' : 'C';
  if (values[0] !== START_A && values[0] !== START_B && values[0] !== START_C) return undefined;
  let out = '';
  let shift = false;
  for (const v of values.slice(1)) {
    const current = shift ? (set === 'A' ? 'B' : 'A') : set;
    shift = false;
    if (current === 'C') {
      if (v < 100) out += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      continue;
    }
    if (v < 96) {
      out += current === 'B' || v < 64 ? String.fromCharCode(v + 32) : String.fromCharCode(v - 64);
      continue;
    }
    if (v === 98) shift = true;
    else if (v === 99) set = 'C';
    else if (v === 100 && current === 'A') set = 'B';
    else if (v === 101 && current === 'B') set = 'A';
    // FNC1..FNC4 carry no text for the ids we print.
  }
  return out;
}
