// Shipments of a shape the control API does not make, for the desk's tests: the same product on
// several order lines, a product the marketplace treats as serialized. Made in the sandbox's
// in-process world the way its shipment factory makes them (one order, one sub-shipment), from
// a shipment the control API created, so every other field stays the factory's.
import { formatId } from '../../shared/api/ids.js';
import { productOf } from '../../electron/sandbox/orders/catalogue.js';
import type { OrderItemRec } from '../../electron/sandbox/world/model.js';
import type { World } from '../../electron/sandbox/world/world.js';

export interface LineShape {
  sku: string;
  quantity: number;
  /** Overrides whether the marketplace asks IMEIs for this line (default: the product's own). */
  serialized?: boolean;
}

/** Rewrites a single-sub-shipment shipment's order lines to `lines`, products taken from the seller's listings. */
export function reshapeShipment(world: World, shipmentId: string, lines: LineShape[]): OrderItemRec[] {
  const shipment = world.shipments.get(shipmentId);
  if (!shipment) throw new Error(`the sandbox has no shipment ${shipmentId}`);
  const template = shipment.orderItems[0];
  const listings = world.listingsOf(shipment.sellerId);
  const items = lines.map((line, n): OrderItemRec => {
    const listing = listings.get(line.sku);
    if (!listing) throw new Error(`seller ${shipment.sellerId} has no listing ${line.sku}`);
    const p = productOf(listing);
    const orderItemId = n === 0 ? template.orderItemId : formatId('OI', world.nextCounter('orderItem'));
    const sellingPrice = p.sellingPrice * line.quantity;
    return {
      ...template,
      orderItemId,
      cancellationGroupId: `CG${orderItemId.slice(2)}`,
      sku: p.sku,
      fsn: p.fsn,
      listingId: p.listingId,
      title: p.title,
      hsn: p.hsn,
      taxCode: p.taxCode,
      quantity: line.quantity,
      priceComponents: { sellingPrice, totalPrice: sellingPrice, shippingCharge: 0, customerPrice: sellingPrice, emi: 0, marketplaceDiscount: 0 },
      packageIds: p.packages.map((pk) => pk.packageId),
      serialized: line.serialized ?? p.serialized,
      refurbished: false,
      mrp: p.mrp * line.quantity,
      status: 'APPROVED',
    };
  });
  shipment.orderItems = items;
  shipment.subShipments = [
    {
      subShipmentId: shipment.subShipments[0].subShipmentId,
      packages: items.map((item) => {
        const pk = productOf(listings.get(item.sku)!).packages[0];
        return { ...pk, quantity: item.quantity };
      }),
    },
  ];
  world.indexShipment(shipment);
  world.touch('shipment', shipmentId);
  return items;
}

/** The seller's listed SKUs whose product fits a test: plain (one package, not serialized), or by HSN. */
export function listedSkus(world: World, sellerId: string, fits: (p: ReturnType<typeof productOf>) => boolean): string[] {
  return [...world.listingsOf(sellerId).values()].filter((l) => l.internalState === 'ACTIVE' && !l.hyperlocal && fits(productOf(l))).map((l) => l.sku);
}
