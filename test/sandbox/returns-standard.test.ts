// Standard returns over real HTTPS (spec § Return (standard fulfilment), § POST /v2/returns/complete):
// created by the marketplace, received at the desk, or cancelled by the marketplace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETURNS_PER_REQUEST } from '../../shared/api/limits.js';
import { cancelReturnByMarketplace } from '../../electron/sandbox/returns/return-transitions.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { createReturnVia, eventsFor, getReturn, itemStatuses, lastSeq, selfShipShipment, standardShipment } from '../support/selfship-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

const complete = (body: unknown, token?: string) => sb.call('POST', '/sellers/v2/returns/complete', { body, token });

describe('standard return table (spec § Return (standard fulfilment))', () => {
  it('(new) -> CREATED on a delivered item: the item is RETURN_REQUESTED and Return Created is emitted', async () => {
    const s = standardShipment(sb);
    const since = lastSeq(sb);
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const ret = await getReturn(sb, id);
    expect(ret).toMatchObject({ status: 'CREATED', type: 'customer_return', shipmentId: s.shipmentId, orderItemId: s.orderItems[0].orderItemId, locationId: s.locationId });
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURN_REQUESTED']);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Created']);
  });

  it('a return on an item still in transit is a courier return (RTO) and flags courierReturn', async () => {
    const s = standardShipment(sb, { itemStatus: 'SHIPPED' });
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const ret = await getReturn(sb, id);
    expect(ret.type).toBe('courier_return');
    expect(ret.trackingId).toBe(s.trackingId);
    expect(sb.world.shipments.get(s.shipmentId)!.orderItems[0].courierReturn).toBe(true);
  });

  it('CREATED -> COMPLETED when the desk receives it: item RETURNED, event Return Completed', async () => {
    const s = standardShipment(sb);
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const since = lastSeq(sb);
    const r = await complete({ locationId: s.locationId, returnIds: [id] });
    expect(r.status).toBe(200);
    expect(r.json.returns).toEqual([{ returnId: id, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null }]);
    expect((await getReturn(sb, id)).status).toBe('COMPLETED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURNED']);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Completed']);
  });

  it('accepts returnIds as a comma-separated string (spec § 18) as well as an array', async () => {
    const a = await createReturnVia(sb, standardShipment(sb).orderItems[0].orderItemId, 'standard');
    const b = await createReturnVia(sb, standardShipment(sb).orderItems[0].orderItemId, 'standard');
    const r = await complete({ locationId: sb.world.returns.get(a)!.locationId, returnIds: `${a}, ${b}` });
    expect(r.json.returns.map((x: { processingStatus: string }) => x.processingStatus)).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await getReturn(sb, b)).status).toBe('COMPLETED');
  });

  it('CREATED -> CANCELLED by the marketplace: the item is delivered again, event Return Cancelled', async () => {
    const s = standardShipment(sb);
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const since = lastSeq(sb);
    cancelReturnByMarketplace(sb.world, id);
    expect((await getReturn(sb, id)).status).toBe('CANCELLED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Cancelled']);
    const again = await complete({ locationId: s.locationId, returnIds: [id] });
    expect(again.json.returns[0]).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'INVALID_RETURN_STATE' });
  });
});

describe('POST /v2/returns/complete refusals', () => {
  it('fails a completed, unknown, foreign or misplaced return per return, and goes on with the rest', async () => {
    const s = standardShipment(sb);
    const mine = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const theirs = await createReturnVia(sb, standardShipment(sb, { other: true }).orderItems[0].orderItemId, 'standard');
    const r = await complete({ locationId: s.locationId, returnIds: [mine, mine, 'RT99999999999999', theirs] });
    expect(r.status).toBe(200);
    expect(r.json.returns.map((x: { errorCode: string | null }) => x.errorCode)).toEqual([null, 'INVALID_RETURN_STATE', 'INVALID_RETURN_ID', 'OPERATION_NOT_ALLOWED']);
    expect((await getReturn(sb, mine)).status).toBe('COMPLETED');
    // The other seller's return is untouched and invisible to this seller.
    expect(sb.world.returns.get(theirs)!.status).toBe('CREATED');
    expect(await getReturn(sb, theirs)).toBeUndefined();

    const other = await createReturnVia(sb, standardShipment(sb).orderItems[0].orderItemId, 'standard');
    const wrongPlace = await complete({ locationId: sb.world.sellers.get(sb.info.sellerId)!.locations[2].locationId, returnIds: [other] });
    expect(wrongPlace.json.returns[0]).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'INVALID_LOCATION' });
    expect((await getReturn(sb, other)).status).toBe('CREATED');
  });

  it(`refuses more than ${MAX_RETURNS_PER_REQUEST} returns with 400 UNPROCESSABLE_ENTITY and changes nothing`, async () => {
    const s = standardShipment(sb);
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const ids = [id, ...Array.from({ length: MAX_RETURNS_PER_REQUEST }, (_, i) => `RT${String(i).padStart(14, '0')}`)];
    const r = await complete({ locationId: s.locationId, returnIds: ids });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await getReturn(sb, id)).status).toBe('CREATED');
    const atLimit = await complete({ locationId: s.locationId, returnIds: ids.slice(0, MAX_RETURNS_PER_REQUEST) });
    expect(atLimit.status).toBe(200);
  });

  it('refuses a missing locationId, empty returnIds and a body that is not JSON with 400', async () => {
    expect((await complete({ returnIds: ['RT00000000000001'] })).json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await complete({ locationId: 'LOC1001', returnIds: [] })).status).toBe(400);
    const notJson = await sb.call('POST', '/sellers/v2/returns/complete', { rawBody: '{"returnIds": [', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.code).toBe('INVALID_REQUEST_JSON');
    expect((await sb.call('POST', '/sellers/v2/returns/complete', { body: { locationId: 'LOC1001', returnIds: ['x'] }, token: null })).status).toBe(401);
  });
});

describe('return creation refusals (sandbox control API)', () => {
  it('refuses an unknown item, a second open return, a cancelled item and the wrong kind for the shipment', async () => {
    const unknown = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: 'OI0000000000000000', kind: 'standard' } });
    expect(unknown.status).toBe(404);
    const s = standardShipment(sb);
    await createReturnVia(sb, s.orderItems[0].orderItemId, 'standard');
    const twice = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: s.orderItems[0].orderItemId, kind: 'standard' } });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe('RETURN_ALREADY_OPEN');
    const cancelled = standardShipment(sb, { itemStatus: 'CANCELLED' });
    expect((await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: cancelled.orderItems[0].orderItemId, kind: 'standard' } })).status).toBe(409);
    const self = selfShipShipment(sb, { itemStatus: 'DELIVERED' });
    const wrongKind = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: self.orderItems[0].orderItemId, kind: 'standard' } });
    expect(wrongKind.json.code).toBe('INVALID_RETURN_TYPE');
    const rvpOnNormal = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: standardShipment(sb).orderItems[0].orderItemId, kind: 'customer' } });
    expect(rvpOnNormal.status).toBe(409);
  });
});
