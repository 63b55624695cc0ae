// The scan path of one shipment: a product on several order lines, typed counts, undo, serials
// removed and replaced, serials and IMEIs judged when scanned.
import { describe, expect, it } from 'vitest';
import { classifyScan } from '../../../shared/barcodes.js';
import { applyCount, applyMeasurement, applyScan, openSession, removeSerial, undoLast, undoPreview, verifyUnits, type ProductFacts } from '../../../electron/station/packing/pack-session.js';
import { serialProblem } from '../../../electron/station/packing/serial-checks.js';
import { orderItem, shipment } from '../../support/shipment-wire.js';

const IMEI_A = '490154203237518';
const IMEI_B = '356938035643809';
const facts: Record<string, ProductFacts> = {
  MUG: { serialized: false, refurbished: false, taxCode: 'GST_18', barcodes: [] },
  PHONE: { serialized: true, imei: true, refurbished: false, taxCode: 'GST_18', barcodes: [] },
  LAPTOP: { serialized: true, imei: false, refurbished: false, taxCode: 'GST_18', barcodes: [] },
};
const factsOf = (sku: string) => facts[sku];
const ctx = { serialUsedInShift: () => false };
const scan = (s: string) => classifyScan(s);

function twoLines() {
  return shipment({
    orderItems: [
      orderItem({ sku: 'MUG', orderItemId: 'OI0000000000000002', quantity: 2, orderDate: '2026-11-20T11:00:00.000Z' }),
      orderItem({ sku: 'MUG', orderItemId: 'OI0000000000000001', quantity: 1, orderDate: '2026-11-20T10:00:00.000Z' }),
    ],
  });
}

describe('the same SKU on several order lines', () => {
  it('ticks the oldest line that still needs units, and finishes 1 + 2 by scanning alone', () => {
    let s = openSession('a', twoLines(), factsOf);
    expect(s.lines.map((l) => l.orderItemId)).toEqual(['OI0000000000000001', 'OI0000000000000002']);
    s = applyScan(s, scan('MUG'), ctx, factsOf);
    expect(s.lines.map((l) => l.verified)).toEqual([1, 0]);
    s = applyScan(s, scan('MUG'), ctx, factsOf);
    expect(s.feedback.tone).toBe('ok');
    expect(s.feedback.text).toMatch(/unit 2 of 3 verified \(2 order lines\)/);
    s = applyScan(s, scan('MUG'), ctx, factsOf);
    expect(s.lines.map((l) => l.verified)).toEqual([1, 2]);
    expect(s.phase).toBe('measuring');
    s = applyScan(s, scan('MUG'), ctx, factsOf);
    expect(s.feedback.text).toMatch(/All 3 units of MUG are already scanned/);
  });
});

describe('typed counts', () => {
  it('counts the product just scanned across its lines, and refuses more than the shipment holds', () => {
    let s = openSession('b', twoLines(), factsOf);
    s = applyScan(s, scan('MUG'), ctx, factsOf);
    expect(applyCount(s, 4).feedback.text).toMatch(/has 3 units of MUG, not 4/);
    s = applyCount(s, 3);
    expect(s.lines.map((l) => l.verified)).toEqual([1, 2]);
    expect(s.phase).toBe('measuring');
    expect(undoPreview(s)).toBe('2 units of MUG');
  });

  it('never counts serialized units: each needs its own serial', () => {
    let s = openSession('c', shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 3 })] }), factsOf);
    s = applyCount(s, 3);
    expect(s.feedback.tone).toBe('error');
    expect(s.feedback.text).toMatch(/one serial per unit/);
    expect(s.lines[0].verified).toBe(0);
  });
});

describe('undo and serials', () => {
  it('takes back the last serial, then the last unit, keeping the rest and the measurements', () => {
    let s = openSession('d', shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 2 })] }), factsOf);
    s = applyMeasurement(s, { weightKg: 0.9, dimensions: { length: 20, breadth: 10, height: 8 }, source: 'typed' });
    s = applyScan(s, scan('PHONE'), ctx, factsOf);
    s = applyScan(s, scan(IMEI_A), ctx, factsOf);
    s = applyScan(s, scan('PHONE'), ctx, factsOf);
    s = applyScan(s, scan(IMEI_B), ctx, factsOf);
    expect(s.phase).toBe('ready');
    s = undoLast(s);
    expect(s.lines[0].serials).toEqual([[IMEI_A]]);
    expect(s.phase).toBe('serial');
    s = undoLast(s);
    expect(s.lines[0].verified).toBe(1);
    expect(s.phase).toBe('verifying');
    expect(s.parcels[0].weightKg).toBe(0.9);
  });

  it('removes one serial so another can take its place', () => {
    let s = openSession('e', shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 2 })] }), factsOf);
    for (const code of ['PHONE', IMEI_A, 'PHONE', IMEI_B]) s = applyScan(s, scan(code), ctx, factsOf);
    s = removeSerial(s, IMEI_A);
    expect(s.lines[0]).toMatchObject({ verified: 2, serials: [[IMEI_B]] });
    expect(s.phase).toBe('serial');
    s = applyScan(s, scan('352099001761481'), ctx, factsOf);
    expect(s.lines[0].serials).toEqual([[IMEI_B], ['352099001761481']]);
  });
});

describe('serials judged when scanned', () => {
  it('refuses 12345 as an IMEI with the reason, and records nothing', () => {
    let s = openSession('f', shipment({ orderItems: [orderItem({ sku: 'PHONE', quantity: 1 })] }), factsOf);
    s = applyScan(s, scan('PHONE'), ctx, factsOf);
    s = applyScan(s, scan('12345'), ctx, factsOf);
    expect(s.feedback).toMatchObject({ tone: 'error', sound: 'failure' });
    expect(s.feedback.text).toMatch(/12345 is not an IMEI: an IMEI has 15 digits, this has 5/);
    expect(s.feedback.text).not.toMatch(/recorded/);
    expect(s.lines[0].serials).toEqual([]);
  });

  it('says which check digit an IMEI should have; takes any serial-shaped code for other serialized products', () => {
    expect(serialProblem(scan('490154203237519'), { title: 'Phone', imei: true })).toMatch(/should be 8/);
    expect(serialProblem(scan('ABCD'), { title: 'Phone', imei: true })).toMatch(/no letters/);
    expect(serialProblem(scan('5CG1234XYZ'), { title: 'Laptop', imei: false })).toBeUndefined();
    expect(serialProblem(scan('AB'), { title: 'Laptop', imei: false })).toMatch(/too short/);
  });

  it('ticks a unit from a SKU the caller resolved (the product matching hook)', () => {
    const s = verifyUnits(openSession('g', twoLines(), factsOf), 'MUG', 2);
    expect(s.lines.map((l) => l.verified)).toEqual([1, 1]);
  });
});
