// The pack workflow at the desk: what the packer sees for each scan and measurement.
import { describe, expect, it } from 'vitest';
import { classifyScan } from '../../../shared/barcodes.js';
import { applyMeasurement, applyScan, nextStepWords, openSession, type ProductFacts } from '../../../electron/station/packing/pack-session.js';
import { prefillParcels } from '../../../electron/station/packing/parcel-prefill.js';
import { checkActionable } from '../../../electron/station/packing/shipment-checks.js';
import { buildPackRequest, parcelsFromListing } from '../../../electron/station/packing/pack-request.js';
import { orderItem, shipment } from '../../support/shipment-wire.js';

const VALID_IMEI = '490154203237518';
const facts: Record<string, ProductFacts> = {
  'TSHIRT-M': { serialized: false, refurbished: false, taxCode: 'GST_APPAREL', barcodes: ['8901234567897'], packages: [{ length: 30, breadth: 20, height: 5, weight: 0.3 }] },
  PHONE: { serialized: true, refurbished: true, taxCode: 'GST_18', barcodes: [], purchasePrice: 9000 },
};
const factsOf = (sku: string) => facts[sku];
const noShiftDupes = { serialUsedInShift: () => false };
const scan = (s: string) => classifyScan(s);

describe('checkActionable (spec § Shipment: act only when hold is false and after dispatchAfterDate)', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('refuses a shipment on hold, with what to do', () => {
    const r = checkActionable(shipment({ hold: true }), { now, locationId: 'LOC1001' });
    expect(r?.code).toBe('ON_HOLD');
    expect(r?.text).toMatch(/hold shelf/);
  });
  it('refuses before dispatchAfterDate and says until when (IST)', () => {
    const r = checkActionable(shipment({ dispatchAfterDate: '2026-11-21T12:00:00Z' }), { now, locationId: 'LOC1001' });
    expect(r?.code).toBe('TOO_EARLY');
    expect(r?.text).toMatch(/IST/);
  });
  it('refuses a shipment of another location', () => {
    expect(checkActionable(shipment(), { now, locationId: 'LOC1002' })?.code).toBe('WRONG_LOCATION');
  });
  it('refuses one already packed and points to reprint', () => {
    const r = checkActionable(shipment({ orderItems: [orderItem({ sku: 'TSHIRT-M', status: 'PACKED' })] }), { now, locationId: 'LOC1001' });
    expect(r?.code).toBe('NOT_APPROVED');
    expect(r?.text).toMatch(/Reprint/);
  });
  it('accepts an approved shipment of this location', () => {
    expect(checkActionable(shipment(), { now, locationId: 'LOC1001' })).toBeUndefined();
  });
});

describe('PackSession', () => {
  it('counts units up by SKU, FSN or EAN and refuses a wrong item loudly', () => {
    let s = openSession('s1', shipment({ orderItems: [orderItem({ sku: 'TSHIRT-M', quantity: 3 })] }), factsOf);
    s = applyScan(s, scan('TSHIRT-M'), noShiftDupes, factsOf);
    expect(s.lines[0].verified).toBe(1);
    s = applyScan(s, scan('8901234567897'), noShiftDupes, factsOf);
    expect(s.lines[0].verified).toBe(2);
    s = applyScan(s, scan('MUG-BLUE'), noShiftDupes, factsOf);
    expect(s.feedback).toMatchObject({ tone: 'error', sound: 'failure' });
    expect(s.feedback.text).toMatch(/Wrong item/);
    expect(s.lines[0].verified).toBe(2);
    s = applyScan(s, scan('MOBABCDEFGHIJKLM'), noShiftDupes, factsOf);
    expect(s.lines[0].verified).toBe(3);
    expect(s.phase).toBe('measuring');
    s = applyScan(s, scan('TSHIRT-M'), noShiftDupes, factsOf);
    expect(s.feedback.text).toMatch(/already scanned/);
    expect(s.lines[0].verified).toBe(3);
  });

  it('asks for an IMEI after each serialized unit, checks the digit and refuses duplicates', () => {
    let s = openSession('s2', shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 2 })] }), factsOf);
    s = applyScan(s, scan('PHONE'), noShiftDupes, factsOf);
    expect(s.phase).toBe('serial');
    s = applyScan(s, scan('490154203237519'), noShiftDupes, factsOf);
    expect(s.feedback.text).toMatch(/check digit/);
    s = applyScan(s, scan(VALID_IMEI), noShiftDupes, factsOf);
    expect(s.lines[0].serials).toEqual([[VALID_IMEI]]);
    expect(s.phase).toBe('verifying');
    s = applyScan(s, scan('PHONE'), noShiftDupes, factsOf);
    s = applyScan(s, scan(VALID_IMEI), noShiftDupes, factsOf);
    expect(s.feedback.text).toMatch(/already scanned for this shipment/);
    s = applyScan(s, scan('356938035643809'), { serialUsedInShift: (x) => x === '356938035643809' }, factsOf);
    expect(s.feedback.text).toMatch(/another shipment this shift/);
    expect(s.phase).toBe('serial');
  });

  it('refuses a second shipment while one is open, and a non-positive measurement', () => {
    let s = openSession('s3', shipment(), factsOf);
    s = applyScan(s, scan('SH00000000000099'), noShiftDupes, factsOf);
    expect(s.feedback.text).toMatch(/still open/);
    s = applyMeasurement(s, { dimensions: { length: 30, breadth: 0, height: 5 }, weightKg: 1, source: 'typed' });
    expect(s.feedback.tone).toBe('error');
    expect(s.parcels[0].dimensions).toBeUndefined();
  });

  it('becomes ready when units are verified and every package is measured', () => {
    let s = openSession('s4', shipment(), factsOf);
    s = applyMeasurement(s, { weightKg: 0.42, source: 'device' });
    expect(s.phase).toBe('verifying');
    s = applyScan(s, scan('TSHIRT-M'), noShiftDupes, factsOf);
    expect(s.phase).toBe('measuring');
    s = applyMeasurement(s, { dimensions: { length: 30, breadth: 20, height: 5 }, source: 'typed' });
    expect(s.phase).toBe('ready');
    expect(s.feedback.text).toMatch(/press Enter/);
  });
});

describe('a multi-package shipment with its sizes from the listing', () => {
  const sofaFacts: Record<string, ProductFacts> = {
    SOFA: {
      serialized: false,
      refurbished: false,
      taxCode: 'GST_18',
      barcodes: [],
      packages: [
        { length: 200, breadth: 90, height: 40, weight: 30 },
        { length: 90, breadth: 90, height: 40, weight: 12 },
      ],
    },
  };
  const sofaOf = (sku: string) => sofaFacts[sku];
  const sofa = shipment({
    orderItems: [orderItem({ sku: 'SOFA', quantity: 1 })],
    subShipments: [
      { subShipmentId: 'SS1', packages: [{ packageId: 'P1', packageTitle: 'Sofa seat' }] },
      { subShipmentId: 'SS2', packages: [{ packageId: 'P2', packageTitle: 'Sofa back' }] },
    ],
  });

  it('shows the listing sizes but asks to weigh and measure each box after the last unit, then Enter', () => {
    let s = prefillParcels(openSession('m1', sofa, sofaOf), sofa, sofaOf);
    expect(s.parcels[0]).toMatchObject({ dimensions: { length: 200, breadth: 90, height: 40 }, weightKg: 30, weightSource: 'listing', dimensionsSource: 'listing' });
    s = applyScan(s, scan('SOFA'), noShiftDupes, sofaOf);
    // Not ready: the last unit scan does not pack it on the listing's numbers.
    expect(s.phase).toBe('measuring');
    expect(s.feedback.text).toMatch(/Weigh and measure each of the 2 parcels/);
    s = applyMeasurement(s, { subShipmentId: 'SS1', weightKg: 31.2, source: 'device' });
    expect(s.phase).toBe('measuring');
    expect(s.feedback.text).toBe('Parcel 1 of 2 (Sofa seat): 200 x 90 x 40 cm, 31.2 kg. It still needs its size (length, breadth, height).');
    s = applyMeasurement(s, { subShipmentId: 'SS1', dimensions: { length: 201, breadth: 91, height: 41 }, source: 'typed' });
    expect(s.feedback.text).toMatch(/1 of 2 parcels weighed and measured; next: parcel 2 \(Sofa back\)/);
    // Reopened after a put-aside, the desk says where the boxes stand.
    expect(nextStepWords(s)).toBe('All units verified. 1 of 2 parcels weighed and measured; weigh and measure the rest, then press Enter.');
    s = applyMeasurement(s, { subShipmentId: 'SS2', dimensions: { length: 90, breadth: 90, height: 40 }, weightKg: 12.5, source: 'typed' });
    expect(s.phase).toBe('ready');
    expect(s.feedback.text).toMatch(/Every parcel is weighed and measured. Ready to pack: press Enter/);
    expect(s.parcels[0]).toMatchObject({ weightSource: 'device', dimensionsSource: 'typed' });
  });

  it('a single-box shipment is not prefilled: it is weighed and measured as always', () => {
    const one = shipment({ orderItems: [orderItem({ sku: 'SOFA', quantity: 1 })] });
    let s = prefillParcels(openSession('m2', one, sofaOf), one, sofaOf);
    expect(s.parcels[0].dimensions).toBeUndefined();
    s = applyScan(s, scan('SOFA'), noShiftDupes, sofaOf);
    expect(s.phase).toBe('measuring');
    expect(s.feedback.text).toMatch(/Weigh and measure the parcel\.$/);
    s = applyMeasurement(s, { weightKg: 1.2, source: 'typed' });
    // One parcel, counted as one: no "0 of 1 package" next to a weight just taken.
    expect(s.feedback.text).toBe('Box: 1.2 kg. It still needs its size (length, breadth, height).');
  });
});

describe('buildPackRequest (spec § POST /v3/shipments/labels)', () => {
  const at = new Date('2026-11-21T10:00:00Z');
  it('sends tax from the listing code, serials per unit, both sub-shipment spellings and one invoice per order', () => {
    const sh = shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 1, orderItemId: 'OI0000000000000007', priceComponents: { sellingPrice: 12000, totalPrice: 12000, shippingCharge: 0, customerPrice: 12000 } })] });
    const req = buildPackRequest({
      shipment: sh,
      lines: [{ orderItemId: 'OI0000000000000007', quantity: 1, serialized: true, serials: [[VALID_IMEI]] }],
      parcels: [{ subShipmentId: 'SS1', title: 'Box', dimensions: { length: 20, breadth: 10, height: 8 }, weightKg: 0.6 }],
      facts: factsOf,
      invoice: { invoiceNumber: 'PS/2026-27/000001', invoiceDate: '2026-11-21' },
      at,
    });
    expect(req.taxItems).toEqual([{ orderItemId: 'OI0000000000000007', taxRate: 18, quantity: 1, purchasePrice: 9000 }]);
    expect(req.serialNumbers).toEqual([{ orderItemId: 'OI0000000000000007', serialNumbers: [[VALID_IMEI]] }]);
    expect(req.subShipments).toEqual([{ subShipmentId: 'SS1', subShipment: 'SS1', dimensions: { length: 20, breadth: 10, height: 8, weight: 0.6 } }]);
    expect(req.invoices).toEqual([{ orderId: 'OD0000000000000001', invoiceNumber: 'PS/2026-27/000001', invoiceDate: '2026-11-21' }]);
  });

  it('sends no purchasePrice for a new product and no invoice number under automatic invoicing', () => {
    const sh = shipment();
    const req = buildPackRequest({
      shipment: sh,
      lines: [{ orderItemId: sh.orderItems[0].orderItemId, quantity: 1, serialized: false, serials: [] }],
      parcels: parcelsFromListing(sh, factsOf)!,
      facts: factsOf,
      invoice: { invoiceDate: '2026-11-21' },
      at,
    });
    expect(req.taxItems![0]).toEqual({ orderItemId: sh.orderItems[0].orderItemId, taxRate: 5, quantity: 1 });
    expect(req.invoices![0]).not.toHaveProperty('invoiceNumber');
    expect(req.subShipments![0].dimensions).toEqual({ length: 30, breadth: 20, height: 5, weight: 0.3 });
  });
});
