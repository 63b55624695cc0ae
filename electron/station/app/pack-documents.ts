// What a packed shipment puts on paper, by the desk's setting (Setup → Printers):
// - labelOnly: the shipping label;
// - labelAndInvoice: the label on the label printer and the invoice PDF, fetched from the
//   marketplace (spec § GET /v3/shipments/{shipmentIds}/invoices), on the document printer;
// - combinedSplit: the marketplace's combined A4 page (label above, invoice below) cut in two, the
//   label part to the label printer and the invoice part to the document printer.
// A multi-package shipment gets one label (spec § Sub-shipment) and, in the same job right after
// it, a box slip per package, so the label and its slips come out together.
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { InvoicePrinting } from '../../../shared/settings.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import type { MarketplaceClient } from '../api/client.js';
import type { LabelPrinter } from '../packing/pack-submit.js';
import type { ProductFacts } from '../packing/pack-session.js';
import { renderBoxSlips, type BoxSlipPackage } from '../printing/box-slips.js';
import { MEDIA, sameSize } from '../printing/media.js';
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
  /** The listing's facts of a SKU, for box slips' package dimensions when the record has none. */
  facts?: (sku: string) => ProductFacts | undefined;
  /** Who is packing at this desk, for the box slips. */
  packedBy?: () => { operator: string; desk: string };
  /** The desk's language, for the words on the box slips. */
  language?: () => string;
}

/** The packages of a shipment as the courier sees the boxes: one per package of every sub-shipment. */
export function boxesOf(shipment: ShipmentWire, facts?: (sku: string) => ProductFacts | undefined): BoxSlipPackage[] {
  const listing = facts?.(shipment.orderItems[0]?.sku ?? '')?.packages;
  return shipment.subShipments.flatMap((sub, s) =>
    sub.packages.map((p, i) => {
      const fromListing = shipment.subShipments.length > 1 ? listing?.[s] : listing?.[i];
      const d = p.dimensions ?? fromListing;
      return {
        title: p.packageTitle ?? p.packageSku ?? p.packageId,
        dimensions: d ? { length: d.length, breadth: d.breadth, height: d.height } : undefined,
        weightKg: p.dimensions?.weight ?? fromListing?.weight,
      };
    }),
  );
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
      const stock = deps.printing.mediaFor('label');
      if (mode === 'combinedSplit') {
        const parts = await separateA4(pdf);
        if (parts.a4) {
          const split = await splitLabelInvoicePdf(parts.a4, SPLIT_LAYOUTS['a4-label-invoice'], { labelMedia: MEDIA[stock] });
          labels = parts.labels ? await mergePdfs([split.labels, parts.labels]) : split.labels;
          invoice = split.invoices;
        } else {
          notes.push('The marketplace sent a label without the combined A4 page, so only the label printed.');
        }
      } else {
        const parts = await separateA4(pdf);
        labels = parts.labels ?? pdf;
        if (mode === 'labelAndInvoice') invoice = parts.a4;
      }
      labels = await fitLabelToStock(labels, MEDIA[stock], stock === 'a4-label-region');
      if (mode === 'labelAndInvoice' && !invoice && job.shipmentIds.length > 0) {
        try {
          invoice = await client.orders.invoicesPdf(job.shipmentIds);
        } catch (e) {
          notes.push(`The invoice could not be fetched (${(e as Error).message}); reprint it from Print.`);
        }
      }
      const [shipment] = job.shipmentIds.length === 1 ? await client.orders.getShipments({ shipmentIds: job.shipmentIds }).catch(() => [] as ShipmentWire[]) : [];
      const boxes = shipment ? boxesOf(shipment, deps.facts) : [];
      if (shipment && boxes.length > 1) {
        const slips = await renderBoxSlips({ shipmentId: shipment.shipmentId, packages: boxes, page: MEDIA[stock], packedBy: deps.packedBy?.(), language: deps.language?.() });
        labels = await mergePdfs([labels, slips]);
      }
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
