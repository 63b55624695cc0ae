// The sliced search against the real sandbox over HTTPS: every approved shipment exactly once,
// checked against the sandbox's own records, beyond maxDataRetrievalAllowed, with many shipments
// on the same dispatchByDate at window edges, and while shipments change state during the paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest, ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_SEARCH_RETRIEVAL } from '../../../shared/api/limits.js';
import { slicedSearch, windowShares } from '../../../electron/station/packing/sliced-search.js';
import { perServiceProfile, searchAllSellerPacked } from '../../../electron/station/packing/seller-search.js';
import { clientFor, type TestClient } from '../../support/station-client.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let client: TestClient;
let location: string;

beforeAll(async () => {
  sb = await startTestSandbox({ seed: 11, shipments: 0 });
  client = clientFor(sb);
  location = sb.info.locations[0];
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const approvedAt = (locationId: string): SearchRequest => ({
  filter: { type: 'preDispatch', states: ['APPROVED'], locationId },
  pagination: { pageSize: 20 },
  sort: { field: 'dispatchByDate', order: 'asc' },
});
/** The same search once per service profile the seller packs, as the station sends it. */
const everyProfile = (locationId: string): SearchRequest[] => perServiceProfile(approvedAt(locationId).filter).map((filter) => ({ ...approvedAt(locationId), filter }));

/** What the sandbox itself holds: approved shipments of the seller at a location. */
function sandboxApproved(locationId: string): Set<string> {
  const ids = new Set<string>();
  for (const s of sb.world.shipments.values()) {
    if (s.sellerId === sb.info.sellerId && s.locationId === locationId && !s.hold && s.orderItems.some((i) => i.status === 'APPROVED')) ids.add(s.shipmentId);
  }
  return ids;
}

async function collect(it: AsyncGenerator<ShipmentWire[], { capped: boolean }>): Promise<{ ids: string[]; capped: boolean }> {
  const ids: string[] = [];
  for (;;) {
    const r = await it.next();
    if (r.done) return { ids, capped: r.value.capped };
    ids.push(...r.value.map((s) => s.shipmentId));
  }
}

async function create(count: number, locationId: string, serviceProfile?: 'NON_FBF'): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId, kind: 'plain', restock: true, serviceProfile } });
  expect(r.status).toBe(200);
  return r.json.shipmentIds;
}

describe('sliced search', () => {
  it('finds every one of 6,000 approved shipments once, past maxDataRetrievalAllowed', async () => {
    await create(6_000, location);
    const expected = sandboxApproved(location);
    expect(expected.size).toBeGreaterThan(MAX_SEARCH_RETRIEVAL);
    // Every page asked for is counted: windows that end in a part page, or that are cut too
    // late to save a round trip, cost pages beyond the ones the shipments fill.
    let pagesAsked = 0;
    const counted = {
      searchPages: (request: SearchRequest) => {
        const pages = client.orders.searchPages(request);
        return {
          next: () => (pagesAsked++, pages.next()),
          return: (value: { capped: boolean }) => pages.return(value),
          throw: (e: unknown) => pages.throw(e),
          [Symbol.asyncIterator]() {
            return this;
          },
        } as unknown as ReturnType<typeof client.orders.searchPages>;
      },
    };
    const { shipments, capped } = await searchAllSellerPacked(counted, approvedAt(location));
    const ids = shipments.map((s) => s.shipmentId);
    expect(capped).toBe(false);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(expected);
    // Half again the pages the shipments fill at most (the former cutting asked 712 here).
    expect(pagesAsked).toBeLessThanOrEqual(Math.ceil((expected.size / 20) * 1.5));
  }, 120_000);

  it('shares the windows among searches by the shipments each likely holds, never more than its pages', () => {
    // Five thousand and a hundred and seventy: the small one gets its one share (at most its 9 pages).
    expect(windowShares([5_000, 170], [20, 20], 48)).toEqual([46, 1]);
    expect(windowShares([5_000, 0], [20, 20], 48)).toEqual([48, 0]);
    // A first page that spans no time says nothing of the density: it counts as many.
    expect(windowShares([Infinity, 5_000], [20, 20], 48)).toEqual([47, 1]);
    expect(windowShares([30, 30], [20, 20], 48)).toEqual([2, 2]);
  });

  it('no gap and no duplicate when many shipments share a dispatchByDate at window edges', async () => {
    const where = sb.info.locations[1];
    const ids = await create(900, where);
    // Three crowded instants (300 shipments each), the rest spread between them: every cut of the
    // range falls beside or on one of the crowded instants.
    const base = Date.parse('2026-12-01T06:30:00.000Z');
    ids.forEach((id, i) => {
      const s = sb.world.shipments.get(id)!;
      const at = i % 3 === 0 ? base : i % 3 === 1 ? base + 3_600_000 : base + (i % 97) * 60_000;
      s.dispatchByDate = new Date(at).toISOString();
    });
    const expected = sandboxApproved(where);
    for (const concurrency of [2, 7, 24]) {
      const { ids: found, capped } = await collect(slicedSearch(client.orders, everyProfile(where), { concurrency }));
      expect(capped).toBe(false);
      expect(found.length).toBe(new Set(found).size);
      expect(new Set(found)).toEqual(expected);
    }
  }, 120_000);

  it('says the search is capped when more than maxDataRetrievalAllowed share one instant, and repeats nothing', async () => {
    const where = sb.info.locations[2] ?? sb.info.locations[0];
    const before = sandboxApproved(where);
    const ids = await create(MAX_SEARCH_RETRIEVAL + 40, where, 'NON_FBF');
    const same = new Date('2026-12-02T00:00:00.000Z').toISOString();
    for (const id of ids) sb.world.shipments.get(id)!.dispatchByDate = same;
    const { ids: found, capped } = await collect(slicedSearch(client.orders, everyProfile(where)));
    expect(capped).toBe(true);
    expect(found.length).toBe(new Set(found).size);
    expect(found.length).toBeGreaterThanOrEqual(MAX_SEARCH_RETRIEVAL);
    for (const id of before) expect(found).toContain(id);
  }, 120_000);

  it('shipments packed or cancelled while the search pages: the rest all found, each once', async () => {
    const where = sb.info.locations[0];
    const expected = sandboxApproved(where);
    const victims = [...expected].filter((_, i) => i % 50 === 7);
    let pages = 0;
    // Between pages, some shipments leave APPROVED as other desks would move them.
    const orders = {
      async *searchPages(request: SearchRequest) {
        const it = client.orders.searchPages(request);
        for (;;) {
          const r = await it.next();
          if (r.done) return r.value;
          if (++pages === 30) {
            for (const id of victims) for (const item of sb.world.shipments.get(id)!.orderItems) item.status = 'CANCELLED';
          }
          yield r.value;
        }
      },
    };
    const { ids: found } = await collect(slicedSearch(orders, everyProfile(where)));
    expect(found.length).toBe(new Set(found).size);
    const steady = [...expected].filter((id) => !victims.includes(id));
    const foundSet = new Set(found);
    for (const id of steady) if (!foundSet.has(id)) throw new Error(`${id} stayed approved but the search missed it`);
    expect(pages).toBeGreaterThan(30);
  }, 120_000);

  it('a next page after the sandbox dropped its snapshot goes on after the last shipment given', async () => {
    const where = sb.info.locations[1];
    await create(100, where, 'NON_FBF');
    const expected = sandboxApproved(where);
    const it = client.orders.searchPages({ ...approvedAt(where), filter: { ...approvedAt(where).filter, serviceProfiles: 'NON_FBF' } });
    const first = await it.next();
    if (first.done) throw new Error('no first page');
    const found = new Set(first.value.map((s) => s.shipmentId));
    // Shipments of the first page leave the result (cancelled elsewhere)...
    const gone = first.value.slice(0, 5).map((s) => s.shipmentId);
    for (const id of gone) for (const item of sb.world.shipments.get(id)!.orderItems) item.status = 'CANCELLED';
    // ...and enough other searches run that the sandbox forgets this one's snapshot.
    for (let i = 0; i < 300; i++) {
      const r = await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'preDispatch', states: ['APPROVED'], locationId: `LOC-NONE-${i}` }, pagination: { pageSize: 1 } } });
      expect(r.status).toBe(200);
    }
    for (;;) {
      const r = await it.next();
      if (r.done) break;
      for (const s of r.value) found.add(s.shipmentId);
    }
    const nonFbf = [...expected].filter((id) => sb.world.shipments.get(id)!.orderItems.some((i) => i.serviceProfile === 'NON_FBF' && i.status === 'APPROVED'));
    for (const id of nonFbf) if (!found.has(id)) throw new Error(`${id} was skipped after the snapshot was dropped`);
  }, 120_000);
});
