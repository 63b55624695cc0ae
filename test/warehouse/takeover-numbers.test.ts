// The invoice numbers of a shipment taken over while the first desk's pack may still be in
// flight, settled when the shipment's fate is known: the desk that took over packs first (the
// first desk's number is voided in the same transaction), the first desk's pack landed and that
// desk stopped before settling it (the other desk's read-back records it used), and a desk's
// start-up settling a number whose shipment was packed with another number (void, not used).
// Real desks on one PostgreSQL and one sandbox; outcomes read from the database and the sandbox.
import { describe, expect, it } from 'vitest';
import { istDate } from '../../electron/station/packing/ist-dates.js';
import { buildPackRequest } from '../../electron/station/packing/pack-request.js';
import { submitPack } from '../../electron/station/packing/pack-submit.js';
import { useLapsedLeaseDesks, type TestDesk } from '../support/lapsed-lease-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';

/** Longer than the lease and than all the other desk does meanwhile on a loaded machine. */
const PACK_LATENCY_MS = 10_000;

describe.runIf(requirePostgres())('the numbers of a shipment taken over mid-pack', () => {
  const wh = useWarehouseDatabase();
  const { openDesk, verified, order, packLatency, rows, orderOf, numberOn, packedEvents } = useLapsedLeaseDesks();


  /** Desk A holds the shipment and reserved its number; its lease then lapses to Desk B. */
  async function takenOver(a: TestDesk, b: TestDesk, id: string): Promise<string> {
    expect((await a.warehouse.claim(id, 'op-A')).ok).toBe(true);
    a.warehouse.keeper.stop();
    const n = (await a.warehouse.invoices.reserve(await orderOf(a, id), id)).invoiceNumber!;
    await until('Desk B to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-B')).ok, 10_000);
    return n;
  }

  it('the desk that took over packs first: the first desk’s number is void with the reason as the shipment is packed, and its later refusal leaves it so', { timeout: 90_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const [a, b] = [await openDesk(url, 'Desk A', wh.pool({ url })), await openDesk(url, 'Desk B', wh.pool({ url }))];
    const [id] = await order(1);
    await packLatency(PACK_LATENCY_MS);
    let packA: ReturnType<typeof submitPack> | undefined;
    try {
      expect((await a.warehouse.claim(id, 'op-A')).ok).toBe(true);
      a.warehouse.keeper.stop();
      const atA = await verified(a, id);
      packA = submitPack(a.deps, atA.session, atA.shipment);
      await until('Desk B to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-B')).ok, 10_000);
      // Desk B's pack goes out at once and takes, while Desk A's waits at the marketplace.
      await packLatency(0);
      const atB = await verified(b, id);
      expect(await submitPack(b.deps, atB.session, atB.shipment)).toEqual({ ok: true });
    } finally {
      await packLatency(0);
    }
    const [n] = (await rows(db)).filter((r) => r.desk === 'Desk A').map((r) => r.invoice_number);
    const packedWith = await numberOn(b, id);
    expect(packedWith).not.toBe(n);
    const settled = [
      { invoice_number: n, status: 'void', desk: 'Desk A', shipment_id: id, void_reason: `Not packed with this number: shipment ${id} was packed with ${packedWith} at Desk B.` },
      { invoice_number: packedWith, status: 'used', desk: 'Desk B', shipment_id: id, void_reason: null },
    ];
    expect(await rows(db)).toEqual(settled);
    // Desk A's pack lands late and is refused (the shipment is no longer approved); its
    // read-back finds the shipment packed with another number and leaves its own void.
    expect(await packA).toMatchObject({ ok: false, code: 'INVALID_PACK_REQUEST' });
    expect(await rows(db)).toEqual(settled);
    expect(packedEvents(id)).toHaveLength(1);
    expect(await numberOn(a, id)).toBe(packedWith);
    expect(a.log.filter((line) => /Invoice number/.test(line))).toEqual([]);
  });

  it('the first desk’s pack landed and it stopped before settling: the other desk’s refused pack records that number used by the shipment', { timeout: 90_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const [a, b] = [await openDesk(url, 'Desk C', wh.pool({ url })), await openDesk(url, 'Desk D', wh.pool({ url }))];
    const [id] = await order(1);
    const n = await takenOver(a, b, id);
    const atB = await verified(b, id);
    // Desk C's pack reaches the marketplace and the desk stops there: nothing settled.
    const atA = await verified(a, id);
    const invoice = { orderId: await orderOf(a, id), invoiceNumber: n, invoiceDate: istDate(new Date()) };
    const request = buildPackRequest({ shipment: atA.shipment, lines: atA.session.lines, parcels: atA.session.parcels, facts: a.deps.facts.of, invoice, at: new Date() });
    expect((await a.client.orders.pack([request]))[0]).toMatchObject({ processingStatus: 'SUCCESS' });
    expect((await rows(db)).find((r) => r.invoice_number === n)).toMatchObject({ status: 'reserved', desk: 'Desk C' });
    // Desk D, which read the shipment approved, packs it with its own number: refused.
    expect(await submitPack(b.deps, atB.session, atB.shipment)).toMatchObject({ ok: false, code: 'INVALID_PACK_REQUEST' });
    const mine = (await rows(db)).find((r) => r.desk === 'Desk D')!.invoice_number;
    expect(await rows(db)).toEqual([
      { invoice_number: n, status: 'used', desk: 'Desk C', shipment_id: id, void_reason: null },
      { invoice_number: mine, status: 'void', desk: 'Desk D', shipment_id: id, void_reason: `Not packed with this number: shipment ${id} was packed with ${n}.` },
    ]);
    expect(await numberOn(a, id)).toBe(n);
    expect(await a.warehouse.invoices.pending()).toEqual([]);
  });

  it('a desk’s start-up voids a number it left whose shipment was packed with another number, and records that one used', { timeout: 90_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const [a, b] = [await openDesk(url, 'Desk E', wh.pool({ url })), await openDesk(url, 'Desk F', wh.pool({ url }))];
    const [id, approved] = await order(2);
    const n = await takenOver(a, b, id);
    const still = (await a.warehouse.invoices.reserve(await orderOf(a, approved), approved)).invoiceNumber!;
    // Desk F packs the shipment with its own number and stops before settling it.
    const atB = await verified(b, id);
    const theirs = (await b.warehouse.invoices.reserve(await orderOf(b, id), id)).invoiceNumber!;
    const invoice = { orderId: await orderOf(b, id), invoiceNumber: theirs, invoiceDate: istDate(new Date()) };
    const request = buildPackRequest({ shipment: atB.shipment, lines: atB.session.lines, parcels: atB.session.parcels, facts: b.deps.facts.of, invoice, at: new Date() });
    expect((await b.client.orders.pack([request]))[0]).toMatchObject({ processingStatus: 'SUCCESS' });
    // Desk E starts again: its left numbers are settled by what the marketplace shows. The one of
    // a shipment still approved, reserved moments ago, stays reserved (a pack with it may still be
    // in flight: restart-numbers.test.ts covers its later settlement).
    expect(await a.warehouse.settleLeftReservations(a.client.orders, new Set())).toBe(1);
    expect(await rows(db)).toEqual([
      { invoice_number: n, status: 'void', desk: 'Desk E', shipment_id: id, void_reason: `Not packed with this number: shipment ${id} was packed with ${theirs}.` },
      { invoice_number: still, status: 'reserved', desk: 'Desk E', shipment_id: approved, void_reason: null },
      { invoice_number: theirs, status: 'used', desk: 'Desk F', shipment_id: id, void_reason: null },
    ]);
    // The shipment is not recorded as packed at Desk E (it did not pack it).
    expect((await db.query('SELECT packed_at FROM claims WHERE shipment_id = $1', [id])).rows[0].packed_at).toBeNull();
    expect((await a.warehouse.invoices.pending()).map((r) => r.invoiceNumber)).toEqual([still]);
  });
});
