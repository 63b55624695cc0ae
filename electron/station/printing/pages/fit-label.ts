// Fits every page of a label PDF to the label printer's media: scaled to fit, turned a quarter
// when a landscape label goes to portrait stock (thermal printers feed portrait), centred.
import type { PDFDocument } from '@cantoo/pdf-lib';
import type { PageSize } from '../media.js';
import { loadPdf, savePdf } from './pdf-io.js';
import { PageRewriter, pageGeometry } from './place-region.js';

/** Rewrites the pages of `doc` in place; returns the page count. */
export function fitPagesToMedia(doc: PDFDocument, media: PageSize): number {
  const rewriter = new PageRewriter(doc);
  const pages = doc.getPages();
  for (const page of pages) {
    const g = pageGeometry(page);
    rewriter.place(page, g.box, g.turns, { target: media, rotate: 'auto', align: 'center', upscale: true });
  }
  return pages.length;
}

export async function fitLabelPdf(bytes: Uint8Array, media: PageSize): Promise<Uint8Array> {
  const doc = await loadPdf(bytes);
  fitPagesToMedia(doc, media);
  return savePdf(doc);
}

/**
 * Fits labels to the stock the desk loaded: label stock is filled (scaled, turned, centred); on
 * plain A4 the label keeps its own size in the top region, where a sheet is cut or folded.
 */
export async function fitLabelToStock(bytes: Uint8Array, stock: PageSize, onSheet: boolean): Promise<Uint8Array> {
  if (!onSheet) return fitLabelPdf(bytes, stock);
  const doc = await loadPdf(bytes);
  const rewriter = new PageRewriter(doc);
  for (const page of doc.getPages()) {
    const g = pageGeometry(page);
    rewriter.place(page, g.box, g.turns, { target: stock, rotate: 'auto', align: 'top', upscale: false });
  }
  return savePdf(doc);
}
