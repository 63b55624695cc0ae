// Allocation (spec § Concepts: Allocation): the marketplace sends an order to a seller location
// whose listing entry can serve it, and the order reserves that stock. An entry serves when it is
// ENABLED with inventory for every unit ordered; taking the order lowers the inventory (the
// listing's orders_to_be_fulfilled counts the open order, listings/record.ts), and a buyer's or
// the marketplace's cancellation gives the units back. A seller cancellation takes the product
// out of stock instead (orders/cancel.ts).
import { listingKey, locationsOf } from '../listings/record.js';
import type { OrderItemRec, ShipmentRec } from './model.js';
import type { World } from './world.js';

/** Status of a listing location entry that receives orders (spec § Listing record: locations[].status). */
const ENABLED = 'ENABLED';

export interface StockEntry {
  id: string;
  status: string;
  inventory: number;
}

/** The seller's listing entry of a SKU at a location, as stored (mutable), if any. */
export function stockEntry(world: World, sellerId: string, sku: string, locationId: string): StockEntry | undefined {
  const listing = world.listingsOf(sellerId).get(sku);
  if (!listing) return undefined;
  return locationsOf(listing).find((l) => l && typeof l === 'object' && l.id === locationId);
}

/** Can this entry take an order of `units` units? ENABLED, with that much stock. */
export function entryServes(entry: StockEntry | undefined, units: number): boolean {
  return !!entry && entry.status === ENABLED && typeof entry.inventory === 'number' && entry.inventory >= units;
}

/** Takes `units` out of the entry's stock for a new order item. */
export function reserveStock(world: World, sellerId: string, sku: string, entry: StockEntry, units: number): void {
  entry.inventory -= units;
  touchListing(world, sellerId, sku);
}

/**
 * Gives an order item's units back to the stock of the shipment's location (buyer or marketplace
 * cancellation). An entry the seller removed meanwhile gets nothing back.
 */
export function releaseStock(world: World, shipment: ShipmentRec, item: OrderItemRec): void {
  const entry = stockEntry(world, shipment.sellerId, item.sku, shipment.locationId);
  if (!entry || typeof entry.inventory !== 'number') return;
  entry.inventory += item.quantity;
  touchListing(world, shipment.sellerId, item.sku);
}

function touchListing(world: World, sellerId: string, sku: string): void {
  const listing = world.listingsOf(sellerId).get(sku);
  if (!listing) return;
  world.touch('listing', listingKey(sellerId, sku));
}
