// A claim whose lease runs out while the desk's pack is on its way to the marketplace: another
// desk takes the shipment over and reserves its own invoice number (a number belongs to the desk
// that reserved it), so the number of the pack still in flight is never packed, given back or
// issued again by another desk: one number, at most one packed shipment. Two real desks
// (DeskWarehouse, submitPack) on one PostgreSQL and one sandbox whose pack answer is slower than
// the lease; outcomes read from the database and the sandbox. Also: the conditional give-back and
// the tolerant "used" of the series, alone, and a desk (and a wave's send) that refuses to send a
// pack whose lease has lapsed. More outcomes of the same race: takeover-numbers.test.ts.
import { describe, expect, it } from 'vitest';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import type { PackShipmentRequest } from '../../shared/api/pack.js';
import { CLAIM_LAPSED, sendHeld } from '../../electron/station/packing/held-pack.js';
import { applyWithReconcile } from '../../electron/station/packing/wave-batch.js';
import type { WaveSummary } from '../../electron/station/packing/wave.js';
import { englishSentence, sentence } from '../../shared/i18n/station-sentences.js';
import { buildPackRequest } from '../../electron/station/packing/pack-request.js';
import { submitPack } from '../../electron/station/packing/pack-submit.js';
import { WarehouseInvoiceSeries } from '../../electron/station/warehouse/warehouse-invoice-series.js';
import { GSTIN, useLapsedLeaseDesks } from '../support/lapsed-lease-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';

/**
 * Longer than the lease, and than all Desk B does meanwhile on a loaded machine: the claim
 * lapses while Desk A's pack waits for its answer, and Desk B's refused pack is settled before it.
 */
const PACK_LATENCY_MS = 10_000;

describe.runIf(requirePostgres())('a lease that lapses while the pack is in flight', () => {
  const wh = useWarehouseDatabase();
  const { sandbox, openDesk, verified, order, packLatency, rows, packedEvents } = useLapsedLeaseDesks();

  it('the desk that takes the shipment over packs with its own number; given back on a refusal, only its own: the number in flight lands on that shipment alone', { timeout: 90_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const [a, b] = [await openDesk(url, 'Desk A', wh.pool({ url })), await openDesk(url, 'Desk B', wh.pool({ url }))];
    const [id, other] = await order(2);
    const orderOf = async (shipmentId: string) => (await a.client.orders.getShipments({ shipmentIds: [shipmentId] }))[0].orderItems[0].orderId;
    await packLatency(PACK_LATENCY_MS);
    let packA: ReturnType<typeof submitPack> | undefined;
    let n: string | undefined;
    let mine: string | undefined;
    try {
      expect((await a.warehouse.claim(id, 'op-A')).ok).toBe(true);
      // Desk A's renewals stall (a frozen machine, a long pause): its lease lapses mid-pack.
      a.warehouse.keeper.stop();
      const atA = await verified(a, id);
      n = (await a.warehouse.invoices.reserve(await orderOf(id), id)).invoiceNumber!;
      packA = submitPack(a.deps, atA.session, atA.shipment);
      await until('Desk B to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-B')).ok, 10_000);
      await packLatency(0);
      const atB = await verified(b, id);
      expect(atB.shipment.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
      // Desk B never gets Desk A's open number.
      mine = (await b.warehouse.invoices.reserve(await orderOf(id), id)).invoiceNumber!;
      expect(mine).not.toBe(n);
      // Desk B's pack is refused while Desk A's is still in flight (the marketplace holds the
      // shipment): its read-back finds the shipment still approved and gives back its own number.
      await sandbox().call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
      const outB = await submitPack(b.deps, atB.session, atB.shipment);
      expect(outB).toMatchObject({ ok: false, code: 'ITEM_ON_HOLD' });
      expect((await rows(db)).map((r) => [r.invoice_number, r.status, r.desk, r.shipment_id])).toEqual([
        [n, 'reserved', 'Desk A', id],
        [mine, 'free', null, null],
      ]);
      // The next reservation, at any desk, takes the number given back: never Desk A's.
      expect((await b.warehouse.invoices.reserve(await orderOf(other), other)).invoiceNumber).toBe(mine);
      await sandbox().call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
      // Desk A's pack lands.
      expect(await packA).toEqual({ ok: true });
    } finally {
      await packLatency(0);
      await sandbox().call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
      await packA?.catch(() => undefined);
    }

    // The marketplace: packed once, with Desk A's number, which is used by that shipment.
    expect(packedEvents(id)).toHaveLength(1);
    const [invoice] = await a.client.orders.invoicesJson([id]);
    expect(invoice.invoiceNumber ?? invoice.InvoiceNumber).toBe(n);
    const intents = [...(await a.journal.records()), ...(await b.journal.records())].filter((r) => 'op' in r && r.op === 'pack') as { request: { invoiceNumber?: string } }[];
    expect(intents.map((r) => r.request.invoiceNumber)).toEqual([n, mine]);
    expect((await rows(db)).find((r) => r.invoice_number === n)).toMatchObject({ status: 'used', desk: 'Desk A', shipment_id: id });

    // The other shipment is packed with the number given back.
    expect((await b.warehouse.claim(other, 'op-B')).ok).toBe(true);
    const atOther = await verified(b, other);
    expect(await submitPack(b.deps, atOther.session, atOther.shipment)).toEqual({ ok: true });

    // No number on two packed shipments, at the marketplace or in the series; every number of
    // the series used by the shipment whose invoice carries it, void with a reason, free, or
    // reserved for a shipment not packed.
    const invoices = await a.client.orders.invoicesJson([id, other]);
    const onInvoice = new Map(invoices.map((inv) => [inv.invoiceNumber ?? inv.InvoiceNumber, inv.shipmentId]));
    expect(onInvoice).toEqual(new Map([[n, id], [mine, other]]));
    const all = await rows(db);
    const used = all.filter((r) => r.status === 'used');
    expect(new Set(used.map((r) => r.shipment_id)).size).toBe(used.length);
    for (const r of used) expect(onInvoice.get(r.invoice_number)).toBe(r.shipment_id);
    for (const r of all.filter((x) => x.status === 'void')) expect(r.void_reason).toBeTruthy();
    const packed = new Set(onInvoice.values());
    for (const r of all.filter((x) => x.status === 'reserved')) expect(packed.has(r.shipment_id!)).toBe(false);
    expect(all.every((r) => ['used', 'void', 'free', 'reserved'].includes(r.status))).toBe(true);
    expect([...a.log, ...b.log].filter((line) => /two packed shipments|was reserved for shipment/.test(line))).toEqual([]);
  });

  it('refuses to send a pack whose claim lapsed to another desk, in words, and sends nothing', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const [a, b] = [await openDesk(url, 'Desk C', wh.pool({ url })), await openDesk(url, 'Desk D', wh.pool({ url }))];
    const [id] = await order(1);
    expect((await a.warehouse.claim(id, 'op-C')).ok).toBe(true);
    a.warehouse.keeper.stop();
    const atA = await verified(a, id);
    await until('Desk D to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-D')).ok, 10_000);
    const before = sandbox().world.events.length;
    const out = await submitPack(a.deps, atA.session, atA.shipment);
    expect(out).toMatchObject({ ok: false, code: 'CLAIM_LAPSED', text: expect.stringMatching(new RegExp(`Shipment ${id} is no longer held by this desk`)) });
    // Nothing reached the marketplace: no pack, the shipment still approved.
    expect(sandbox().world.events.slice(before).filter((e) => e.shipmentId === id)).toEqual([]);
    const [now] = await a.client.orders.getShipments({ shipmentIds: [id] });
    expect(now.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
    // Desk C's number stays its reservation for the shipment; Desk D packs with a number of its
    // own, and Desk C's is voided as the shipment is packed, with the reason.
    const held = (await rows(wh.pool({ url })))[0].invoice_number;
    const atB = await verified(b, id);
    expect(await submitPack(b.deps, atB.session, atB.shipment)).toEqual({ ok: true });
    const [invoice] = await b.client.orders.invoicesJson([id]);
    const packedWith = invoice.invoiceNumber ?? invoice.InvoiceNumber;
    expect(packedWith).not.toBe(held);
    expect(await rows(wh.pool({ url }))).toEqual([
      { invoice_number: held, status: 'void', shipment_id: id, desk: 'Desk C', void_reason: `Not packed with this number: shipment ${id} was packed with ${packedWith} at Desk D.` },
      { invoice_number: packedWith, status: 'used', shipment_id: id, desk: 'Desk D', void_reason: null },
    ]);
  });

  it('a wave sends only the shipments whose claim outlasts the pack; the lapsed one is answered as refused without reaching the marketplace', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const [a, b] = [await openDesk(url, 'Desk E', wh.pool({ url })), await openDesk(url, 'Desk F', wh.pool({ url }))];
    const [kept, lapsed] = await order(2);
    expect(await a.warehouse.claimMany([kept, lapsed], 'op-E', 'wave-E')).toMatchObject({ claimed: [kept, lapsed] });
    a.warehouse.keeper.stop();
    await until('Desk F to take one lapsed claim over', async () => (await b.warehouse.claim(lapsed, 'op-F')).ok, 10_000);
    // Desk E renews what it still holds as a wave does just before its pack; the other is gone.
    const requests = new Map<string, PackShipmentRequest>();
    for (const id of [kept, lapsed]) {
      const { shipment, session } = await verified(a, id);
      const invoice = await a.warehouse.invoices.reserve(shipment.orderItems[0].orderId, id);
      requests.set(id, buildPackRequest({ shipment, lines: session.lines, parcels: session.parcels, facts: a.deps.facts.of, invoice, at: new Date() }));
    }
    const before = sandbox().world.events.length;
    // Sent as a wave sends its batch: the lapsed one is reported failed with keyed words.
    let answers: Awaited<ReturnType<typeof sendHeld>> = [];
    const failed: WaveSummary['failed'] = [];
    const done = await applyWithReconcile(a.deps, 'pack', [kept, lapsed], async (ids) => (answers = await sendHeld(a.warehouse, a.client.orders, ids, requests)), failed);
    expect(answers.map((r) => [r.shipmentId, r.processingStatus, r.errorCode])).toEqual([
      [kept, 'SUCCESS', null],
      [lapsed, 'FAILURE', CLAIM_LAPSED],
    ]);
    expect(done).toEqual([kept]);
    expect(failed).toEqual([{ shipmentId: lapsed, code: CLAIM_LAPSED, message: englishSentence(sentence('station.wave.lostClaim')), sentences: [sentence('station.wave.lostClaim')] }]);
    // A read settles the documents (the Packed event); the lapsed one is still approved.
    const states = new Map((await a.client.orders.getShipments({ shipmentIds: [kept, lapsed] })).map((s) => [s.shipmentId, s.orderItems.map((i) => i.status)]));
    expect(states.get(lapsed)!.every((x) => x === 'APPROVED')).toBe(true);
    expect(sandbox().world.events.slice(before).filter((e) => e.kind === 'Packed').map((e) => e.shipmentId)).toEqual([kept]);
  });
});

describe.runIf(requirePostgres())('the series settles a number by the row it finds', () => {
  const wh = useWarehouseDatabase();
  const clock = manualClock(istInstant(2026, 11, 24, 10, 0));

  it('gives a number back only while it is still this desk’s reservation of that shipment, in one conditional statement', async () => {
    const pool = await wh.freshPool();
    const [d1, d2] = ['Desk 1', 'Desk 2'].map((desk) => new WarehouseInvoiceSeries(pool, { clock, desk, registration: GSTIN, prefix: 'PS' }));
    const a = (await d1.reserve('O1', 'S1')).invoiceNumber!;
    const b = (await d1.reserve('O2', 'S2')).invoiceNumber!;
    const c = (await d1.reserve('O3', 'S3')).invoiceNumber!;
    // Named for another shipment: left alone.
    await d1.markRefused(a, 'refused', 'S9');
    // Desk 1's reservation, given back by another desk: left alone.
    await d2.markRefused(b, 'refused', 'S2');
    // Used already (packed by another desk first): left alone.
    await d1.markUsed(c, 'S3');
    await d1.markRefused(c, 'refused', 'S3');
    const rows = async () => (await pool.query('SELECT invoice_number, status, desk, shipment_id FROM invoice_numbers ORDER BY counter')).rows;
    expect(await rows()).toEqual([
      { invoice_number: a, status: 'reserved', desk: 'Desk 1', shipment_id: 'S1' },
      { invoice_number: b, status: 'reserved', desk: 'Desk 1', shipment_id: 'S2' },
      { invoice_number: c, status: 'used', desk: 'Desk 1', shipment_id: 'S3' },
    ]);
    // Its own reservation of that shipment: given back, and the next pack takes it.
    await d1.markRefused(a, 'refused', 'S1');
    expect((await rows())[0]).toEqual({ invoice_number: a, status: 'free', desk: null, shipment_id: null });
    expect((await d2.reserve('O4', 'S4')).invoiceNumber).toBe(a);
    await expect(d1.markRefused('PS/2026-27/09999', 'refused', 'S1')).rejects.toThrow(/never allocated/);
  });

  it('records a pack the marketplace took even when its number was given back or issued again meanwhile, and says where a number ended on two shipments', async () => {
    const pool = await wh.freshPool();
    const clashes: string[] = [];
    const [d1, d2] = ['Desk 1', 'Desk 2'].map((desk) => new WarehouseInvoiceSeries(pool, { clock, desk, registration: GSTIN, prefix: 'PS', onClash: (t) => clashes.push(t) }));
    // Given back (free), then the late answer of its pack arrives: used by S1.
    const a = (await d1.reserve('O1', 'S1')).invoiceNumber!;
    await d1.markRefused(a, 'refused', 'S1');
    await d1.markUsed(a, 'S1');
    // Given back and issued again to S2 before S1's pack answer arrives: used by S1, and S2
    // gets a new number at its next pack.
    const b = (await d1.reserve('O3', 'S3')).invoiceNumber!;
    await d1.markRefused(b, 'refused', 'S3');
    expect((await d2.reserve('O2', 'S2')).invoiceNumber).toBe(b);
    await d1.markUsed(b, 'S3');
    expect(clashes).toEqual([expect.stringContaining(`Invoice number ${b} was reserved for shipment S2 at Desk 2 while shipment S3 was packed with it`)]);
    const again = (await d2.reserve('O2', 'S2')).invoiceNumber!;
    expect(again).not.toBe(b);
    // Had S2 been packed with it as well, its desk's settlement says so instead of failing.
    await d2.markUsed(b, 'S2');
    expect(clashes[1]).toMatch(new RegExp(`Invoice number ${b.replace(/\//g, '\\/')} is on two packed shipments at the marketplace: S3 and S2`));
    const rows = (await pool.query('SELECT invoice_number, status, shipment_id FROM invoice_numbers ORDER BY counter')).rows;
    // S2 is packed (with b): its other number can never be packed with it, so it is void.
    expect(rows).toEqual([
      { invoice_number: a, status: 'used', shipment_id: 'S1' },
      { invoice_number: b, status: 'used', shipment_id: 'S3' },
      { invoice_number: again, status: 'void', shipment_id: 'S2' },
    ]);
  });
});
