// PDFs for the printing tests, made with pdf-lib so every page's content is known: a black frame
// along the page edge (to see where the page landed), a filled marker square in the top-left
// corner (to see which way it was turned) and the page's name as text.
import { PDFDocument, StandardFonts, degrees, rgb } from '@cantoo/pdf-lib';

export const MARKER = 40;

export interface LabelOptions {
  width: number;
  height: number;
  /** /Rotate on every page. */
  rotate?: number;
  prefix?: string;
}

export async function labelPdf(count: number, options: LabelOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { width, height } = options;
  for (let i = 1; i <= count; i += 1) {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 2, y: 2, width: width - 4, height: height - 4, borderColor: rgb(0, 0, 0), borderWidth: 4 });
    page.drawRectangle({ x: 0, y: height - MARKER, width: MARKER, height: MARKER, color: rgb(0, 0, 0) });
    page.drawText(`${options.prefix ?? 'LABEL'} ${i}`, { x: MARKER + 10, y: height / 2, size: 20, font });
    if (options.rotate) page.setRotation(degrees(options.rotate));
  }
  return doc.save();
}

/** Bounding box of the pixels darker than mid-grey, in pixels from the top-left. */
export function darkBox(image: { width: number; height: number; data: Uint8Array }): { left: number; top: number; right: number; bottom: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (image.data[y * image.width + x] < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, top, right, bottom };
}

/** Is the pixel at (x, y) pt from the top-left dark, at `dpi`? */
export function darkAt(image: { width: number; data: Uint8Array }, dpi: number, xPt: number, yPt: number): boolean {
  const x = Math.round((xPt * dpi) / 72);
  const y = Math.round((yPt * dpi) / 72);
  return image.data[y * image.width + x] < 128;
}
