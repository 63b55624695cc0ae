// The seeded catalogue: the listings behind the order items, with tax codes, packages and
// locations (spec § Listing record). Every seeded listing is a request the listing rules accept
// (test/sandbox/listings-seed.test.ts checks it), so a client can GET one, change it and send it
// back as an update.
import type { World } from './world.js';
import type { Rng } from './rng.js';
import type { ListingRec } from './model.js';
import type { InternalState } from '../../../shared/api/enums.js';
import { CATALOGUE, IMPORTERS, type ProductTemplate } from '../listings/catalogue.js';
import { listingKey, newListingId, newPackageId, productUrl, SHIPPING_FEES_CURRENCY } from '../listings/record.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_MS = 86_400_000;

/**
 * States in a cycle of 13 (coprime with the 12 templates, so every kind of product meets every
 * state as the count grows): mostly ACTIVE, and each other internal state of spec § Listing.
 */
const STATE_CYCLE: readonly InternalState[] = [
  'ACTIVE', 'ACTIVE', 'INACTIVE', 'ACTIVE', 'READY_FOR_ACTIVATION', 'ACTIVE', 'ACTIVE',
  'ARCHIVED', 'ACTIVE', 'ACTIVE', 'INACTIVATED_BY_MARKETPLACE', 'ACTIVE', 'ACTIVE',
];

/** Notional value shares of a multi-package lot, in percent (spec: mandatory with several packages). */
const SHARES: Record<number, number[]> = { 2: [80, 20], 3: [70, 20, 10] };

function fsnFor(rng: Rng, category: string): string {
  let s = category;
  while (s.length < 16) s += ALNUM[rng.int(0, ALNUM.length - 1)];
  return s;
}

/** An ISBN-13 with a correct check digit: books are listed by ISBN (13 characters). */
function isbn13(rng: Rng): string {
  let digits = '978';
  while (digits.length < 12) digits += String(rng.int(0, 9));
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/** Prices end in 9, the way sellers price: 14999, 1299. */
function priceIn(rng: Rng, [min, max]: [number, number]): number {
  const raw = rng.int(min, max);
  return Math.max(min, Math.floor(raw / 100) * 100 - 1);
}

function pickLocations(rng: Rng, ids: readonly string[], n: number): string[] {
  const pool = [...ids];
  const out: string[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]);
  return out;
}

function fulfillmentOf(rng: Rng, t: ProductTemplate) {
  if (t.selfShip) return { profile: 'NON_FBF', provider: 'SELLER', sla: rng.int(3, 5) };
  if (t.hyperlocal) return { profile: 'NON_FBF', provider: 'SELLER', sla: 0 };
  const provider = rng.pick(['MARKETPLACE', 'MARKETPLACE', 'MARKETPLACE', 'MARKETPLACE_SELLER']);
  return { profile: rng.pick(['NON_FBF', 'NON_FBF', 'FBF_LITE']), provider, sla: rng.int(1, 3) };
}

function buildListing(world: World, sellerId: string, rng: Rng, t: ProductTemplate, index: number, locationIds: readonly string[]): ListingRec {
  const variant = rng.pick(t.variants);
  const seq = Math.floor(index / CATALOGUE.length) + 1;
  const sku = `${t.skuCode}-${variant}-${String(seq).padStart(3, '0')}`;
  const fsn = fsnFor(rng, t.category);
  const title = `${rng.pick(t.titles)} (${variant})`;
  const mrp = priceIn(rng, t.mrp);
  const sellingPrice = Math.max(1, Math.round((mrp * rng.int(60, 100)) / 100));
  const state = STATE_CYCLE[index % STATE_CYCLE.length];
  const listingStatus = state === 'INACTIVE' || (state === 'ARCHIVED' && rng.chance(0.5)) ? 'INACTIVE' : 'ACTIVE';
  const f = fulfillmentOf(rng, t);

  const packageCount = t.packages.length > 1 ? rng.int(2, t.packages.length) : 1;
  const packages = t.packages.slice(0, packageCount).map((p, i) => ({
    id: newPackageId(world),
    name: p.name,
    dimensions: { length: p.dims[0], breadth: p.dims[1], height: p.dims[2] },
    weight: p.weight,
    description: `${p.name} of ${title}`,
    handling: { fragile: p.fragile },
    ...(packageCount > 1 ? { notional_value: { amount: SHARES[packageCount][i], unit: 'PERCENTAGE' } } : {}),
  }));

  const locCount = t.hyperlocal || t.selfShip ? 1 : rng.int(1, locationIds.length);
  const locations = pickLocations(rng, locationIds, locCount).map((id, i) => ({
    id,
    // A second or third location is now and then switched off (spec: DISABLED locations get no orders).
    status: i > 0 && rng.chance(0.2) ? 'DISABLED' : 'ENABLED',
    inventory: rng.chance(0.1) ? 0 : rng.int(1, t.selfShip ? 12 : 80),
  }));

  const origin = rng.pick(t.origins);
  const brand = title.split(' ')[0];
  const addressLabel = {
    manufacturer_details: [`${brand} Manufacturing Co., Industrial Area Phase 2, Chandigarh 160002`],
    ...(origin !== 'IN' ? { importer_details: [IMPORTERS[origin]] } : {}),
    packer_details: [`${brand} Packers, Bhiwandi Logistics Park, Thane 421302`],
    countries_of_origin: [origin],
  };
  const now = world.now();
  let datingLabel: Record<string, number> | undefined;
  if (t.shelfLife) {
    // The day of manufacture is unknown for a batch: the 1st of the month (spec § request table).
    const made = new Date(now - rng.int(10, 120) * DAY_MS);
    const mfg = Math.floor(Date.UTC(made.getUTCFullYear(), made.getUTCMonth(), 1) / 1000);
    datingLabel = { mfg_date: mfg, shelf_life: t.shelfLife, expiry_date: mfg + t.shelfLife };
  }

  const data: Record<string, unknown> = {
    listing_id: newListingId(world, fsn),
    product_id: t.isbn ? isbn13(rng) : fsn,
    product_title: title,
    product_url: productUrl(fsn),
    price: { mrp, selling_price: sellingPrice, marketplace_selling_price: sellingPrice, currency: 'INR' },
    tax: { hsn: t.hsn, tax_code: rng.pick(t.taxCodes) },
    listing_status: listingStatus,
    shipping_fees: {
      ...(f.provider === 'MARKETPLACE' ? { local: 0, zonal: 0, national: 0 } : { local: rng.pick([0, 40]), zonal: rng.pick([40, 60]), national: rng.pick([70, 90]) }),
      currency: SHIPPING_FEES_CURRENCY,
    },
    marketplace: 'MARKETPLACE',
    fulfillment_profile: f.profile,
    fulfillment: { dispatch_sla: f.sla, shipping_provider: f.provider, procurement_type: rng.pick(['REGULAR', 'REGULAR', 'EXPRESS']) },
    ...(t.hyperlocal ? { package: packages[0], location: locations[0] } : { packages, locations }),
    address_label: addressLabel,
    ...(datingLabel ? { dating_label: datingLabel } : {}),
    archived_status: state === 'ARCHIVED' ? 'ARCHIVED' : 'NONE',
  };
  return {
    sku,
    sellerId,
    hyperlocal: t.hyperlocal,
    fsn,
    title,
    vertical: t.vertical,
    serialized: t.serialized,
    refurbished: t.refurbished,
    selfShip: t.selfShip,
    data,
    internalState: state,
    updatedAt: new Date(now - rng.int(1, 90) * DAY_MS).toISOString(),
  };
}

/** Creates `count` listings for a seller across its locations and returns them. */
export function seedListings(world: World, sellerId: string, rng: Rng, count: number): ListingRec[] {
  const seller = world.sellers.get(sellerId);
  if (!seller || seller.locations.length === 0) return [];
  const locationIds = seller.locations.map((l) => l.locationId);
  const map = world.listingsOf(sellerId);
  const out: ListingRec[] = [];
  for (let i = 0; i < count; i++) {
    const rec = buildListing(world, sellerId, rng, CATALOGUE[i % CATALOGUE.length], i, locationIds);
    map.set(rec.sku, rec);
    world.touch('listing', listingKey(sellerId, rec.sku));
    out.push(rec);
  }
  return out;
}
