// The seeded cases every desk meets on an ordinary day, created first so that their ids are the
// same for every data set of SEED_CASES_MIN_SHIPMENTS or more (README § Seeded cases): the same
// SKU on several order lines, a multi-unit phone, FBF_LITE shipments beside NON_FBF ones, a
// three-box shipment, holds and future dispatch-after dates. They are allocated like any order
// (world/allocation.ts), at the seller's first location.
import { productsFor, type Product } from '../orders/catalogue.js';
import { locationsOf } from '../listings/record.js';
import { createShipments, type ShipmentSpec } from './shipment-factory.js';
import type { Seller } from './model.js';
import type { Rng } from './rng.js';
import type { World } from './world.js';

/** Data sets smaller than this get no seeded cases (tests that want a plain world ask for few shipments). */
export const SEED_CASES_MIN_SHIPMENTS = 20;

export type SeedCaseName = 'sameSkuLines' | 'multiUnitPhone' | 'fbfLite' | 'threeBoxes' | 'hold' | 'future';

/** SKUs the cases prefer when the seller lists them (seed 7 does), else the first suited one. */
const PREFERRED = { sameSku: 'KTC-STD-004', phonePrefix: 'MOB-' } as const;

/** Units a seeded case restocks an ENABLED entry with when it is out (the seed's history includes restocking). */
export const SEED_RESTOCK_UNITS = 50;

export interface SeedCase {
  name: SeedCaseName;
  spec: Omit<ShipmentSpec, 'sellerId' | 'locationId' | 'restock' | 'relocate'>;
}

/** The first product by SKU passing the test, those the location sells from first. */
function byPreference(products: Product[], sellsAt: (p: Product) => boolean, test: (p: Product) => boolean): Product | undefined {
  const sorted = [...products].sort((a, b) => (a.sku < b.sku ? -1 : 1));
  return sorted.find((p) => sellsAt(p) && test(p)) ?? sorted.find(test);
}

/** The cases for this seller's catalogue, in creation order. */
export function seedCases(world: World, seller: Seller): SeedCase[] {
  const singles = productsFor(world, seller, 'single');
  const phones = productsFor(world, seller, 'serialized');
  const multi = productsFor(world, seller, 'mps');
  const location = seller.locations[0].locationId;
  const listings = world.listingsOf(seller.sellerId);
  const sellsAt = (p: Product) => !!listings.get(p.sku) && locationsOf(listings.get(p.sku)!).some((e) => e.id === location && e.status === 'ENABLED');
  const pick = (products: Product[], ...tests: ((p: Product) => boolean)[]): Product => {
    for (const test of [...tests, () => true]) {
      const p = byPreference(products, sellsAt, test);
      if (p) return p;
    }
    throw new Error('the seller lists no product for a seeded case');
  };
  const same = pick(singles, (p) => p.sku === PREFERRED.sameSku, (p) => p.sku.startsWith('KTC-'));
  const phone = pick(phones, (p) => p.sku.startsWith(PREFERRED.phonePrefix) && !p.refurbished);
  const mostBoxes = Math.max(...multi.map((p) => p.packages.length));
  const boxes = pick(multi, (p) => p.packages.length === mostBoxes);
  return [
    { name: 'sameSkuLines', spec: { count: 1, kind: 'plain', lines: [{ sku: same.sku, quantity: 1 }, { sku: same.sku, quantity: 2 }] } },
    { name: 'multiUnitPhone', spec: { count: 1, kind: 'serialized', lines: [{ sku: phone.sku, quantity: 2 }] } },
    { name: 'fbfLite', spec: { count: 3, kind: 'plain', serviceProfile: 'FBF_LITE' } },
    { name: 'threeBoxes', spec: { count: 1, kind: 'mps', lines: [{ sku: boxes.sku, quantity: 1 }] } },
    { name: 'hold', spec: { count: 2, kind: 'hold' } },
    { name: 'future', spec: { count: 2, kind: 'future' } },
  ];
}

/** Shipments the cases take out of the data set. */
export const SEED_CASE_SHIPMENTS = 10;

/** Creates the cases at the seller's first location; returns their ids by case. */
export function createSeedCases(world: World, rng: Rng, seller: Seller): Record<SeedCaseName, string[]> {
  const out = {} as Record<SeedCaseName, string[]>;
  for (const c of seedCases(world, seller)) {
    out[c.name] = createShipments(world, rng, { ...c.spec, sellerId: seller.sellerId, locationId: seller.locations[0].locationId, restock: SEED_RESTOCK_UNITS, relocate: true });
  }
  return out;
}
