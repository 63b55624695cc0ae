// GET /v3/shipments?shipmentIds=|orderItemIds=|orderIds= and GET /v3/shipments/{shipmentIds}
// (shipping details) over real HTTPS (spec § GET /v3/shipments, § Shipping details record), and
// the shape of what the factory creates (spec § Order item priceComponents, § Sub-shipment).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { MAX_IDS_PER_REQUEST } from '../../shared/api/limits.js';
import { SHIPMENT_ID_RE, ORDER_ID_RE, ORDER_ITEM_ID_RE } from '../../shared/api/ids.js';
import { ShipmentsResponse, ShippingDetailsResponse } from '../../shared/api/shipments.js';
import { makeShipments, record } from './shipments-fixtures.js';

let sb: TestSandbox;
let plain: string[];
beforeAll(async () => {
  sb = await startTestSandbox({ labelDelayMs: 0, shipments: 0 });
  plain = makeShipments(sb, 'plain', 200);
});
afterAll(() => sb.close());

const get = (query: string, token?: string) => sb.call('GET', `/sellers/v3/shipments?${query}`, { token });

describe('get shipments by ids', () => {
  it('by shipmentIds: full records with packagingPolicy, sub-shipments with packages, forms', async () => {
    const r = await get(`shipmentIds=${plain.slice(0, 3).join(',')}`);
    expect(r.status).toBe(200);
    const parsed = ShipmentsResponse.parse(r.json);
    expect(parsed.shipments.map((s) => s.shipmentId)).toEqual(plain.slice(0, 3));
    for (const s of parsed.shipments) {
      expect(['GREEN_PACKAGE', 'TRANSPARENT_PACKAGE', 'DEFAULT', 'NA']).toContain(s.packagingPolicy);
      expect(s.subShipments[0].packages[0]).toMatchObject({ packageId: expect.any(String), packageTitle: expect.any(String), packageSku: expect.any(String) });
      expect(Array.isArray(s.forms)).toBe(true);
      expect(s.shipmentId).toMatch(SHIPMENT_ID_RE);
      for (const i of s.orderItems) {
        expect(i.orderId).toMatch(ORDER_ID_RE);
        expect(i.orderItemId).toMatch(ORDER_ITEM_ID_RE);
        expect(i.is_replacement).toBe(i.isReplacement);
      }
    }
  });

  it('by orderItemIds and by orderIds, including orders split into several shipments', async () => {
    const s = record(sb, plain[5]);
    const byItem = await get(`orderItemIds=${s.orderItems[0].orderItemId}`);
    expect(byItem.json.shipments.map((x: any) => x.shipmentId)).toEqual([s.shipmentId]);
    const split = [...sb.world.orderIndex.entries()].find(([, list]) => list.length > 1 && plain.includes(list[0]));
    expect(split).toBeDefined();
    const byOrder = await get(`orderIds=${split![0]}`);
    expect(byOrder.json.shipments.map((x: any) => x.shipmentId).sort()).toEqual([...split![1]].sort());
    for (const x of byOrder.json.shipments) for (const i of x.orderItems) expect(i.orderId).toBe(split![0]);
  });

  it('leaves out unknown ids and other sellers’ ids', async () => {
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const r = await get(`shipmentIds=${plain[0]},SH00000000000000,${theirs}`);
    expect(r.json.shipments.map((x: any) => x.shipmentId)).toEqual([plain[0]]);
    const other = await get(`shipmentIds=${plain[0]},${theirs}`, sb.otherToken);
    expect(other.json.shipments.map((x: any) => x.shipmentId)).toEqual([theirs]);
  });

  it('refuses more than 100 ids, no parameter, or two parameters with UNPROCESSABLE_ENTITY', async () => {
    const many = await get(`shipmentIds=${plain.slice(0, MAX_IDS_PER_REQUEST + 1).join(',')}`);
    expect([many.status, many.json.code]).toEqual([422, 'UNPROCESSABLE_ENTITY']);
    expect((await get(`shipmentIds=${plain.slice(0, MAX_IDS_PER_REQUEST).join(',')}`)).json.shipments).toHaveLength(MAX_IDS_PER_REQUEST);
    expect((await get('')).json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await get(`shipmentIds=${plain[0]}&orderIds=OD1`)).json.code).toBe('UNPROCESSABLE_ENTITY');
    expect((await get('shipmentIds=,,')).json.code).toBe('UNPROCESSABLE_ENTITY');
  });
});

describe('what the marketplace creates', () => {
  it('prices add up: sellingPrice <= MRP, customerPrice = sellingPrice - discount, totalPrice = customerPrice + shipping', () => {
    for (const id of plain) {
      for (const i of record(sb, id).orderItems) {
        const p = i.priceComponents;
        expect(p.sellingPrice).toBeLessThanOrEqual(i.mrp);
        expect(p.customerPrice).toBeLessThanOrEqual(p.sellingPrice);
        expect(p.customerPrice).toBeGreaterThan(0);
        expect(p.totalPrice).toBe(p.customerPrice + p.shippingCharge);
      }
    }
  });

  it('multi-item shipments hold items of one order only; multi-package ones one sub-shipment per package', () => {
    const multi = plain.map((id) => record(sb, id)).filter((s) => s.orderItems.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const s of multi) expect(new Set(s.orderItems.map((i) => i.orderId)).size).toBe(1);
    for (const id of makeShipments(sb, 'mps', 3)) {
      const s = record(sb, id);
      const listing = sb.world.listingsOf(s.sellerId).get(s.orderItems[0].sku)!;
      expect(s.subShipments).toHaveLength((listing.data.packages as unknown[]).length);
      expect(s.orderItems[0].packageIds).toEqual(s.subShipments.map((x) => x.packages[0].packageId));
    }
  });

  it('future orders may not be processed yet; self-ship ones carry their own state', () => {
    for (const id of makeShipments(sb, 'future', 3)) expect(Date.parse(record(sb, id).dispatchAfterDate)).toBeGreaterThan(sb.world.now());
    for (const id of makeShipments(sb, 'selfship', 5)) {
      const s = record(sb, id);
      expect(s.shipmentType).toBe('SELF');
      expect(s.selfShip).toMatchObject({ status: 'APPROVED', attempts: [] });
    }
  });
});

describe('shipping details', () => {
  it('gives the delivery address in both spellings, without buyer contact for standard shipments', async () => {
    const r = await sb.call('GET', `/sellers/v3/shipments/${plain.slice(0, 2).join(',')}`);
    const parsed = ShippingDetailsResponse.parse(r.json);
    const [d] = parsed.shipments;
    const a = record(sb, plain[0]).deliveryAddress;
    expect(d).toMatchObject({ shipmentId: plain[0], orderId: record(sb, plain[0]).orderItems[0].orderId });
    expect(d.deliveryAddress).toMatchObject({ firstName: a.firstName, lastName: a.lastName, city: a.city, pincode: a.pincode, pinCode: a.pincode, stateName: a.stateName, state: a.stateName, stateCode: a.stateCode });
    expect(d.deliveryAddress).not.toHaveProperty('contactNumber');
    expect(d.deliveryAddress).not.toHaveProperty('email');
  });

  it('includes buyer phone and e-mail for self-ship shipments', async () => {
    const [self] = makeShipments(sb, 'selfship');
    const r = await sb.call('GET', `/sellers/v3/shipments/${self}`);
    const a = record(sb, self).deliveryAddress;
    expect(r.json.shipments[0].deliveryAddress).toMatchObject({ contactNumber: a.contactNumber, email: a.email });
  });

  it('leaves out other sellers’ shipments and refuses more than 100 ids', async () => {
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const r = await sb.call('GET', `/sellers/v3/shipments/${plain[0]},${theirs}`);
    expect(r.json.shipments.map((x: any) => x.shipmentId)).toEqual([plain[0]]);
    const many = await sb.call('GET', `/sellers/v3/shipments/${plain.slice(0, MAX_IDS_PER_REQUEST + 1).join(',')}`);
    expect([many.status, many.json.code]).toEqual([422, 'UNPROCESSABLE_ENTITY']);
  });
});
