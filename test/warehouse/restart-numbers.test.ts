// A desk that stopped mid-pack and starts again: a number it left reserved for a shipment still
// approved is given back only once no pack with it can still be in flight (IN_FLIGHT_GRACE_MS);
// a younger one stays reserved for its shipment, and the desk's later pass settles it by itself.
// The restart is a fresh DeskWarehouse of the same desk name on the same database while the
// first run's pack waits at a slow sandbox. Real PostgreSQL and sandbox; outcomes read from the
// database and the sandbox's invoices and events.
import { describe, expect, it } from 'vitest';
import { istDate } from '../../electron/station/packing/ist-dates.js';
import { buildPackRequest } from '../../electron/station/packing/pack-request.js';
import { submitPack } from '../../electron/station/packing/pack-submit.js';
import { sendHeld } from '../../electron/station/packing/held-pack.js';
import { settleNotPacked } from '../../electron/station/packing/pack-invoice-numbers.js';
import { applyWithReconcile } from '../../electron/station/packing/wave-batch.js';
import type { WaveSummary } from '../../electron/station/packing/wave.js';
import type { PackShipmentRequest } from '../../shared/api/pack.js';
import { IN_FLIGHT_GRACE_MS, LEFT_GIVEN_BACK } from '../../electron/station/warehouse/left-reservations.js';
import { useLapsedLeaseDesks } from '../support/lapsed-lease-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';

/** Long enough for the restart to settle (and another desk to reserve) before the pack lands, on a loaded machine. */
const PACK_LATENCY_MS = 8_000;
/** The later pass's delay in these tests (the grace itself is passed by moving the clock). */
const LATER_PASS_MS = 200;

describe.runIf(requirePostgres())('a desk restarted while its pack may be in flight', () => {
  const wh = useWarehouseDatabase();
  const { sandbox, openDesk, verified, order, packLatency, rows, orderOf, numberOn, packedEvents } = useLapsedLeaseDesks();


  it('the restart keeps the number of a pack still in flight; another shipment does not get it; the pack lands and the later pass records it used', { timeout: 90_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const [a, b] = [await openDesk(url, 'Desk R', wh.pool({ url })), await openDesk(url, 'Desk Q', wh.pool({ url }))];
    const [s, t] = await order(2);
    expect((await a.warehouse.claim(s, 'op-R')).ok).toBe(true);
    const n = (await a.warehouse.invoices.reserve(await orderOf(a, s), s)).invoiceNumber!;
    // Desk R sends its pack to a slow marketplace and dies: nothing of it settles the number.
    a.warehouse.keeper.stop();
    const atA = await verified(a, s);
    const invoice = { orderId: await orderOf(a, s), invoiceNumber: n, invoiceDate: istDate(new Date()) };
    const request = buildPackRequest({ shipment: atA.shipment, lines: atA.session.lines, parcels: atA.session.parcels, facts: a.deps.facts.of, invoice, at: new Date() });
    let landing: ReturnType<typeof a.client.orders.pack> | undefined;
    const clock = manualClock(new Date());
    try {
      await packLatency(PACK_LATENCY_MS);
      landing = a.client.orders.pack([request]);
      // Desk R starts again (same desk, same database) while that pack waits at the marketplace.
      const restarted = await openDesk(url, 'Desk R', wh.pool({ url }), { clock, leftNumbersDelayMs: LATER_PASS_MS });
      expect(await restarted.warehouse.settleLeftReservations(restarted.client.orders, new Set())).toBe(0);
      expect(packedEvents(s)).toHaveLength(0);
      expect((await rows(db)).find((r) => r.invoice_number === n)).toEqual({ invoice_number: n, status: 'reserved', desk: 'Desk R', shipment_id: s, void_reason: null });
      expect(restarted.log.some((line) => /stay reserved for their shipments/.test(line))).toBe(true);
      // Another shipment's number, at another desk, meanwhile: not N.
      const forT = (await b.warehouse.invoices.reserve(await orderOf(b, t), t)).invoiceNumber!;
      expect(forT).not.toBe(n);
      expect(packedEvents(s)).toHaveLength(0);
      await packLatency(0);
      expect((await landing)[0]).toMatchObject({ processingStatus: 'SUCCESS' });
      landing = undefined;
      // The later pass reads S packed with N: used by S, and S's claim is recorded packed at Desk R.
      await until('the later pass to record the landed number used', async () => (await rows(db)).find((r) => r.invoice_number === n)?.status === 'used', 20_000);
      expect((await db.query('SELECT packed_at IS NOT NULL AS packed, desk FROM claims WHERE shipment_id = $1', [s])).rows[0]).toEqual({ packed: true, desk: 'Desk R' });
    } finally {
      await packLatency(0);
      await landing?.catch(() => undefined);
    }
    expect(await numberOn(a, s)).toBe(n);
    // T is packed with its own number: no number is on two packed shipments, at the database or the marketplace.
    expect((await b.warehouse.claim(t, 'op-Q')).ok).toBe(true);
    const atB = await verified(b, t);
    expect(await submitPack(b.deps, atB.session, atB.shipment)).toEqual({ ok: true });
    const onT = await numberOn(b, t);
    expect(onT).not.toBe(n);
    expect(await rows(db)).toEqual([
      { invoice_number: n, status: 'used', desk: 'Desk R', shipment_id: s, void_reason: null },
      { invoice_number: onT, status: 'used', desk: 'Desk Q', shipment_id: t, void_reason: null },
    ]);
    expect(packedEvents(s)).toHaveLength(1);
    expect(packedEvents(t)).toHaveLength(1);
  });

  it('past the grace, a number left for a shipment still approved is given back at the start, as before', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const clock = manualClock(new Date());
    const a = await openDesk(url, 'Desk P', wh.pool({ url }), { clock });
    const [u] = await order(1);
    const n = (await a.warehouse.invoices.reserve(await orderOf(a, u), u)).invoiceNumber!;
    // Just inside the grace: kept.
    clock.advance(IN_FLIGHT_GRACE_MS - 1_000);
    const early = await openDesk(url, 'Desk P', wh.pool({ url }), { clock, leftNumbersDelayMs: 3_600_000 });
    expect(await early.warehouse.settleLeftReservations(early.client.orders, new Set())).toBe(0);
    expect((await rows(db)).find((r) => r.invoice_number === n)?.status).toBe('reserved');
    // Past it: given back, with the reason, and the next pack at any desk takes it.
    clock.advance(2_000);
    const late = await openDesk(url, 'Desk P', wh.pool({ url }), { clock });
    expect(await late.warehouse.settleLeftReservations(late.client.orders, new Set())).toBe(1);
    expect((await rows(db)).find((r) => r.invoice_number === n)).toEqual({ invoice_number: n, status: 'free', desk: null, shipment_id: null, void_reason: null });
    expect((await db.query('SELECT refusal_reason FROM invoice_numbers WHERE invoice_number = $1', [n])).rows[0].refusal_reason).toBe(LEFT_GIVEN_BACK);
    const other = await openDesk(url, 'Desk O', wh.pool({ url }));
    const [v] = await order(1);
    expect((await other.warehouse.invoices.reserve(await orderOf(other, v), v)).invoiceNumber).toBe(n);
  });

  it('the later pass settles a kept number by itself once the grace has passed, without a restart', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const clock = manualClock(new Date());
    const a = await openDesk(url, 'Desk K', wh.pool({ url }), { clock, leftNumbersDelayMs: LATER_PASS_MS });
    const [u] = await order(1);
    const n = (await a.warehouse.invoices.reserve(await orderOf(a, u), u)).invoiceNumber!;
    expect(await a.warehouse.settleLeftReservations(a.client.orders, new Set())).toBe(0);
    expect((await rows(db)).find((r) => r.invoice_number === n)?.status).toBe('reserved');
    // Passes run while the grace lasts and keep it; the clock then moves past the grace.
    clock.advance(IN_FLIGHT_GRACE_MS + 1);
    await until('the later pass to give the number back', async () => (await rows(db)).find((r) => r.invoice_number === n)?.status === 'free', 20_000);
    expect(a.log).toContain('1 warehouse invoice number(s) an interrupted run had reserved are settled.');
    expect(packedEvents(u)).toHaveLength(0);
  });

  it('a number the desk reuses for a new pack of its shipment is stamped again: a restart soon after keeps it', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const clock = manualClock(new Date());
    const a = await openDesk(url, 'Desk J', wh.pool({ url }), { clock });
    const [u] = await order(1);
    const n = (await a.warehouse.invoices.reserve(await orderOf(a, u), u)).invoiceNumber!;
    // Long after, the same desk packs the shipment again with the same number, and dies.
    clock.advance(10 * IN_FLIGHT_GRACE_MS);
    expect((await a.warehouse.invoices.reserve(await orderOf(a, u), u)).invoiceNumber).toBe(n);
    clock.advance(1_000);
    const restarted = await openDesk(url, 'Desk J', wh.pool({ url }), { clock, leftNumbersDelayMs: 3_600_000 });
    expect(await restarted.warehouse.settleLeftReservations(restarted.client.orders, new Set())).toBe(0);
    expect((await rows(db)).find((r) => r.invoice_number === n)).toEqual({ invoice_number: n, status: 'reserved', desk: 'Desk J', shipment_id: u, void_reason: null });
  });

  it('a pack whose answer is lost while the shipment still reads approved keeps its number for the shipment; the next pack uses it', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const a = await openDesk(url, 'Desk L', wh.pool({ url }));
    const [u, w] = await order(2);
    expect((await a.warehouse.claim(u, 'op-L')).ok).toBe(true);
    const at = await verified(a, u);
    // The marketplace answers the pack with a server error and does nothing: the outcome is unknown
    // to the desk (a mutating request is not retried on it), and a slow one might still land.
    const fault = await sandbox().call('POST', '/sandbox/faults', { body: { errorRate: 1, errorKind: '5xx', operations: ['POST /v3/shipments/labels'] } });
    expect(fault.status).toBe(200);
    try {
      expect(await submitPack(a.deps, at.session, at.shipment)).toMatchObject({ ok: false });
    } finally {
      await packLatency(0);
    }
    expect(packedEvents(u)).toHaveLength(0);
    const [kept] = await rows(db);
    expect(kept).toMatchObject({ status: 'reserved', desk: 'Desk L', shipment_id: u });
    // Not given back: another shipment's pack gets a number of its own.
    expect((await a.warehouse.invoices.reserve(await orderOf(a, w), w)).invoiceNumber).not.toBe(kept!.invoice_number);
    // The packer presses Enter again: the same number, packed once.
    expect(await submitPack(a.deps, at.session, at.shipment)).toEqual({ ok: true });
    expect(await numberOn(a, u)).toBe(kept!.invoice_number);
    expect((await rows(db)).find((r) => r.invoice_number === kept!.invoice_number)?.status).toBe('used');
    expect(packedEvents(u)).toHaveLength(1);
  });

  it("a wave's shipment whose pack got no answer in any round keeps its number; one refused for sure gives its number back", { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const db = wh.pool({ url });
    const a = await openDesk(url, 'Desk W', wh.pool({ url }));
    const [u, v] = await order(2);
    expect(await a.warehouse.claimMany([u, v], 'op-W', 'wave-W')).toMatchObject({ claimed: [u, v] });
    const requests = new Map<string, PackShipmentRequest>();
    const numberOf = new Map<string, string>();
    for (const id of [u, v]) {
      const { shipment, session } = await verified(a, id);
      const invoice = await a.warehouse.invoices.reserve(shipment.orderItems[0].orderId, id);
      numberOf.set(id, invoice.invoiceNumber!);
      requests.set(id, buildPackRequest({ shipment, lines: session.lines, parcels: session.parcels, facts: a.deps.facts.of, invoice, at: new Date() }));
    }
    const sendAsWave = async (id: string) => {
      const failed: WaveSummary['failed'] = [];
      const done = await applyWithReconcile(a.deps, 'pack', [id], (ids) => sendHeld(a.warehouse, a.client.orders, ids, requests), failed);
      expect(done).toEqual([]);
      return settleNotPacked(a.deps.invoices, a.client.orders, [{ shipmentId: id, invoiceNumber: numberOf.get(id)! }], failed, 'The marketplace did not pack the shipment.');
    };
    // U: every round's pack answered with a server error, the marketplace doing nothing (unknown each time).
    expect((await sandbox().call('POST', '/sandbox/faults', { body: { errorRate: 1, errorKind: '5xx', operations: ['POST /v3/shipments/labels'] } })).status).toBe(200);
    try {
      expect(await sendAsWave(u)).toEqual(new Map());
    } finally {
      await packLatency(0);
    }
    // V: on hold at the marketplace, so its pack is refused, for sure.
    await sandbox().call('POST', `/sandbox/shipments/${v}/hold`, { body: { hold: true } });
    expect(await sendAsWave(v)).toEqual(new Map([[numberOf.get(v), 'given back']]));
    const after = await rows(db);
    expect(after.find((r) => r.invoice_number === numberOf.get(u))).toMatchObject({ status: 'reserved', desk: 'Desk W', shipment_id: u });
    expect(after.find((r) => r.invoice_number === numberOf.get(v))).toMatchObject({ status: 'free', shipment_id: null });
    expect(packedEvents(u)).toHaveLength(0);
  });
});
