// Labels for more ids than one request allows come back as several PDFs; the desk prints one
// merged document, so they are joined here (pdf-lib, pages copied, not re-rendered).
import { PDFDocument } from '@cantoo/pdf-lib';

export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0];
  const out = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return out.save();
}
