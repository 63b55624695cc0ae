// Listing retrieval, price and inventory updates, product search and seller isolation over real
// HTTPS (spec § Listing operations, § Listing record, § Product search item).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { seedListings } from '../../electron/sandbox/world/listing-factory.js';
import { createRng } from '../../electron/sandbox/world/rng.js';
import { LISTING_CODES } from '../../shared/api/listing-codes.js';
import { LISTINGS_PER_SEARCH_BATCH, MAX_SKUS_PER_REQUEST } from '../../shared/api/limits.js';
import { GetListingsResponse, ProductSearchResponse } from '../../shared/api/listings.js';
import type { ListingRec, ShipmentRec } from '../../electron/sandbox/world/model.js';
import { validListing } from './listings-fixtures.js';

const BASE = '/sellers/listings/v3';
const JSON_UTF8 = { 'content-type': 'application/json; charset=utf-8' };

let sb: TestSandbox;
let seeded: ListingRec[];
beforeAll(async () => {
  sb = await startTestSandbox();
  seeded = seedListings(sb.world, sb.info.sellerId, createRng(11), 60);
  seedListings(sb.world, sb.info.otherSellerId, createRng(12), 12);
});
afterAll(() => sb.close());

const post = (path: string, body: unknown, token?: string) => sb.call('POST', BASE + path, { body, headers: JSON_UTF8, token });

async function get(skus: string[], token?: string) {
  const r = await sb.call('GET', `${BASE}/${skus.map(encodeURIComponent).join(',')}`, { token });
  expect(r.status).toBe(200);
  return GetListingsResponse.parse(r.json);
}

async function details(skus: string[], token?: string) {
  const r = await post('/details', { sku_ids: skus }, token);
  expect(r.status).toBe(200);
  return GetListingsResponse.parse(r.json);
}

const active = () => seeded.find((l) => !l.hyperlocal && l.internalState === 'ACTIVE')!;

describe('GET /listings/v3/{sku-ids} and POST /listings/v3/details', () => {
  it('sorts SKUs into available, unavailable and invalid, with orders_to_be_fulfilled beside the record', async () => {
    const a = active();
    for (const answer of [await get([a.sku, 'NO-SUCH-SKU']), await details([a.sku, 'NO-SUCH-SKU', 'bad,sku', ''])]) {
      expect(Object.keys(answer.available)).toEqual([a.sku]);
      const rec = answer.available[a.sku];
      expect(rec.product_id).toBe(a.data.product_id);
      expect(rec.listing_id).toMatch(/^LST/);
      expect(rec.orders_to_be_fulfilled).toBe(0);
      expect(answer.unavailable).toEqual(['NO-SUCH-SKU']);
    }
    expect((await details(['ok', 'bad,sku', ''])).invalid).toEqual(['bad,sku', '']);
  });

  it('counts the open orders of a SKU', async () => {
    const a = active();
    // A shipment as the marketplace would hold it, reduced to what the count reads.
    const item = (orderId: string, status: string) => ({ orderId, orderItemId: `OI${orderId.slice(2)}`, sku: a.sku, status, quantity: 1 });
    const s = {
      shipmentId: 'SH99999999999999',
      sellerId: sb.info.sellerId,
      orderItems: [item('OD9999999999999991', 'APPROVED'), item('OD9999999999999992', 'PACKED'), item('OD9999999999999993', 'SHIPPED'), item('OD9999999999999994', 'CANCELLED')],
    } as unknown as ShipmentRec;
    sb.world.shipments.set(s.shipmentId, s);
    try {
      expect((await get([a.sku])).available[a.sku].orders_to_be_fulfilled).toBe(2);
    } finally {
      sb.world.shipments.delete(s.shipmentId);
    }
  });

  it('refuses more than 10 SKUs and an empty list with 400', async () => {
    const eleven = Array.from({ length: MAX_SKUS_PER_REQUEST + 1 }, (_, i) => `S-${i}`);
    const g = await sb.call('GET', `${BASE}/${eleven.join(',')}`);
    expect(g.status).toBe(400);
    expect(g.json.errors[0].code).toBe(LISTING_CODES.TOO_MANY_SKUS);
    const d = await post('/details', { sku_ids: eleven });
    expect(d.status).toBe(400);
    expect(d.json.errors[0]).toMatchObject({ code: LISTING_CODES.TOO_MANY_SKUS, path: '$.sku_ids' });
    for (const body of [{}, { sku_ids: [] }, { sku_ids: 'A' }, { sku_ids: [1] }, []]) {
      expect((await post('/details', body)).status).toBe(400);
    }
    expect((await sb.call('GET', `${BASE}/,,`)).status).toBe(400);
  });

  it('details needs a token (401)', async () => {
    expect((await post('/details', { sku_ids: ['A'] }, null as unknown as string)).status).toBe(401);
  });
});

describe('price and inventory updates', () => {
  it('a price update shows in GET and details', async () => {
    const a = active();
    const r = await post('/update/price', { [a.sku]: { product_id: a.data.product_id, price: { mrp: 2000, selling_price: 1500, currency: 'INR' } } });
    expect(r.json[a.sku]).toEqual({ status: 'success', errors: [], attribute_errors: [] });
    for (const answer of [await get([a.sku]), await details([a.sku])]) {
      expect(answer.available[a.sku].price).toMatchObject({ mrp: 2000, selling_price: 1500, marketplace_selling_price: 1500, currency: 'INR' });
    }
  });

  it('a refused price update changes nothing', async () => {
    const a = active();
    const before = (await get([a.sku])).available[a.sku].price;
    const r = await post('/update/price', {
      [a.sku]: { product_id: a.data.product_id, price: { mrp: 2000, selling_price: 0, currency: 'INR' } },
      'NOT-MINE': { product_id: a.data.product_id, price: { mrp: 2000, selling_price: 10, currency: 'INR' } },
    });
    expect(r.json[a.sku].attribute_errors[0]).toMatchObject({ code: LISTING_CODES.NOT_POSITIVE, path: '$.price.selling_price' });
    expect(r.json['NOT-MINE'].errors[0].code).toBe(LISTING_CODES.SKU_UNKNOWN);
    expect((await get([a.sku])).available[a.sku].price).toEqual(before);
  });

  it('an inventory update shows in GET and details, per location', async () => {
    const a = seeded.find((l) => !l.hyperlocal && (l.data.locations as unknown[]).length >= 2)!;
    const [l0, l1] = a.data.locations as { id: string }[];
    const r = await post('/update/inventory', { [a.sku]: { product_id: a.data.product_id, locations: [{ id: l0.id, inventory: 0 }, { id: l1.id, inventory: 77 }] } });
    expect(r.json[a.sku].status).toBe('success');
    for (const answer of [await get([a.sku]), await details([a.sku])]) {
      const locs = answer.available[a.sku].locations!;
      expect(locs.find((l) => l.id === l0.id)!.inventory).toBe(0);
      expect(locs.find((l) => l.id === l1.id)!.inventory).toBe(77);
    }
  });

  it('an inventory update of a location the SKU does not sell from fails at its path', async () => {
    const a = seeded.find((l) => !l.hyperlocal && (l.data.locations as unknown[]).length === 1)!;
    const other = sb.world.sellers.get(sb.info.sellerId)!.locations.map((l) => l.locationId).find((id) => id !== (a.data.locations as { id: string }[])[0].id)!;
    const r = await post('/update/inventory', { [a.sku]: { product_id: a.data.product_id, locations: [{ id: other, inventory: 5 }] } });
    expect(r.json[a.sku].attribute_errors[0]).toMatchObject({ code: LISTING_CODES.LOCATION_NOT_ON_LISTING, path: '$.locations[0].id' });
  });

  it('updates the single location of a hyperlocal listing', async () => {
    const h = seeded.find((l) => l.hyperlocal)!;
    const loc = h.data.location as { id: string };
    const r = await post('/update/inventory', { [h.sku]: { product_id: h.data.product_id, locations: [{ id: loc.id, inventory: 9 }] } });
    expect(r.json[h.sku].status).toBe('success');
    expect((await get([h.sku])).available[h.sku].location!.inventory).toBe(9);
  });
});

describe('POST /listings/v3/product/search', () => {
  const search = async (body: unknown) => {
    const r = await post('/product/search', body);
    expect(r.status).toBe(200);
    return ProductSearchResponse.parse(r.json);
  };

  it('pages a state in batches of 20 with the total count', async () => {
    const expected = [...sb.world.listingsOf(sb.info.sellerId).values()].filter((l) => l.internalState === 'ACTIVE').map((l) => l.sku).sort();
    expect(expected.length).toBeGreaterThan(LISTINGS_PER_SEARCH_BATCH);
    const seen: string[] = [];
    for (let batchNo = 0; batchNo * LISTINGS_PER_SEARCH_BATCH < expected.length + 1; batchNo++) {
      const page = await search({ batchNo, internalState: 'ACTIVE' });
      expect(page.totalListingsCount).toBe(expected.length);
      expect(page.listingData.length).toBeLessThanOrEqual(LISTINGS_PER_SEARCH_BATCH);
      seen.push(...page.listingData.map((i) => i.sku));
    }
    expect(seen).toEqual(expected);
    expect((await search({ batchNo: 0, internalState: 'ACTIVE' })).listingData).toHaveLength(LISTINGS_PER_SEARCH_BATCH);
  });

  it('filters by each internal state and fills the product search item', async () => {
    for (const state of ['INACTIVE', 'READY_FOR_ACTIVATION', 'ARCHIVED', 'INACTIVATED_BY_MARKETPLACE']) {
      const page = await search({ batchNo: 0, internalState: state });
      expect(page.totalListingsCount).toBeGreaterThan(0);
      for (const item of page.listingData) expect(sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.internalState).toBe(state);
    }
    const item = (await search({ batchNo: 0, internalState: 'ACTIVE' })).listingData[0];
    const rec = sb.world.listingsOf(sb.info.sellerId).get(item.sku)!;
    expect(item).toMatchObject({ sellerId: sb.info.sellerId, productId: rec.data.product_id, product_name: rec.title, vertical: rec.vertical, status: 'ACTIVE' });
    expect(item.product_description.esp).toBeNull();
    expect(item.product_description.dimensions.weight).toBeGreaterThan(0);
  });

  it('narrows by searchText on SKU, name or product_id', async () => {
    const bySku = await search({ batchNo: 0, internalState: 'ACTIVE', searchText: 'mob-' });
    expect(bySku.totalListingsCount).toBeGreaterThan(0);
    expect(bySku.listingData.every((i) => i.sku.toLowerCase().includes('mob-') || i.product_name.toLowerCase().includes('mob-'))).toBe(true);
    const a = active();
    const byPid = await search({ batchNo: 0, internalState: 'ACTIVE', searchText: String(a.data.product_id) });
    expect(byPid.listingData.map((i) => i.sku)).toContain(a.sku);
    expect((await search({ batchNo: 0, internalState: 'ACTIVE', searchText: 'zzzz-nothing' })).totalListingsCount).toBe(0);
  });

  it.each([
    [{ internalState: 'ACTIVE' }, '$.batchNo'],
    [{ batchNo: -1, internalState: 'ACTIVE' }, '$.batchNo'],
    [{ batchNo: 0.5, internalState: 'ACTIVE' }, '$.batchNo'],
    [{ batchNo: 0 }, '$.internalState'],
    [{ batchNo: 0, internalState: 'LIVE' }, '$.internalState'],
    [{ batchNo: 0, internalState: 'ACTIVE', searchText: 5 }, '$.searchText'],
  ])('refuses %j with 400 at %s', async (body, path) => {
    const r = await post('/product/search', body);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ severity: 'ERROR', code: LISTING_CODES.INVALID_FIELD, path });
  });
});

describe('seller isolation', () => {
  it('a seller never sees or changes another seller’s listings', async () => {
    const mine = active();
    const theirs = [...sb.world.listingsOf(sb.info.otherSellerId).values()][0];
    expect((await get([mine.sku], sb.otherToken)).available[mine.sku]?.product_id).not.toBe(mine.data.product_id);
    const onlyMine = seeded.find((l) => !sb.world.listingsOf(sb.info.otherSellerId).has(l.sku))!;
    expect((await get([onlyMine.sku], sb.otherToken)).unavailable).toEqual([onlyMine.sku]);
    expect((await details([onlyMine.sku], sb.otherToken)).unavailable).toEqual([onlyMine.sku]);
    const upd = await post('/update/price', { [onlyMine.sku]: { product_id: onlyMine.data.product_id, price: { mrp: 10, selling_price: 1, currency: 'INR' } } }, sb.otherToken);
    expect(upd.json[onlyMine.sku].errors[0].code).toBe(LISTING_CODES.SKU_UNKNOWN);
    const other = await sb.call('POST', `${BASE}/product/search`, { body: { batchNo: 0, internalState: 'ACTIVE' }, headers: JSON_UTF8, token: sb.otherToken });
    expect(other.json.listingData.every((i: any) => i.sellerId === sb.info.otherSellerId)).toBe(true);
    expect((await get([theirs.sku], sb.otherToken)).available[theirs.sku].listing_id).toBe(theirs.data.listing_id);
  });

  it('the same SKU name is a separate listing per seller; another seller’s locations are refused', async () => {
    const body = validListing();
    expect((await post('', { SHARED: body })).json.SHARED.status).toBe('success');
    const theirs = validListing();
    theirs.locations = [{ id: 'LOC2001', status: 'ENABLED', inventory: 4 }];
    theirs.price.selling_price = 100;
    expect((await post('', { SHARED: theirs }, sb.otherToken)).json.SHARED.status).toBe('success');
    expect((await get(['SHARED'])).available.SHARED.price.selling_price).toBe(17999);
    expect((await get(['SHARED'], sb.otherToken)).available.SHARED.price.selling_price).toBe(100);
    const wrong = await post('', { X: validListing() }, sb.otherToken);
    expect(wrong.json.X.attribute_errors[0]).toMatchObject({ code: LISTING_CODES.LOCATION_NOT_SELLERS, path: '$.locations[0].id' });
  });
});
