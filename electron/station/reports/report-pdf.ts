// A list printed as it is on the screen: a title, what it shows (the filters), a header row
// repeated on every page, rows that wrap within their column, and "page N of M" with the time
// it was printed (IST), on A4 landscape so a wide list keeps its columns.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

export interface ReportInput {
  title: string;
  subtitle?: string;
  columns: string[];
  rows: string[][];
  /** "24 Nov 2026, 3:30 pm IST": when it was printed. */
  printedAt: string;
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
const SIZE = 8.5;
const LINE = SIZE * 1.3;
const PAD = 3;

/** The standard fonts encode WinAnsi only: common signs get their words, anything else a '?'. */
export function printable(text: string): string {
  return text
    .replace(/₹/g, 'Rs ')
    .replace(/→/g, '->')
    .replace(/[✓✔]/g, 'ok')
    .replace(/[✗✘]/g, 'x')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?');
}

/** Breaks text into lines no wider than `width` (long words are cut). */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const out: string[] = [];
  for (const para of printable(text).split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/)) {
      let w = word;
      while (font.widthOfTextAtSize(w, SIZE) > width) {
        let cut = w.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), SIZE) > width) cut--;
        if (line) out.push(line);
        out.push(w.slice(0, cut));
        line = '';
        w = w.slice(cut);
      }
      const next = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(next, SIZE) > width && line) {
        out.push(line);
        line = w;
      } else line = next;
    }
    out.push(line);
  }
  return out.length ? out : [''];
}

/** Column widths in proportion to what they hold (header and a sample of rows), within the page. */
function columnWidths(input: ReportInput, font: PDFFont, total: number): number[] {
  const sample = input.rows.slice(0, 200);
  const want = input.columns.map((c, i) => Math.min(260, Math.max(font.widthOfTextAtSize(printable(c), SIZE), ...sample.map((r) => font.widthOfTextAtSize(printable(r[i] ?? ''), SIZE))) + 2 * PAD));
  const sum = want.reduce((a, b) => a + b, 0);
  return want.map((w) => (w / sum) * total);
}

export async function renderReport(input: ReportInput): Promise<{ pdf: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(input.title));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = A4_LANDSCAPE;
  const widths = columnWidths(input, font, W - 2 * MARGIN);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;

  const drawRow = (cells: string[], face: PDFFont) => {
    const lines = cells.map((c, i) => wrap(c, face, widths[i]! - 2 * PAD));
    const height = Math.max(...lines.map((l) => l.length)) * LINE + 2 * PAD;
    let x = MARGIN;
    lines.forEach((ls, i) => {
      ls.forEach((text, n) => page.drawText(text, { x: x + PAD, y: y - PAD - SIZE - n * LINE, size: SIZE, font: face }));
      x += widths[i]!;
    });
    y -= height;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: W - MARGIN, y }, thickness: 0.4, color: rgb(0.6, 0.6, 0.6) });
    return height;
  };
  const newPage = () => {
    page = doc.addPage([W, H]);
    pages.push(page);
    y = H - MARGIN;
    if (pages.length === 1) {
      page.drawText(printable(input.title), { x: MARGIN, y: y - 14, size: 14, font: bold });
      y -= 22;
      if (input.subtitle) {
        for (const line of wrap(input.subtitle, font, W - 2 * MARGIN)) {
          page.drawText(line, { x: MARGIN, y: y - SIZE, size: SIZE, font });
          y -= LINE;
        }
      }
      y -= 6;
    }
    drawRow(input.columns, bold);
  };
  newPage();
  if (input.rows.length === 0) {
    page.drawText('Nothing to show.', { x: MARGIN, y: y - 14, size: 10, font });
  }
  for (const row of input.rows) {
    const need = Math.max(...row.map((c, i) => wrap(c, font, widths[i]! - 2 * PAD).length)) * LINE + 2 * PAD;
    if (y - need < MARGIN + 16) newPage();
    drawRow(input.columns.map((_, i) => row[i] ?? ''), font);
  }
  pages.forEach((p, i) => {
    const foot = `${printable(input.title)} - printed ${printable(input.printedAt)} - page ${i + 1} of ${pages.length}`;
    p.drawText(foot, { x: MARGIN, y: MARGIN - 14, size: 7.5, font, color: rgb(0.3, 0.3, 0.3) });
  });
  return { pdf: await doc.save(), pages: pages.length };
}
