// The label's content stream written as text in one pass. A marketplace renders every label of
// a wave (1,000 pages and more); pdf-lib's drawing calls build an object per operator and number,
// then deflate the stream in JavaScript, which made a label page cost about 2 ms of the
// sandbox's one core. The same operators written as a string and deflated by zlib cost a fraction
// of that, and the page reads exactly the same (pdftotext, barcode scans).
import { constants, deflateSync } from 'node:zlib';
import { type PDFDocument, type PDFFont, type PDFPage, PDFName } from '@cantoo/pdf-lib';

/** The page resource names of the two faces in a label's own stream. */
const FONT_KEYS = ['LabelRegular', 'LabelBold'] as const;

/** A rectangle to fill: x, y (bottom edge), width, height in pt. */
export type Bar = readonly [number, number, number, number];

/** Draws a label as PDF operators into one content stream of its own. */
export class LabelPen {
  private readonly ops: string[] = [];
  private readonly keys = new Map<PDFFont, string>();

  /**
   * `fonts`: the document's faces, given page resource names of their own. `transform`: places
   * and scales the label on a larger page (the combined A4 layout), as a PDF `cm` matrix.
   */
  constructor(
    fonts: { regular: PDFFont; bold: PDFFont },
    private readonly transform?: readonly [number, number, number, number, number, number],
  ) {
    this.keys.set(fonts.regular, FONT_KEYS[0]);
    this.keys.set(fonts.bold, FONT_KEYS[1]);
  }

  /** One line of real (extractable) text in black, baseline at y. `shown` is already WinAnsi-safe. */
  text(shown: string, x: number, y: number, font: PDFFont, size: number): void {
    const key = this.keys.get(font);
    if (!key) throw new Error('LabelPen: a font the label was not given');
    this.ops.push(`BT /${key} ${n(size)} Tf 0 0 0 rg 1 0 0 1 ${n(x)} ${n(y)} Tm ${encoded(font, shown)} Tj ET`);
  }

  /** A black line from (x0, y) to (x1, y). */
  rule(x0: number, x1: number, y: number, thickness: number): void {
    this.ops.push(`q 0 0 0 RG ${n(thickness)} w ${n(x0)} ${n(y)} m ${n(x1)} ${n(y)} l S Q`);
  }

  /** A rectangle's black outline. */
  frame(x: number, y: number, width: number, height: number, thickness: number): void {
    this.ops.push(`q 0 0 0 RG ${n(thickness)} w ${n(x)} ${n(y)} ${n(width)} ${n(height)} re S Q`);
  }

  /** Filled black rectangles (a barcode's bars) as one path. */
  bars(rects: readonly Bar[]): void {
    const parts = ['q 0 g'];
    for (const [x, y, w, h] of rects) parts.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re`);
    parts.push('f Q');
    this.ops.push(parts.join('\n'));
  }

  /** Puts the drawing on `page`: the stream goes before anything drawn on the page later. */
  finish(doc: PDFDocument, page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }): void {
    const body = this.ops.join('\n');
    const source = this.transform ? `q ${this.transform.map(n).join(' ')} cm\n${body}\nQ` : body;
    const stream = doc.context.stream(deflateSync(Buffer.from(source, 'latin1'), { level: constants.Z_BEST_SPEED }), { Filter: 'FlateDecode' });
    page.node.setFontDictionary(PDFName.of(FONT_KEYS[0]), fonts.regular.ref);
    page.node.setFontDictionary(PDFName.of(FONT_KEYS[1]), fonts.bold.ref);
    page.node.addContentStream(doc.context.register(stream));
  }
}

/** Numbers as PDF writes them: no exponent, at most three decimals (no visible shift). */
function n(value: number): string {
  const r = Math.round(value * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
}

const PLAIN = /^[\x20-\x7e]*$/;

/** Printable ASCII as a literal string (the WinAnsi code is the character's); the rest through the font's encoding. */
function encoded(font: PDFFont, text: string): string {
  if (PLAIN.test(text)) return `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`;
  return font.encodeText(text).toString();
}
