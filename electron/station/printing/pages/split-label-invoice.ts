// Splits marketplace documents that carry the shipping label and the invoice on one A4 page:
// the label region goes to a label-size page for the label printer, the invoice region to an A4
// page (at true size, at the top) for the document printer. The label part is cut out of the
// invoice page by the clip and the move, not painted over, so it does not print twice.
import { MEDIA, sameSize, type PageSize } from '../media.js';
import { loadPdf, PdfPageError, savePdf } from './pdf-io.js';
import { PageRewriter, displayedRegionToUser, displayedSize, pageGeometry } from './place-region.js';
import { invoiceRegionOf, type Region, type SplitLayout } from './split-layouts.js';

export interface SplitResult {
  labels: Uint8Array;
  invoices: Uint8Array;
  pages: number;
}

export interface SplitOptions {
  labelMedia: PageSize;
  documentMedia?: PageSize;
}

type Part = 'label' | 'invoice';

async function cutPart(bytes: Uint8Array, layout: SplitLayout, part: Part, target: PageSize): Promise<{ pdf: Uint8Array; pages: number }> {
  // Parsing the source once per output is cheaper than copying 1,000 pages between documents.
  const doc = await loadPdf(bytes);
  const rewriter = new PageRewriter(doc);
  const wanted: Region = part === 'label' ? layout.labelRegion : invoiceRegionOf(layout);
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const g = pageGeometry(page);
    const shown = displayedSize(g);
    if (!sameSize(shown, layout.page)) {
      throw new PdfPageError(
        `page ${index + 1} is ${Math.round(shown.width)} x ${Math.round(shown.height)} pt, not the ` +
          `${Math.round(layout.page.width)} x ${Math.round(layout.page.height)} pt page the '${layout.name}' layout splits`,
      );
    }
    const region = displayedRegionToUser(g, wanted);
    rewriter.place(page, region, g.turns, part === 'label'
      ? { target, rotate: 'auto', align: 'center', upscale: true }
      : { target, rotate: 'never', align: 'top', upscale: false });
  });
  return { pdf: await savePdf(doc), pages: pages.length };
}

export async function splitLabelInvoicePdf(bytes: Uint8Array, layout: SplitLayout, options: SplitOptions): Promise<SplitResult> {
  const labels = await cutPart(bytes, layout, 'label', options.labelMedia);
  const invoices = await cutPart(bytes, layout, 'invoice', options.documentMedia ?? MEDIA.a4);
  return { labels: labels.pdf, invoices: invoices.pdf, pages: labels.pages };
}
