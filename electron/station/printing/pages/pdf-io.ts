// Loading and saving PDFs for printing. pdf-lib's defaults yield to the event loop every 100
// parsed / 50 written objects, which makes a 1,000-label wave several times slower than the
// work itself; a print job is a short burst, so it runs in one go.
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false });
}

export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  // Object streams save about a third of the file size but cost more than the rest of the
  // rewrite; print spool files are short-lived.
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false });
}

export class PdfPageError extends Error {
  override readonly name = 'PdfPageError';
}
