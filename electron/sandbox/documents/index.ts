// The marketplace's documents as real PDFs (pdf-lib, bwip-js): shipping labels, invoices and the
// handover manifest. Pure functions of the records they print; the routes decide who may ask.
import type { LocationRec, Seller, ShipmentRec } from '../world/model.js';
import { drawLabel } from './label-pdf.js';
import { LabelPen } from './label-pen.js';
import { drawInvoice } from './invoice-pdf.js';
import { A4_HEIGHT_PT, A4_WIDTH_PT, LABEL_HEIGHT_PT, LABEL_WIDTH_PT, newDocument } from './pdf-document.js';
import { renderManifestPdf } from './manifest-pdf.js';
import { embedDocFonts } from './pdf-text.js';

export interface LabelInput {
  shipment: ShipmentRec;
  seller: Seller;
  location: LocationRec;
}

export interface InvoiceInput {
  shipment: ShipmentRec;
  seller: Seller;
  location: LocationRec;
}

export interface ManifestInput {
  seller: Seller;
  location: LocationRec;
  vendorGroupCode: string;
  /** ISO time the manifest was generated (sandbox clock). */
  generatedAt: string;
  shipments: ShipmentRec[];
}

export { A4_HEIGHT_PT, A4_WIDTH_PT, LABEL_HEIGHT_PT, LABEL_WIDTH_PT } from './pdf-document.js';
export { COMBINED_A4_LABEL_REGION, renderCombinedA4 } from './combined-a4.js';
export { invoiceSummary, type InvoiceLine, type InvoiceSummary } from './invoice-lines.js';

/** One 4x6 in page per shipment, merged in the order given (spec § GET /v3/shipments/{shipmentIds}/labels). */
export async function renderLabels(inputs: LabelInput[]): Promise<Uint8Array> {
  const doc = await newDocument(inputs.length === 1 ? `Label ${inputs[0].shipment.shipmentId}` : `Labels (${inputs.length})`);
  // One pair of font objects serves every page of the merged document.
  const fonts = await embedDocFonts(doc);
  for (const [n, input] of inputs.entries()) {
    const page = doc.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
    const pen = new LabelPen(fonts);
    drawLabel(pen, fonts, input);
    pen.finish(doc, page, fonts);
    // A marketplace serves other requests while it renders 100 labels; so does the sandbox, by
    // letting the event loop run between pages instead of holding it for the whole document.
    if (n % LABEL_PAGES_PER_SLICE === LABEL_PAGES_PER_SLICE - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return doc.save({ useObjectStreams: false });
}

/** Label pages rendered between two turns of the event loop (a few ms of work). */
const LABEL_PAGES_PER_SLICE = 5;

/** Margin of a stand-alone A4 invoice page. */
const INVOICE_MARGIN = 36;

/** One A4 page per shipment's invoice, more only for very long invoices (spec § GET /v3/shipments/{shipmentIds}/invoices). */
export async function renderInvoices(inputs: InvoiceInput[]): Promise<Uint8Array> {
  const doc = await newDocument(inputs.length === 1 ? `Invoice ${inputs[0].shipment.shipmentId}` : `Invoices (${inputs.length})`);
  const fonts = await embedDocFonts(doc);
  const frame = { x: INVOICE_MARGIN, width: A4_WIDTH_PT - 2 * INVOICE_MARGIN, top: A4_HEIGHT_PT - INVOICE_MARGIN, bottom: INVOICE_MARGIN };
  for (const input of inputs) {
    // One page per shipment; an invoice with more items than fit goes on over further pages
    // rather than leaving items off a tax document.
    let fromItem: number | undefined = 0;
    while (fromItem !== undefined) fromItem = drawInvoice(doc.addPage([A4_WIDTH_PT, A4_HEIGHT_PT]), fonts, input, frame, { fromItem, continues: true });
  }
  return doc.save({ useObjectStreams: false });
}

/** The handover manifest: one A4 document listing the shipments handed over (spec § POST /v3/shipments/manifest). */
export async function renderManifest(input: ManifestInput): Promise<Uint8Array> {
  return renderManifestPdf(input);
}
