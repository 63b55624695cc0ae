// Self-ship returns over real HTTPS (spec § Self Ship return; bodies from official-sdk-facts § 10):
// customer returns (RVP) through tech visit, approval or rejection, and reverse pickup; courier
// returns (RTO) acknowledged or cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { at, createReturnVia, DAY, eventsFor, getReturn, HOUR, itemStatuses, lastSeq, selfShipShipment } from '../support/selfship-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

const act = (path: string, body: unknown, token?: string) => sb.call('POST', `/sellers/v2/returns/${path}`, { body, token });
const one = (r: { json: any }) => r.json.returns[0];

async function customerReturn(o: { service?: boolean } = {}) {
  const s = selfShipShipment(sb, { itemStatus: 'DELIVERED', ...o });
  const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'customer');
  return { s, id };
}

async function approved() {
  const r = await customerReturn();
  expect(one(await act('approve', { returns: [{ returnId: r.id, serviceDate: at(sb) }] })).processingStatus).toBe('SUCCESS');
  return r;
}

describe('customer return (RVP): created after delivery', () => {
  it('starts REQUESTED with a REQUESTED tech-visit service and a tech-visit-by date; event Return Created', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED' });
    const since = lastSeq(sb);
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'customer');
    const ret = await getReturn(sb, id);
    expect(ret).toMatchObject({ status: 'REQUESTED', type: 'customer_return', shipmentStatus: 'RETURN_REQUESTED' });
    expect(ret.services).toHaveLength(1);
    expect(ret.services[0].status).toBe('REQUESTED');
    expect(Date.parse(ret.expectedDate)).toBeGreaterThan(sb.world.now());
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURN_REQUESTED']);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Created']);
  });

  it('is refused before delivery', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'SHIPPED' });
    const r = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId: s.orderItems[0].orderItemId, kind: 'customer' } });
    expect(r.status).toBe(409);
  });
});

describe('Requested: tech visit attempt, approve, reject', () => {
  it('tech visit attempt keeps REQUESTED and extends the tech-visit SLA; dates required', async () => {
    const { id } = await customerReturn();
    const newDate = at(sb, 3 * DAY);
    const since = lastSeq(sb);
    const r = await act('techVisitAttempt', { returns: [{ returnId: id, attemptDate: at(sb), newTechVisitDate: newDate, reason: 'Nobody home' }] });
    expect(one(r).processingStatus).toBe('SUCCESS');
    const ret = await getReturn(sb, id);
    expect(ret).toMatchObject({ status: 'REQUESTED', expectedDate: newDate });
    expect(ret.services[0].serviceByDate).toBe(newDate);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Expected Date Changed']);
    expect(one(await act('techVisitAttempt', { returns: [{ returnId: id, attemptDate: at(sb) }] })).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect(one(await act('techVisitAttempt', { returns: [{ returnId: id, newTechVisitDate: at(sb, DAY) }] })).errorCode).toBe('UNPROCESSABLE_ENTITY');
  });

  it('approve after the tech visit: APPROVED, service Requested -> Completed, a reverse-pickup-by date', async () => {
    const { s, id } = await customerReturn();
    const r = await act('approve', { returns: [{ returnId: id, serviceDate: at(sb), comments: 'Dent confirmed' }], locationId: s.locationId });
    expect(one(r)).toEqual({ returnId: id, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null });
    const ret = await getReturn(sb, id);
    expect(ret).toMatchObject({ status: 'APPROVED', comments: 'Dent confirmed' });
    expect(ret.approvedOn).toBeTruthy();
    expect(ret.services[0].status).toBe('COMPLETED');
    expect(Date.parse(ret.expectedDate)).toBeGreaterThan(sb.world.now());
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURN_REQUESTED']);
  });

  it('approve without a tech visit date fails TECH_VISIT_REQUIRED', async () => {
    const { id } = await customerReturn();
    expect(one(await act('approve', { returns: [{ returnId: id }] })).errorCode).toBe('TECH_VISIT_REQUIRED');
    expect((await getReturn(sb, id)).status).toBe('REQUESTED');
  });

  it('approve after the tech-visit-by date fails SLA_BREACHED', async () => {
    const { id } = await customerReturn();
    sb.world.clock.advance(3 * 24 * 3600);
    const r = one(await act('approve', { returns: [{ returnId: id, serviceDate: at(sb, -HOUR) }] }));
    expect(r.errorCode).toBe('SLA_BREACHED');
    expect((await getReturn(sb, id)).status).toBe('REQUESTED');
  });

  it('reject: REJECTED, service Requested -> Cancelled, the item is delivered again; serviceDate mandatory', async () => {
    const { s, id } = await customerReturn();
    expect(one(await act('reject', { returns: [{ returnId: id }] })).errorCode).toBe('UNPROCESSABLE_ENTITY');
    const r = await act('reject', { returns: [{ returnId: id, serviceDate: at(sb), comments: 'No defect found' }] });
    expect(one(r).processingStatus).toBe('SUCCESS');
    const ret = await getReturn(sb, id);
    expect(ret.status).toBe('REJECTED');
    expect(ret.services[0].status).toBe('CANCELLED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
    expect(one(await act('approve', { returns: [{ returnId: id, serviceDate: at(sb) }] })).errorCode).toBe('INVALID_RETURN_STATE');
  });
});

describe('Approved customer return: reverse pickup attempt and confirmation', () => {
  it('pickup attempt keeps APPROVED and moves the pickup-by date; dates required', async () => {
    const { s, id } = await approved();
    const newDate = at(sb, 2 * DAY);
    const since = lastSeq(sb);
    const r = await act('pickupAttempt', { returns: [{ returnId: id, pickupDate: at(sb), newPickupDate: newDate, reason: 'Customer away', locationId: s.locationId }] });
    expect(one(r).processingStatus).toBe('SUCCESS');
    expect(await getReturn(sb, id)).toMatchObject({ status: 'APPROVED', expectedDate: newDate });
    expect(await eventsFor(sb, id, since)).toEqual(['Return Expected Date Changed']);
    for (const missing of ['pickupDate', 'newPickupDate']) {
      const item: Record<string, string> = { returnId: id, pickupDate: at(sb), newPickupDate: at(sb, 3 * DAY), reason: 'x' };
      delete item[missing];
      const f = one(await act('pickupAttempt', { returns: [item], locationId: s.locationId }));
      expect(f).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY' });
      expect(f.errorMessage).toContain(missing);
    }
    expect((await getReturn(sb, id)).expectedDate).toBe(newDate);
  });

  it('pickup confirmation: COMPLETED, item RETURNED, events Return Picked Up then Return Completed; locationId per return or top level', async () => {
    const { s, id } = await approved();
    const since = lastSeq(sb);
    const r = await act('pickup', { returns: [{ returnId: id, pickupDate: at(sb) }], locationId: s.locationId });
    expect(one(r).processingStatus).toBe('SUCCESS');
    expect((await getReturn(sb, id)).status).toBe('COMPLETED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURNED']);
    expect(await eventsFor(sb, id, since)).toEqual(['Return Picked Up', 'Return Completed']);
    const b = await approved();
    expect(one(await act('pickup', { returns: [{ returnId: b.id, pickupDate: at(sb), locationId: b.s.locationId }] })).processingStatus).toBe('SUCCESS');
  });

  it('pickup fails without a location, without a date, after the pickup-by date, and on a requested return', async () => {
    const { s, id } = await approved();
    expect(one(await act('pickup', { returns: [{ returnId: id, pickupDate: at(sb) }] })).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect(one(await act('pickup', { returns: [{ returnId: id }], locationId: s.locationId })).errorCode).toBe('UNPROCESSABLE_ENTITY');
    sb.world.clock.advance(4 * 24 * 3600);
    expect(one(await act('pickup', { returns: [{ returnId: id, pickupDate: at(sb) }], locationId: s.locationId })).errorCode).toBe('SLA_BREACHED');
    expect((await getReturn(sb, id)).status).toBe('APPROVED');
    const requested = await customerReturn();
    expect(one(await act('pickup', { returns: [{ returnId: requested.id, pickupDate: at(sb) }], locationId: requested.s.locationId })).errorCode).toBe('INVALID_RETURN_STATE');
  });

  it('a customer return is not completed through /complete', async () => {
    const { s, id } = await approved();
    const r = one(await act('complete', { locationId: s.locationId, returnIds: [id] }));
    expect(r.errorCode).toBe('INVALID_RETURN_TYPE');
  });
});

describe('courier return (RTO): buyer cancellation while in transit', () => {
  async function rto(o: { service?: boolean } = {}) {
    const s = selfShipShipment(sb, { itemStatus: 'SHIPPED', ...o });
    const id = await createReturnVia(sb, s.orderItems[0].orderItemId, 'courier');
    return { s, id };
  }

  it('starts APPROVED as a courier return; the forward item is flagged and cannot be delivered meanwhile', async () => {
    const { s, id } = await rto();
    expect(await getReturn(sb, id)).toMatchObject({ status: 'APPROVED', type: 'courier_return' });
    expect(sb.world.shipments.get(s.shipmentId)!.orderItems[0]).toMatchObject({ courierReturn: true, status: 'RETURN_REQUESTED' });
    const d = await sb.call('POST', '/sellers/v3/shipments/selfShip/delivery', { body: { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }] } });
    expect(d.json.shipments[0].errorCode).toBe('RETURN_IN_PROGRESS');
  });

  it('Acknowledge RTO (/complete): COMPLETED, item RETURNED, service cancelled, event Return Completed', async () => {
    const { s, id } = await rto({ service: true });
    const since = lastSeq(sb);
    expect(one(await act('complete', { locationId: s.locationId, returnIds: [id] })).processingStatus).toBe('SUCCESS');
    expect((await getReturn(sb, id)).status).toBe('COMPLETED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['RETURNED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service!.status).toBe('CANCELLED');
    expect(await eventsFor(sb, id, since)).toEqual(['Return Completed']);
  });

  it('Cancel RTO (/cancel): CANCELLED, the forward item delivered on the given date, event Return Cancelled', async () => {
    const { s, id } = await rto({ service: true });
    const since = lastSeq(sb);
    const deliveredAt = at(sb, -HOUR / 4);
    const r = await act('cancel', { returnIds: [id], deliveryDate: deliveredAt, locationId: s.locationId });
    expect(one(r).processingStatus).toBe('SUCCESS');
    expect((await getReturn(sb, id)).status).toBe('CANCELLED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip).toMatchObject({ status: 'DELIVERED', deliveredAt, service: { status: 'IN_PROGRESS' } });
    expect(await eventsFor(sb, id, since)).toEqual(['Return Cancelled']);
  });

  it('Cancel RTO requires a delivery date and applies only to an approved courier return', async () => {
    const { id } = await rto();
    const noDate = await act('cancel', { returnIds: [id] });
    expect(noDate.status).toBe(400);
    expect(noDate.json.code).toBe('UNPROCESSABLE_ENTITY');
    const c = await customerReturn();
    expect(one(await act('cancel', { returnIds: [c.id], deliveryDate: at(sb) })).errorCode).toBe('INVALID_RETURN_TYPE');
    expect((await getReturn(sb, id)).status).toBe('APPROVED');
  });
});

describe('limits and ownership of the batch actions', () => {
  it('refuses 101 returns with 400 and another seller\'s return per return', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ returnId: `RT${String(i).padStart(14, '0')}`, pickupDate: at(sb) }));
    for (const path of ['pickup', 'pickupAttempt', 'approve', 'reject', 'techVisitAttempt']) {
      const r = await act(path, { returns: many, locationId: 'LOC1001' });
      expect(r.status, path).toBe(400);
      expect(r.json.code).toBe('UNPROCESSABLE_ENTITY');
    }
    const theirs = selfShipShipment(sb, { itemStatus: 'DELIVERED', other: true });
    const id = await createReturnVia(sb, theirs.orderItems[0].orderItemId, 'customer');
    expect(one(await act('approve', { returns: [{ returnId: id, serviceDate: at(sb) }] })).errorCode).toBe('OPERATION_NOT_ALLOWED');
    expect(one(await act('approve', { returns: [{ returnId: id, serviceDate: at(sb) }] }, sb.otherToken)).processingStatus).toBe('SUCCESS');
  });
});
