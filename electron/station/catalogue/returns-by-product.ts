// A returned package whose label is missing or unreadable still holds the product: its barcode,
// through the catalogue, names the SKU, and the SKU finds the return waiting at this location.
// Returns carry no SKU (spec § GET /v2/returns: order item id, not product), so the order items
// of the waiting returns are read to learn theirs. One product can match several returns; then
// the packer must scan the package's own code, because receiving one package must not complete
// another customer's return.
import type { ReturnItem } from '../../../shared/api/returns.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

export interface ReturnsByProductDeps {
  /** The location's returns (GET /v2/returns?locationId=). */
  listReturns(locationId: string): Promise<ReturnItem[]>;
  /** The shipments holding these order items (GET /v3/shipments?orderItemIds=). */
  shipmentsOf(orderItemIds: string[]): Promise<ShipmentWire[]>;
  /** Which returns the warehouse still has to receive. */
  awaitsReceipt(r: ReturnItem): boolean;
}

export type ReturnsForProduct = { found: ReturnItem[] } | { refusal: KeyedSentence };

export async function returnsForProduct(deps: ReturnsByProductDeps, code: string, sku: string, locationId: string): Promise<ReturnsForProduct> {
  const waiting = (await deps.listReturns(locationId)).filter((r) => r.locationId === locationId && deps.awaitsReceipt(r) && r.orderItemId);
  if (waiting.length === 0) return { found: [] };
  const shipments = await deps.shipmentsOf([...new Set(waiting.map((r) => r.orderItemId!))]);
  const skuOfItem = new Map(shipments.flatMap((s) => s.orderItems.map((i) => [i.orderItemId, i.sku] as const)));
  const mine = waiting.filter((r) => skuOfItem.get(r.orderItemId!) === sku);
  if (mine.length > 1) {
    return {
      refusal: keyed('returns.scan.severalForProduct', { count: mine.length, sku, code, ids: mine.map((r) => r.returnId).join(', ') }),
    };
  }
  return { found: mine };
}
