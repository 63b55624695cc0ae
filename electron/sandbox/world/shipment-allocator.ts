// Where a new order goes and which listings serve it (spec § Concepts: Allocation: "when a listing
// has positive stock at a location and a customer orders, the seller must fulfil" from the
// location the marketplace picks). The location is drawn among those where a listing suited to
// the order is ENABLED with stock for the units ordered; every item of the shipment is served
// from that location and reserves its units there (world/allocation.ts).
import { orderError } from '../http/route.js';
import { locationsOf } from '../listings/record.js';
import type { Product } from '../orders/catalogue.js';
import { entryServes, reserveStock, type StockEntry } from './allocation.js';
import type { Seller } from './model.js';
import type { Rng } from './rng.js';
import type { World } from './world.js';

/** One order line to place: a given SKU, or any suited product when absent. */
export interface OrderLine {
  sku?: string;
  quantity: number;
}

export interface Allocator {
  /**
   * The location of a new order: drawn among those where the order can be served (every line, or
   * some suited product for `units`). Throws a 409 in words when there is none.
   */
  chooseLocation(rng: Rng, lines: OrderLine[] | undefined, units: number, created: readonly string[]): string;
  /** A suited product with stock for `units` at the location, drawn; undefined when none is left. */
  pickProduct(rng: Rng, locationId: string, units: number): Product | undefined;
  /** Reserves a line at the location and answers the units taken (fewer than asked only when stock is short and nothing restocks). */
  take(locationId: string, product: Product, units: number): number;
  /** The product of an explicit line; throws a 409 in words when the location cannot serve it. */
  lineProduct(locationId: string, line: OrderLine, created: readonly string[]): Product;
  /** The 409 for an order of `units` no suited product at the location can serve. */
  refusal(locationId: string, units: number, created: readonly string[]): Error;
}

interface AllocationSpec {
  locationId?: string;
  restock?: number;
  relocate?: boolean;
}

export function createAllocator(world: World, seller: Seller, products: Product[], kind: string, spec: AllocationSpec): Allocator {
  // sku -> locationId -> the listing's stored entry (mutated when stock is reserved).
  const entries = new Map<string, Map<string, StockEntry>>();
  const listings = world.listingsOf(seller.sellerId);
  for (const p of products) {
    const listing = listings.get(p.sku);
    const byLocation = new Map<string, StockEntry>();
    if (listing) for (const e of locationsOf(listing)) if (e && typeof e === 'object') byLocation.set(e.id, e);
    entries.set(p.sku, byLocation);
  }
  const entryOf = (p: Product, locationId: string) => entries.get(p.sku)?.get(locationId);
  const restock = spec.restock;
  const enabled = (p: Product, locationId: string) => entryOf(p, locationId)?.status === 'ENABLED';
  /** Can the product take `units` at the location? With restocking, any ENABLED entry can. */
  const serves = (p: Product, locationId: string, units: number) => (restock ? enabled(p, locationId) : entryServes(entryOf(p, locationId), units));
  /** Products with stock first; with restocking, ENABLED ones when none has stock left. */
  const servable = (pool: Product[], locationId: string, units: number): Product[] => {
    const ready = pool.filter((p) => entryServes(entryOf(p, locationId), units));
    return ready.length > 0 || !restock ? ready : pool.filter((p) => enabled(p, locationId));
  };
  const bySku = new Map(products.map((p) => [p.sku, p]));
  /** Every explicit line at the location, the units of a SKU on several lines added up. */
  const linesServed = (lines: OrderLine[], locationId: string) => {
    const units = new Map<string, number>();
    for (const l of lines) units.set(l.sku ?? '', (units.get(l.sku ?? '') ?? 0) + l.quantity);
    return [...units].every(([sku, n]) => bySku.has(sku) && serves(bySku.get(sku)!, locationId, n));
  };

  const refusal = (what: { sku?: string; units: number }, locationId: string | undefined, created: readonly string[]): Error => {
    if (what.sku && !bySku.has(what.sku)) {
      return orderError(409, 'NO_ALLOCATABLE_LISTING', `SKU ${what.sku} is not an ACTIVE listing of ${seller.sellerId} suited to ${kind} orders; pick another SKU or kind.`);
    }
    const subject = what.sku ? `SKU ${what.sku}` : `a listing suited to ${kind} orders`;
    const where = locationId ? `at ${locationId}` : `at any location of ${seller.sellerId}`;
    const done = created.length ? ` ${created.length} shipment(s) were created before the stock ran out: ${created.join(', ')}.` : '';
    return orderError(
      409,
      'NO_ALLOCATABLE_LISTING',
      `No listing can serve this order ${where}: ${subject} needs an ENABLED location entry there with inventory of at least ${what.units}. ` +
        `Raise the inventory (POST /sellers/listings/v3/update/inventory)${locationId ? ' or leave locationId out' : ''}.${done}`,
    );
  };

  return {
    chooseLocation(rng, lines, units, created) {
      const all = seller.locations.map((l) => l.locationId);
      const ok = (l: string) => (lines ? linesServed(lines, l) : products.some((p) => serves(p, l, units)));
      let candidates = (spec.locationId ? [spec.locationId] : all).filter(ok);
      // The seed's location shares are a wish: an order no listing there can serve goes elsewhere.
      if (candidates.length === 0 && spec.relocate) candidates = all.filter(ok);
      if (candidates.length === 0) {
        const first = lines?.find((l) => !spec.locationId || !linesServed([l], spec.locationId)) ?? lines?.[0];
        throw refusal(first ? { sku: first.sku, units: first.quantity } : { units }, spec.locationId, created);
      }
      return rng.pick(candidates);
    },
    pickProduct(rng, locationId, units) {
      const pool = servable(products, locationId, units);
      return pool.length ? rng.pick(pool) : undefined;
    },
    take(locationId, product, units) {
      const entry = entryOf(product, locationId)!;
      if (entry.inventory < units) {
        if (restock) entry.inventory = Math.max(0, entry.inventory) + Math.max(restock, units);
        else units = Math.max(0, entry.inventory);
      }
      reserveStock(world, seller.sellerId, product.sku, entry, units);
      return units;
    },
    lineProduct(locationId, line, created) {
      const product = line.sku ? bySku.get(line.sku) : undefined;
      if (!product || !serves(product, locationId, line.quantity)) throw refusal({ sku: line.sku, units: line.quantity }, locationId, created);
      return product;
    },
    refusal: (locationId, units, created) => refusal({ units }, locationId, created),
  };
}
