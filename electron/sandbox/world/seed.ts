// The seeded data set: the same seed and the same clock epoch give the same sellers, apps,
// listings, shipments and returns. Two sellers exist so that "not yours" errors can be
// exercised.
import type { World } from './world.js';
import type { LocationRec, Seller } from './model.js';
import { makeAddress } from './addresses.js';
import { createSeedCases, SEED_CASE_SHIPMENTS, SEED_CASES_MIN_SHIPMENTS, SEED_RESTOCK_UNITS, type SeedCaseName } from './seed-cases.js';
import { createRng, type Rng } from './rng.js';
import { seedListings } from './listing-factory.js';
import { createShipments, type ShipmentKind } from './shipment-factory.js';
import { markDelivered, markShipped } from '../selfship/selfship-transitions.js';
import { createReturn, type ReturnKind } from './return-factory.js';

/** Listings per seller: enough for search paging (20 per batch, spec § Limits) on seller 1. */
export const SEED_LISTINGS_PRIMARY = 60;
export const SEED_LISTINGS_OTHER = 20;
/** Shipments of the second seller: enough for "not yours" refusals. */
export const SEED_SHIPMENTS_OTHER = 6;
/** Shipments created per factory call; kinds are interleaved in chunks of this size. */
const SEED_CHUNK = 20;

/**
 * The primary seller's order mix, by weight: mostly plain orders (some with several units),
 * plus every kind the packing desk must handle. Location shares: a main warehouse and two
 * smaller ones.
 */
const MIX: { kind: ShipmentKind; quantity?: number; weight: number }[] = [
  { kind: 'plain', weight: 56 },
  { kind: 'plain', quantity: 2, weight: 10 },
  { kind: 'serialized', weight: 10 },
  { kind: 'mps', weight: 7 },
  { kind: 'hold', weight: 5 },
  { kind: 'future', weight: 5 },
  { kind: 'selfship', weight: 7 },
];
const LOCATION_WEIGHTS = [5, 3, 2];

/**
 * Returns of the seed. Standard returns on open plain shipments (the returns family reads an
 * undelivered item's standard return as a return to origin); a courier return on a shipped and a
 * customer return on a delivered self-ship shipment, moved there by the self-ship transitions.
 */
const SEED_RETURNS: { kind: ReturnKind; from: 'plain' | 'selfship'; steps: ('ship' | 'deliver')[] }[] = [
  { kind: 'standard', from: 'plain', steps: [] },
  { kind: 'standard', from: 'plain', steps: [] },
  { kind: 'standard', from: 'plain', steps: [] },
  { kind: 'courier', from: 'selfship', steps: ['ship'] },
  { kind: 'customer', from: 'selfship', steps: ['ship', 'deliver'] },
];
/** Seed returns only when the data set is big enough that they do not crowd out open orders. */
const MIN_SHIPMENTS_FOR_RETURNS = 20;

export interface SeedOptions {
  seed: number;
  /** Shipments to create for the primary seller. */
  shipments: number;
}

export interface SeedInfo {
  sellerId: string;
  otherSellerId: string;
  locations: string[];
  selfAccess: { appId: string; appSecret: string };
  thirdParty: { appId: string; appSecret: string; redirectUri: string };
  otherSelfAccess: { appId: string; appSecret: string };
  seller: { username: string; password: string };
  /** Returns the seed created (empty while the factories cannot make them). */
  returnIds: string[];
  /** Shipment ids of the seeded cases (README § Seeded cases), when the data set is big enough for them. */
  cases?: Record<SeedCaseName, string[]>;
}

function makeSeller(world: World, rng: Rng, index: number): Seller {
  const sellerId = `seller${index}`;
  const locations: LocationRec[] = [1, 2, 3].map((n) => ({
    locationId: `LOC${index}${String(n).padStart(3, '0')}`,
    name: `Warehouse ${n}`,
    address: makeAddress(rng, 'Warehouse', `Seller${index}`),
  }));
  const seller: Seller = {
    sellerId,
    name: `Demo Seller ${index}`,
    locations,
    autoInvoicing: false,
    username: `seller${index}@example.com`,
    password: `sandbox-${index}-password`,
    invoiceCounter: 0,
  };
  world.sellers.set(sellerId, seller);
  world.touch('seller', sellerId);
  return seller;
}

export function seedWorld(world: World, options: SeedOptions): SeedInfo {
  const rng = createRng(options.seed);
  const primary = makeSeller(world, rng, 1);
  const other = makeSeller(world, rng, 2);
  const selfAccess = { appId: 'station-self-1', appSecret: `self-${options.seed}-${rng.int(100000, 999999)}`, sellerId: primary.sellerId, kind: 'self' as const };
  const thirdParty = {
    appId: 'station-partner-1',
    appSecret: `partner-${options.seed}-${rng.int(100000, 999999)}`,
    sellerId: primary.sellerId,
    kind: 'thirdParty' as const,
    redirectUri: 'https://127.0.0.1/oauth/callback',
  };
  const otherSelf = { appId: 'station-self-2', appSecret: `self2-${options.seed}-${rng.int(100000, 999999)}`, sellerId: other.sellerId, kind: 'self' as const };
  for (const app of [selfAccess, thirdParty, otherSelf]) {
    world.apps.set(app.appId, app);
    world.touch('app', app.appId);
  }
  // Separate PRNG streams per part: a change in how many numbers the listing factory draws must
  // not reshuffle the shipments.
  seedListings(world, primary.sellerId, createRng(options.seed * 31 + 1), SEED_LISTINGS_PRIMARY);
  seedListings(world, other.sellerId, createRng(options.seed * 31 + 2), SEED_LISTINGS_OTHER);
  const shipmentRng = createRng(options.seed * 31 + 3);
  const withCases = options.shipments >= SEED_CASES_MIN_SHIPMENTS;
  const cases = withCases ? createSeedCases(world, createRng(options.seed * 31 + 4), primary) : undefined;
  const byKind = seedShipments(world, shipmentRng, primary, options.shipments - (withCases ? SEED_CASE_SHIPMENTS : 0));
  if (options.shipments > 0) {
    const at = { sellerId: other.sellerId, locationId: other.locations[0].locationId, restock: SEED_RESTOCK_UNITS, relocate: true };
    createShipments(world, shipmentRng, { ...at, count: SEED_SHIPMENTS_OTHER - 1, kind: 'plain' });
    createShipments(world, shipmentRng, { ...at, count: 1, kind: 'hold' });
  }
  const returnIds = options.shipments >= MIN_SHIPMENTS_FOR_RETURNS ? seedReturns(world, byKind) : [];

  return {
    returnIds,
    sellerId: primary.sellerId,
    otherSellerId: other.sellerId,
    locations: primary.locations.map((l) => l.locationId),
    selfAccess: { appId: selfAccess.appId, appSecret: selfAccess.appSecret },
    thirdParty: { appId: thirdParty.appId, appSecret: thirdParty.appSecret, redirectUri: thirdParty.redirectUri },
    otherSelfAccess: { appId: otherSelf.appId, appSecret: otherSelf.appSecret },
    seller: { username: primary.username, password: primary.password },
    ...(cases ? { cases } : {}),
  };
}

/** Splits total by weights, largest remainder first, so the parts always add up to total. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i] += 1;
  return parts;
}

/** Creates the primary seller's shipments in interleaved chunks; returns the ids of the single-unit plain and the self-ship ones. */
function seedShipments(world: World, rng: Rng, seller: Seller, total: number): { plain: string[]; selfship: string[] } {
  const buckets: { kind: ShipmentKind; quantity?: number; locationId: string; left: number }[] = [];
  apportion(total, MIX.map((m) => m.weight)).forEach((count, k) => {
    apportion(count, LOCATION_WEIGHTS).forEach((n, l) => {
      if (n > 0) buckets.push({ kind: MIX[k].kind, quantity: MIX[k].quantity, locationId: seller.locations[l].locationId, left: n });
    });
  });
  const byKind = { plain: [] as string[], selfship: [] as string[] };
  for (let active = buckets.length; active > 0; ) {
    active = 0;
    for (const b of buckets) {
      if (b.left === 0) continue;
      const count = Math.min(SEED_CHUNK, b.left);
      b.left -= count;
      if (b.left > 0) active++;
      const ids = createShipments(world, rng, { count, sellerId: seller.sellerId, locationId: b.locationId, kind: b.kind, quantity: b.quantity, restock: SEED_RESTOCK_UNITS, relocate: true });
      if (b.kind === 'plain' && b.quantity === undefined) byKind.plain.push(...ids);
      if (b.kind === 'selfship') byKind.selfship.push(...ids);
    }
  }
  return byKind;
}

/**
 * The newest shipments of each kind are used, leaving the oldest open for packing. A return the
 * returns family refuses is skipped: the seed must not break when eligibility rules change.
 */
function seedReturns(world: World, byKind: { plain: string[]; selfship: string[] }): string[] {
  const ids: string[] = [];
  const pools = { plain: [...byKind.plain].reverse(), selfship: [...byKind.selfship].reverse() };
  for (const plan of SEED_RETURNS) {
    const id = pools[plan.from].shift();
    const shipment = id ? world.shipments.get(id) : undefined;
    if (!shipment) continue;
    try {
      for (const step of plan.steps) {
        if (step === 'ship') markShipped(world, shipment, world.now(), {});
        else markDelivered(world, shipment, world.now());
      }
      ids.push(createReturn(world, shipment.orderItems[0].orderItemId, plan.kind).returnId);
    } catch {
      // Not eligible under the current rules: the data set simply has one return fewer.
    }
  }
  return ids;
}
