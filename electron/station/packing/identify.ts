// Step 1 of the pack workflow: a scan finds the shipment. A shipment, order or order-item id
// names it; a SKU, FSN or product barcode takes the next APPROVED single-item shipment of that
// product at this location, oldest dispatchByDate first (issue "pack workflow", step 1).
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { OrdersClient } from '../api/orders-client.js';
import { searchSellerPacked } from './seller-search.js';

export type Identified = { shipment: ShipmentWire } | { error: string };

/** Searches never read more than this many pages when matching an FSN or a product barcode. */
const PRODUCT_SCAN_PAGES = 10;

export async function identifyShipment(
  orders: OrdersClient,
  scan: ClassifiedScan,
  ctx: { locationId: string; skuForBarcode: (code: string) => string | undefined },
): Promise<Identified> {
  switch (scan.kind) {
    case 'shipmentId':
      return firstOr(await orders.getShipments({ shipmentIds: [scan.value] }), `No shipment ${scan.value} was found for this seller. Check the label.`);
    case 'orderId':
      return pickFromOrder(await orders.getShipments({ orderIds: [scan.value] }), scan.value);
    case 'orderItemId':
      return firstOr(await orders.getShipments({ orderItemIds: [scan.value] }), `No shipment holds order item ${scan.value}.`);
    case 'garbled':
      return { error: `That scan could not be read: ${scan.reason} Scan again.` };
    case 'imei':
      return { error: 'That is an IMEI. Scan the shipment label or the product barcode first.' };
    case 'returnId':
      return { error: `${scan.value} is a return. Open Returns to receive it.` };
    default:
      return nextForProduct(orders, scan, ctx);
  }
}

function firstOr(found: ShipmentWire[], error: string): Identified {
  return found.length > 0 ? { shipment: found[0] } : { error };
}

function pickFromOrder(found: ShipmentWire[], orderId: string): Identified {
  if (found.length === 0) return { error: `No shipment of order ${orderId} was found for this seller.` };
  const approved = found.filter((s) => s.orderItems.every((i) => i.status === 'APPROVED'));
  // An order split into several shipments: the first one still to pack.
  return { shipment: approved[0] ?? found[0] };
}

async function nextForProduct(orders: OrdersClient, scan: ClassifiedScan, ctx: { locationId: string; skuForBarcode: (code: string) => string | undefined }): Promise<Identified> {
  const sku = scan.kind === 'sku' ? scan.value : ctx.skuForBarcode(scan.value);
  const filter = { type: 'preDispatch' as const, states: ['APPROVED' as const], locationId: ctx.locationId, ...(sku ? { sku: [sku] } : {}) };
  const matches = (s: ShipmentWire) =>
    s.orderItems.length === 1 && (sku ? s.orderItems[0].sku === sku : s.orderItems[0].fsn === scan.value) && !s.hold;
  let pages = 0;
  for await (const page of searchSellerPacked(orders, { filter, pagination: { pageSize: 20 }, sort: { field: 'dispatchByDate', order: 'asc' } })) {
    const hit = page.find(matches);
    if (hit) return { shipment: hit };
    if (++pages >= PRODUCT_SCAN_PAGES) break;
  }
  return { error: `No single-item shipment of ${sku ?? scan.value} is waiting to be packed at this location.` };
}
