// POST /v3/shipments/filter/ and its next pages over real HTTPS (spec § POST
// /v3/shipments/filter/, § Limits; sdk-facts § 4): every filter narrows, errors carry the spec's
// codes, paging never repeats a shipment and stops at maxDataRetrievalAllowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_RETRIEVAL } from '../../shared/api/limits.js';
import { STATES_BY_SEARCH_TYPE } from '../../shared/api/enums.js';
import type { ShipmentRec } from '../../electron/sandbox/world/model.js';
import { makeShipments, packed, readyToDispatch, record } from './shipments-fixtures.js';

let sb: TestSandbox;
const mine: Record<string, string[]> = {};

beforeAll(async () => {
  sb = await startTestSandbox({ labelDelayMs: 0, shipments: 0 });
  const [l0, l1] = sb.info.locations;
  mine.plain0 = makeShipments(sb, 'plain', 30, { locationId: l0 });
  mine.plain1 = makeShipments(sb, 'plain', 20, { locationId: l1 });
  mine.hold = makeShipments(sb, 'hold', 3);
  mine.future = makeShipments(sb, 'future', 3);
  mine.mps = makeShipments(sb, 'mps', 4);
  mine.selfship = makeShipments(sb, 'selfship', 4);
  mine.theirs = makeShipments(sb, 'plain', 10, { sellerId: sb.info.otherSellerId });
  await packed(sb, mine.plain0.slice(0, 4));
  await readyToDispatch(sb, mine.plain0.slice(4, 7));
  const cancel = mine.plain1.slice(0, 2).map((shipmentId) => ({ shipmentId, reason: 'not_enough_inventory' }));
  await sb.call('POST', '/sellers/v3/shipments/cancel', { body: { shipments: cancel } });
  // A few orders of the seller's FBF_LITE service profile (excluded by the default NON_FBF).
  for (const id of mine.plain1.slice(10, 12)) for (const i of record(sb, id).orderItems) i.serviceProfile = 'FBF_LITE';
});
afterAll(() => sb.close());

async function search(body: unknown, path = '/sellers/v3/shipments/filter/') {
  return sb.call('POST', path, { body });
}

/** Every page of a search, following nextPageUrl. */
async function searchAll(body: Record<string, any>): Promise<any[]> {
  let r = await search({ pagination: { pageSize: MAX_SEARCH_PAGE_SIZE }, ...body });
  expect(r.status).toBe(200);
  const out = [...r.json.shipments];
  while (r.json.hasMore) {
    r = await sb.call('GET', `/sellers${r.json.nextPageUrl}`);
    expect(r.status).toBe(200);
    out.push(...r.json.shipments);
  }
  return out;
}

/** The caller's shipments a filter should return, judged from the records directly. */
function expected(pred: (s: ShipmentRec) => boolean): string[] {
  return [...sb.world.shipments.values()].filter((s) => s.sellerId === sb.info.sellerId && pred(s)).map((s) => s.shipmentId).sort();
}
const ids = (list: any[]) => list.map((s) => s.shipmentId).sort();
const statusOf = (s: ShipmentRec) => s.orderItems.find((i) => i.status !== 'CANCELLED')?.status ?? 'CANCELLED';
const defaultPre = (s: ShipmentRec) =>
  STATES_BY_SEARCH_TYPE.preDispatch.includes(statusOf(s)) && !s.hold && s.orderItems.some((i) => i.serviceProfile === 'NON_FBF' && i.status !== 'CANCELLED');

describe('search filters', () => {
  it('preDispatch by default: the caller’s unheld NON_FBF shipments before dispatch, nobody else’s', async () => {
    const got = ids(await searchAll({ filter: { type: 'preDispatch' } }));
    expect(got).toEqual(expected(defaultPre));
    for (const id of mine.theirs) expect(got).not.toContain(id);
    for (const id of mine.hold) expect(got).not.toContain(id);
  });

  it('states narrows to the states asked for', async () => {
    expect(ids(await searchAll({ filter: { type: 'preDispatch', states: ['PACKED'] } }))).toEqual([...mine.plain0.slice(0, 4)].sort());
    expect(ids(await searchAll({ filter: { type: 'preDispatch', states: ['READY_TO_DISPATCH'] } }))).toEqual([...mine.plain0.slice(4, 7)].sort());
  });

  it('hold: true gives only held shipments', async () => {
    expect(ids(await searchAll({ filter: { type: 'preDispatch', hold: true } }))).toEqual([...mine.hold].sort());
  });

  it('sku, locationId, mps, shipmentTypes and serviceProfiles each narrow', async () => {
    const sku = record(sb, mine.plain0[0]).orderItems[0].sku;
    const bySku = ids(await searchAll({ filter: { type: 'preDispatch', sku: [sku] } }));
    expect(bySku).toEqual(expected((s) => defaultPre(s) && s.orderItems.some((i) => i.sku === sku)));
    expect(bySku.length).toBeLessThan(expected(defaultPre).length);

    const loc = sb.info.locations[1];
    expect(ids(await searchAll({ filter: { type: 'preDispatch', locationId: loc } }))).toEqual(expected((s) => defaultPre(s) && s.locationId === loc));
    expect(ids(await searchAll({ filter: { type: 'preDispatch', mps: true } }))).toEqual([...mine.mps].sort());
    expect(ids(await searchAll({ filter: { type: 'preDispatch', shipmentTypes: ['SELF'] } }))).toEqual([...mine.selfship].sort());
    const normal = ids(await searchAll({ filter: { type: 'preDispatch', shipmentTypes: ['NORMAL'] } }));
    expect(normal).toEqual(expected((s) => defaultPre(s) && s.shipmentType === 'NORMAL'));
    const fbfLite = expected((s) => STATES_BY_SEARCH_TYPE.preDispatch.includes(statusOf(s)) && !s.hold && s.orderItems.some((i) => i.serviceProfile === 'FBF_LITE'));
    for (const id of mine.plain1.slice(10, 12)) expect(fbfLite).toContain(id);
    expect(fbfLite.length).toBeLessThan(normal.length);
    expect(ids(await searchAll({ filter: { type: 'preDispatch', serviceProfiles: 'FBF_LITE' } }))).toEqual(fbfLite);
    expect(ids(await searchAll({ filter: { type: 'preDispatch', serviceProfiles: ['FBF_LITE'] } }))).toEqual(fbfLite);
  });

  it('cancelled needs cancellationType and filters by it', async () => {
    expect(ids(await searchAll({ filter: { type: 'cancelled', cancellationType: 'sellerCancellation' } }))).toEqual([...mine.plain1.slice(0, 2)].sort());
    expect(await searchAll({ filter: { type: 'cancelled', cancellationType: 'buyerCancellation' } })).toEqual([]);
    const r = await search({ filter: { type: 'cancelled' } });
    expect([r.status, r.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    expect(r.json.message).toMatch(/cancellationType/);
  });

  it('postDispatch finds shipped shipments', async () => {
    const { applyLogisticsEvent } = await import('../../electron/sandbox/world/shipment-lifecycle.js');
    const shipped = mine.plain0[4];
    applyLogisticsEvent(sb.world, record(sb, shipped), 'SHIPPED');
    expect(ids(await searchAll({ filter: { type: 'postDispatch', states: ['SHIPPED'] } }))).toEqual([shipped]);
  });

  it('refuses states the type does not admit', async () => {
    const r = await search({ filter: { type: 'preDispatch', states: ['SHIPPED'] } });
    expect([r.status, r.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    expect(r.json.message).toMatch(/SHIPPED/);
    const c = await search({ filter: { type: 'cancelled', cancellationType: 'sellerCancellation', states: ['APPROVED'] } });
    expect(c.status).toBe(400);
  });
});

describe('search dates', () => {
  const at = '2026-01-10T04:30:00.000Z'; // 10:00 IST
  beforeAll(() => {
    for (const i of record(sb, mine.plain0[20]).orderItems) i.orderDate = at;
  });

  it('a time without a zone is IST; with Z it is UTC', async () => {
    expect(ids(await searchAll({ filter: { type: 'preDispatch', orderDate: { from: '2026-01-10T10:00:00', to: '2026-01-10T10:00:00' } } }))).toEqual([mine.plain0[20]]);
    expect(await searchAll({ filter: { type: 'preDispatch', orderDate: { from: '2026-01-10T10:00:00Z', to: '2026-01-10T10:00:00Z' } } })).toEqual([]);
    expect(ids(await searchAll({ filter: { type: 'preDispatch', orderDate: { from: '2026-01-10', to: '2026-01-10' } } }))).toEqual([mine.plain0[20]]);
    expect(ids(await searchAll({ filter: { type: 'preDispatch', orderDate: { to: '2026-01-10T10:00:00+05:30' } } }))).toEqual([mine.plain0[20]]);
  });

  it('dispatchAfterDate and dispatchByDate ranges narrow; cancellationDate too', async () => {
    const soon = new Date(sb.world.now() + 12 * 3600_000).toISOString();
    expect(ids(await searchAll({ filter: { type: 'preDispatch', dispatchAfterDate: { from: soon } } }))).toEqual([...mine.future].sort());
    const cutoff = record(sb, mine.plain0[10]).dispatchByDate;
    expect(ids(await searchAll({ filter: { type: 'preDispatch', dispatchByDate: { to: cutoff } } }))).toEqual(
      expected((s) => defaultPre(s) && s.dispatchByDate <= cutoff),
    );
    const now = new Date(sb.world.now() + 60_000).toISOString();
    expect(await searchAll({ filter: { type: 'cancelled', cancellationType: 'sellerCancellation', cancellationDate: { from: now } } })).toEqual([]);
  });

  it('an unparseable date is INVALID_DATE_FORMAT', async () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-01-10T25:00:00', 42]) {
      const r = await search({ filter: { type: 'preDispatch', orderDate: { from: bad } } });
      expect([r.status, r.json.code]).toEqual([400, 'INVALID_DATE_FORMAT']);
    }
  });
});

describe('search request errors', () => {
  it('pageSize outside 1..20 is INVALID_REQUEST_PAGE_SIZE', async () => {
    for (const pageSize of [0, 21, 2.5, '5']) {
      const r = await search({ filter: { type: 'preDispatch' }, pagination: { pageSize } });
      expect([r.status, r.json.code]).toEqual([400, 'INVALID_REQUEST_PAGE_SIZE']);
    }
  });

  it('a body that is not JSON, or without a filter type, is INVALID_REQUEST_JSON', async () => {
    const raw = await sb.call('POST', '/sellers/v3/shipments/filter/', { rawBody: '{"filter":', headers: { 'content-type': 'application/json' } });
    expect([raw.status, raw.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    for (const body of [{}, { filter: { type: 'everything' } }, [1]]) {
      const r = await search(body);
      expect([r.status, r.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    }
  });

  it('needs a bearer token', async () => {
    const r = await sb.call('POST', '/sellers/v3/shipments/filter', { body: { filter: { type: 'preDispatch' } }, token: null });
    expect(r.status).toBe(401);
  });
});

describe('sort and paging', () => {
  it('sorts by dispatchByDate ascending by default, desc and by orderDate on request', async () => {
    const asc = await searchAll({ filter: { type: 'preDispatch' } });
    const dates = asc.map((s) => s.dispatchByDate);
    expect(dates).toEqual([...dates].sort());
    const desc = await searchAll({ filter: { type: 'preDispatch' }, sort: { field: 'dispatchByDate', order: 'desc' } });
    expect(desc.map((s) => s.dispatchByDate)).toEqual([...dates].sort().reverse());
    const byOrder = await searchAll({ filter: { type: 'preDispatch' }, sort: { field: 'orderDate', order: 'asc' } });
    const od = byOrder.map((s) => s.orderItems[0].orderDate);
    expect(od).toEqual([...od].sort());
    expect((await search({ filter: { type: 'preDispatch' }, sort: { field: 'price' } })).json.code).toBe('INVALID_REQUEST_JSON');
  });

  it('pages of 7 cover every match once, through nextPageUrl under /sellers (both path spellings)', async () => {
    const all = expected(defaultPre);
    let r = await search({ filter: { type: 'preDispatch' }, pagination: { pageSize: 7 } }, '/sellers/v3/shipments/filter');
    const seen: string[] = [];
    for (;;) {
      expect(r.json.shipments.length).toBeLessThanOrEqual(7);
      for (const s of r.json.shipments) {
        expect(s.subShipments.length).toBeGreaterThan(0);
        expect(s).not.toHaveProperty('packagingPolicy'); // get-by-id answers only
      }
      seen.push(...r.json.shipments.map((s: any) => s.shipmentId));
      if (!r.json.hasMore) break;
      expect(r.json.nextPageUrl).toMatch(/^\/v3\/shipments\/filter\?next_token=[\w-]+$/);
      r = await sb.call('GET', `/sellers${r.json.nextPageUrl}`);
    }
    expect(r.json.nextPageUrl ?? null).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(all);
  });

  it('refuses a forged token, a missing one and another seller’s', async () => {
    const first = await search({ filter: { type: 'preDispatch' }, pagination: { pageSize: 1 } });
    expect((await sb.call('GET', '/sellers/v3/shipments/filter?next_token=%%%')).json.code).toBe('INVALID_REQUEST_JSON');
    expect((await sb.call('GET', '/sellers/v3/shipments/filter')).json.code).toBe('INVALID_REQUEST_JSON');
    const theirs = await sb.call('GET', `/sellers${first.json.nextPageUrl}`, { token: sb.otherToken });
    expect([theirs.status, theirs.json.code]).toEqual([403, 'OPERATION_NOT_ALLOWED']);
  });

  it(`stops at maxDataRetrievalAllowed (${MAX_SEARCH_RETRIEVAL}) even when more shipments match`, async () => {
    const loc = sb.info.locations[2];
    makeShipments(sb, 'plain', MAX_SEARCH_RETRIEVAL + 150, { locationId: loc });
    const matching = expected((s) => defaultPre(s) && s.locationId === loc).length;
    expect(matching).toBeGreaterThan(MAX_SEARCH_RETRIEVAL);
    const got = await searchAll({ filter: { type: 'preDispatch', locationId: loc } });
    expect(got.length).toBe(MAX_SEARCH_RETRIEVAL);
    expect(new Set(got.map((s) => s.shipmentId)).size).toBe(MAX_SEARCH_RETRIEVAL);
  }, 120_000);
});
