// What came back, and what happens to it. A return record carries ids and a reason (spec § Return
// record "remaining fields not shown"); the product's title, SKU and quantity come from its order
// item. On receipt the person says the condition of what is in the box: sellable units go back on
// sale at this location in the same step (a listings inventory update, journaled like every
// listing write); anything else stays out of stock and is recorded for a claim in the journal.
import type { ReturnItem } from '../../../../shared/api/returns.js';
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import type { AppContext } from '../app-context.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { keyed } from '../../../../shared/i18n/station-sentences.js';
import { inventoryOf, writeListings } from './listings-results.js';

export interface ReturnProduct {
  title?: string;
  sku?: string;
  quantity?: number;
  orderId?: string;
  shipmentId?: string;
}


/** The product of each return's order item, looked up in one go (missing ones stay unknown). */
export async function productsOf(ctx: AppContext, returns: readonly ReturnItem[]): Promise<Map<string, ReturnProduct>> {
  const ids = [...new Set(returns.map((r) => r.orderItemId).filter((x): x is string => !!x))];
  const out = new Map<string, ReturnProduct>();
  if (ids.length === 0) return out;
  let shipments: ShipmentWire[];
  try {
    shipments = await ctx.marketplace().orders.getShipments({ orderItemIds: ids });
  } catch {
    // The list still shows the returns by id; the product words are a help, not a must.
    return out;
  }
  for (const s of shipments) for (const i of s.orderItems) if (ids.includes(i.orderItemId)) out.set(i.orderItemId, { title: i.title ?? undefined, sku: i.sku, quantity: i.quantity, orderId: i.orderId, shipmentId: s.shipmentId });
  for (const r of returns) {
    const p = r.orderItemId ? out.get(r.orderItemId) : undefined;
    if (p && r.quantity) p.quantity = r.quantity;
  }
  return out;
}

/**
 * Puts sellable units back in stock at the location: the listing's current stock there plus what
 * came back. Says what it did, or why it could not (then the person sets it on Listings).
 */
export async function restock(ctx: AppContext, sku: string, units: number, locationId: string): Promise<{ ok: boolean; sentence: KeyedSentence }> {
  let record;
  try {
    record = (await ctx.marketplace().listings.get([sku])).available[sku];
  } catch {
    record = undefined;
  }
  if (!record) return { ok: false, sentence: keyed('returns.restock.unreadable', { sku }) };
  const current = inventoryOf(record)[locationId];
  if (current === undefined) return { ok: false, sentence: keyed('returns.restock.notSoldHere', { sku, location: locationId }) };
  const next = current + units;
  const answers = await writeListings(ctx, 'inventory', { [sku]: { product_id: record.product_id, locations: [{ id: locationId, inventory: next }] } }, { reason: 'return restocked' }).catch(() => undefined);
  const answer = answers?.[sku];
  if (answer && answer.status !== 'failure') return { ok: true, sentence: keyed('returns.restock.done', { count: units, sku, location: locationId, before: current, after: next }) };
  return { ok: false, sentence: keyed('returns.restock.refused', { sku, reason: answer?.errors[0]?.description ?? 'no answer' }) };
}
