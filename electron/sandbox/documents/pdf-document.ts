// Page sizes and document creation shared by every document the sandbox prints.
import { PDFDocument } from '@cantoo/pdf-lib';

/** 4 x 6 in at 72 pt per inch: the thermal label stock. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;

/** A4 in pt (ISO 216: 210 x 297 mm). */
export const A4_WIDTH_PT = 595.28;
export const A4_HEIGHT_PT = 841.89;

/**
 * A new document without the wall-clock creation and modification dates pdf-lib would add: the
 * same records give the same bytes, which keeps fixtures and reprints comparable.
 */
export async function newDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  return doc;
}
