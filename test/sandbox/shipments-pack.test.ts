// POST /v3/shipments/labels (pack) over real HTTPS: every per-shipment error code in the
// situation the spec gives for it (spec § Errors "pack"), both spellings of the fields the spec
// and the SDK name differently (sdk-facts § 15 rows 1-4), and malformed bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { MAX_PACKAGE_SIDE_CM } from '../../shared/api/limits.js';
import { makeShipments, nextImei, only, pack, packElement, record, statusesOf } from './shipments-fixtures.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ labelDelayMs: 0 });
});
afterAll(() => sb.close());

async function packOne(el: Record<string, any>) {
  return only(await pack(sb, [el]));
}

/** A pack element changed by `edit`, for a new shipment of `kind`. */
async function failureOf(kind: Parameters<typeof makeShipments>[1], edit: (el: Record<string, any>, id: string) => void) {
  const [id] = makeShipments(sb, kind);
  const el = packElement(sb, id);
  edit(el, id);
  const r = await packOne(el);
  expect(r.processingStatus).toBe('FAILURE');
  expect(r.errorMessage).toBeTruthy();
  // A refused pack changes nothing.
  expect(new Set(await statusesOf(sb, id))).toEqual(new Set(['APPROVED']));
  return r;
}

describe('pack: accepted requests', () => {
  it('packs with the spec spellings (subShipment, width, invoices[].orderId)', async () => {
    const [id] = makeShipments(sb, 'plain');
    expect(await packOne(packElement(sb, id))).toMatchObject({ shipmentId: id, processingStatus: 'SUCCESS', errorCode: null });
    expect(record(sb, id).pack!.invoiceNumber).toBe(`INV-${id.slice(-8)}`);
  });

  it('packs with the SDK spellings (subShipmentId, weight, invoices[].shipmentId)', async () => {
    const [id] = makeShipments(sb, 'plain');
    const el = packElement(sb, id);
    el.subShipments = el.subShipments.map((s: any) => ({ subShipmentId: s.subShipment, dimensions: { length: s.dimensions.length, breadth: s.dimensions.breadth, height: s.dimensions.height, weight: s.dimensions.width } }));
    el.invoices = [{ shipmentId: id, invoiceNumber: 'SDK-1', invoiceDate: '2026-11-21' }];
    expect(await packOne(el)).toMatchObject({ processingStatus: 'SUCCESS' });
    expect(record(sb, id).pack!.subShipments[0].dimensions.weight).toBeGreaterThan(0);
  });

  it('packs serialized phones with valid IMEIs, one list per unit', async () => {
    const [id] = makeShipments(sb, 'serialized', 1, { quantity: 2 });
    const el = packElement(sb, id);
    expect(el.serialNumbers[0].serialNumbers).toHaveLength(2);
    expect(await packOne(el)).toMatchObject({ processingStatus: 'SUCCESS' });
    const inv = await sb.call('GET', `/sellers/v3/shipments/${id}/invoices`, { headers: { accept: 'application/json' } });
    expect(inv.json.invoices[0].orderItems[0].serialNumbers).toEqual(el.serialNumbers[0].serialNumbers);
  });

  it('packs every package of a multi-package shipment, one sub-shipment each', async () => {
    const [id] = makeShipments(sb, 'mps');
    const s = record(sb, id);
    expect(s.mps).toBe(true);
    expect(s.subShipments.length).toBeGreaterThan(1);
    expect(await packOne(packElement(sb, id))).toMatchObject({ processingStatus: 'SUCCESS' });
  });

  it('numbers the invoice itself for a seller on automatic invoicing', async () => {
    const seller = sb.world.sellers.get(sb.info.sellerId)!;
    seller.autoInvoicing = true;
    try {
      const [id] = makeShipments(sb, 'plain');
      const el = packElement(sb, id);
      delete el.invoices[0].invoiceNumber;
      expect(await packOne(el)).toMatchObject({ processingStatus: 'SUCCESS' });
      expect(record(sb, id).pack!.invoiceNumber).toMatch(/^SELLER1-\d{7}$/);
    } finally {
      seller.autoInvoicing = false;
    }
  });

  it('accepts purchasePrice for a refurbished item within its selling price', async () => {
    const ids = makeShipments(sb, 'serialized', 40, { quantity: 1 });
    const id = ids.find((x) => record(sb, x).orderItems[0].refurbished)!;
    const el = packElement(sb, id);
    el.taxItems[0].purchasePrice = 500;
    expect(await packOne(el)).toMatchObject({ processingStatus: 'SUCCESS' });
  });
});

describe('pack: per-shipment failures with the spec codes', () => {
  it('ITEM_ON_HOLD while on hold', async () => {
    expect((await failureOf('hold', () => {})).errorCode).toBe('ITEM_ON_HOLD');
  });

  it('INVALID_PACK_REQUEST when items are not all APPROVED (packed or cancelled)', async () => {
    const [id] = makeShipments(sb, 'plain');
    expect((await packOne(packElement(sb, id))).processingStatus).toBe('SUCCESS');
    await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${id}`); // settles to PACKED
    expect((await packOne(packElement(sb, id))).errorCode).toBe('INVALID_PACK_REQUEST');
    const [c] = makeShipments(sb, 'plain');
    await sb.call('POST', '/sellers/v3/shipments/cancel', { body: { shipments: [{ shipmentId: c, reason: 'not_enough_inventory' }] } });
    expect((await packOne(packElement(sb, c))).errorCode).toBe('INVALID_PACK_REQUEST');
  });

  it('DUPLICATE_PACK_REQUEST while an earlier pack is still processing', async () => {
    sb.world.labelDelayMs = 60_000;
    try {
      const [id] = makeShipments(sb, 'plain');
      const r = await pack(sb, [packElement(sb, id), packElement(sb, id)]);
      expect(r.json.shipments.map((x: any) => x.errorCode)).toEqual([null, 'DUPLICATE_PACK_REQUEST']);
      expect((await packOne(packElement(sb, id))).errorCode).toBe('DUPLICATE_PACK_REQUEST');
    } finally {
      sb.world.labelDelayMs = 0;
    }
  });

  it('INCOMPLETE_SHIPMENT_DIMENSIONS for a missing sub-shipment or a side that is not positive', async () => {
    expect((await failureOf('mps', (el) => el.subShipments.pop())).errorCode).toBe('INCOMPLETE_SHIPMENT_DIMENSIONS');
    expect((await failureOf('plain', (el) => (el.subShipments[0].dimensions.height = 0))).errorCode).toBe('INCOMPLETE_SHIPMENT_DIMENSIONS');
    expect((await failureOf('plain', (el) => delete el.subShipments[0].dimensions.length)).errorCode).toBe('INCOMPLETE_SHIPMENT_DIMENSIONS');
    expect((await failureOf('plain', (el) => (el.subShipments[0].subShipment = 'SH0-9'))).errorCode).toBe('INCOMPLETE_SHIPMENT_DIMENSIONS');
  });

  it('INVALID_PACKAGE_DIMENSION for sizes no courier carries', async () => {
    const r = await failureOf('plain', (el) => (el.subShipments[0].dimensions.length = MAX_PACKAGE_SIDE_CM + 1));
    expect(r.errorCode).toBe('INVALID_PACKAGE_DIMENSION');
  });

  it('WEIGHT_ANOMALY_WARNING for an implausible weight unless ignoreWarning', async () => {
    // A fiftieth of the catalogue weight: a scale misread or a unit slip (g for kg).
    expect((await failureOf('plain', (el) => (el.subShipments[0].dimensions.width /= 50))).errorCode).toBe('WEIGHT_ANOMALY_WARNING');
    const [id] = makeShipments(sb, 'plain');
    const el = packElement(sb, id);
    el.subShipments[0].dimensions.width /= 50;
    el.ignoreWarning = true;
    expect((await packOne(el)).processingStatus).toBe('SUCCESS');
  });

  it('INVALID_DISPATCH_AFTER_DATE before the dispatch-after date', async () => {
    expect((await failureOf('future', () => {})).errorCode).toBe('INVALID_DISPATCH_AFTER_DATE');
  });

  it('INVALID_IMEI_NUMBER: missing, wrong count, bad check digit, not 15 digits, repeated', async () => {
    const bad = (imei: string) => imei.slice(0, 14) + String((Number(imei[14]) + 1) % 10);
    const cases: ((el: Record<string, any>) => void)[] = [
      (el) => (el.serialNumbers = []),
      (el) => el.serialNumbers[0].serialNumbers.push([nextImei()]),
      (el) => (el.serialNumbers[0].serialNumbers[0] = [bad(nextImei())]),
      (el) => (el.serialNumbers[0].serialNumbers[0] = ['12345678901234']),
      (el) => (el.serialNumbers[0].serialNumbers[0] = [el.serialNumbers[0].serialNumbers[0][0], el.serialNumbers[0].serialNumbers[0][0]]),
    ];
    for (const edit of cases) expect((await failureOf('serialized', edit)).errorCode).toBe('INVALID_IMEI_NUMBER');
  });

  it('INVALID_LOCATION for another location of the seller', async () => {
    const r = await failureOf('plain', (el, id) => (el.locationId = sb.info.locations.find((l) => l !== record(sb, id).locationId)));
    expect(r.errorCode).toBe('INVALID_LOCATION');
  });

  it('INVALID_PURCHASE_PRICE for a non-refurbished item, and above the selling price of a refurbished one', async () => {
    const ids = makeShipments(sb, 'serialized', 40, { quantity: 1 });
    const plain = ids.find((x) => !record(sb, x).orderItems[0].refurbished)!;
    const refurb = ids.find((x) => record(sb, x).orderItems[0].refurbished)!;
    const a = packElement(sb, plain);
    a.taxItems[0].purchasePrice = 100;
    expect((await packOne(a)).errorCode).toBe('INVALID_PURCHASE_PRICE');
    const b = packElement(sb, refurb);
    b.taxItems[0].purchasePrice = record(sb, refurb).orderItems[0].priceComponents.sellingPrice + 1;
    expect((await packOne(b)).errorCode).toBe('INVALID_PURCHASE_PRICE');
    b.taxItems[0].purchasePrice = 0;
    expect((await packOne(b)).errorCode).toBe('INVALID_PURCHASE_PRICE');
  });

  it('UNPROCESSABLE_ENTITY for missing taxItems, invoice number, invoice date or location', async () => {
    expect((await failureOf('plain', (el) => delete el.taxItems)).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await failureOf('plain', (el) => delete el.invoices[0].invoiceNumber)).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await failureOf('plain', (el) => (el.invoices[0].invoiceDate = '21/11/2026'))).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await failureOf('plain', (el) => delete el.invoices[0].invoiceDate)).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await failureOf('plain', (el) => delete el.locationId)).errorCode).toBe('UNPROCESSABLE_ENTITY');
    expect((await failureOf('plain', (el) => (el.taxItems[0].quantity += 1))).errorCode).toBe('UNPROCESSABLE_ENTITY');
  });

  it('INVALID_PACK_CHANNEL for self-ship shipments', async () => {
    expect((await failureOf('selfship', () => {})).errorCode).toBe('INVALID_PACK_CHANNEL');
  });

  it('INVALID_SHIPMENTS for unknown ids, PACK_OPERATION_NOT_AUTHORISED for another sellers', async () => {
    const [theirs] = makeShipments(sb, 'plain', 1, { sellerId: sb.info.otherSellerId });
    const r = await pack(sb, [{ ...packElement(sb, theirs) }, { shipmentId: 'SH00000000000000', locationId: 'X' }]);
    expect(r.json.shipments.map((x: any) => [x.shipmentId, x.errorCode])).toEqual([
      [theirs, 'PACK_OPERATION_NOT_AUTHORISED'],
      ['SH00000000000000', 'INVALID_SHIPMENTS'],
    ]);
    expect(record(sb, theirs).orderItems[0].status).toBe('APPROVED');
  });

  it('answers each shipment of a mixed batch on its own', async () => {
    const [good] = makeShipments(sb, 'plain');
    const [held] = makeShipments(sb, 'hold');
    const r = await pack(sb, [packElement(sb, good), packElement(sb, held)]);
    expect(r.json.shipments.map((x: any) => x.processingStatus)).toEqual(['SUCCESS', 'FAILURE']);
  });
});

describe('pack: malformed bodies', () => {
  it('refuses bodies that are not JSON, not an object, or without a shipments list', async () => {
    const notJson = await sb.call('POST', '/sellers/v3/shipments/labels', { rawBody: '{shipments:', headers: { 'content-type': 'application/json' } });
    expect([notJson.status, notJson.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    for (const body of [[], { shipments: 'SH1' }, {}, 'x']) {
      const r = await sb.call('POST', '/sellers/v3/shipments/labels', { body });
      expect([r.status, r.json.code]).toEqual([400, 'INVALID_REQUEST_JSON']);
    }
    const empty = await sb.call('POST', '/sellers/v3/shipments/labels', { body: { shipments: [] } });
    expect([empty.status, empty.json.code]).toEqual([422, 'UNPROCESSABLE_ENTITY']);
    const junk = await pack(sb, [42 as any]);
    expect(only(junk)).toMatchObject({ processingStatus: 'FAILURE', errorCode: 'UNPROCESSABLE_ENTITY' });
  });
});
