// The seeded catalogue (world/listing-factory.ts): deterministic, realistic, and made of listings
// the shared rules accept, so a client can GET one, edit it and send it back as an update.
import { describe, expect, it } from 'vitest';
import { World } from '../../electron/sandbox/world/world.js';
import { createClock } from '../../electron/sandbox/world/clock.js';
import { createRng } from '../../electron/sandbox/world/rng.js';
import { seedWorld } from '../../electron/sandbox/world/seed.js';
import { seedListings } from '../../electron/sandbox/world/listing-factory.js';
import { packageIdsOf } from '../../electron/sandbox/listings/record.js';
import { checkListing } from '../../shared/api/listing-rules.js';
import { FSN_RE } from '../../shared/api/ids.js';
import { MAX_PRODUCT_ID_LENGTH, MIN_PRODUCT_ID_LENGTH } from '../../shared/api/limits.js';
import { ListingRecord } from '../../shared/api/listings.js';

function world(): { w: World; sellerId: string } {
  const w = new World({ clock: createClock(() => Date.UTC(2026, 10, 21)), labelDelayMs: 0 });
  const info = seedWorld(w, { seed: 7, shipments: 0 });
  w.listingsOf(info.sellerId).clear();
  return { w, sellerId: info.sellerId };
}

describe('seedListings', () => {
  it('is deterministic for a given generator and stores what it returns', () => {
    const a = world();
    const b = world();
    const la = seedListings(a.w, a.sellerId, createRng(5), 40);
    const lb = seedListings(b.w, b.sellerId, createRng(5), 40);
    expect(la).toEqual(lb);
    expect(a.w.listingsOf(a.sellerId).size).toBe(40);
    expect(new Set(la.map((l) => l.sku)).size).toBe(40);
    const lc = seedListings(world().w, a.sellerId, createRng(6), 40);
    expect(lc.map((l) => l.data.product_id)).not.toEqual(la.map((l) => l.data.product_id));
  });

  it('covers the catalogue a packing desk meets', () => {
    const { w, sellerId } = world();
    const list = seedListings(w, sellerId, createRng(3), 48);
    const taxCodes = new Set(list.map((l) => (l.data.tax as { tax_code: string }).tax_code));
    for (const code of ['GST_18', 'GST_APPAREL', 'GST_Footwear', 'GST_0']) expect(taxCodes).toContain(code);
    expect([...taxCodes].some((c) => c.startsWith('GST_Old_'))).toBe(true);
    expect(list.some((l) => l.serialized && !l.refurbished)).toBe(true);
    expect(list.some((l) => l.refurbished)).toBe(true);
    expect(list.some((l) => l.selfShip && (l.data.fulfillment as { shipping_provider: string }).shipping_provider === 'SELLER')).toBe(true);
    expect(list.some((l) => l.hyperlocal && l.data.location && l.data.package)).toBe(true);
    const mps = list.filter((l) => ((l.data.packages as unknown[] | undefined)?.length ?? 0) > 1);
    expect(mps.length).toBeGreaterThan(0);
    for (const l of mps) {
      const pkgs = l.data.packages as { notional_value?: { amount: number; unit: string } }[];
      expect(pkgs.length).toBeLessThanOrEqual(3);
      expect(pkgs.reduce((s, p) => s + p.notional_value!.amount, 0)).toBe(100);
    }
    const states = new Set(list.map((l) => l.internalState));
    expect(states).toEqual(new Set(['ACTIVE', 'INACTIVE', 'READY_FOR_ACTIVATION', 'ARCHIVED', 'INACTIVATED_BY_MARKETPLACE']));
    expect(list.filter((l) => l.internalState === 'ACTIVE').length).toBeGreaterThan(list.length / 2);
    const locations = new Set(list.flatMap((l) => ((l.data.locations as { id: string }[] | undefined) ?? []).map((x) => x.id)));
    expect(locations.size).toBe(3);
  });

  it('gives every listing the record shape, a valid FSN and a product_id of 13 to 16 characters', () => {
    const { w, sellerId } = world();
    for (const l of seedListings(w, sellerId, createRng(9), 36)) {
      expect(l.fsn).toMatch(FSN_RE);
      const rec = ListingRecord.parse(l.data);
      expect(rec.product_id.length).toBeGreaterThanOrEqual(MIN_PRODUCT_ID_LENGTH);
      expect(rec.product_id.length).toBeLessThanOrEqual(MAX_PRODUCT_ID_LENGTH);
      expect(rec.price.marketplace_selling_price).toBe(rec.price.selling_price);
      expect(rec.price.selling_price!).toBeLessThanOrEqual(rec.price.mrp);
      expect(rec.archived_status).toBe(l.internalState === 'ARCHIVED' ? 'ARCHIVED' : 'NONE');
      expect(rec.marketplace).toBe('MARKETPLACE');
    }
  });

  it('seeds only listings the rules accept as an update', () => {
    const { w, sellerId } = world();
    const locs = w.sellers.get(sellerId)!.locations.map((l) => l.locationId);
    for (const l of seedListings(w, sellerId, createRng(4), 48)) {
      const r = checkListing(l.data, { operation: 'update', hyperlocal: l.hyperlocal, sellerLocationIds: locs, existingPackageIds: packageIdsOf(l) });
      expect(r.issues, `${l.sku}: ${JSON.stringify(r.issues)}`).toEqual([]);
    }
  });

  it('is fast enough to run at every start', () => {
    const { w, sellerId } = world();
    const t0 = performance.now();
    seedListings(w, sellerId, createRng(1), 500);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
