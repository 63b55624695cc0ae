// Moves a region of a PDF page onto a page of another size by rewriting the page in place: a
// short content stream in front of the page's own streams sets the transformation and a clip,
// one shared stream behind them restores the graphics state. Nothing of the page's content is
// decoded or copied (pdf-lib's embedPage would inflate and deflate every content stream), which
// is what keeps a 1,000-label wave near the speed of poppler's own page tools.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import { apply, compose, quarterTurnsClockwise, scale, translate, type Matrix } from './affine.js';
import type { PageSize } from '../media.js';
import type { Region } from './split-layouts.js';
import { PdfPageError } from './pdf-io.js';

export interface PlacementOptions {
  target: PageSize;
  /** 'auto': turn the region a quarter when its orientation differs from the target's. */
  rotate: 'auto' | 'never';
  /** Vertical placement when the region does not fill the target. */
  align: 'center' | 'top';
  /** Enlarge small regions to the target (labels), or print at true size at most (invoices). */
  upscale: boolean;
}

export interface PageGeometry {
  /** The page's visible box (crop box, else media box) in its user space. */
  box: Region;
  /** The page's /Rotate in quarter turns clockwise. */
  turns: number;
}

const BOXES_TO_DROP = ['CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Annots'].map((n) => PDFName.of(n));

export function pageGeometry(page: PDFPage): PageGeometry {
  const raw = page.getCropBox();
  const box = {
    x: Math.min(raw.x, raw.x + raw.width),
    y: Math.min(raw.y, raw.y + raw.height),
    width: Math.abs(raw.width),
    height: Math.abs(raw.height),
  };
  const angle = page.getRotation().angle;
  if (angle % 90 !== 0) throw new PdfPageError(`page rotation ${angle}° is not a multiple of 90°`);
  return { box, turns: angle / 90 };
}

/** The page as a viewer shows it: size after /Rotate. */
export function displayedSize(g: PageGeometry): PageSize {
  return g.turns % 2 === 0 ? { width: g.box.width, height: g.box.height } : { width: g.box.height, height: g.box.width };
}

/**
 * Converts a region given on the displayed page (what the layout author sees) to the page's
 * user space, where the content stream draws.
 */
export function displayedRegionToUser(g: PageGeometry, region: Region): Region {
  const shown = displayedSize(g);
  // Displayed -> user is the reverse turn of user -> displayed, then the box origin.
  const back = compose(quarterTurnsClockwise(4 - (g.turns % 4), shown.width, shown.height), translate(g.box.x, g.box.y));
  const [x1, y1] = apply(back, region.x, region.y);
  const [x2, y2] = apply(back, region.x + region.width, region.y + region.height);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** Where a user-space region of a page with `turns` lands on the target page. */
export function placementMatrix(region: Region, turns: number, options: PlacementOptions): Matrix {
  let m = compose(translate(-region.x, -region.y), quarterTurnsClockwise(turns, region.width, region.height));
  let w = turns % 2 === 0 ? region.width : region.height;
  let h = turns % 2 === 0 ? region.height : region.width;
  const { target } = options;
  const landscape = w > h;
  const targetLandscape = target.width > target.height;
  if (options.rotate === 'auto' && w !== h && target.width !== target.height && landscape !== targetLandscape) {
    m = compose(m, quarterTurnsClockwise(1, w, h));
    [w, h] = [h, w];
  }
  let s = Math.min(target.width / w, target.height / h);
  if (!options.upscale) s = Math.min(s, 1);
  const dx = (target.width - s * w) / 2;
  const dy = options.align === 'center' ? (target.height - s * h) / 2 : target.height - s * h;
  return compose(compose(m, scale(s)), translate(dx, dy));
}

/** Formats a number for a content stream: PDF has no exponent notation. */
export function pdfNumber(n: number): string {
  const fixed = n.toFixed(4);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') || '0' : fixed;
}

/** Per-document objects shared by every page rewritten in it. */
export class PageRewriter {
  private readonly restore: PDFRef;
  private readonly preludes = new Map<string, PDFRef>();

  constructor(private readonly doc: PDFDocument) {
    this.restore = doc.context.register(doc.context.stream('\nQ\n'));
  }

  /** Shows `region` (user space of `page`) alone on a page of `options.target`. */
  place(page: PDFPage, region: Region, turns: number, options: PlacementOptions): void {
    const m = placementMatrix(region, turns, options);
    const prelude = `q ${m.map(pdfNumber).join(' ')} cm ${[region.x, region.y, region.width, region.height].map(pdfNumber).join(' ')} re W n\n`;
    // Labels of one wave share their geometry: one prelude object serves them all.
    let preludeRef = this.preludes.get(prelude);
    if (!preludeRef) {
      preludeRef = this.doc.context.register(this.doc.context.stream(prelude));
      this.preludes.set(prelude, preludeRef);
    }
    const node = page.node;
    node.set(PDFName.Contents, this.doc.context.obj([preludeRef, ...this.contentRefs(page), this.restore]));
    node.set(PDFName.MediaBox, this.doc.context.obj([0, 0, options.target.width, options.target.height]));
    node.set(PDFName.of('Rotate'), PDFNumber.of(0));
    // Boxes and link rectangles of the old geometry would be wrong on the new page.
    for (const name of BOXES_TO_DROP) node.delete(name);
  }

  private contentRefs(page: PDFPage): PDFRef[] {
    const raw = page.node.get(PDFName.Contents);
    if (raw === undefined) return [];
    const value = raw instanceof PDFRef ? this.doc.context.lookup(raw) : raw;
    if (value instanceof PDFStream) {
      if (raw instanceof PDFRef) return [raw];
      return [this.doc.context.register(value)];
    }
    if (value instanceof PDFArray) {
      return value.asArray().map((entry) => (entry instanceof PDFRef ? entry : this.doc.context.register(entry as PDFStream)));
    }
    if (value instanceof PDFDict) throw new PdfPageError('page contents are not a stream');
    return [];
  }
}
