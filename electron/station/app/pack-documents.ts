// What a packed shipment puts on paper, by the desk's setting (Setup → Printers):
// - labelOnly: the shipping label;
// - labelAndInvoice: the label on the label printer and the invoice PDF, fetched from the
//   marketplace (spec § GET /v3/shipments/{shipmentIds}/invoices), on the document printer;
// - combinedSplit: the marketplace's combined A4 page (label above, invoice below) cut in two, the
//   label part to the label printer and the invoice part to the document printer.
// A shipment packed as several parcels gets one label (spec § Sub-shipment) and, in the same job
// right after it, a box slip per parcel as packed, so the label and its slips come out together:
// at the desk, in a wave's batch job (each shipment's slips after its own label) and on a reprint.
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { InvoicePrinting } from '../../../shared/settings.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import type { MarketplaceClient } from '../api/client.js';
import type { LabelPrinter } from '../packing/pack-submit.js';
import type { ProductFacts } from '../packing/pack-session.js';
import { parcelsOf, type ParcelsAsPacked } from '../packing/parcels-as-packed.js';
import { renderBoxSlips } from '../printing/box-slips.js';
import { MEDIA, sameSize, type PageSize } from '../printing/media.js';
import { fitLabelToStock } from '../printing/pages/fit-label.js';
import { loadPdf, savePdf } from '../printing/pages/pdf-io.js';
import { mergePdfs } from '../printing/pages/merge-pdfs.js';
import { splitLabelInvoicePdf } from '../printing/pages/split-label-invoice.js';
import { SPLIT_LAYOUTS } from '../printing/pages/split-layouts.js';
import type { PrintService } from './print-service.js';

export interface PackDocumentDeps {
  printing: PrintService;
  client: () => MarketplaceClient;
  invoicePrinting: () => InvoicePrinting;
  /** The parcels each pack sent (the journal's), for the box slips. */
  parcels?: ParcelsAsPacked;
  /** The listing's facts of a SKU, for box slips' package dimensions when nothing measured is known. */
  facts?: (sku: string) => ProductFacts | undefined;
  /** Who is packing at this desk, for the box slips. */
  packedBy?: () => { operator: string; desk: string };
  /** The desk's language, for the words on the box slips. */
  language?: () => string;
}

/**
 * The label pages of a job with, right after each shipment's label, a slip per parcel of a
 * shipment packed as more than one (parcels-as-packed.ts: the parcels the pack sent, measured).
 * The marketplace gives one label page per shipment, in the order asked (spec § GET
 * /v3/shipments/{shipmentIds}/labels); when the pages do not match the shipments one to one, the
 * slips follow the labels, in the same order, so none is lost.
 */
export async function labelsWithSlips(
  deps: Pick<PackDocumentDeps, 'client' | 'parcels' | 'facts' | 'packedBy' | 'language'>,
  labels: Uint8Array,
  shipmentIds: readonly string[],
  page: PageSize,
): Promise<Uint8Array> {
  if (shipmentIds.length === 0) return labels;
  const shipments = await deps.client().orders.getShipments({ shipmentIds: [...shipmentIds] }).catch(() => [] as ShipmentWire[]);
  const parcels = deps.parcels ? await deps.parcels.of(shipments, deps.facts) : new Map(shipments.map((s) => [s.shipmentId, parcelsOf(s, undefined, deps.facts)]));
  const slips = new Map<string, Uint8Array>();
  for (const id of shipmentIds) {
    const boxes = parcels.get(id) ?? [];
    if (boxes.length > 1) slips.set(id, await renderBoxSlips({ shipmentId: id, packages: boxes, page, packedBy: deps.packedBy?.(), language: deps.language?.() }));
  }
  if (slips.size === 0) return labels;
  const source = await loadPdf(labels);
  const out = await PDFDocument.create({ updateMetadata: false });
  const add = async (doc: PDFDocument, pages: number[]) => {
    for (const p of await out.copyPages(doc, pages)) out.addPage(p);
  };
  const oneEach = source.getPageCount() === shipmentIds.length;
  if (!oneEach) await add(source, source.getPageIndices());
  for (const [n, id] of shipmentIds.entries()) {
    if (oneEach) await add(source, [n]);
    const own = slips.get(id);
    if (own) {
      const doc = await loadPdf(own);
      await add(doc, doc.getPageIndices());
    }
  }
  return savePdf(out);
}

/** Pages of the label document that are A4 (invoices the marketplace adds for automatic invoicing) and the rest. */
async function separateA4(pdf: Uint8Array): Promise<{ labels?: Uint8Array; a4?: Uint8Array }> {
  const doc = await loadPdf(pdf);
  const pages = doc.getPages();
  const a4 = pages.map((p, i) => ({ i, a4: sameSize(p.getSize(), MEDIA.a4) }));
  if (!a4.some((p) => p.a4)) return { labels: pdf };
  const pick = async (want: boolean) => {
    const ids = a4.filter((p) => p.a4 === want).map((p) => p.i);
    if (ids.length === 0) return undefined;
    const out = await PDFDocument.create({ updateMetadata: false });
    for (const page of await out.copyPages(doc, ids)) out.addPage(page);
    return savePdf(out);
  };
  return { labels: await pick(false), a4: await pick(true) };
}

export function packDocumentPrinter(deps: PackDocumentDeps): LabelPrinter {
  return {
    async printLabels(pdf, job) {
      const mode = deps.invoicePrinting();
      const client = deps.client();
      const notes: string[] = [];
      let labels = pdf;
      let invoice: Uint8Array | undefined;
      // A label printed again (Print → Reprint label) comes with its slips, not its invoice.
      const wantInvoice = !job.labelOnly;
      const stock = deps.printing.mediaFor('label');
      if (mode === 'combinedSplit') {
        const parts = await separateA4(pdf);
        if (parts.a4) {
          const split = await splitLabelInvoicePdf(parts.a4, SPLIT_LAYOUTS['a4-label-invoice'], { labelMedia: MEDIA[stock] });
          labels = parts.labels ? await mergePdfs([split.labels, parts.labels]) : split.labels;
          if (wantInvoice) invoice = split.invoices;
        } else {
          notes.push('The marketplace sent a label without the combined A4 page, so only the label printed.');
        }
      } else {
        const parts = await separateA4(pdf);
        labels = parts.labels ?? pdf;
        if (mode === 'labelAndInvoice' && wantInvoice) invoice = parts.a4;
      }
      labels = await fitLabelToStock(labels, MEDIA[stock], stock === 'a4-label-region');
      if (mode === 'labelAndInvoice' && wantInvoice && !invoice && job.shipmentIds.length > 0) {
        try {
          invoice = await client.orders.invoicesPdf(job.shipmentIds);
        } catch (e) {
          notes.push(`The invoice could not be fetched (${(e as Error).message}); reprint it from Print.`);
        }
      }
      labels = await labelsWithSlips(deps, labels, job.shipmentIds, MEDIA[stock]);
      const label = await deps.printing.print('label', labels, job.title, { fitted: true });
      if (invoice) {
        if (deps.printing.printerFor('document')) await deps.printing.print('document', invoice, keyed('print.jobTitle.invoice', { ids: job.shipmentIds.join(' ') }));
        else notes.push('No document printer is chosen, so the invoice did not print: choose one in Setup → Printers.');
      }
      return { ...label, note: notes.join(' ') || undefined };
    },
    whenPrinted: (jobId, waiting) => deps.printing.follow(jobId, waiting),
  };
}
