// Text on printed slips in any script the catalogues use. The PDF standard fonts encode only
// WinAnsi (Hindi would print as '?'), so the slips embed Noto Sans, shipped with the app
// (@fontsource/noto-sans-devanagari, the font the screens use): its Devanagari and Latin parts
// are separate files, so a line is drawn as runs of one script each. fontkit shapes Devanagari
// (conjuncts, vowel signs before their consonant); the visual order of the glyphs is not the
// order of the letters, so each line carries its text as ActualText (ISO 32000-1 § 14.9.4) and
// copying or searching the PDF gives the words back.
import 'regenerator-runtime/runtime.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFHexString, PDFName, PDFOperator, PDFOperatorNames, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/** Devanagari with the joiners and the dotted circle its shaping uses (Unicode blocks 0900-097F, A8E0-A8FF, 1CD0-1CFF). */
const isDevanagari = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x900 && c <= 0x97f) || (c >= 0xa8e0 && c <= 0xa8ff) || (c >= 0x1cd0 && c <= 0x1cff) || c === 0x200c || c === 0x200d || c === 0x25cc;
};
/** What the embedded fonts draw: Basic Latin and Latin-1, general punctuation (dashes, quotes, …) and Devanagari. */
const isPrintable = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || (c >= 0x2000 && c <= 0x206f) || isDevanagari(ch);
};

export type Weight = 'regular' | 'bold';

interface Faces {
  latin: PDFFont;
  devanagari: PDFFont;
}

export interface SlipFonts {
  regular: Faces;
  bold: Faces;
}

const fontFile = (subset: string, weight: Weight): Uint8Array => {
  const require = createRequire(import.meta.url);
  const file = `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`;
  return readFileSync(require.resolve(file));
};

/** Embeds the fonts (only the glyphs used end up in the PDF). */
export async function embedSlipFonts(doc: PDFDocument): Promise<SlipFonts> {
  doc.registerFontkit(fontkit);
  const faces = async (weight: Weight): Promise<Faces> => ({
    latin: await doc.embedFont(fontFile('latin', weight), { subset: true }),
    devanagari: await doc.embedFont(fontFile('devanagari', weight), { subset: true }),
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

/** Anything outside the embedded Latin and Devanagari parts (emoji, other scripts) as '?'. */
function printable(text: string): string {
  return [...text].map((ch) => (isPrintable(ch) ? ch : '?')).join('');
}

export function widthOf(text: string, faces: Faces, size: number): number {
  return scriptRuns(printable(text)).reduce((w, run) => w + (run.devanagari ? faces.devanagari : faces.latin).widthOfTextAtSize(run.text, size), 0);
}

/** Draws one line at (x, y), shrunk to fit `maxWidth`, with its text as ActualText. */
export function drawLine(page: PDFPage, doc: PDFDocument, text: string, at: { x: number; y: number; size: number; maxWidth: number; faces: Faces }): void {
  const line = printable(text);
  const natural = widthOf(line, at.faces, at.size);
  const size = natural > at.maxWidth ? (at.size * at.maxWidth) / natural : at.size;
  // pdf-lib's operator arguments leave out dictionaries, which BDC takes inline (§ 14.6.2); it writes them as such.
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), doc.context.obj({ ActualText: PDFHexString.fromText(line) }) as unknown as PDFName]));
  let x = at.x;
  for (const run of scriptRuns(line)) {
    const font = run.devanagari ? at.faces.devanagari : at.faces.latin;
    page.drawText(run.text, { x, y: at.y, size, font });
    x += font.widthOfTextAtSize(run.text, size);
  }
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
