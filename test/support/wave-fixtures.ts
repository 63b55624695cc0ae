// Shipments for wave tests, ordered through the sandbox's control API with exact lines and
// service profiles, and what the sandbox holds afterwards (states, the pack it received, the
// event log). Products are chosen from the seller's listings by what they are, not by name, so
// a different seed still gives a T-shirt-like product that a wave can pack at the location.
import { productsFor, type Product } from '../../electron/sandbox/orders/catalogue.js';
import { SERIALIZED_HSN_PREFIXES } from '../../electron/station/packing/product-facts.js';
import type { TestSandbox } from './sandbox.js';

export interface OrderBody {
  count?: number;
  kind?: string;
  locationId: string;
  quantity?: number;
  lines?: { sku: string; quantity: number }[];
  serviceProfile?: 'NON_FBF' | 'FBF_LITE';
}

/**
 * POST /sandbox/shipments; throws with the sandbox's words when it refuses. The seller keeps the
 * chosen products in stock (`restock`): orders reserve stock, and a wave test orders the same
 * product more often than a seeded listing may hold.
 */
export async function order(sb: TestSandbox, body: OrderBody): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, serviceProfile: 'NON_FBF', restock: true, ...body } });
  if (r.status !== 200) throw new Error(`POST /sandbox/shipments answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json.shipmentIds as string[];
}

/**
 * Products a wave packs without the packer at `locationId`: one package with size and weight,
 * not serialized (by the station's rule), not refurbished, listed and in stock there. Largest
 * package first.
 */
export function wavePackableProducts(sb: TestSandbox, locationId: string): Product[] {
  const seller = sb.world.sellers.get(sb.info.sellerId)!;
  const listings = sb.world.listingsOf(sb.info.sellerId);
  const inStock = (sku: string) => {
    const locations = (listings.get(sku)?.data.locations ?? []) as { id: string; status: string; inventory?: number }[];
    return locations.some((l) => l.id === locationId && l.status === 'ENABLED' && (l.inventory ?? 0) > 0);
  };
  const volume = (p: Product) => p.packages[0].dimensions.length * p.packages[0].dimensions.breadth * p.packages[0].dimensions.height;
  const products = productsFor(sb.world, seller, 'single').filter(
    (p) => !p.serialized && !p.refurbished && !p.selfShip && p.packages.length === 1 && !SERIALIZED_HSN_PREFIXES.some((h) => p.hsn.startsWith(h)) && inStock(p.sku),
  );
  const distinct = new Map<number, Product>();
  for (const p of products) if (!distinct.has(volume(p))) distinct.set(volume(p), p);
  const out = [...distinct.values()].sort((a, b) => volume(b) - volume(a));
  if (out.length < 2) throw new Error(`the sandbox lists fewer than two wave-packable products at ${locationId}`);
  return out;
}

/** Items' status of a shipment at the sandbox, as one word ("PACKED", "APPROVED"...). */
export function stateAt(sb: TestSandbox, shipmentId: string): string {
  const s = sb.world.settle(sb.world.shipments.get(shipmentId)!);
  return [...new Set(s.orderItems.map((i) => i.status))].join('/');
}

/** What the sandbox received in the pack request for each sub-shipment. */
export function declaredParcels(sb: TestSandbox, shipmentId: string) {
  return sb.world.shipments.get(shipmentId)!.pack?.subShipments ?? [];
}

/** Every event the sandbox logged (GET /sandbox/events, paged). */
export async function events(sb: TestSandbox): Promise<{ seq: number; kind: string; shipmentId?: string }[]> {
  const all: { seq: number; kind: string; shipmentId?: string }[] = [];
  for (let since = 0; ; ) {
    const r = await sb.call('GET', `/sandbox/events?since=${since}`);
    if (r.status !== 200) throw new Error(`GET /sandbox/events answered ${r.status}`);
    all.push(...r.json.events);
    if (r.json.events.length === 0 || r.json.next === since) return all;
    since = r.json.next;
  }
}

/** APPROVED shipments of a location at the sandbox, now. */
export function approvedAt(sb: TestSandbox, locationId: string): string[] {
  return [...sb.world.shipments.values()].filter((s) => s.sellerId === sb.info.sellerId && s.locationId === locationId && stateAt(sb, s.shipmentId) === 'APPROVED').map((s) => s.shipmentId);
}
