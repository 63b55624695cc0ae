// One PDF out of many: a wave's labels print as one job, so they come out in order and the
// operator cannot lose one half-way through to another job on the same printer.
import { PDFDocument } from '@cantoo/pdf-lib';
import { loadPdf, savePdf } from './pdf-io.js';

export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 0) throw new Error('nothing to merge');
  if (parts.length === 1) return parts[0];
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of parts) {
    const source = await loadPdf(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return savePdf(merged);
}
