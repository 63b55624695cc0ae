// GET /v2/returns (sdk-facts § 10: filters, returnIds cap, paging by nextUrl) and the return
// task and OTC operations (spec § Operations known by method, path and purpose only) over HTTPS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETURN_IDS_PER_LOOKUP } from '../../shared/api/limits.js';
import { ReturnsSearchResponse } from '../../shared/api/returns.js';
import { RETURNS_PAGE_SIZE } from '../../electron/sandbox/returns/return-windows.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { createReturnVia, getReturn, itemStatuses, selfShipShipment, standardShipment } from '../support/selfship-fixtures.js';

let sb: TestSandbox;
const mine: string[] = [];
let theirs: string;
let startedAt: string;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
  // Returns the seed made for this seller would blur the counts below: start from none.
  for (const [id, r] of sb.world.returns) if (r.sellerId === sb.info.sellerId) sb.world.returns.delete(id);
  startedAt = new Date(sb.world.now() - 1000).toISOString();
  for (let i = 0; i < RETURNS_PAGE_SIZE + 5; i++) {
    mine.push(await createReturnVia(sb, standardShipment(sb).orderItems[0].orderItemId, 'standard'));
    sb.world.clock.advance(60);
  }
  theirs = await createReturnVia(sb, standardShipment(sb, { other: true }).orderItems[0].orderItemId, 'standard');
});
afterAll(() => sb.close());

const list = (query: string, token?: string) => sb.call('GET', `/sellers/v2/returns${query}`, { token });

describe('GET /v2/returns', () => {
  it("pages through all of the seller's returns by nextUrl, and never shows another seller's", async () => {
    const seen: string[] = [];
    let r = await list('');
    expect(ReturnsSearchResponse.safeParse(r.json).success).toBe(true);
    expect(r.json.returnItems).toHaveLength(RETURNS_PAGE_SIZE);
    expect(r.json.hasMore).toBe(true);
    seen.push(...r.json.returnItems.map((x: { returnId: string }) => x.returnId));
    r = await sb.call('GET', `/sellers${r.json.nextUrl}`);
    expect(r.status).toBe(200);
    expect(r.json.hasMore).toBe(false);
    expect(r.json.nextUrl).toBeNull();
    seen.push(...r.json.returnItems.map((x: { returnId: string }) => x.returnId));
    expect(seen).toEqual(mine);
    expect(seen).not.toContain(theirs);
    const other = await list('', sb.otherToken);
    expect(other.json.returnItems.map((x: { returnId: string }) => x.returnId)).toContain(theirs);
  });

  it('keeps the filters on the next page', async () => {
    const r = await list(`?createdAfter=${encodeURIComponent(startedAt)}&source=customer_return`);
    expect(r.json.hasMore).toBe(true);
    const next = await sb.call('GET', `/sellers${r.json.nextUrl}`);
    expect(next.json.returnItems).toHaveLength(5);
    expect(next.json.returnItems.every((x: { type: string }) => x.type === 'customer_return')).toBe(true);
  });

  it('looks up by returnIds and trackingIds, and refuses more than the cap with 400', async () => {
    const r = await list(`?returnIds=${mine[3]},${theirs},RT00000000000000`);
    expect(r.json.returnItems.map((x: { returnId: string }) => x.returnId)).toEqual([mine[3]]);
    const ret = await getReturn(sb, mine[4]);
    const byTracking = await list(`?trackingIds=${ret.trackingId}`);
    expect(byTracking.json.returnItems.map((x: { returnId: string }) => x.returnId)).toEqual([mine[4]]);
    const tooMany = Array.from({ length: MAX_RETURN_IDS_PER_LOOKUP + 1 }, (_, i) => mine[i % mine.length]).join(',');
    const refused = await list(`?returnIds=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await list(`?trackingIds=${tooMany}`)).status).toBe(400);
  });

  it('filters by created and modified dates, source and location; refuses a bad date with INVALID_DATE_FORMAT', async () => {
    const cut = sb.world.returns.get(mine[10])!.createdDate;
    const after = await list(`?createdAfter=${encodeURIComponent(cut)}&returnIds=${mine.slice(8, 13).join(',')}`);
    expect(after.json.returnItems.map((x: { returnId: string }) => x.returnId)).toEqual(mine.slice(10, 13));
    const before = await list(`?createdBefore=${encodeURIComponent(cut)}&returnIds=${mine.slice(8, 13).join(',')}`);
    expect(before.json.returnItems.map((x: { returnId: string }) => x.returnId)).toEqual(mine.slice(8, 11));

    sb.world.clock.advance(3600);
    const since = new Date(sb.world.now() - 1000).toISOString();
    const loc = sb.world.returns.get(mine[0])!.locationId;
    await sb.call('POST', '/sellers/v2/returns/complete', { body: { locationId: loc, returnIds: [mine[0]] } });
    const modified = await list(`?modifiedAfter=${encodeURIComponent(since)}`);
    expect(modified.json.returnItems.map((x: { returnId: string }) => x.returnId)).toEqual([mine[0]]);

    expect((await list('?source=courier_return')).json.returnItems).toHaveLength(0);
    expect((await list('?locationId=LOC1003')).json.returnItems).toHaveLength(0);
    const bad = await list('?createdAfter=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('INVALID_DATE_FORMAT');
    expect((await list('?source=teleport')).status).toBe(400);
    expect((await list('?next_token=garbage')).status).toBe(400);
    expect((await list('', null as unknown as string)).status).toBe(401);
  });
});

describe('return tasks and return OTC', () => {
  it('initial-load groups expected returns by tracking id; tasks/shipments tells what a package holds', async () => {
    const s = standardShipment(sb, { items: 2, itemStatus: 'SHIPPED' });
    const a = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const b = await createReturnVia(sb, s.orderItems[1].orderItemId, 'standard');
    const load = await sb.call('POST', '/sellers/v3/returns/tasks/initial-load', { body: { locationId: s.locationId } });
    expect(load.status).toBe(200);
    const task = load.json.tasks.find((t: { trackingId: string }) => t.trackingId === s.trackingId);
    expect(task).toMatchObject({ returnCount: 2, returnIds: [a, b].sort(), type: 'courier_return' });
    expect(load.json.tasks.flatMap((t: { returnIds: string[] }) => t.returnIds)).not.toContain(theirs);

    const inside = await sb.call('POST', '/sellers/v3/returns/tasks/shipments', { body: { locationId: s.locationId, trackingIds: [s.trackingId, 'NOPE123'] } });
    expect(inside.json.shipments).toHaveLength(1);
    expect(inside.json.shipments[0]).toMatchObject({ shipmentId: s.shipmentId, trackingId: s.trackingId });
    expect(inside.json.shipments[0].returns.map((x: { orderItemId: string }) => x.orderItemId)).toEqual(s.orderItems.map((i) => i.orderItemId));
    expect(inside.json.unknownTrackingIds).toEqual(['NOPE123']);

    expect((await sb.call('POST', '/sellers/v3/returns/tasks/initial-load', { body: {} })).status).toBe(400);
    const foreign = await sb.call('POST', '/sellers/v3/returns/tasks/initial-load', { body: { locationId: sb.world.sellers.get(sb.info.otherSellerId)!.locations[0].locationId } });
    expect(foreign.json.code).toBe('INVALID_LOCATION');
  });

  it('OTC start gives a code; end with a wrong code is refused, with the right one receives the returns', async () => {
    const s = standardShipment(sb, { itemStatus: 'SHIPPED' });
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const start = await sb.call('POST', '/sellers/v3/returns/otc/start/details', { body: { locationId: s.locationId, trackingIds: [s.trackingId] } });
    expect(start.status).toBe(200);
    expect(start.json).toMatchObject({ status: 'STARTED', returnIds: [id] });
    expect(start.json.code).toMatch(/^\d{6}$/);
    const wrong = String((Number(start.json.code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await sb.call('POST', '/sellers/v3/returns/otc/end/details', { body: { otcId: start.json.otcId, code: wrong, locationId: s.locationId } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('INVALID_OTC');
    expect((await getReturn(sb, id)).status).toBe('CREATED');
    const stranger = await sb.call('POST', '/sellers/v3/returns/otc/end/details', { token: sb.otherToken, body: { otcId: start.json.otcId, code: start.json.code, locationId: s.locationId } });
    expect(stranger.status).toBe(404);
    const end = await sb.call('POST', '/sellers/v3/returns/otc/end/details', { body: { otcId: start.json.otcId, code: start.json.code, locationId: s.locationId } });
    expect(end.status).toBe(200);
    expect(end.json.returns).toEqual([{ returnId: id, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null }]);
    expect((await getReturn(sb, id)).status).toBe('COMPLETED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURNED']);
    const again = await sb.call('POST', '/sellers/v3/returns/otc/end/details', { body: { otcId: start.json.otcId, code: start.json.code, locationId: s.locationId } });
    expect(again.status).toBe(409);
  });

  it('OTC refuses unknown tracking ids at start and an expired code at end', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'SHIPPED' });
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'courier');
    const tracking = sb.world.returns.get(id)!.trackingId;
    const unknown = await sb.call('POST', '/sellers/v3/returns/otc/start/details', { body: { locationId: s.locationId, trackingIds: ['NOPE123'] } });
    expect(unknown.status).toBe(400);
    const start = await sb.call('POST', '/sellers/v3/returns/otc/start/details', { body: { locationId: s.locationId, trackingIds: [tracking] } });
    expect(start.json.returnIds).toEqual([id]);
    sb.world.clock.advance(16 * 60);
    const late = await sb.call('POST', '/sellers/v3/returns/otc/end/details', { body: { otcId: start.json.otcId, code: start.json.code, locationId: s.locationId } });
    expect(late.status).toBe(400);
    expect(late.json.code).toBe('OTC_EXPIRED');
    expect((await getReturn(sb, id)).status).toBe('APPROVED');
  });
});
