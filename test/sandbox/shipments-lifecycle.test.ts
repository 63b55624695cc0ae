// The shipment state table of standard fulfilment over real HTTPS (spec § Shipment (standard
// fulfilment), § Events): every transition, the events it emits, and what a seller may download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { pdfText } from '../support/document-poppler.js';
import { applyLogisticsEvent, setHold } from '../../electron/sandbox/world/shipment-lifecycle.js';
import { eventsOf, makeShipments, only, pack, packed, packElement, readyToDispatch, record, statusesOf } from './shipments-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ labelDelayMs: 0 });
});
afterAll(() => sb.close());

describe('APPROVED -> PACKING_IN_PROGRESS -> PACKED -> READY_TO_DISPATCH -> SHIPPED -> DELIVERED', () => {
  it('walks the whole table with the spec events in order', async () => {
    const [id] = makeShipments(sb, 'plain');
    expect(eventsOf(sb, id)).toEqual(['Shipment Created']);
    expect(await statusesOf(sb, id)).toEqual(record(sb, id).orderItems.map(() => 'APPROVED'));

    sb.world.labelDelayMs = 60_000; // documents not ready yet: the shipment stays in progress
    const r = await pack(sb, [packElement(sb, id)]);
    expect(only(r)).toMatchObject({ shipmentId: id, processingStatus: 'SUCCESS' });
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['PACKING_IN_PROGRESS']));
    expect(sb.world.packing.has(id)).toBe(true);

    sb.world.clock.advance(61); // documents become ready: no seller action triggers PACKED
    sb.world.labelDelayMs = 0;
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['PACKED']));
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Packed']);

    const d = await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: [id], locationId: record(sb, id).locationId } });
    expect(only(d)).toMatchObject({ processingStatus: 'SUCCESS' });
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['READY_TO_DISPATCH']));

    applyLogisticsEvent(sb.world, record(sb, id), 'SHIPPED');
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['SHIPPED']));
    applyLogisticsEvent(sb.world, record(sb, id), 'DELIVERED');
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['DELIVERED']));
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Packed', 'Ready To Dispatch', 'Shipped', 'Delivered']);
  });

  it('refuses logistics events out of order with 409 and a message', async () => {
    const [id] = makeShipments(sb, 'plain');
    expect(() => applyLogisticsEvent(sb.world, record(sb, id), 'SHIPPED')).toThrow(/APPROVED.*READY_TO_DISPATCH/);
    expect(() => applyLogisticsEvent(sb.world, record(sb, id), 'DELIVERED')).toThrow(/SHIPPED/);
    try {
      applyLogisticsEvent(sb.world, record(sb, id), 'RTO');
      expect.unreachable();
    } catch (e: any) {
      expect(e.status).toBe(409);
    }
  });

  it('RTO takes a shipped parcel back: items RETURN_REQUESTED with courierReturn', async () => {
    const [id] = makeShipments(sb, 'plain');
    await readyToDispatch(sb, [id]);
    applyLogisticsEvent(sb.world, record(sb, id), 'SHIPPED');
    applyLogisticsEvent(sb.world, record(sb, id), 'RTO');
    const r = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${id}`);
    for (const item of r.json.shipments[0].orderItems) expect(item).toMatchObject({ status: 'RETURN_REQUESTED', courierReturn: true });
  });

  it('refuses to mark a shipment ready to dispatch before it is PACKED', async () => {
    const [id] = makeShipments(sb, 'plain');
    const d = await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: [id], locationId: record(sb, id).locationId } });
    expect(only(d)).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'INVALID_SHIPMENT_STATE' });
    expect(only(d).errorMessage).toMatch(/APPROVED/);
    expect(eventsOf(sb, id)).toEqual(['Shipment Created']);
  });

  it('dispatch reports wrong location, unknown and other sellers ids per shipment', async () => {
    const [id] = makeShipments(sb, 'plain', 1, { locationId: sb.info.locations[0] });
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    await packed(sb, [id]);
    const d = await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: [id, 'SH99999999999999', theirs], locationId: sb.info.locations[1] } });
    expect(d.json.shipments.map((x: any) => x.errorCode)).toEqual(['INVALID_LOCATION', 'INVALID_SHIPMENTS', 'OPERATION_NOT_ALLOWED']);
    const bad = await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: [id] } });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe('UNPROCESSABLE_ENTITY');
  });
});

describe('APPROVED -> CANCELLED (seller cancellation)', () => {
  it('cancels, logs Shipment Cancelled and takes the product out of stock at the location', async () => {
    const [id] = makeShipments(sb, 'plain');
    const s = record(sb, id);
    const sku = s.orderItems[0].sku;
    const listing = sb.world.listingsOf(sb.info.sellerId).get(sku)!;
    const stockAt = () => (listing.data.locations as { id: string; inventory: number }[]).find((l) => l.id === s.locationId)?.inventory;
    expect(stockAt()).toBeGreaterThan(0);
    const r = await sb.call('POST', '/sellers/v3/shipments/cancel', { body: { shipments: [{ shipmentId: id, reason: 'not_enough_inventory', locationId: s.locationId }] } });
    expect(only(r)).toMatchObject({ processingStatus: 'SUCCESS' });
    const got = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${id}`);
    for (const item of got.json.shipments[0].orderItems) {
      expect(item).toMatchObject({ status: 'CANCELLED', cancellationReason: 'not_enough_inventory', cancellationSubReason: 'not_enough_inventory' });
      expect(Date.parse(item.cancellationDate)).not.toBeNaN();
    }
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Shipment Cancelled']);
    expect(stockAt()).toBe(0);
  });

  it('refuses to cancel a packed shipment, a missing reason, and other sellers shipments', async () => {
    const [id] = makeShipments(sb, 'plain');
    const [fresh] = makeShipments(sb, 'plain');
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    await packed(sb, [id]);
    const r = await sb.call('POST', '/sellers/v3/shipments/cancel', {
      body: { shipments: [{ shipmentId: id, reason: 'x' }, { shipmentId: fresh }, { shipmentId: theirs, reason: 'x' }, { shipmentId: 'SH00000000000000', reason: 'x' }] },
    });
    expect(r.json.shipments.map((x: any) => x.errorCode)).toEqual(['INVALID_SHIPMENT_STATE', 'UNPROCESSABLE_ENTITY', 'OPERATION_NOT_ALLOWED', 'INVALID_SHIPMENTS']);
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['PACKED']));
    expect(record(sb, theirs).orderItems[0].status).toBe('APPROVED');
  });

  it('cancels only the named cancellation group of a multi-item shipment', async () => {
    const ids = makeShipments(sb, 'plain', 40);
    const multi = ids.map((id) => record(sb, id)).find((s) => s.orderItems.length === 2)!;
    const [first, second] = multi.orderItems;
    const r = await sb.call('POST', '/sellers/v3/shipments/cancel', { body: { shipments: [{ shipmentId: multi.shipmentId, reason: 'cannot_procure_item', cancellationGroupIds: [first.cancellationGroupId] }] } });
    expect(only(r).processingStatus).toBe('SUCCESS');
    expect(await statusesOf(sb, multi.shipmentId)).toEqual(['CANCELLED', 'APPROVED']);
    expect(second.status).toBe('APPROVED');
  });
});

describe('Hold / UnHold', () => {
  it('a held shipment cannot be packed; releasing it lets the pack through', async () => {
    const [id] = makeShipments(sb, 'hold');
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Hold']);
    expect(only(await pack(sb, [packElement(sb, id)])).errorCode).toBe('ITEM_ON_HOLD');
    setHold(sb.world, record(sb, id), false);
    expect(only(await pack(sb, [packElement(sb, id)])).processingStatus).toBe('SUCCESS');
    setHold(sb.world, record(sb, id), true);
    setHold(sb.world, record(sb, id), true); // no change, no event
    // The pack was accepted while released; its documents were ready at once (labelDelayMs 0).
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Hold', 'UnHold', 'Packed', 'Hold']);
    const got = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${id}`);
    expect(got.json.shipments[0].hold).toBe(true);
  });
});

describe('documents after PACKED', () => {
  it('GET labels gives one merged PDF with every shipment id on it', async () => {
    const ids = makeShipments(sb, 'plain', 2);
    await packed(sb, ids);
    const r = await sb.call('GET', `/sellers/v3/shipments/${ids.join(',')}/labels`, { headers: { accept: 'application/pdf' } });
    expect(r.status).toBe(200);
    expect(r.contentType).toContain('application/pdf');
    expect(r.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(r.bytes);
    for (const id of ids) expect(text).toContain(id);
  });

  it('GET labels refuses shipments not packed, unknown, other sellers and too many ids', async () => {
    const [id] = makeShipments(sb, 'plain');
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const notPacked = await sb.call('GET', `/sellers/v3/shipments/${id}/labels`);
    expect([notPacked.status, notPacked.json.code]).toEqual([409, 'INVALID_SHIPMENT_STATE']);
    const unknown = await sb.call('GET', '/sellers/v3/shipments/SH00000000000000/labels');
    expect([unknown.status, unknown.json.code]).toEqual([400, 'INVALID_SHIPMENTS']);
    const foreign = await sb.call('GET', `/sellers/v3/shipments/${theirs}/labels`);
    expect([foreign.status, foreign.json.code]).toEqual([403, 'OPERATION_NOT_ALLOWED']);
    const many = Array.from({ length: 101 }, (_, i) => `SH${String(i).padStart(14, '0')}`).join(',');
    const tooMany = await sb.call('GET', `/sellers/v3/shipments/${many}/labels`);
    expect([tooMany.status, tooMany.json.code]).toEqual([422, 'UNPROCESSABLE_ENTITY']);
  });

  it('invoices: JSON with both spellings and CGST+SGST within a state, IGST across; PDF on request', async () => {
    const ids = makeShipments(sb, 'plain', 30);
    const seller = sb.world.sellers.get(sb.info.sellerId)!;
    const stateOf = (id: string) => seller.locations.find((l) => l.locationId === record(sb, id).locationId)!.address.stateCode;
    const intra = ids.find((id) => stateOf(id) === record(sb, id).deliveryAddress.stateCode)!;
    const inter = ids.find((id) => stateOf(id) !== record(sb, id).deliveryAddress.stateCode)!;
    await packed(sb, [intra, inter]);
    const r = await sb.call('GET', `/sellers/v3/shipments/${intra},${inter}/invoices`, { headers: { accept: 'application/json' } });
    expect(r.status).toBe(200);
    const [a, b] = r.json.invoices;
    expect(a).toMatchObject({ shipmentId: intra, invoiceNumber: `INV-${intra.slice(-8)}`, InvoiceNumber: `INV-${intra.slice(-8)}`, invoiceDate: '2026-11-21' });
    expect(a.orderItems[0].TaxDetails).toEqual({ cgstRate: 9, sgstRate: 9, igstRate: 0 });
    expect(a.orderItems[0].taxDetails).toEqual(a.orderItems[0].TaxDetails);
    expect(b.orderItems[0].taxDetails).toEqual({ cgstRate: 0, sgstRate: 0, igstRate: 18 });
    expect(a.orderItems[0].invoiceAmount).toBe(record(sb, intra).orderItems[0].priceComponents.totalPrice);
    const p = await sb.call('GET', `/sellers/v3/shipments/${intra}/invoices`, { headers: { accept: 'application/pdf' } });
    expect(p.contentType).toContain('application/pdf');
    expect(await pdfText(p.bytes)).toContain(`INV-${intra.slice(-8)}`);
  });

  it('invoices refuse unknown, other sellers and unpacked shipments', async () => {
    const [id] = makeShipments(sb, 'plain');
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const codes = [];
    for (const ids of [id, 'SH00000000000000', theirs]) {
      const r = await sb.call('GET', `/sellers/v3/shipments/${ids}/invoices`, { headers: { accept: 'application/json' } });
      codes.push(r.json.code);
    }
    expect(codes).toEqual(['INVALID_SHIPMENT_STATE', 'INVALID_SHIPMENTS', 'OPERATION_NOT_ALLOWED']);
  });

  it('labelOnly without reprint packs an APPROVED shipment; reprint=true leaves it APPROVED', async () => {
    const [a, b] = makeShipments(sb, 'plain', 2);
    const re = await sb.call('POST', `/sellers/v3/shipments/${b}/labelOnly/pdf?reprint=true`);
    expect(re.status).toBe(200);
    expect(await pdfText(re.bytes)).toContain(b);
    expect(new Set(await statusesOf(sb, b))).toEqual(new Set(['APPROVED']));

    const r = await sb.call('POST', `/sellers/v3/shipments/${a}/labelOnly/pdf`);
    expect([r.status, r.contentType.split(';')[0]]).toEqual([200, 'application/pdf']);
    expect(await pdfText(r.bytes)).toContain(a);
    expect(new Set(await statusesOf(sb, a))).toEqual(new Set(['PACKED']));
    expect(eventsOf(sb, a)).toEqual(['Shipment Created', 'Packed']);

    const stream = await sb.call('POST', `/sellers/v3/shipments/${a}/labelOnly`);
    expect(stream.contentType).toContain('application/octet-stream');
    expect(stream.bytes.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('labelOnly refuses more than 50 ids, unknown and other sellers ids', async () => {
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const ids = Array.from({ length: 51 }, (_, i) => `SH${String(i).padStart(14, '0')}`).join(',');
    const many = await sb.call('POST', `/sellers/v3/shipments/${ids}/labelOnly/pdf`);
    expect(many.json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await sb.call('POST', '/sellers/v3/shipments/SH00000000000000/labelOnly/pdf')).json.code).toBe('INVALID_SHIPMENTS');
    expect((await sb.call('POST', `/sellers/v3/shipments/${theirs}/labelOnly`)).json.code).toBe('OPERATION_NOT_ALLOWED');
    expect(record(sb, theirs).orderItems[0].status).toBe('APPROVED');
  });
});

describe('forms', () => {
  it('a manual form fails at pack (FORM_FAILED) until updateAck supplies the acknowledgement', async () => {
    const [id] = makeShipments(sb, 'form');
    expect(only(await pack(sb, [packElement(sb, id)])).processingStatus).toBe('SUCCESS');
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['FORM_FAILED']));
    const forms = await sb.call('GET', `/sellers/v3/shipments/${id}/forms`);
    const form = forms.json.shipments[0].forms.find((f: any) => !f.automated);
    expect(form).toMatchObject({ status: 'FAILED' });
    expect(form.link).toMatch(/^https:\/\//);

    const wrong = await sb.call('POST', '/sellers/v3/shipments/forms/updateAck', { body: { shipments: [{ shipmentId: id, formName: 'No such form', ackNumber: 'ACK1' }] } });
    expect(only(wrong).errorCode).toBe('UNPROCESSABLE_ENTITY');
    const ack = await sb.call('POST', '/sellers/v3/shipments/forms/updateAck', { body: { shipments: [{ shipmentId: id, formName: form.name, ackNumber: 'ACK-12345' }] } });
    expect(only(ack).processingStatus).toBe('SUCCESS');
    expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['PACKED']));
    expect(eventsOf(sb, id)).toEqual(['Shipment Created', 'Shipment Form Failed', 'Packed']);
    const after = await sb.call('GET', `/sellers/v3/shipments/${id}/forms`);
    expect(after.json.shipments[0].forms.find((f: any) => f.name === form.name)).toMatchObject({ status: 'COMPLETED', ackNumber: 'ACK-12345' });
    const again = await sb.call('POST', '/sellers/v3/shipments/forms/updateAck', { body: { shipments: [{ shipmentId: id, formName: form.name, ackNumber: 'ACK-2' }] } });
    expect(only(again).errorCode).toBe('INVALID_SHIPMENT_STATE');
  });
});

describe('handover', () => {
  it('counts READY_TO_DISPATCH shipments per vendor group and prints the manifest of one group', async () => {
    const loc = sb.info.locations[2];
    const ids = makeShipments(sb, 'plain', 6, { locationId: loc });
    await readyToDispatch(sb, ids);
    const r = await sb.call('GET', `/sellers/v3/shipments/handover/counts?locationId=${loc}`);
    expect(Array.isArray(r.json)).toBe(true);
    const expected = new Map<string, number>();
    for (const s of sb.world.shipments.values()) {
      if (s.sellerId === sb.info.sellerId && s.locationId === loc && s.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')) {
        expected.set(s.vendorGroupCode, (expected.get(s.vendorGroupCode) ?? 0) + 1);
      }
    }
    const got = new Map<string, number>(r.json.map((g: any) => [g.vendorGroupCode, g.count]));
    expect(got).toEqual(expected);
    const group = r.json.find((g: any) => g.vendorGroupCode === record(sb, ids[0]).vendorGroupCode);
    expect(group.otc.code).toMatch(/^\d{6}$/);
    expect(Date.parse(group.pickUpDate.to)).toBeGreaterThan(Date.parse(group.pickUpDate.from));

    const m = await sb.call('POST', '/sellers/v3/shipments/manifest', { body: { params: { vendorGroupCode: group.vendorGroupCode, locationId: loc } } });
    expect(m.status).toBe(200);
    expect(m.contentType).toContain('application/pdf');
    const text = await pdfText(m.bytes);
    for (const id of ids.filter((x) => record(sb, x).vendorGroupCode === group.vendorGroupCode)) expect(text).toContain(id);

    const otc = await sb.call('GET', `/sellers/v3/shipments/otc/${loc}?requestType=FORWARD`);
    expect(otc.json.otcs.find((o: any) => o.vendorGroupCode === group.vendorGroupCode).code).toBe(group.otc.code);
  });

  it('refuses a manifest without vendorGroupCode, an empty group and bad OTC requests', async () => {
    const none = await sb.call('POST', '/sellers/v3/shipments/manifest', { body: { params: {} } });
    expect([none.status, none.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    const empty = await sb.call('POST', '/sellers/v3/shipments/manifest', { body: { params: { vendorGroupCode: 'NOPE' } } });
    expect(empty.json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await sb.call('GET', `/sellers/v3/shipments/otc/${sb.info.locations[0]}`)).json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await sb.call('GET', '/sellers/v3/shipments/otc/LOC2001?requestType=FORWARD')).json.code).toBe('OPERATION_NOT_ALLOWED');
    expect((await sb.call('GET', '/sellers/v3/shipments/handover/counts?locationId=NOWHERE')).json.code).toBe('INVALID_LOCATION');
  });
});

describe('self-ship tracking update', () => {
  it('updates the tracking id of a self-ship shipment and refuses standard ones', async () => {
    const [self] = makeShipments(sb, 'selfship');
    const [plain] = makeShipments(sb, 'plain');
    const r = await sb.call('POST', `/sellers/v3/shipments/${self}/update`, { body: { shipment_id: self, tracking_id: 'TRK123', delivery_partner: 'Own fleet' } });
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBe(0);
    expect(record(sb, self).selfShip).toMatchObject({ trackingId: 'TRK123', deliveryPartner: 'Own fleet' });
    const details = await sb.call('GET', `/sellers/v3/shipments/${self}`);
    expect(details.json.shipments[0].trackingId).toBe('TRK123');
    const std = await sb.call('POST', `/sellers/v3/shipments/${plain}/update`, { body: { tracking_id: 'X' } });
    expect([std.status, std.json.code]).toEqual([409, 'INVALID_SHIPMENT_STATE']);
  });
});
