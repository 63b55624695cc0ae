// The seeded data set: the same seed and the same clock epoch give the same sellers, apps,
// listings, shipments and returns. Two sellers exist so that "not yours" errors can be
// exercised.
import type { World } from './world.js';
import type { Address, LocationRec, Seller } from './model.js';
import { createRng, type Rng } from './rng.js';

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
}

const CITIES = [
  { city: 'Bengaluru', stateName: 'Karnataka', stateCode: 'KA', pincode: '560001' },
  { city: 'Mumbai', stateName: 'Maharashtra', stateCode: 'MH', pincode: '400001' },
  { city: 'Delhi', stateName: 'Delhi', stateCode: 'DL', pincode: '110001' },
  { city: 'Chennai', stateName: 'Tamil Nadu', stateCode: 'TN', pincode: '600001' },
];

export function makeAddress(rng: Rng, firstName: string, lastName: string): Address {
  const c = rng.pick(CITIES);
  return {
    firstName,
    lastName,
    addressLine1: `${rng.int(1, 400)}, ${rng.pick(['MG Road', 'Station Road', 'Park Street', 'Ring Road'])}`,
    addressLine2: rng.pick(['Near City Mall', 'Opp. Bus Stand', 'Sector 4', '']),
    city: c.city,
    stateName: c.stateName,
    stateCode: c.stateCode,
    pincode: c.pincode,
    contactNumber: `9${String(rng.int(100000000, 999999999))}`,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  };
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
  return {
    sellerId: primary.sellerId,
    otherSellerId: other.sellerId,
    locations: primary.locations.map((l) => l.locationId),
    selfAccess: { appId: selfAccess.appId, appSecret: selfAccess.appSecret },
    thirdParty: { appId: thirdParty.appId, appSecret: thirdParty.appSecret, redirectUri: thirdParty.redirectUri },
    otherSelfAccess: { appId: otherSelf.appId, appSecret: otherSelf.appSecret },
    seller: { username: primary.username, password: primary.password },
  };
}
