// Step 1 of the pack workflow: a scan finds the shipment. A shipment, order or order-item id
// names it; a SKU, FSN or product barcode takes the next APPROVED single-item shipment of that
// product at this location, oldest dispatchByDate first (issue "pack workflow", step 1).
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { garbledWords } from '../../../shared/garbled-scan.js';
import { saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { OrdersClient } from '../api/orders-client.js';
import { searchSellerPacked } from './seller-search.js';
import { shipmentByTracking } from './packed-label.js';

export type Identified = { shipment: ShipmentWire } | { error: SaidWords };

/** Said the same when opening and inside a shipment, and at Dispatch (shared/garbled-scan.ts). */
export { garbledWords };

const refused = (words: KeyedSentence): Identified => ({ error: saying(words) });

/** Searches never read more than this many pages when matching an FSN or a product barcode. */
const PRODUCT_SCAN_PAGES = 10;

export async function identifyShipment(
  orders: Pick<OrdersClient, 'getShipments' | 'searchPages' | 'shippingDetails'>,
  scan: ClassifiedScan,
  ctx: { locationId: string; skuForBarcode: (code: string) => string | undefined },
): Promise<Identified> {
  switch (scan.kind) {
    case 'shipmentId':
      return firstOr(await orders.getShipments({ shipmentIds: [scan.value] }), sentence('station.pack.noShipment', { id: scan.value }));
    case 'orderId':
      return pickFromOrder(await orders.getShipments({ orderIds: [scan.value] }), scan.value);
    case 'orderItemId':
      return firstOr(await orders.getShipments({ orderItemIds: [scan.value] }), sentence('station.pack.noOrderItem', { id: scan.value }));
    case 'garbled':
      return refused(garbledWords(scan.value));
    case 'imei':
      return refused(sentence('station.pack.imeiNoShipment'));
    case 'returnId':
      return refused(sentence('station.pack.isReturn', { id: scan.value }));
    default:
      return nextForProduct(orders, scan, ctx);
  }
}

function firstOr(found: ShipmentWire[], error: KeyedSentence): Identified {
  return found.length > 0 ? { shipment: found[0] } : refused(error);
}

function pickFromOrder(found: ShipmentWire[], orderId: string): Identified {
  if (found.length === 0) return refused(sentence('station.pack.noOrder', { id: orderId }));
  const approved = found.filter((s) => s.orderItems.every((i) => i.status === 'APPROVED'));
  // An order split into several shipments: the first one still to pack.
  return { shipment: approved[0] ?? found[0] };
}

async function nextForProduct(orders: Pick<OrdersClient, 'searchPages' | 'shippingDetails'>, scan: ClassifiedScan, ctx: { locationId: string; skuForBarcode: (code: string) => string | undefined }): Promise<Identified> {
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
  // Not a product waiting here: the courier's tracking id on a packed shipment's label, perhaps.
  const labelled = await shipmentByTracking(orders, scan.value, ctx.locationId);
  if (labelled) return { shipment: labelled };
  return refused(sentence('station.pack.noSingleItem', { code: sku ?? scan.value }));
}
