// Builds the pack request element for a shipment (spec § POST /v3/shipments/labels). Both the
// desk flow (a verified PackSession) and a wave (listing defaults) end here, so what is sent is
// decided in one place. Field spellings follow the compatibility table in
// electron/station/api/README.md: the sub-shipment id goes as both `subShipmentId` (SDK) and
// `subShipment` (spec), and the fourth dimension as `weight` (SDK; the spec's `width` is not sent).
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { Parcel, ProductFacts, UnitLine } from './pack-session.js';
import { taxRateFor } from './tax-rates.js';
import { packageTitles } from '../../../shared/package-titles.js';

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

type Box = { length: number; breadth: number; height: number; weight: number };

/**
 * Parcels filled from the listing's packages: the wave default (issue: "In a wave"). The declared
 * weight is what the courier weighs, so it counts every unit: the sum of the units' package
 * weights, where a listing package that says how many units it holds (`units`) counts once per
 * that many units. The dimensions are the largest package's (spec § pack: "for multi-line orders
 * pass the dimensions of the order item with the maximum value").
 */
export function parcelsFromListing(shipment: ShipmentWire, facts: (sku: string) => ProductFacts | undefined): Parcel[] | undefined {
  const parcels: Parcel[] = [];
  for (const [n, sub] of shipment.subShipments.entries()) {
    const box = shipment.subShipments.length > 1 ? multiPackageBox(shipment, n, facts) : combinedBox(shipment, facts);
    const d = box ?? boxFromRecord(sub.packages);
    if (!d) return undefined;
    parcels.push({
      subShipmentId: sub.subShipmentId,
      title: packageTitles(sub.packages.map((p) => p.packageTitle ?? p.packageId)),
      dimensions: { length: d.length, breadth: d.breadth, height: d.height },
      weightKg: d.weight,
      source: 'listing',
    });
  }
  return parcels;
}

/** MPS: one sub-shipment per listing package of the (single) item, one such box per unit. */
function multiPackageBox(shipment: ShipmentWire, n: number, facts: (sku: string) => ProductFacts | undefined): Box | undefined {
  const item = shipment.orderItems[0];
  const pkg = facts(item.sku)?.packages?.[n];
  if (!pkg) return undefined;
  return { ...pkg, weight: roundKg(pkg.weight * packagesFor(item.quantity, pkg.units)) };
}

/** Every item in one parcel: the largest package's dimensions, the weight of every unit's package. */
function combinedBox(shipment: ShipmentWire, facts: (sku: string) => ProductFacts | undefined): Box | undefined {
  let weight = 0;
  const boxes: Box[] = [];
  for (const item of shipment.orderItems) {
    const pkg = largest(facts(item.sku)?.packages ?? []);
    if (!pkg) return undefined;
    weight += pkg.weight * packagesFor(item.quantity, pkg.units);
    boxes.push(pkg);
  }
  const big = largest(boxes);
  return big && { length: big.length, breadth: big.breadth, height: big.height, weight: roundKg(weight) };
}

/** The shipment record's own package sizes, when the listing has none: the same rules. */
function boxFromRecord(packages: ShipmentWire['subShipments'][number]['packages']): Box | undefined {
  const boxes: Box[] = [];
  let weight = 0;
  for (const p of packages) {
    const d = p.dimensions;
    if (!d || d.weight === undefined) return undefined;
    boxes.push({ length: d.length, breadth: d.breadth, height: d.height, weight: d.weight });
    weight += d.weight * Math.max(1, p.quantity ?? 1);
  }
  const big = largest(boxes);
  return big && { length: big.length, breadth: big.breadth, height: big.height, weight: roundKg(weight) };
}

/** How many listing packages `quantity` units fill when one package holds `units` of them. */
function packagesFor(quantity: number, units = 1): number {
  return Math.ceil(Math.max(1, quantity) / Math.max(1, units));
}

/** Grams are the finest a parcel scale reads. */
function roundKg(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}

function largest<T extends { length: number; breadth: number; height: number }>(items: T[]): T | undefined {
  let best: T | undefined;
  for (const p of items) if (!best || p.length * p.breadth * p.height > best.length * best.breadth * best.height) best = p;
  return best;
}
