// The seeded cases of the default data set (README § Seeded cases), read over real HTTPS the way
// a desk sees them: their ids are fixed, each case has the shape the desk tests rely on, and they
// are allocated like every order (spec § Concepts: Allocation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { GetListingsResponse } from '../../shared/api/listings.js';
import { only, pack, packElement } from './shipments-fixtures.js';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `SH${String(from + k).padStart(14, '0')}`);
const CASES = {
  sameSkuLines: ids(1, 1),
  multiUnitPhone: ids(2, 2),
  fbfLite: ids(3, 5),
  threeBoxes: ids(6, 6),
  hold: ids(7, 8),
  future: ids(9, 10),
};

interface WireShipment {
  shipmentId: string;
  locationId: string;
  hold: boolean;
  dispatchAfterDate: string;
  subShipments: { subShipmentId: string; packages: unknown[] }[];
  orderItems: { orderItemId: string; orderId: string; sku: string; quantity: number; hsn: string; serviceProfile: string; status: string }[];
}

let sb: TestSandbox;
let byId: Map<string, WireShipment>;
beforeAll(async () => {
  // The default data set: seed 7 and the default size.
  sb = await startTestSandbox();
  const r = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${Object.values(CASES).flat().join(',')}`);
  expect(r.status).toBe(200);
  byId = new Map((r.json.shipments as WireShipment[]).map((s) => [s.shipmentId, s]));
});
afterAll(() => sb.close());

const get = (id: string) => byId.get(id)!;

describe('seeded cases of the default data set', () => {
  it('are at their listed ids, at the first location, and named in the seed info', () => {
    expect(sb.info.cases).toEqual(CASES);
    for (const id of Object.values(CASES).flat()) expect(get(id)?.locationId, id).toBe(sb.info.locations[0]);
  });

  it('(a) the same SKU on two order lines of one order: KTC-STD-004 x1 and x2', () => {
    const s = get(CASES.sameSkuLines[0]);
    expect(s.orderItems.map((i) => [i.sku, i.quantity])).toEqual([['KTC-STD-004', 1], ['KTC-STD-004', 2]]);
    expect(new Set(s.orderItems.map((i) => i.orderId)).size).toBe(1);
    expect(new Set(s.orderItems.map((i) => i.orderItemId)).size).toBe(2);
  });

  it('(b) two units of a serialized phone (HSN 8517) that cannot be packed without one IMEI per unit', async () => {
    const s = get(CASES.multiUnitPhone[0]);
    expect(s.orderItems).toHaveLength(1);
    expect(s.orderItems[0]).toMatchObject({ quantity: 2, status: 'APPROVED' });
    expect(s.orderItems[0].hsn.startsWith('8517')).toBe(true);
    const el = packElement(sb, s.shipmentId);
    el.serialNumbers[0].serialNumbers.pop();
    expect(only(await pack(sb, [el])).errorCode).toBe('INVALID_IMEI_NUMBER');
  });

  it('(c) three FBF_LITE shipments beside NON_FBF ones, found only when the search asks for FBF_LITE', async () => {
    for (const id of CASES.fbfLite) expect(get(id).orderItems.every((i) => i.serviceProfile === 'FBF_LITE')).toBe(true);
    const search = async (serviceProfiles?: string) => {
      const found: string[] = [];
      let r = await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'preDispatch', states: ['APPROVED'], ...(serviceProfiles ? { serviceProfiles } : {}) } } });
      for (;;) {
        expect(r.status).toBe(200);
        found.push(...r.json.shipments.map((x: WireShipment) => x.shipmentId));
        if (!r.json.nextPageUrl) return found;
        r = await sb.call('GET', `/sellers${r.json.nextPageUrl}`);
      }
    };
    const lite = await search('FBF_LITE');
    expect(lite).toEqual(expect.arrayContaining(CASES.fbfLite));
    const nonFbf = await search();
    expect(nonFbf.length).toBeGreaterThan(10);
    expect(nonFbf.filter((id) => CASES.fbfLite.includes(id))).toEqual([]);
  });

  it('(d) a three-box shipment: a listing with three packages, one sub-shipment per box', async () => {
    const s = get(CASES.threeBoxes[0]);
    expect(s.subShipments).toHaveLength(3);
    const r = await sb.call('GET', `/sellers/listings/v3/${encodeURIComponent(s.orderItems[0].sku)}`);
    const listing = GetListingsResponse.parse(r.json).available[s.orderItems[0].sku];
    expect(listing.packages).toHaveLength(3);
  });

  it('(e) shipments on hold and (f) shipments whose dispatch-after date is ahead', () => {
    for (const id of CASES.hold) expect(get(id).hold).toBe(true);
    const now = sb.world.now();
    for (const id of CASES.future) expect(Date.parse(get(id).dispatchAfterDate)).toBeGreaterThan(now);
    for (const id of [...CASES.sameSkuLines, ...CASES.multiUnitPhone, ...CASES.threeBoxes]) {
      expect(get(id).hold).toBe(false);
      expect(Date.parse(get(id).dispatchAfterDate)).toBeLessThanOrEqual(now);
    }
  });

  it('(g) the seller-fulfilled service profiles NON_FBF and FBF_LITE both occur', () => {
    const profiles = new Set([...sb.world.shipments.values()].filter((s) => s.sellerId === sb.info.sellerId).flatMap((s) => s.orderItems.map((i) => i.serviceProfile)));
    expect(profiles).toEqual(new Set(['NON_FBF', 'FBF_LITE']));
  });

  it('stay at the same ids in a bigger data set of the same seed', async () => {
    const big = await startTestSandbox({ shipments: 200 });
    try {
      expect(big.info.cases).toEqual(CASES);
      expect(big.world.shipments.get(CASES.sameSkuLines[0])!.orderItems.map((i) => i.sku)).toEqual(['KTC-STD-004', 'KTC-STD-004']);
    } finally {
      await big.close();
    }
  });
});
