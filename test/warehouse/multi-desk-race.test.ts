// Several desks (each with its own database pool, journal, outbox and marketplace client) race
// over the same shipments against one sandbox and one PostgreSQL: two pack one shipment at a
// time, two run waves that claim in bulk. Outcome checked where it happened: the sandbox's event
// log (each shipment packed exactly once), the shipments' state, the invoice numbers the
// marketplace received (unique, consecutive), and every desk's journal in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../electron/station/packing/ist-dates.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, passDatabaseTime, useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { clientFor } from '../support/station-client.js';
import { openDesk as openDeskWith, packHeld, packOneByOne, packWaves, shuffled, type Desk } from '../support/warehouse-desk.js';

const SHIPMENTS = 48;

describe.runIf(requirePostgres())('desks racing over the same shipments', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  const desks: Desk[] = [];
  const openDesk = (url: string, name: string, clock: Clock, options: { leaseMs?: number; outageBlock?: number } = {}) =>
    openDeskWith(wh.pool({ url, max: 2 }), clientFor(sb), name, clock, options);

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0 });
  });
  afterAll(async () => {
    for (const d of desks) {
      d.keeper.stop();
      await d.outbox.stop();
      await d.journal.close();
      await d.client.close();
    }
    await sb?.close();
  });

  it('packs every shipment exactly once, with unique consecutive invoice numbers and every journal record in the database', async () => {
    const locationId = sb.info.locations[0];
    const created = await sb.call('POST', '/sandbox/shipments', { token: null, body: { count: SHIPMENTS, locationId, kind: 'plain' } });
    const ids = created.json.shipmentIds as string[];
    expect(ids).toHaveLength(SHIPMENTS);
    const url = await wh.freshUrl();
    for (let i = 0; i < 4; i += 1) desks.push(await openDesk(url, `Desk ${i + 1}`, { now: () => new Date() }));
    const eventsBefore = sb.world.events.length;
    await Promise.all(desks.map((d, i) => (i < 2 ? packOneByOne(d, shuffled(ids, i + 7)) : packWaves(d, ids))));

    // The marketplace: every shipment packed (a read settles its documents), and exactly one
    // Packed event each.
    const states = await desks[0].client.orders.getShipments({ shipmentIds: ids });
    expect(states.filter((s) => s.orderItems.some((i) => i.status !== 'PACKED')).map((s) => s.shipmentId)).toEqual([]);
    const packedEvents = sb.world.events.slice(eventsBefore).filter((e) => e.kind === 'Packed');
    expect(packedEvents.map((e) => e.shipmentId).sort()).toEqual([...ids].sort());
    // No shipment was sent for packing by two desks, and none was refused as already packed.
    const byDesk = desks.flatMap((d) => d.packed);
    expect(byDesk.sort()).toEqual([...ids].sort());
    expect(desks.flatMap((d) => d.refused)).toEqual([]);
    // Both kinds of desk took part.
    expect(desks.slice(0, 2).some((d) => d.packed.length > 0) && desks.slice(2).some((d) => d.packed.length > 0)).toBe(true);

    // The invoices the marketplace holds: one number each, unique, 1..N with no gap.
    const invoices = await desks[0].client.orders.invoicesJson(ids);
    const numbers = invoices.map((inv) => inv.invoiceNumber);
    expect(new Set(numbers).size).toBe(SHIPMENTS);
    expect(numbers.map((n) => Number(n!.split('/')[2])).sort((a, b) => a - b)).toEqual(Array.from({ length: SHIPMENTS }, (_, i) => i + 1));

    // Every journal record of every desk reached the database, and each pack intent names
    // shipments of one desk only.
    const db = wh.pool({ url });
    for (const d of desks) {
      expect((await d.outbox.flush()).lastError).toBeUndefined();
      const stored = (await db.query('SELECT count(*)::int AS n FROM journal_records WHERE desk = $1', [d.name])).rows[0].n;
      expect(stored).toBe((await d.journal.records()).length);
    }
    const intents = (await db.query("SELECT desk, jsonb_array_elements_text(record->'targets'->'shipmentIds') AS id FROM journal_records WHERE record->>'op' = 'pack'")).rows as { desk: string; id: string }[];
    const deskOf = new Map<string, Set<string>>();
    for (const r of intents) deskOf.set(r.id, (deskOf.get(r.id) ?? new Set()).add(r.desk));
    expect([...deskOf.keys()].sort()).toEqual([...ids].sort());
    for (const [id, set] of deskOf) expect([id, set.size]).toEqual([id, 1]);
  });

  it('takes over the claims of a desk that died mid-wave, and packs through a database outage', async () => {
    const LEASE = 60_000;
    const locationId = sb.info.locations[0];
    const ids = (await sb.call('POST', '/sandbox/shipments', { token: null, body: { count: 30, locationId, kind: 'plain' } })).json.shipmentIds as string[];
    const url = await wh.freshUrl();
    const clock = manualClock(new Date());
    const a = await openDesk(url, 'Desk A', clock, { leaseMs: LEASE, outageBlock: 3 });
    const b = await openDesk(url, 'Desk B', clock, { leaseMs: LEASE });
    const dying = await openDesk(url, 'Desk Z', clock, { leaseMs: LEASE });
    desks.push(a, b, dying);
    const eventsBefore = sb.world.events.length;

    // Desk Z claims a wave batch and dies (kill -9: its connections just vanish).
    const orphaned = await dying.claims.claimWave(ids, dying.name, 'op-Z', 'wave-Z', 10);
    expect(orphaned).toHaveLength(10);
    await dying.pool.end();
    // Desk A holds two shipments and its outage numbers when the database goes away.
    const held = ids.filter((id) => !orphaned.includes(id)).slice(0, 2);
    for (const id of held) expect((await a.claims.claim(id, a.name, 'op-A')).ok).toBe(true);
    expect(await a.invoices.refillOutageBlock()).toBe(3);
    wh.cluster.stop();
    try {
      // It packs what it holds with its reserved numbers; new claims wait, with the reason.
      await packHeld(a, await a.client.orders.getShipments({ shipmentIds: held }));
      expect(a.packed).toEqual(held);
      expect(a.unrecorded).toEqual(held);
      await expect(a.claims.claim(ids[29], a.name, 'op-A')).rejects.toThrow(/^warehouse database unreachable: /);
      expect((await a.outbox.flush()).lastError).toMatch(/^warehouse database unreachable: /);
    } finally {
      wh.cluster.start();
    }
    for (const id of a.unrecorded.splice(0)) expect(await a.claims.markPacked(id, a.name)).toBe(true);

    // The other desks pack the rest, but not Desk Z's shipments while its leases live...
    await Promise.all([packWaves(a, ids), packWaves(b, ids)]);
    const packedNow = [...a.packed, ...b.packed];
    expect(packedNow.filter((id) => orphaned.includes(id))).toEqual([]);
    expect(packedNow).toHaveLength(20);
    // ...and take them over once the leases have run out.
    clock.advance(LEASE + 1);
    // Leases are the database's time: the claims' times move back instead.
    await passDatabaseTime(wh.pool({ url }), LEASE + 1);
    await Promise.all([packWaves(a, ids), packWaves(b, ids)]);
    expect([...a.packed, ...b.packed].sort()).toEqual([...ids].sort());

    const states = await a.client.orders.getShipments({ shipmentIds: ids });
    expect(states.filter((s) => s.orderItems.some((i) => i.status !== 'PACKED')).map((s) => s.shipmentId)).toEqual([]);
    const packedEvents = sb.world.events.slice(eventsBefore).filter((e) => e.kind === 'Packed');
    expect(packedEvents.map((e) => e.shipmentId).sort()).toEqual([...ids].sort());
    const numbers = (await a.client.orders.invoicesJson(ids)).map((inv) => inv.invoiceNumber);
    expect(new Set(numbers).size).toBe(ids.length);
    // The series accounts for every number: used on the 30 invoices; A's unused outage number
    // (3 held, 2 used) is still held for the next outage; nothing between is missing.
    const db = wh.pool({ url });
    const rows = (await db.query('SELECT counter, status FROM invoice_numbers ORDER BY counter')).rows as { counter: number; status: string }[];
    expect(rows.map((r) => r.counter)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(rows.filter((r) => r.status === 'used')).toHaveLength(30);
    expect(rows.filter((r) => r.status !== 'used').map((r) => r.status)).toEqual(['block']);
    expect(a.invoices.outageBlockStatus()).toEqual({ available: 1, usedOffline: 0 });
    const takeovers = (await db.query("SELECT count(*)::int AS n FROM claim_events WHERE event = 'taken_over' AND previous_desk = 'Desk Z'")).rows[0].n;
    expect(takeovers).toBe(10);
    for (const d of [a, b]) {
      expect((await d.outbox.flush()).lastError).toBeUndefined();
      const stored = (await db.query('SELECT count(*)::int AS n FROM journal_records WHERE desk = $1', [d.name])).rows[0].n;
      expect(stored).toBe((await d.journal.records()).length);
    }
  });
});
