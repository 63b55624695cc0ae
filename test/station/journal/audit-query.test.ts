import { describe, expect, it } from 'vitest';
import { countsPerShift, packsPerHour, queryAudit, shiftOf } from '../../../electron/station/journal/audit-query.js';
import type { JournalRecord } from '../../../electron/station/journal/records.js';

// IST is UTC+05:30: 2026-11-21T00:30:00Z is 06:00 IST.
let seq = 0;
const at = (iso: string) => ({ seq: ++seq, at: new Date(iso).toISOString() });
const records: JournalRecord[] = [
  { type: 'intent', ...at('2026-11-21T00:29:00Z'), id: 'i1', op: 'pack', targets: { shipmentIds: ['S1'] }, request: { locationId: 'L' }, operator: 'asha', desk: 'd1' },
  { type: 'outcome', ...at('2026-11-21T00:29:30Z'), intentId: 'i1', status: 'ok' },
  { type: 'intent', ...at('2026-11-21T00:30:00Z'), id: 'i2', op: 'pack', targets: { shipmentIds: ['S2'] }, request: {}, operator: 'ravi', desk: 'd1' },
  { type: 'outcome', ...at('2026-11-21T00:30:05Z'), intentId: 'i2', status: 'failed', errorCode: 'ITEM_ON_HOLD', errorMessage: 'Shipment is on hold' },
  { type: 'intent', ...at('2026-11-21T01:10:00Z'), id: 'i3', op: 'dispatch', targets: { shipmentIds: ['S1', 'S3'] }, request: {}, operator: 'ravi', desk: 'd1' },
  { type: 'session', ...at('2026-11-21T01:00:00Z'), sessionId: 'p1', event: 'opened', operator: 'ravi', desk: 'd1' },
  { type: 'scan', ...at('2026-11-21T01:00:10Z'), sessionId: 'p1', raw: 'S4', kind: 'shipment', value: 'S4' },
  { type: 'session', ...at('2026-11-21T01:05:00Z'), sessionId: 'p1', event: 'packed', shipmentId: 'S4' },
  { type: 'session', ...at('2026-11-21T01:45:00Z'), sessionId: 'p1', event: 'packed', shipmentId: 'S5' },
  // The desk's pack of S4, a wave of three (S7 refused), and a refused scan: counted as such.
  { type: 'intent', ...at('2026-11-21T01:04:00Z'), id: 'i4', op: 'pack', targets: { shipmentIds: ['S4'] }, request: {}, operator: 'lead', desk: 'd1' },
  { type: 'outcome', ...at('2026-11-21T01:04:01Z'), intentId: 'i4', status: 'ok' },
  { type: 'intent', ...at('2026-11-21T01:44:00Z'), id: 'i5', op: 'pack', targets: { shipmentIds: ['S5', 'S6', 'S7'] }, request: { count: 3 }, operator: 'lead', desk: 'd1' },
  { type: 'outcome', ...at('2026-11-21T01:44:02Z'), intentId: 'i5', status: 'failed', result: { failed: ['S7'] } },
  { type: 'scan', ...at('2026-11-21T01:00:20Z'), sessionId: 'p1', raw: '12345', kind: 'sku', value: '12345', refused: 'Not recorded: 12345 is not an IMEI.' },
];

describe('audit query', () => {
  it('finds everything that touched a shipment, including outcomes and the scans of its pack session', () => {
    expect(queryAudit(records, { shipmentId: 'S1' }).map((e) => e.record.seq)).toEqual([1, 2, 5]);
    expect(queryAudit(records, { shipmentId: 'S4' }).map((e) => e.record.type)).toEqual(['session', 'scan', 'session', 'session', 'intent', 'outcome', 'scan']);
  });

  it('filters by operator, operation, time range and free text', () => {
    expect(queryAudit(records, { operator: 'asha' }).map((e) => e.record.seq)).toEqual([1, 2]);
    expect(queryAudit(records, { op: 'dispatch' }).map((e) => e.record.seq)).toEqual([5]);
    const range = { from: new Date('2026-11-21T00:30:00Z'), to: new Date('2026-11-21T01:00:00Z') };
    expect(queryAudit(records, range).map((e) => e.record.seq)).toEqual([3, 4]);
    expect(queryAudit(records, { text: 'on HOLD' }).map((e) => e.record.seq)).toEqual([4]);
    expect(queryAudit(records, { operator: 'ravi', op: 'pack' }).map((e) => e.record.seq)).toEqual([3, 4]);
  });
});

describe('shifts (IST)', () => {
  const shifts = ['06:00', '14:00', '22:00'];

  it('puts 05:59 IST in the night shift that began at 22:00 the day before, and 06:00 in the morning shift', () => {
    const night = shiftOf(new Date('2026-11-21T00:29:00Z'), shifts);
    expect(night.start.toISOString()).toBe('2026-11-20T16:30:00.000Z'); // 22:00 IST on the 20th
    expect(night.end.toISOString()).toBe('2026-11-21T00:30:00.000Z');
    expect(shiftOf(new Date('2026-11-21T00:30:00Z'), shifts).start.toISOString()).toBe('2026-11-21T00:30:00.000Z');
  });

  it('counts packs of the desk and of waves, scans, refused scans and operation outcomes per shift', () => {
    const summary = countsPerShift(records, shifts);
    expect(summary).toHaveLength(2);
    expect(summary[0].operations).toEqual({ pack: { ok: 1, failed: 0, unknown: 0, open: 0 } });
    expect(summary[1].operations).toEqual({ pack: { ok: 1, failed: 2, unknown: 0, open: 0 }, dispatch: { ok: 0, failed: 0, unknown: 0, open: 1 } });
    // Packs count the desk's and the wave's accepted shipments (S4, S5, S6), not the refused S2 and S7.
    expect(summary[0]).toMatchObject({ packed: 1 });
    expect(summary[1]).toMatchObject({ packed: 3, scans: 2, refused: 1 });
  });

  it('refuses a shift time that is not a time of day', () => {
    expect(() => shiftOf(new Date(), ['6am'])).toThrow(/not a time of day/);
  });

  it('counts packs (desk and wave) per IST hour, with empty hours when a range is given', () => {
    expect(packsPerHour(records).map((h) => [h.hourStart.toISOString(), h.packed])).toEqual([
      ['2026-11-20T23:30:00.000Z', 1],
      ['2026-11-21T00:30:00.000Z', 1],
      ['2026-11-21T01:30:00.000Z', 2],
    ]);
    const charted = packsPerHour(records, { from: new Date('2026-11-21T00:30:00Z'), to: new Date('2026-11-21T03:30:00Z') });
    expect(charted.map((h) => h.packed)).toEqual([1, 2, 0]);
  });
});
