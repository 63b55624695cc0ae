// Self-ship forward flow over real HTTPS (spec § Self Ship order and service item; bodies from
// official-sdk-facts § 8): dispatch, delivery attempt, delivery, cancel, vendors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelSelfShip } from '../../electron/sandbox/selfship/selfship-transitions.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { at, DAY, eventsFor, HOUR, itemStatuses, lastSeq, selfShipShipment, standardShipment } from '../support/selfship-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

function dispatchBody(shipmentId: string, orderItemId: string, over: Record<string, unknown> = {}) {
  return {
    shipmentId,
    dispatchDate: at(sb, -HOUR / 2),
    tentativeDeliveryDate: at(sb, 2 * DAY),
    deliveryPartner: 'Blue Dart',
    trackingId: 'BD123456789',
    invoice: { invoiceNumber: 'INV-77', invoiceDate: at(sb).slice(0, 10), items: [{ orderItemId, quantity: 1 }] },
    ...over,
  };
}
const post = (path: string, body: unknown, token?: string) => sb.call('POST', `/sellers${path}`, { body, token });
const dispatch = (items: unknown[], token?: string) => post('/v3/shipments/selfShip/dispatch', { shipments: items }, token);
const first = (r: { json: any }) => r.json.shipments[0];

describe('dispatch: Approved -> Shipped (spec § Self Ship order and service item)', () => {
  it('ships with invoice and logistics details: items SHIPPED, event Shipped', async () => {
    const s = selfShipShipment(sb);
    const since = lastSeq(sb);
    const r = await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId)]);
    expect(r.status).toBe(200);
    expect(r.json.shipments).toEqual([{ shipmentId: s.shipmentId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null }]);
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['SHIPPED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip).toMatchObject({ status: 'SHIPPED', trackingId: 'BD123456789', deliveryPartner: 'Blue Dart' });
    expect(await eventsFor(sb, s.shipmentId, since)).toEqual(['Shipped']);
    // A second dispatch of the same shipment is refused: it is no longer approved.
    expect(first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId)])).errorCode).toBe('INVALID_SHIPMENT_STATE');
  });

  it.each([
    ['dispatchDate', { dispatchDate: undefined }],
    ['tentativeDeliveryDate', { tentativeDeliveryDate: undefined }],
    ['invoice', { invoice: undefined }],
    ['invoice.invoiceDate', { invoice: { items: [{ quantity: 1 }] } }],
  ])('fails without %s (UNPROCESSABLE_ENTITY) and leaves the shipment approved', async (field, over) => {
    const s = selfShipShipment(sb);
    const r = first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId, over)]));
    expect(r).toMatchObject({ shipmentId: s.shipmentId, processingStatus: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY' });
    expect(r.errorMessage).toContain(field.split('.')[0]);
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['APPROVED']);
  });

  it('enforces the dispatch SLA: a dispatch after dispatchByDate fails DISPATCH_SLA_BREACHED', async () => {
    const s = selfShipShipment(sb, { dispatchByInMs: HOUR });
    sb.world.clock.advance(2 * 3600);
    const late = first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId, { dispatchDate: at(sb) })]));
    expect(late.errorCode).toBe('DISPATCH_SLA_BREACHED');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['APPROVED']);
    // Reporting a dispatch that did happen within the SLA is still accepted.
    const onTime = first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId, { dispatchDate: at(sb, -1.5 * HOUR) })]));
    expect(onTime.processingStatus).toBe('SUCCESS');
  });

  it('refuses a future dispatch date, a hold, an early shipment, an unknown vendor and a wrong invoice item', async () => {
    const a = selfShipShipment(sb);
    expect(first(await dispatch([dispatchBody(a.shipmentId, a.orderItems[0].orderItemId, { dispatchDate: at(sb, HOUR) })])).errorCode).toBe('INVALID_DATE');
    const held = selfShipShipment(sb, { hold: true });
    expect(first(await dispatch([dispatchBody(held.shipmentId, held.orderItems[0].orderItemId)])).errorCode).toBe('ITEM_ON_HOLD');
    const early = selfShipShipment(sb, { dispatchAfterInMs: HOUR });
    expect(first(await dispatch([dispatchBody(early.shipmentId, early.orderItems[0].orderItemId)])).errorCode).toBe('INVALID_DISPATCH_AFTER_DATE');
    expect(first(await dispatch([dispatchBody(a.shipmentId, a.orderItems[0].orderItemId, { deliveryPartner: 'Pigeon Post' })])).errorCode).toBe('INVALID_DELIVERY_PARTNER');
    expect(first(await dispatch([dispatchBody(a.shipmentId, 'OI0000000000000042')])).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect(await itemStatuses(sb, a.shipmentId)).toEqual(['APPROVED']);
  });

  it("refuses another seller's, an unknown and a NORMAL shipment per shipment", async () => {
    const theirs = selfShipShipment(sb, { other: true });
    const normal = standardShipment(sb, { itemStatus: 'APPROVED' });
    const r = await dispatch([
      dispatchBody(theirs.shipmentId, theirs.orderItems[0].orderItemId),
      dispatchBody('SH99999999999999', 'OI1'),
      dispatchBody(normal.shipmentId, normal.orderItems[0].orderItemId),
    ]);
    expect(r.json.shipments.map((x: { errorCode: string }) => x.errorCode)).toEqual(['OPERATION_NOT_ALLOWED', 'INVALID_SHIPMENTS', 'NOT_SELF_SHIP_SHIPMENT']);
    expect(sb.world.shipments.get(theirs.shipmentId)!.orderItems[0].status).toBe('APPROVED');
  });

  it('answers 400 for an envelope without shipments, and 401 without a token', async () => {
    const r = await post('/v3/shipments/selfShip/dispatch', { shipments: [] });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await post('/v3/shipments/selfShip/dispatch', { shipments: [{}] }, null as unknown as string)).status).toBe(401);
  });
});

async function shipped(o: { service?: boolean } = {}) {
  const s = selfShipShipment(sb, o);
  const r = first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId)]));
  expect(r.processingStatus).toBe('SUCCESS');
  return s;
}

describe('delivery attempt: Shipped stays Shipped, delivery SLA extended', () => {
  it('takes the new date as newDeliveryDate or inside failureAttributes', async () => {
    const s = await shipped();
    const newDate = at(sb, 3 * DAY);
    const r = await post('/v3/shipments/selfShip/deliveryAttempt', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb), newDeliveryDate: newDate, reason: 'Door locked' }] });
    expect(first(r).processingStatus).toBe('SUCCESS');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['SHIPPED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.deliveryBy).toBe(newDate);
    const later = at(sb, 4 * DAY);
    const sdk = await post('/v3/shipments/selfShip/deliveryAttempt', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb), failureAttributes: { reason: 'Customer away', newDeliveryDate: later } }] });
    expect(first(sdk).processingStatus).toBe('SUCCESS');
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.deliveryBy).toBe(later);
  });

  it('fails without the attempt date or the new date, and with a new date in the past', async () => {
    const s = await shipped();
    const noNew = await post('/v3/shipments/selfShip/deliveryAttempt', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }] });
    expect(first(noNew)).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY' });
    expect(first(noNew).errorMessage).toContain('newDeliveryDate');
    const noAttempt = await post('/v3/shipments/selfShip/deliveryAttempt', { shipments: [{ shipmentId: s.shipmentId, newDeliveryDate: at(sb, DAY) }] });
    expect(first(noAttempt).errorCode).toBe('UNPROCESSABLE_ENTITY');
    const past = await post('/v3/shipments/selfShip/deliveryAttempt', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb), newDeliveryDate: at(sb, -HOUR) }] });
    expect(first(past).errorCode).toBe('INVALID_DATE');
  });
});

describe('delivery confirmation', () => {
  it('without a service item: Delivered then Complete (items COMPLETED), event Delivered', async () => {
    const s = await shipped();
    const since = lastSeq(sb);
    const r = await post('/v3/shipments/selfShip/delivery', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }] });
    expect(first(r).processingStatus).toBe('SUCCESS');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['COMPLETED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.status).toBe('COMPLETE');
    expect(await eventsFor(sb, s.shipmentId, since)).toEqual(['Delivered']);
  });

  it('with a service item: Delivered, service Activated -> In Progress', async () => {
    const s = await shipped({ service: true });
    const r = await post('/v3/shipments/selfShip/delivery', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }] });
    expect(first(r).processingStatus).toBe('SUCCESS');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service!.status).toBe('IN_PROGRESS');
  });

  it('fails without a delivery date, before dispatch, and on an approved shipment', async () => {
    const s = await shipped();
    expect(first(await post('/v3/shipments/selfShip/delivery', { shipments: [{ shipmentId: s.shipmentId }] })).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect(first(await post('/v3/shipments/selfShip/delivery', { shipments: [{ shipmentId: s.shipmentId, deliveryDate: at(sb, -DAY) }] })).errorCode).toBe('INVALID_DATE');
    const approved = selfShipShipment(sb);
    expect(first(await post('/v3/shipments/selfShip/delivery', { shipments: [{ shipmentId: approved.shipmentId, deliveryDate: at(sb) }] })).errorCode).toBe('INVALID_SHIPMENT_STATE');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['SHIPPED']);
  });
});

describe('cancel order: Approved -> Cancelled, service Activated -> Cancelled', () => {
  it('cancels an approved self-ship order and its service, and refuses a shipped one', async () => {
    const s = selfShipShipment(sb, { service: true });
    const since = lastSeq(sb);
    expect(cancelSelfShip(sb.world, s, 'Out of stock')).toEqual({ ok: true });
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['CANCELLED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service!.status).toBe('CANCELLED');
    expect(await eventsFor(sb, s.shipmentId, since)).toEqual(['Shipment Cancelled']);
    const done = await shipped();
    expect(cancelSelfShip(sb.world, done, 'late')).toMatchObject({ ok: false, code: 'INVALID_SHIPMENT_STATE' });
    // A cancelled order cannot be dispatched.
    expect(first(await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId)])).errorCode).toBe('INVALID_SHIPMENT_STATE');
  });
});

describe('GET /selfship/vendors', () => {
  it('lists vendors a dispatch may name', async () => {
    const r = await sb.call('GET', '/sellers/selfship/vendors');
    expect(r.status).toBe(200);
    expect(r.json.vendors.map((v: { name: string }) => v.name)).toContain('Blue Dart');
    const s = selfShipShipment(sb);
    const own = r.json.vendors.find((v: { trackingIdRequired: boolean }) => !v.trackingIdRequired);
    const ok = await dispatch([dispatchBody(s.shipmentId, s.orderItems[0].orderItemId, { deliveryPartner: own.vendorId, trackingId: undefined })]);
    expect(first(ok).processingStatus).toBe('SUCCESS');
  });
});
