// Packing and its documents: pack (POST /v3/shipments/labels), labels, labelOnly (PDF and byte
// stream) and invoices (spec § Endpoints; sdk-facts § 3, § 7).
import type { IncomingHttpHeaders } from 'node:http';
import { PDFDocument } from '@cantoo/pdf-lib';
import { orderError, type RouteContext, type RouteDef, type RouteResult } from '../http/route.js';
import { MAX_IDS_PER_REQUEST, MAX_SHIPMENT_IDS_PER_LABEL_ONLY } from '../../../shared/api/limits.js';
import { InvoicesResponse, PackRequest, ShipmentStatusResponse, type ShipmentProcessingResult } from '../../../shared/api/pack.js';
import { INVALID_SHIPMENT_STATE } from '../../../shared/api/shipments.js';
import { renderInvoices, renderLabels, type LabelInput } from '../documents/index.js';
import type { Seller, ShipmentRec } from '../world/model.js';
import { invoiceWire } from './invoices.js';
import { judgePackElement } from './pack-validation.js';
import { applyPack, hasOpenManualForm, packForLabelOnly } from './packing.js';
import { jsonBody, ownedShipments, parseIdList, sellerOf } from './request-checks.js';
import { DOCUMENTED_STATES, shipmentStatus } from './shipment-state.js';

function documentInputs(seller: Seller, shipments: ShipmentRec[]): LabelInput[] {
  return shipments.map((shipment) => ({ shipment, seller, location: seller.locations.find((l) => l.locationId === shipment.locationId) ?? seller.locations[0] }));
}

/** Refuses shipments whose labels and invoices do not exist yet (spec § Shipment: "After PACKED"). */
function requireDocumented(shipments: ShipmentRec[]): void {
  for (const s of shipments) {
    const status = shipmentStatus(s);
    if (status === 'PACKING_IN_PROGRESS') {
      throw orderError(409, INVALID_SHIPMENT_STATE, `Documents of ${s.shipmentId} are still being generated; retry in a few seconds.`);
    }
    if (!DOCUMENTED_STATES.includes(status)) {
      throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${s.shipmentId} is ${status}; labels and invoices exist only once it is PACKED.`);
    }
  }
}

/** A renderer failure is the spec's DEPENDENT_SYSTEM_CALL_FAILED in the order error shape (README: HTTP 500). */
async function render(what: string, make: () => Promise<Uint8Array>): Promise<Buffer> {
  try {
    return Buffer.from(await make());
  } catch (e) {
    throw orderError(500, 'DEPENDENT_SYSTEM_CALL_FAILED', `The ${what} could not be generated: ${(e as Error).message}`);
  }
}

async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  }
  return out.save({ useObjectStreams: false });
}

function pdf(bytes: Buffer, contentType = 'application/pdf'): RouteResult {
  return { body: bytes, contentType };
}

function packHandler(ctx: RouteContext): RouteResult {
  const seller = sellerOf(ctx);
  const body = jsonBody(ctx);
  const list = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).shipments : undefined;
  if (!Array.isArray(list)) throw orderError(400, 'INVALID_REQUEST_JSON', 'The pack body must be an object {shipments: [...]}.');
  if (list.length === 0) throw orderError(422, 'UNPROCESSABLE_ENTITY', 'shipments must hold at least one shipment to pack.');
  const shipments: ShipmentProcessingResult[] = list.map((raw) => {
    const outcome = judgePackElement(ctx.world, seller, raw);
    if (!outcome.ok) return { shipmentId: outcome.shipmentId, processingStatus: 'FAILURE', errorCode: outcome.code, errorMessage: outcome.message };
    applyPack(ctx.world, seller, outcome);
    return { shipmentId: outcome.shipment.shipmentId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null };
  });
  return { json: { shipments } };
}

/**
 * labelOnly (spec § POST /v3/shipments/{shipmentIds}/labelOnly/pdf): without reprint, APPROVED
 * shipments are packed on the spot (see packForLabelOnly) and every shipment must be PACKED or
 * later; with reprint=true the label is printed in any state but CANCELLED and nothing is marked.
 * All shipments are checked before any is packed, so a refused call changes nothing.
 */
async function labelOnly(ctx: RouteContext): Promise<Buffer> {
  const seller = sellerOf(ctx);
  const reprintRaw = ctx.query.get('reprint');
  if (reprintRaw !== null && !/^(true|false)$/i.test(reprintRaw)) throw orderError(422, 'UNPROCESSABLE_ENTITY', 'reprint must be true or false.');
  const reprint = reprintRaw?.toLowerCase() === 'true';
  const ids = parseIdList(ctx.params.shipmentIds, MAX_SHIPMENT_IDS_PER_LABEL_ONLY);
  const shipments = ownedShipments(ctx.world, seller, ids);
  const toPack: ShipmentRec[] = [];
  for (const s of shipments) {
    const status = shipmentStatus(s);
    const refuse = (code: string, why: string): never => {
      throw orderError(409, code, `Shipment ${s.shipmentId}: ${why}`);
    };
    if (status === 'CANCELLED') refuse(INVALID_SHIPMENT_STATE, 'it is CANCELLED.');
    if (reprint || DOCUMENTED_STATES.includes(status)) continue;
    if (status !== 'APPROVED') refuse(INVALID_SHIPMENT_STATE, `it is ${status}; its label is not ready to print.`);
    if (s.hold) refuse('ITEM_ON_HOLD', 'it is on hold for verification.');
    if (s.shipmentType === 'SELF') refuse('INVALID_PACK_CHANNEL', 'self-ship shipments are dispatched through POST /v3/shipments/selfShip/dispatch.');
    if (ctx.world.now() < Date.parse(s.dispatchAfterDate)) refuse('INVALID_DISPATCH_AFTER_DATE', `it may be processed only after ${s.dispatchAfterDate}.`);
    if (hasOpenManualForm(s)) refuse(INVALID_SHIPMENT_STATE, 'it carries a form to complete; pack it through POST /v3/shipments/labels.');
    toPack.push(s);
  }
  for (const s of toPack) packForLabelOnly(ctx.world, seller, s);
  return render('label', () => renderLabels(documentInputs(seller, shipments)));
}

/**
 * The invoice record instead of the PDF (spec § Invoice record; the format choice is not shown):
 * when Accept asks for JSON and not for the PDF, or when the client states no preference (no
 * Accept, or only a wildcard such as HTTP libraries send by default) and its Content-Type is
 * JSON, as generated SDK clients send on every call. Anything else gets the PDF.
 */
export function wantsInvoiceJson(headers: IncomingHttpHeaders): boolean {
  const accept = String(headers.accept ?? '').toLowerCase();
  const ranges = accept.split(',').map((r) => r.split(';')[0].trim()).filter((r) => r.length > 0);
  const noPreference = ranges.every((r) => r === '*/*');
  if (!noPreference) return ranges.includes('application/json') && !ranges.includes('application/pdf');
  return String(headers['content-type'] ?? '').toLowerCase().split(';')[0].trim() === 'application/json';
}

export const documentRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sellers/v3/shipments/labels',
    auth: 'bearer',
    summary: 'Pack shipments: generate invoices and labels (APPROVED -> PACKING_IN_PROGRESS -> PACKED)',
    specRef: 'spec § POST /v3/shipments/labels',
    request: PackRequest,
    response: ShipmentStatusResponse,
    handler: packHandler,
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/{shipmentIds}/labels',
    auth: 'bearer',
    summary: 'Shipping labels of packed shipments as one PDF (plus invoices under automatic invoicing)',
    specRef: 'spec § GET /v3/shipments/{shipmentIds}/labels',
    produces: 'application/pdf',
    handler: async (ctx) => {
      const seller = sellerOf(ctx);
      const shipments = ownedShipments(ctx.world, seller, parseIdList(ctx.params.shipmentIds, MAX_IDS_PER_REQUEST));
      requireDocumented(shipments);
      const inputs = documentInputs(seller, shipments);
      return pdf(
        await render('label', async () => {
          const labels = await renderLabels(inputs);
          return seller.autoInvoicing ? mergePdfs([labels, await renderInvoices(inputs)]) : labels;
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/{shipmentIds}/labelOnly/pdf',
    auth: 'bearer',
    summary: 'Shipping labels only, as PDF; marks APPROVED shipments packed unless reprint=true',
    specRef: 'spec § POST /v3/shipments/{shipmentIds}/labelOnly/pdf',
    produces: 'application/pdf',
    handler: async (ctx) => pdf(await labelOnly(ctx)),
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/{shipmentIds}/labelOnly',
    auth: 'bearer',
    summary: 'Shipping labels only, as a byte stream (the same PDF bytes, application/octet-stream)',
    specRef: 'spec § POST /v3/shipments/{shipmentIds}/labelOnly; sdk-facts § 3',
    produces: 'application/octet-stream',
    handler: async (ctx) => pdf(await labelOnly(ctx), 'application/octet-stream'),
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/{shipmentIds}/invoices',
    auth: 'bearer',
    summary: 'Invoices of packed shipments: the invoice record (Accept: application/json, or no Accept and Content-Type: application/json) or the PDF',
    specRef: 'spec § GET /v3/shipments/{shipmentIds}/invoices, § Invoice record',
    response: InvoicesResponse,
    produces: 'application/pdf',
    handler: async (ctx) => {
      const seller = sellerOf(ctx);
      const shipments = ownedShipments(ctx.world, seller, parseIdList(ctx.params.shipmentIds, MAX_IDS_PER_REQUEST));
      requireDocumented(shipments);
      for (const s of shipments) {
        if (!s.pack?.invoiceNumber) throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${s.shipmentId} was packed through labelOnly: the seller invoices it outside the marketplace.`);
      }
      if (wantsInvoiceJson(ctx.headers)) {
        return { json: { invoices: shipments.map((s) => invoiceWire(seller, s)) } };
      }
      return pdf(await render('invoice', () => renderInvoices(documentInputs(seller, shipments))));
    },
  },
];
