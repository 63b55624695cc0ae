// Builds the pack request element for a shipment (spec § POST /v3/shipments/labels). Both the
// desk flow (a verified PackSession) and a wave (listing defaults) end here, so what is sent is
// decided in one place. Field spellings follow the compatibility table in
// electron/station/api/README.md: the sub-shipment id goes as both `subShipmentId` (SDK) and
// `subShipment` (spec), and the fourth dimension as `weight` (SDK; the spec's `width` is not sent).
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { Parcel, ProductFacts, UnitLine } from './pack-session.js';
import { taxRateFor } from './tax-rates.js';

export interface InvoiceChoice {
  /** Undefined when the seller uses automatic invoicing (spec: invoiceNumber "Mandatory if the seller has not opted for automatic invoicing"). */
  invoiceNumber?: string;
  /** Today in IST, YYYY-MM-DD. */
  invoiceDate: string;
}

export interface PackInput {
  shipment: ShipmentWire;
  lines: Pick<UnitLine, 'orderItemId' | 'quantity' | 'serials' | 'serialized'>[];
  parcels: Parcel[];
  facts: (sku: string) => ProductFacts | undefined;
  /** One invoice per order of the shipment (a shipment never spans orders, spec § Concepts). */
  invoice: InvoiceChoice;
  at: Date;
  transitionYear?: number;
}

export class PackInputError extends Error {}

export function buildPackRequest(input: PackInput): PackShipmentRequest {
  const { shipment } = input;
  const taxItems = shipment.orderItems.map((item) => {
    const facts = input.facts(item.sku);
    if (!facts) throw new PackInputError(`No listing facts for SKU ${item.sku}: its tax code is unknown. Check the listing exists.`);
    // priceComponents cover the whole order item; the slab codes are judged per unit (piece/pair).
    const unitPrice = item.quantity > 0 ? item.priceComponents.customerPrice / item.quantity : item.priceComponents.customerPrice;
    const taxRate = taxRateFor(facts.taxCode, { unitPrice, at: input.at, transitionYear: input.transitionYear });
    return {
      orderItemId: item.orderItemId,
      taxRate,
      quantity: item.quantity,
      // spec § pack: purchasePrice "Only for refurbished products"; INVALID_PURCHASE_PRICE otherwise.
      ...(facts.refurbished && facts.purchasePrice !== undefined ? { purchasePrice: facts.purchasePrice } : {}),
    };
  });

  const serialNumbers = input.lines
    .filter((l) => l.serialized)
    .map((l) => {
      if (l.serials.length !== l.quantity) {
        throw new PackInputError(`Order item ${l.orderItemId} needs ${l.quantity} serial number(s); ${l.serials.length} scanned.`);
      }
      return { orderItemId: l.orderItemId, serialNumbers: l.serials };
    });

  const subShipments = input.parcels.map((p) => {
    if (!p.dimensions || p.weightKg === undefined) throw new PackInputError(`Package ${p.title} has no dimensions or weight yet.`);
    return {
      subShipmentId: p.subShipmentId,
      subShipment: p.subShipmentId,
      dimensions: { length: p.dimensions.length, breadth: p.dimensions.breadth, height: p.dimensions.height, weight: p.weightKg },
    };
  });

  const orderIds = [...new Set(shipment.orderItems.map((i) => i.orderId))];
  const invoices = orderIds.map((orderId) => ({
    orderId,
    ...(input.invoice.invoiceNumber ? { invoiceNumber: input.invoice.invoiceNumber } : {}),
    invoiceDate: input.invoice.invoiceDate,
  }));

  return {
    shipmentId: shipment.shipmentId,
    locationId: shipment.locationId,
    taxItems,
    ...(serialNumbers.length > 0 ? { serialNumbers } : {}),
    subShipments,
    invoices,
  };
}

/** Parcels filled from the listing's package dimensions: the wave default (issue: "In a wave"). */
export function parcelsFromListing(shipment: ShipmentWire, facts: (sku: string) => ProductFacts | undefined): Parcel[] | undefined {
  const parcels: Parcel[] = [];
  for (const [n, sub] of shipment.subShipments.entries()) {
    // MPS: one sub-shipment per package, in the listing's package order; otherwise the largest
    // package of the shipment's items (spec § pack: "pass the dimensions of the order item with the maximum value").
    const dims =
      shipment.subShipments.length > 1
        ? facts(shipment.orderItems[0].sku)?.packages?.[n]
        : largest(shipment.orderItems.flatMap((i) => facts(i.sku)?.packages ?? []));
    const fromRecord = sub.packages[0]?.dimensions;
    const d = dims ?? (fromRecord && fromRecord.weight !== undefined ? { ...fromRecord, weight: fromRecord.weight } : undefined);
    if (!d) return undefined;
    parcels.push({
      subShipmentId: sub.subShipmentId,
      title: sub.packages.map((p) => p.packageTitle ?? p.packageId).join(', '),
      dimensions: { length: d.length, breadth: d.breadth, height: d.height },
      weightKg: d.weight,
      source: 'listing',
    });
  }
  return parcels;
}

function largest<T extends { length: number; breadth: number; height: number; weight: number }>(items: T[]): T | undefined {
  let best: T | undefined;
  for (const p of items) if (!best || p.length * p.breadth * p.height > best.length * best.breadth * best.height) best = p;
  return best;
}
