// Self-ship service items over real HTTPS (spec § Self Ship order and service item, rows
// "Service attempt" and "Service completion"; bodies and answers from official-sdk-facts § 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { at, DAY, HOUR, itemStatuses, selfShipShipment } from '../support/selfship-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

const services = (path: string, items: unknown[], token?: string) => sb.call('POST', `/sellers/v2/services/${path}`, { body: { services: items }, token });

describe('service attempt: Delivered stays Delivered, service-completion SLA extended', () => {
  it('moves serviceByDate to the new date and answers by serviceFulfilmentId', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED', service: true });
    const sid = s.selfShip!.service!.serviceFulfilmentId;
    const newDate = at(sb, 3 * DAY);
    const r = await services('attempt', [{ shipmentId: s.shipmentId, deliveryDate: at(sb), newServiceDate: newDate }]);
    expect(r.status).toBe(200);
    expect(r.json.services[0]).toMatchObject({ serviceFulfilmentId: sid, status: 'SUCCESS', failureReason: null });
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service).toMatchObject({ status: 'IN_PROGRESS', serviceByDate: newDate });
    // Keyed by serviceFulfilmentId with the SDK's failureAttributes works too.
    const later = at(sb, 4 * DAY);
    const bySid = await services('attempt', [{ serviceFulfilmentId: sid, deliveryDate: at(sb), failureAttributes: { newDeliveryDate: later } }]);
    expect(bySid.json.services[0].status).toBe('SUCCESS');
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service!.serviceByDate).toBe(later);
  });

  it('fails without the attempt date or the new expected date', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED', service: true });
    const before = s.selfShip!.service!.serviceByDate;
    const noNew = await services('attempt', [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }]);
    expect(noNew.json.services[0]).toMatchObject({ status: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY', serviceFulfilmentId: s.selfShip!.service!.serviceFulfilmentId });
    expect(noNew.json.services[0].failureReason).toContain('newServiceDate');
    const noAttempt = await services('attempt', [{ shipmentId: s.shipmentId, newServiceDate: at(sb, DAY) }]);
    expect(noAttempt.json.services[0]).toMatchObject({ status: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY' });
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip!.service!.serviceByDate).toBe(before);
  });
});

describe('service completion: Delivered -> Complete, service In Progress -> Complete', () => {
  it('completes the order and its service', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED', service: true });
    const r = await services('complete', [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }]);
    expect(r.json.services[0]).toMatchObject({ serviceFulfilmentId: s.selfShip!.service!.serviceFulfilmentId, status: 'SUCCESS' });
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['COMPLETED']);
    expect(sb.world.shipments.get(s.shipmentId)!.selfShip).toMatchObject({ status: 'COMPLETE', service: { status: 'COMPLETE' } });
    const twice = await services('complete', [{ shipmentId: s.shipmentId, deliveryDate: at(sb) }]);
    expect(twice.json.services[0]).toMatchObject({ status: 'FAILURE', errorCode: 'INVALID_SHIPMENT_STATE' });
  });

  it('fails without the date, before delivery, and in the future', async () => {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED', service: true });
    expect((await services('complete', [{ shipmentId: s.shipmentId }])).json.services[0].errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await services('complete', [{ shipmentId: s.shipmentId, deliveryDate: at(sb, -DAY) }])).json.services[0].errorCode).toBe('INVALID_DATE');
    expect((await services('complete', [{ shipmentId: s.shipmentId, deliveryDate: at(sb, HOUR) }])).json.services[0].errorCode).toBe('INVALID_DATE');
    expect(await itemStatuses(sb, s.shipmentId)).toEqual(['DELIVERED']);
  });

  it('refuses a shipment without a service, one not yet delivered, another seller\'s and a missing key', async () => {
    const plain = selfShipShipment(sb, { itemStatus: 'DELIVERED' });
    const shipped = selfShipShipment(sb, { itemStatus: 'SHIPPED', service: true });
    const theirs = selfShipShipment(sb, { itemStatus: 'DELIVERED', service: true, other: true });
    const r = await services('complete', [
      { shipmentId: plain.shipmentId, deliveryDate: at(sb) },
      { shipmentId: shipped.shipmentId, deliveryDate: at(sb) },
      { shipmentId: theirs.shipmentId, deliveryDate: at(sb) },
      { deliveryDate: at(sb) },
    ]);
    expect(r.json.services.map((x: { errorCode: string }) => x.errorCode)).toEqual(['NO_SERVICE_ITEM', 'INVALID_SHIPMENT_STATE', 'OPERATION_NOT_ALLOWED', 'UNPROCESSABLE_ENTITY']);
    // The stranger's service id is not revealed.
    expect(r.json.services[2].serviceFulfilmentId).toBeNull();
    expect(sb.world.shipments.get(theirs.shipmentId)!.selfShip!.status).toBe('DELIVERED');
  });

  it('answers 400 for a body without services', async () => {
    const r = await sb.call('POST', '/sellers/v2/services/complete', { body: { shipments: [] } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('UNPROCESSABLE_ENTITY');
  });
});
