// What an invoice says, as numbers: one line per order item with its GST split, and the totals.
// Pure, so the invoice PDF and the invoice JSON (spec § Invoice record: invoiceAmount,
// TaxDetails.cgstRate / sgstRate / igstRate, serialNumbers) can tell the same story.
import type { LocationRec, OrderItemRec, ShipmentRec } from '../world/model.js';

export interface InvoiceLine {
  orderItemId: string;
  orderId: string;
  title: string;
  sku: string;
  hsn: string;
  quantity: number;
  /** What the buyer pays for the line, tax included: priceComponents.totalPrice. */
  invoiceAmount: number;
  taxRate: number;
  taxableValue: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** One entry per unit; a unit with several numbers (dual-SIM IMEIs) joins them with ' / '. */
  serialNumbers: string[];
}

export interface InvoiceSummary {
  /** Empty until the shipment is packed (spec § POST /v3/shipments/labels: invoices[]). */
  invoiceNumber: string;
  invoiceDate: string;
  /** Seller location and buyer in the same state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  lines: InvoiceLine[];
  totals: { taxableValue: number; cgst: number; sgst: number; igst: number; invoiceAmount: number };
}

/** Paise precision, rounding half away from zero like a till. */
export function roundMoney(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON) / 100;
}

export function sameState(location: LocationRec, shipment: ShipmentRec): boolean {
  const a = location.address;
  const b = shipment.deliveryAddress;
  if (a.stateCode && b.stateCode) return a.stateCode.trim().toUpperCase() === b.stateCode.trim().toUpperCase();
  return a.stateName.trim().toLowerCase() === b.stateName.trim().toLowerCase();
}

/**
 * The rate the seller declared at pack (spec § pack: taxItems[].taxRate, mandatory); before pack,
 * the listing's fixed-rate tax code (GST_18 is 18 %) or 0 for price-dependent codes.
 */
function taxRateOf(shipment: ShipmentRec, item: OrderItemRec): number {
  const declared = shipment.pack?.taxItems.find((t) => t.orderItemId === item.orderItemId)?.taxRate;
  if (declared !== undefined) return declared;
  const fixed = /^GST_(\d+)$/.exec(item.taxCode);
  return fixed ? Number(fixed[1]) : 0;
}

export function invoiceSummary(shipment: ShipmentRec, location: LocationRec): InvoiceSummary {
  const intraState = sameState(location, shipment);
  // Cancelled items are not sold, so they are not invoiced.
  const items = shipment.orderItems.filter((item) => item.status !== 'CANCELLED');
  const lines = items.map((item): InvoiceLine => {
    const taxRate = taxRateOf(shipment, item);
    const invoiceAmount = roundMoney(item.priceComponents.totalPrice);
    // Marketplace prices include GST: the taxable value is backed out of the amount paid.
    const taxableValue = roundMoney(invoiceAmount / (1 + taxRate / 100));
    const tax = roundMoney(invoiceAmount - taxableValue);
    const half = roundMoney(tax / 2);
    const serials = shipment.pack?.serialNumbers.find((s) => s.orderItemId === item.orderItemId)?.serialNumbers ?? [];
    return {
      orderItemId: item.orderItemId,
      orderId: item.orderId,
      title: item.title,
      sku: item.sku,
      hsn: item.hsn,
      quantity: item.quantity,
      invoiceAmount,
      taxRate,
      taxableValue,
      cgstRate: intraState ? taxRate / 2 : 0,
      sgstRate: intraState ? taxRate / 2 : 0,
      igstRate: intraState ? 0 : taxRate,
      cgst: intraState ? half : 0,
      // SGST takes the odd paisa so the parts always add up to the tax.
      sgst: intraState ? roundMoney(tax - half) : 0,
      igst: intraState ? 0 : tax,
      serialNumbers: serials.map((unit) => unit.join(' / ')).filter(Boolean),
    };
  });
  const sum = (pick: (line: InvoiceLine) => number): number => roundMoney(lines.reduce((acc, line) => acc + pick(line), 0));
  return {
    invoiceNumber: shipment.pack?.invoiceNumber ?? '',
    invoiceDate: shipment.pack?.invoiceDate ?? '',
    intraState,
    lines,
    totals: {
      taxableValue: sum((l) => l.taxableValue),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      invoiceAmount: sum((l) => l.invoiceAmount),
    },
  };
}
