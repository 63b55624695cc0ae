// The marketplace's documents as real PDFs (pdf-lib, bwip-js): shipping labels, invoices and the
// handover manifest. Pure functions of the records they print; the routes decide who may ask.
import type { LocationRec, Seller, ShipmentRec } from '../world/model.js';

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

/** One 4x6 in page per shipment, merged in the order given (spec § GET /v3/shipments/{shipmentIds}/labels). */
export async function renderLabels(_inputs: LabelInput[]): Promise<Uint8Array> {
  throw new Error('label rendering is not available yet');
}

/** One A4 page per shipment's invoice (spec § GET /v3/shipments/{shipmentIds}/invoices). */
export async function renderInvoices(_inputs: InvoiceInput[]): Promise<Uint8Array> {
  throw new Error('invoice rendering is not available yet');
}

/** The handover manifest: one A4 document listing the shipments handed over (spec § POST /v3/shipments/manifest). */
export async function renderManifest(_input: ManifestInput): Promise<Uint8Array> {
  throw new Error('manifest rendering is not available yet');
}
