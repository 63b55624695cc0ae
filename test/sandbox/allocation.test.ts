// Allocation over real HTTPS (spec § Concepts: Allocation): every order sits at a location whose
// listing entry is ENABLED with stock, taking the order reserves the stock (inventory down,
// orders_to_be_fulfilled up), a buyer's or the marketplace's cancellation gives it back, a seller
// cancellation takes the product out of stock, and the control API refuses in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { GetListingsResponse } from '../../shared/api/listings.js';
import { MAX_SKUS_PER_REQUEST } from '../../shared/api/limits.js';

const BASE = '/sellers/listings/v3';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 7, shipments: 200 });
});
afterAll(() => sb.close());

async function listings(skus: string[]) {
  const out: GetListingsResponse['available'] = {};
  for (let i = 0; i < skus.length; i += MAX_SKUS_PER_REQUEST) {
    const r = await sb.call('GET', `${BASE}/${skus.slice(i, i + MAX_SKUS_PER_REQUEST).map(encodeURIComponent).join(',')}`);
    expect(r.status).toBe(200);
    Object.assign(out, GetListingsResponse.parse(r.json).available);
  }
  return out;
}

async function stockAt(sku: string, locationId: string) {
  const rec = (await listings([sku]))[sku];
  const entry = rec.locations!.find((l) => l.id === locationId);
  return { inventory: entry?.inventory, status: entry?.status, open: rec.orders_to_be_fulfilled as number };
}

async function shipmentsById(ids: string[]) {
  const r = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${ids.join(',')}`);
  expect(r.status).toBe(200);
  return r.json.shipments as { shipmentId: string; locationId: string; orderItems: { sku: string; quantity: number; status: string; orderItemId: string }[] }[];
}

const create = (body: Record<string, unknown>) => sb.call('POST', '/sandbox/shipments', { body });

/** A standard ACTIVE single-package, non-serialized listing and its ENABLED and other locations. */
function plainListing(test: (enabled: string[], all: string[]) => boolean) {
  for (const l of sb.world.listingsOf(sb.info.sellerId).values()) {
    const d = l.data as { packages?: unknown[]; locations?: { id: string; status: string; inventory: number }[] };
    if (l.hyperlocal || l.serialized || l.selfShip || l.internalState !== 'ACTIVE' || d.packages?.length !== 1) continue;
    const enabled = d.locations!.filter((e) => e.status === 'ENABLED').map((e) => e.id);
    if (test(enabled, d.locations!.map((e) => e.id))) return l;
  }
  throw new Error('the seed has no listing of that shape');
}

describe('allocation of the seeded orders', () => {
  it('puts every open order item of every seeded shipment where its listing entry is ENABLED', async () => {
    const ids = [...sb.world.shipments.values()].filter((s) => s.sellerId === sb.info.sellerId).map((s) => s.shipmentId);
    const records = [];
    for (let i = 0; i < ids.length; i += 100) records.push(...(await shipmentsById(ids.slice(i, i + 100))));
    expect(records).toHaveLength(ids.length);
    const skus = [...new Set(records.flatMap((s) => s.orderItems.map((i) => i.sku)))];
    const recs = await listings(skus);
    const misplaced = records.flatMap((s) =>
      s.orderItems
        .filter((i) => recs[i.sku]?.locations?.find((l) => l.id === s.locationId)?.status !== 'ENABLED')
        .map((i) => `${i.sku} at ${s.locationId}`),
    );
    expect(misplaced).toEqual([]);
    // No seeded stock is negative: every seeded order was taken from stock that existed.
    expect(Object.values(recs).flatMap((r) => (r.locations ?? []).filter((l) => l.inventory < 0))).toEqual([]);
  });
});

describe('POST /sandbox/shipments allocates and reserves', () => {
  it('an order lowers the inventory and raises orders_to_be_fulfilled; a buyer cancellation gives the units back', async () => {
    const l = plainListing((enabled) => enabled.length > 0);
    const at = (l.data as { locations: { id: string; status: string }[] }).locations.find((e) => e.status === 'ENABLED')!.id;
    await sb.call('POST', `${BASE}/update/inventory`, { body: { [l.sku]: { product_id: l.data.product_id, locations: [{ id: at, inventory: 10 }] } } });
    const before = await stockAt(l.sku, at);
    expect(before.inventory).toBe(10);
    const r = await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 2 }, { sku: l.sku, quantity: 1 }] });
    expect(r.status).toBe(200);
    const [shipment] = await shipmentsById(r.json.shipmentIds);
    expect(shipment.locationId).toBe(at);
    expect(shipment.orderItems.map((i) => [i.sku, i.quantity])).toEqual([[l.sku, 2], [l.sku, 1]]);
    const taken = await stockAt(l.sku, at);
    expect(taken).toMatchObject({ inventory: 7, open: before.open + 1 });

    const cancelled = await sb.call('POST', `/sandbox/shipments/${shipment.shipmentId}/cancel`, { body: { by: 'buyer' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.orderItems.map((i: { status: string }) => i.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await stockAt(l.sku, at)).toMatchObject({ inventory: 10, open: before.open });
    const search = await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'cancelled', states: ['CANCELLED'], cancellationType: 'buyerCancellation' } } });
    expect(search.json.shipments.map((s: { shipmentId: string }) => s.shipmentId)).toContain(shipment.shipmentId);
  });

  it('a seller cancellation takes the product out of stock at that location', async () => {
    const l = plainListing((enabled) => enabled.length > 0);
    const at = (l.data as { locations: { id: string; status: string }[] }).locations.find((e) => e.status === 'ENABLED')!.id;
    await sb.call('POST', `${BASE}/update/inventory`, { body: { [l.sku]: { product_id: l.data.product_id, locations: [{ id: at, inventory: 5 }] } } });
    const id = (await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 1 }] })).json.shipmentIds[0];
    expect((await stockAt(l.sku, at)).inventory).toBe(4);
    const r = await sb.call('POST', '/sellers/v3/shipments/cancel', { body: { shipments: [{ shipmentId: id, locationId: at, reason: 'not_enough_inventory' }] } });
    expect(r.status).toBe(200);
    expect((await stockAt(l.sku, at)).inventory).toBe(0);
  });

  it('refuses in words an order no listing at the location can serve, and creates nothing', async () => {
    const l = plainListing((enabled, all) => enabled.length > 0 && all.length < sb.info.locations.length);
    const locs = (l.data as { locations: { id: string }[] }).locations.map((e) => e.id);
    const elsewhere = sb.info.locations.find((loc) => !locs.includes(loc))!;
    const count = sb.world.shipments.size;
    const r = await create({ count: 1, locationId: elsewhere, lines: [{ sku: l.sku, quantity: 1 }] });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('NO_ALLOCATABLE_LISTING');
    expect(r.json.message).toContain(`at ${elsewhere}`);
    expect(r.json.message).toMatch(/ENABLED location entry there with inventory of at least 1/);
    expect(sb.world.shipments.size).toBe(count);
  });

  it('takes the last unit, then refuses the next order until stock comes back', async () => {
    const l = plainListing((enabled) => enabled.length > 0);
    const at = (l.data as { locations: { id: string; status: string }[] }).locations.find((e) => e.status === 'ENABLED')!.id;
    const setStock = (n: number) => sb.call('POST', `${BASE}/update/inventory`, { body: { [l.sku]: { product_id: l.data.product_id, locations: [{ id: at, inventory: n }] } } });
    await setStock(1);
    expect((await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 2 }] })).status).toBe(409);
    expect((await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 1 }] })).status).toBe(200);
    expect((await stockAt(l.sku, at)).inventory).toBe(0);
    expect((await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 1 }] })).json.code).toBe('NO_ALLOCATABLE_LISTING');
    await setStock(3);
    expect((await create({ count: 1, locationId: at, lines: [{ sku: l.sku, quantity: 1 }] })).status).toBe(200);
  });

  it('without locationId, orders go only to a location that sells the product', async () => {
    const l = plainListing((enabled) => enabled.length === 1);
    const only = (l.data as { locations: { id: string; status: string }[] }).locations.find((e) => e.status === 'ENABLED')!.id;
    await sb.call('POST', `${BASE}/update/inventory`, { body: { [l.sku]: { product_id: l.data.product_id, locations: [{ id: only, inventory: 50 }] } } });
    const r = await create({ count: 12, lines: [{ sku: l.sku, quantity: 1 }] });
    expect(r.status).toBe(200);
    expect(new Set((await shipmentsById(r.json.shipmentIds)).map((s) => s.locationId))).toEqual(new Set([only]));
  });

  it('drawn orders of every kind land only where their listing entry is ENABLED', async () => {
    const ids: string[] = [];
    for (const kind of ['plain', 'serialized', 'mps', 'hold', 'future', 'selfship']) {
      const r = await create({ count: 5, kind });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      ids.push(...r.json.shipmentIds);
    }
    const records = await shipmentsById(ids);
    const recs = await listings([...new Set(records.flatMap((s) => s.orderItems.map((i) => i.sku)))]);
    for (const s of records) {
      for (const i of s.orderItems) expect(recs[i.sku].locations!.find((e) => e.id === s.locationId)?.status, `${i.sku} at ${s.locationId}`).toBe('ENABLED');
    }
  });
});
