// Judging one element of a pack request (spec § POST /v3/shipments/labels, § Errors "pack").
// Every refusal is a per-shipment FAILURE with the spec's code; the checks run in the order a
// packer would want to hear about them: whose shipment, which state, then the details.
import type { PackErrorCode } from '../../../shared/api/error-codes.js';
import { MAX_PACKAGE_SIDE_CM, MAX_PACKAGE_WEIGHT_KG, WEIGHT_ANOMALY_FACTOR } from '../../../shared/api/limits.js';
import { PackShipmentRequest, type PackShipmentRequest as PackElement } from '../../../shared/api/pack.js';
import type { PackRecord, Seller, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';
import { isValidImei } from './imei.js';
import { describeZod, isValidDate } from './request-checks.js';
import { activeItems } from './shipment-state.js';

export type PackFailureCode = PackErrorCode | 'UNPROCESSABLE_ENTITY' | 'INVALID_SHIPMENTS';

export interface PackFailure {
  ok: false;
  shipmentId: string;
  code: PackFailureCode;
  message: string;
}

export interface PackPlan {
  ok: true;
  shipment: ShipmentRec;
  /** Absent when the seller relies on automatic invoicing. */
  invoiceNumber?: string;
  invoiceDate: string;
  taxItems: PackRecord['taxItems'];
  serialNumbers: PackRecord['serialNumbers'];
  subShipments: PackRecord['subShipments'];
}

type Outcome = PackFailure | PackPlan;

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

export function judgePackElement(world: World, seller: Seller, raw: unknown): Outcome {
  const rawId = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).shipmentId : undefined;
  const idForAnswer = typeof rawId === 'string' ? rawId : '';
  const fail = (code: PackFailureCode, message: string): PackFailure => ({ ok: false, shipmentId: idForAnswer, code, message });
  const parsed = PackShipmentRequest.safeParse(raw);
  if (!parsed.success) return fail('UNPROCESSABLE_ENTITY', `Pack request element is not valid: ${describeZod(parsed.error)}`);
  const req = parsed.data;
  const s = world.shipments.get(req.shipmentId);
  if (!s) return fail('INVALID_SHIPMENTS', `Shipment ${req.shipmentId} does not exist.`);
  if (s.sellerId !== seller.sellerId) return fail('PACK_OPERATION_NOT_AUTHORISED', `Shipment ${req.shipmentId} does not belong to this seller.`);
  world.settle(s);
  if (!req.locationId) return fail('UNPROCESSABLE_ENTITY', 'locationId is mandatory.');
  if (req.locationId !== s.locationId) return fail('INVALID_LOCATION', `Shipment ${s.shipmentId} is fulfilled from ${s.locationId}, not ${req.locationId}.`);
  // spec § Shipment "Other facts": hold -> ITEM_ON_HOLD; not all APPROVED -> INVALID_PACK_REQUEST.
  if (s.hold) return fail('ITEM_ON_HOLD', `Shipment ${s.shipmentId} is on hold for verification; it cannot be packed until the hold is released.`);
  const items = activeItems(s);
  if (items.some((i) => i.status === 'PACKING_IN_PROGRESS')) {
    return fail('DUPLICATE_PACK_REQUEST', `An earlier pack request for ${s.shipmentId} is still processing; labels are being generated.`);
  }
  const notApproved = s.orderItems.filter((i) => i.status !== 'APPROVED');
  if (items.length === 0 || notApproved.length > 0) {
    const what = notApproved.map((i) => `${i.orderItemId} is ${i.status}`).join(', ');
    return fail('INVALID_PACK_REQUEST', `Not all order items of ${s.shipmentId} are APPROVED (${what}).`);
  }
  if (s.shipmentType === 'SELF') {
    return fail('INVALID_PACK_CHANNEL', `Shipment ${s.shipmentId} is self-ship: it is invoiced and dispatched through POST /v3/shipments/selfShip/dispatch.`);
  }
  if (world.now() < Date.parse(s.dispatchAfterDate)) {
    return fail('INVALID_DISPATCH_AFTER_DATE', `Shipment ${s.shipmentId} may be processed only after ${s.dispatchAfterDate}.`);
  }
  const tax = judgeTaxItems(s, req);
  if (tax) return fail(tax[0], tax[1]);
  const serial = judgeSerials(s, req);
  if (serial) return fail(serial[0], serial[1]);
  const dims = judgeSubShipments(s, req);
  if (!Array.isArray(dims)) return fail(dims.code, dims.message);
  const orderId = s.orderItems[0].orderId;
  const invoice = (req.invoices ?? []).find((inv) => inv.orderId === orderId || inv.shipmentId === s.shipmentId);
  if (!invoice) return fail('UNPROCESSABLE_ENTITY', `invoices must hold an entry for order ${orderId} (orderId) or shipment ${s.shipmentId} (shipmentId).`);
  if (!isValidDate(invoice.invoiceDate)) return fail('UNPROCESSABLE_ENTITY', `invoices[].invoiceDate is mandatory as YYYY-MM-DD or an ISO date-time; got ${JSON.stringify(invoice.invoiceDate ?? null)}.`);
  const invoiceNumber = invoice.invoiceNumber?.trim() || undefined;
  if (!invoiceNumber && !seller.autoInvoicing) {
    return fail('UNPROCESSABLE_ENTITY', 'invoices[].invoiceNumber is mandatory: this seller has not opted for automatic invoicing.');
  }
  return {
    ok: true,
    shipment: s,
    invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    taxItems: req.taxItems!.map((t) => ({ orderItemId: t.orderItemId, taxRate: t.taxRate, quantity: t.quantity, ...(t.purchasePrice !== undefined ? { purchasePrice: t.purchasePrice } : {}) })),
    serialNumbers: (req.serialNumbers ?? []).filter((e) => s.orderItems.some((i) => i.orderItemId === e.orderItemId && i.serialized)),
    subShipments: dims,
  };
}

/** taxItems: one per order item, taxRate 0..100, quantity = units ordered (spec: "Quantity shipped"). */
function judgeTaxItems(s: ShipmentRec, req: PackElement): [PackFailureCode, string] | undefined {
  const taxItems = req.taxItems ?? [];
  for (const t of taxItems) {
    if (!s.orderItems.some((i) => i.orderItemId === t.orderItemId)) return ['UNPROCESSABLE_ENTITY', `taxItems names ${t.orderItemId}, which is not an order item of ${s.shipmentId}.`];
  }
  for (const item of s.orderItems) {
    const t = taxItems.filter((x) => x.orderItemId === item.orderItemId);
    if (t.length !== 1) return ['UNPROCESSABLE_ENTITY', `taxItems must hold exactly one entry for order item ${item.orderItemId}; it holds ${t.length}.`];
    const { taxRate, quantity, purchasePrice } = t[0];
    if (!(taxRate >= 0 && taxRate <= 100)) return ['UNPROCESSABLE_ENTITY', `taxItems[${item.orderItemId}].taxRate must be a percentage from 0 to 100.`];
    if (quantity !== item.quantity) return ['UNPROCESSABLE_ENTITY', `taxItems[${item.orderItemId}].quantity is ${quantity}; the order item has ${item.quantity} units and all ship together.`];
    // spec § POST /v3/shipments/labels: purchasePrice only for refurbished products; § Invoice
    // record: never under TaxDetails for the others. Compared per unit with the selling price.
    if (purchasePrice !== undefined) {
      if (!item.refurbished) return ['INVALID_PURCHASE_PRICE', `purchasePrice is only for refurbished products; ${item.orderItemId} (${item.sku}) is not refurbished.`];
      const unitPrice = item.priceComponents.sellingPrice / item.quantity;
      if (!(purchasePrice > 0) || purchasePrice > unitPrice) return ['INVALID_PURCHASE_PRICE', `purchasePrice of ${item.orderItemId} must be above 0 and at most the unit selling price ${unitPrice}.`];
    }
  }
  return undefined;
}

/** Serialized products: one list of IMEIs per unit, every IMEI 15 digits with a valid check digit. */
function judgeSerials(s: ShipmentRec, req: PackElement): [PackFailureCode, string] | undefined {
  const entries = req.serialNumbers ?? [];
  for (const e of entries) {
    if (!s.orderItems.some((i) => i.orderItemId === e.orderItemId)) return ['UNPROCESSABLE_ENTITY', `serialNumbers names ${e.orderItemId}, which is not an order item of ${s.shipmentId}.`];
  }
  const seen = new Set<string>();
  for (const item of s.orderItems) {
    if (!item.serialized) continue;
    const e = entries.find((x) => x.orderItemId === item.orderItemId);
    if (!e) return ['INVALID_IMEI_NUMBER', `Order item ${item.orderItemId} (${item.sku}) is serialized: give its IMEIs in serialNumbers.`];
    if (e.serialNumbers.length !== item.quantity) return ['INVALID_IMEI_NUMBER', `Order item ${item.orderItemId} has ${item.quantity} units but ${e.serialNumbers.length} IMEI lists were given (one list per unit).`];
    for (const unit of e.serialNumbers) {
      if (unit.length === 0) return ['INVALID_IMEI_NUMBER', `A unit of ${item.orderItemId} has no IMEI.`];
      for (const imei of unit) {
        if (!isValidImei(imei)) return ['INVALID_IMEI_NUMBER', `${JSON.stringify(imei)} is not a valid IMEI (15 digits with a Luhn check digit).`];
        if (seen.has(imei)) return ['INVALID_IMEI_NUMBER', `IMEI ${imei} is given twice.`];
        seen.add(imei);
      }
    }
  }
  return undefined;
}

/**
 * Every sub-shipment needs positive length, breadth and height (spec: "Positive values"); the
 * fourth value is weight (SDK) or width (spec), optional, positive when given. Sides above
 * MAX_PACKAGE_SIDE_CM or weights above MAX_PACKAGE_WEIGHT_KG are not serviceable.
 */
function judgeSubShipments(s: ShipmentRec, req: PackElement): PackRecord['subShipments'] | { code: PackFailureCode; message: string } {
  const given = new Map<string, NonNullable<PackElement['subShipments']>[number]>();
  for (const e of req.subShipments ?? []) {
    const id = e.subShipmentId ?? e.subShipment;
    if (!id) return { code: 'INCOMPLETE_SHIPMENT_DIMENSIONS', message: 'A subShipments entry names no sub-shipment (subShipmentId or subShipment).' };
    if (!s.subShipments.some((x) => x.subShipmentId === id)) return { code: 'INCOMPLETE_SHIPMENT_DIMENSIONS', message: `Sub-shipment ${id} is not part of ${s.shipmentId}.` };
    given.set(id, e);
  }
  const out: PackRecord['subShipments'] = [];
  for (const sub of s.subShipments) {
    const d = given.get(sub.subShipmentId)?.dimensions;
    if (!d || !positive(d.length) || !positive(d.breadth) || !positive(d.height)) {
      return { code: 'INCOMPLETE_SHIPMENT_DIMENSIONS', message: `Sub-shipment ${sub.subShipmentId} needs positive length, breadth and height (cm).` };
    }
    const weight = d.weight ?? d.width;
    if (weight !== undefined && !positive(weight)) return { code: 'INCOMPLETE_SHIPMENT_DIMENSIONS', message: `The weight of sub-shipment ${sub.subShipmentId} must be positive.` };
    if (Math.max(d.length, d.breadth, d.height) > MAX_PACKAGE_SIDE_CM) {
      return { code: 'INVALID_PACKAGE_DIMENSION', message: `Sub-shipment ${sub.subShipmentId} has a side above ${MAX_PACKAGE_SIDE_CM} cm: too large to be serviceable.` };
    }
    if (weight !== undefined && weight > MAX_PACKAGE_WEIGHT_KG) {
      return { code: 'INVALID_PACKAGE_DIMENSION', message: `Sub-shipment ${sub.subShipmentId} weighs above ${MAX_PACKAGE_WEIGHT_KG} kg: too heavy to be serviceable.` };
    }
    const expected = sub.packages.reduce((sum, p) => sum + p.dimensions.weight * p.quantity, 0);
    if (weight !== undefined && expected > 0 && !req.ignoreWarning && (weight > expected * WEIGHT_ANOMALY_FACTOR || weight < expected / WEIGHT_ANOMALY_FACTOR)) {
      return { code: 'WEIGHT_ANOMALY_WARNING', message: `Sub-shipment ${sub.subShipmentId} weighs ${weight} kg where about ${expected} kg is expected; check it or send ignoreWarning: true.` };
    }
    out.push({ subShipmentId: sub.subShipmentId, dimensions: { length: d.length, breadth: d.breadth, height: d.height, ...(weight !== undefined ? { weight } : {}) } });
  }
  return out;
}
