// Text on printed slips in any script the catalogues use. The PDF standard fonts encode only
// WinAnsi (Hindi would print as '?'), so a line is drawn as runs of one script each: Latin in
// Helvetica as before (it survives every print path, a PostScript round trip included), and
// Devanagari in Noto Sans Devanagari, shipped with the app (@fontsource/noto-sans-devanagari, the
// font the screens use) and embedded. fontkit shapes Devanagari (conjuncts, vowel signs before
// their consonant); the visual order of the glyphs is not the order of the letters, so each line
// carries its text as ActualText (ISO 32000-1 § 14.9.4) and copying or searching the PDF gives
// the words back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import { PDFHexString, PDFName, PDFOperator, PDFOperatorNames, StandardFonts, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/** Devanagari with the joiners and the dotted circle its shaping uses (Unicode blocks 0900-097F, A8E0-A8FF, 1CD0-1CFF). */
const isDevanagari = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x900 && c <= 0x97f) || (c >= 0xa8e0 && c <= 0xa8ff) || (c >= 0x1cd0 && c <= 0x1cff) || c === 0x200c || c === 0x200d || c === 0x25cc;
};
/** What Helvetica's WinAnsi encoding draws: Basic Latin, Latin-1, dashes, quotes, the ellipsis and the bullet. */
const WIN_ANSI_EXTRA = new Set([...'–—‘’“”…•']);
const isLatinPrintable = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

export type Weight = 'regular' | 'bold';

interface Faces {
  latin: PDFFont;
  /** Embedded only when a slip has Devanagari to print. */
  devanagari?: PDFFont;
}

export interface SlipFonts {
  regular: Faces;
  bold: Faces;
}

const devanagariFile = (weight: Weight): Uint8Array => {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight === 'bold' ? 700 : 400}-normal.woff`));
};

/** Whether any of the texts has Devanagari (its font is embedded only then). */
export const hasDevanagari = (texts: readonly string[]): boolean => texts.some((t) => [...t].some(isDevanagari));

/** The fonts of a slip; Devanagari embedded when asked (only the glyphs used end up in the PDF). */
export async function embedSlipFonts(doc: PDFDocument, options: { devanagari: boolean }): Promise<SlipFonts> {
  if (options.devanagari) doc.registerFontkit(fontkit);
  const faces = async (weight: Weight): Promise<Faces> => ({
    latin: await doc.embedFont(weight === 'bold' ? StandardFonts.HelveticaBold : StandardFonts.Helvetica),
    ...(options.devanagari ? { devanagari: await doc.embedFont(devanagariFile(weight), { subset: true }) } : {}),
  });
  return { regular: await faces('regular'), bold: await faces('bold') };
}

/** The text cut into runs of one script (digits, spaces and punctuation are in the Latin part). */
export function scriptRuns(text: string): { text: string; devanagari: boolean }[] {
  const runs: { text: string; devanagari: boolean }[] = [];
  for (const ch of text) {
    const deva = isDevanagari(ch);
    const last = runs[runs.length - 1];
    if (last && last.devanagari === deva) last.text += ch;
    else runs.push({ text: ch, devanagari: deva });
  }
  return runs;
}

/** Anything the fonts cannot draw (emoji, other scripts, Devanagari without its font) as '?'. */
function printable(text: string, faces: Faces): string {
  return [...text].map((ch) => (isLatinPrintable(ch) || (faces.devanagari && isDevanagari(ch)) ? ch : '?')).join('');
}

const fontOf = (run: { devanagari: boolean }, faces: Faces): PDFFont => (run.devanagari && faces.devanagari ? faces.devanagari : faces.latin);

/** How wide a line is drawn (before any shrinking to fit), for wrapping a longer text. */
export function textWidth(text: string, faces: Faces, size: number): number {
  return widthOf(printable(text, faces), faces, size);
}

function widthOf(line: string, faces: Faces, size: number): number {
  return scriptRuns(line).reduce((w, run) => w + fontOf(run, faces).widthOfTextAtSize(run.text, size), 0);
}

/** Draws one line at (x, y), shrunk to fit `maxWidth`, with its text as ActualText. */
export function drawLine(page: PDFPage, doc: PDFDocument, text: string, at: { x: number; y: number; size: number; maxWidth: number; faces: Faces }): void {
  const line = printable(text, at.faces);
  const natural = widthOf(line, at.faces, at.size);
  const size = natural > at.maxWidth ? (at.size * at.maxWidth) / natural : at.size;
  // pdf-lib's operator arguments leave out dictionaries, which BDC takes inline (§ 14.6.2); it writes them as such.
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), doc.context.obj({ ActualText: PDFHexString.fromText(line) }) as unknown as PDFName]));
  let x = at.x;
  for (const run of scriptRuns(line)) {
    const font = fontOf(run, at.faces);
    page.drawText(run.text, { x, y: at.y, size, font });
    x += font.widthOfTextAtSize(run.text, size);
  }
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
