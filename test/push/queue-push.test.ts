// What one notification does to the queue's rows, as the search would show them: joins only when
// the search would return the row, leaves when it no longer would, and late, repeated or
// reordered notifications never put an older state back.
import { describe, expect, it } from 'vitest';
import type { QueueRow } from '../../shared/contract/queue.js';
import { toQueueRow } from '../../electron/station/app/handlers/queue-rows.js';
import { applyNotification, upsertShipment, type QueueScope } from '../../electron/station/push/queue-push.js';
import { orderItem, shipment } from '../support/shipment-wire.js';
import { envelope } from './push-fixtures.js';

const scope: QueueScope = { filter: { type: 'preDispatch' }, locationId: 'LOC1001' };
const T0 = '2026-11-24T10:00:00.000+05:30';
const T1 = '2026-11-24T10:00:05.000+05:30';
const T2 = '2026-11-24T10:00:09.000+05:30';
const record = (id: string, over = {}) => shipment({ shipmentId: id, updatedAt: '2026-11-24T04:30:00.000Z', ...over });

function rowsOf(...ids: string[]): Map<string, QueueRow> {
  return new Map(ids.map((id) => [id, toQueueRow(record(id))]));
}

describe('a notification applied to the queue', () => {
  it('adds a created shipment of the desk, and not one of another location, on hold or fulfilled by the marketplace', () => {
    const rows = rowsOf();
    const seen = new Map<string, number>();
    expect(applyNotification(rows, envelope('S1', 'shipment_created', record('S1') as never, T0), scope, seen)).toEqual({ kind: 'applied', changed: true });
    applyNotification(rows, envelope('S2', 'shipment_created', record('S2', { locationId: 'LOC2002' }) as never, T0), scope, seen);
    applyNotification(rows, envelope('S3', 'shipment_created', record('S3', { hold: true }) as never, T0), scope, seen);
    applyNotification(rows, envelope('S4', 'shipment_created', record('S4', { orderItems: [orderItem({ sku: 'X', serviceProfile: 'FBF' })] }) as never, T0), scope, seen);
    expect([...rows.keys()]).toEqual(['S1']);
    // A search typed in the queue: a new shipment is not added (it might not match).
    const searched = rowsOf();
    expect(applyNotification(searched, envelope('S5', 'shipment_created', record('S5') as never, T0), { ...scope, filter: { type: 'preDispatch', search: 'TSHIRT' } }, new Map())).toEqual({ kind: 'ignored' });
  });

  it('moves a packed shipment on, takes out a shipped or cancelled one, re-dates one, and asks to read a partial cancellation', () => {
    const rows = rowsOf('S1', 'S2', 'S3', 'S4');
    const seen = new Map<string, number>();
    applyNotification(rows, envelope('S1', 'shipment_packed', { status: 'PACKED' }, T1), scope, seen);
    applyNotification(rows, envelope('S2', 'shipment_shipped', { status: 'SHIPPED' }, T1), scope, seen);
    applyNotification(rows, envelope('S3', 'shipment_cancelled', { status: 'CANCELLED' }, T1), scope, seen);
    applyNotification(rows, envelope('S4', 'shipment_dispatch_dates_changed', { dispatchByDate: '2026-11-30T10:00:00.000Z', dispatchAfterDate: '2026-11-24T10:00:00.000Z' }, T1), scope, seen);
    expect([...rows.values()].map((r) => [r.shipmentId, r.status, r.dispatchByDate])).toEqual([
      ['S1', 'PACKED', '2026-11-22T10:00:00.000Z'],
      ['S4', 'APPROVED', '2026-11-30T10:00:00.000Z'],
    ]);
    expect(applyNotification(rows, envelope('S4', 'shipment_cancelled', { status: 'CANCELLED', orderItemIds: ['OI1'] }, T2), scope, seen)).toEqual({ kind: 'read', shipmentId: 'S4' });
  });

  it('a hold takes a shipment out of the default queue; the unhold asks to read it back', () => {
    const rows = rowsOf('S1');
    const seen = new Map<string, number>();
    applyNotification(rows, envelope('S1', 'shipment_hold', { hold: true }, T1), scope, seen);
    expect(rows.has('S1')).toBe(false);
    expect(applyNotification(rows, envelope('S1', 'shipment_unhold', { hold: false }, T2), scope, seen)).toEqual({ kind: 'read', shipmentId: 'S1' });
    expect(upsertShipment(rows, record('S1'), 'S1', scope)).toBe(true);
    expect(rows.get('S1')?.hold).toBe(false);
    // Under the Hold filter it is the other way round: the unhold takes the row out.
    const heldScope: QueueScope = { ...scope, filter: { type: 'preDispatch', hold: true } };
    const heldRows = new Map([['S3', { ...toQueueRow(record('S3')), hold: true }]]);
    applyNotification(heldRows, envelope('S3', 'shipment_unhold', { hold: false }, T1), heldScope, new Map());
    expect(heldRows.has('S3')).toBe(false);
  });

  it('ignores a notification older than the row, and a late creation after a cancellation', () => {
    const rows = rowsOf('S1');
    const seen = new Map<string, number>();
    applyNotification(rows, envelope('S1', 'shipment_ready_to_dispatch', { status: 'READY_TO_DISPATCH' }, T2), scope, seen);
    // The packed notification overtaken by the ready-to-dispatch one arrives last.
    expect(applyNotification(rows, envelope('S1', 'shipment_packed', { status: 'PACKED' }, T1), scope, seen)).toEqual({ kind: 'ignored' });
    expect(rows.get('S1')?.status).toBe('READY_TO_DISPATCH');
    applyNotification(rows, envelope('S2', 'shipment_cancelled', { status: 'CANCELLED' }, T2), scope, seen);
    expect(applyNotification(rows, envelope('S2', 'shipment_created', record('S2') as never, T0), scope, seen)).toEqual({ kind: 'ignored' });
    expect(rows.has('S2')).toBe(false);
    // The same notification twice changes nothing the second time.
    const once = new Map(rows);
    applyNotification(rows, envelope('S1', 'shipment_ready_to_dispatch', { status: 'READY_TO_DISPATCH' }, T2), scope, seen);
    expect(rows).toEqual(once);
  });

  it('a notification of the same second as the row, written without milliseconds, is not taken for an older one', () => {
    const rows = new Map([['S1', { ...toQueueRow(record('S1')), updatedAt: '2026-11-24T04:30:05.480Z' }]]);
    applyNotification(rows, envelope('S1', 'shipment_packed', { status: 'PACKED' }, '2026-11-24T10:00:05+05:30'), scope, new Map());
    expect(rows.get('S1')?.status).toBe('PACKED');
  });
});
