// A listing of the queue (queue-follow.ts): what notifications bring while a list runs is applied
// again to the list's answer, in order, by the same rules, so an older answer never hides a newer
// fact; what the desk had already superseded before the list began stays ignored; a shipment read
// by id meanwhile is kept unless the answer is newer.
import { describe, expect, it } from 'vitest';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import type { QueueRow } from '../../shared/contract/queue.js';
import { toQueueRow } from '../../electron/station/app/handlers/queue-rows.js';
import { queueHook, type QueueAccess } from '../../electron/station/push/queue-follow.js';
import type { QueueScope } from '../../electron/station/push/queue-push.js';
import { shipment } from '../support/shipment-wire.js';
import { envelope } from './push-fixtures.js';

const scope: QueueScope = { filter: { type: 'preDispatch' }, locationId: 'LOC1001' };
const T1 = '2026-11-24T10:00:01.000+05:30';
const T2 = '2026-11-24T10:00:05.000+05:30';
const record = (id: string, over: Partial<ShipmentWire> = {}) => shipment({ shipmentId: id, updatedAt: '2026-11-24T04:29:00.000Z', ...over });

/** The queue as queue-handlers.ts keeps it, with reads answered from a map. */
function queue(initial: string[], reads: Record<string, ShipmentWire> = {}) {
  let rows: Map<string, QueueRow> | undefined = initial.length > 0 ? new Map(initial.map((id) => [id, toQueueRow(record(id))])) : undefined;
  const access: QueueAccess = {
    current: () => (rows ? { rows, scope } : undefined),
    publish: (next) => void (rows = next),
    read: async (id) => reads[id],
    relist: async () => undefined,
    republish: () => undefined,
  };
  return { follow: queueHook(access), rows: () => rows };
}

const answerOf = (...ids: string[]) => new Map(ids.map((id) => [id, toQueueRow(record(id))]));

describe('a listing of the queue', () => {
  it('puts a creation heard before the first answer came on top of that answer', async () => {
    const q = queue([]);
    const listing = q.follow.listing();
    await q.follow.apply(envelope('S2', 'shipment_created', record('S2') as never, T1));
    expect(q.rows()).toBeUndefined();
    const settled = listing.settle(answerOf('S1'), scope);
    listing.close();
    expect([...settled.keys()].sort()).toEqual(['S1', 'S2']);
  });

  it('applies the facts in order, and leaves out what the answer shows newer', async () => {
    const q = queue(['S1', 'S3']);
    const listing = q.follow.listing();
    await q.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, T1));
    await q.follow.apply(envelope('S4', 'shipment_created', record('S4') as never, T1));
    await q.follow.apply(envelope('S4', 'shipment_cancelled', { status: 'CANCELLED' }, T2));
    // The answer saw S3 packed after the notification's instant: the answer wins.
    const answer = answerOf('S1', 'S3');
    answer.set('S3', { ...answer.get('S3')!, status: 'READY_TO_DISPATCH', updatedAt: '2026-11-24T04:31:00.000Z' });
    await q.follow.apply(envelope('S3', 'shipment_packed', { status: 'PACKED' }, T1));
    const settled = listing.settle(answer, scope);
    listing.close();
    expect([...settled.values()].map((r) => [r.shipmentId, r.status])).toEqual([['S3', 'READY_TO_DISPATCH']]);
  });

  it('keeps ignoring a late notification the desk had superseded before the list began', async () => {
    const q = queue(['S1']);
    await q.follow.apply(envelope('S1', 'shipment_cancelled', { status: 'CANCELLED' }, T2));
    const listing = q.follow.listing();
    // The creation, delivered late (reordered), arrives while the list runs.
    await q.follow.apply(envelope('S1', 'shipment_created', record('S1') as never, T1));
    const settled = listing.settle(answerOf(), scope);
    listing.close();
    expect(settled.has('S1')).toBe(false);
  });

  it('puts a shipment read by id meanwhile on top, unless the answer has it newer', async () => {
    const q = queue(['S1', 'S2'], {
      S1: record('S1', { hold: false, updatedAt: '2026-11-24T04:30:02.000Z' }),
      S2: record('S2', { hold: false, updatedAt: '2026-11-24T04:30:02.000Z' }),
    });
    await q.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, T1));
    await q.follow.apply(envelope('S2', 'shipment_hold', { hold: true }, T1));
    const listing = q.follow.listing();
    // The unholds make the desk read the shipments; the answer was taken while they were held.
    await q.follow.apply(envelope('S1', 'shipment_unhold', { hold: false }, T2));
    await q.follow.apply(envelope('S2', 'shipment_unhold', { hold: false }, T2));
    const answer = answerOf();
    answer.set('S2', { ...toQueueRow(record('S2')), status: 'PACKED', updatedAt: '2026-11-24T04:31:00.000Z' });
    const settled = listing.settle(answer, scope);
    listing.close();
    expect([...settled.values()].map((r) => [r.shipmentId, r.status, r.hold])).toEqual([
      ['S2', 'PACKED', false],
      ['S1', 'APPROVED', false],
    ]);
  });

  it('keeps nothing once no list runs', async () => {
    const q = queue(['S1']);
    const listing = q.follow.listing();
    listing.close();
    await q.follow.apply(envelope('S2', 'shipment_created', record('S2') as never, T1));
    expect(listing.settle(answerOf('S1'), scope).has('S2')).toBe(false);
  });
});

describe('a notification is a hint, the marketplace the truth', () => {
  const clock = { now: () => new Date('2026-11-24T04:31:00.000Z') };
  function desk(initial: string[], reads: Record<string, ShipmentWire>, answer: () => Map<string, QueueRow>) {
    let rows: Map<string, QueueRow> | undefined = new Map(initial.map((id) => [id, toQueueRow(record(id))]));
    const readIds: string[] = [];
    const access: QueueAccess = {
      current: () => (rows ? { rows, scope } : undefined),
      publish: (next) => void (rows = next),
      read: async (id) => (readIds.push(id), reads[id]),
      relist: async () => {
        rows = answer();
        return { rows, startedAt: clock.now().getTime() };
      },
      republish: () => undefined,
    };
    return { follow: queueHook(access, clock), rows: () => rows!, readIds };
  }

  it('a notification dated in 2099 (stored before the receiver refused such) only makes the desk read the shipment, and a later genuine one applies', async () => {
    const d = desk(['S1'], { S1: record('S1') }, () => answerOf('S1'));
    await d.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, '2099-01-01T00:00:00.000Z'));
    expect(d.readIds).toEqual(['S1']);
    expect(d.rows().get('S1')?.hold).toBe(false);
    await d.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, '2026-11-24T10:00:30.000+05:30'));
    expect(d.rows().has('S1')).toBe(false);
  });

  it('a reconciliation overrides what a notification said, so a later genuine one applies', async () => {
    // A hold dated two minutes ahead of the desk's clock (within what clocks drift): taken.
    const d = desk(['S1'], {}, () => answerOf('S1'));
    await d.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, '2026-11-24T10:03:00.000+05:30'));
    expect(d.rows().has('S1')).toBe(false);
    // The marketplace says S1 is not held: its answer wins.
    await d.follow.relist();
    expect(d.rows().get('S1')?.hold).toBe(false);
    // A genuine hold a minute later is applied, though older than the notification the answer replaced.
    await d.follow.apply(envelope('S1', 'shipment_hold', { hold: true }, '2026-11-24T10:02:00.000+05:30'));
    expect(d.rows().has('S1')).toBe(false);
  });
});
