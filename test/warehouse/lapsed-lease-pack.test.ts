// A claim whose lease runs out while the desk's pack is on its way to the marketplace: another
// desk takes the shipment over and sends its own pack, which the marketplace refuses (already
// packed). The invoice number on the packed shipment must end "used" by that shipment, never
// given back and issued again. Two real desks (DeskWarehouse, submitPack) on one PostgreSQL and
// one sandbox whose pack answer is slower than the lease; outcomes read from the database and the
// sandbox. Also: the conditional give-back and the tolerant "used" of the series, alone, and a
// desk (and a wave's send) that refuses to send a pack whose lease has lapsed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import { Journal } from '../../electron/station/journal/journal.js';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import type { DeskDeps } from '../../electron/station/packing/pack-desk.js';
import type { PackShipmentRequest } from '../../shared/api/pack.js';
import { CLAIM_LAPSED, sendHeld } from '../../electron/station/packing/held-pack.js';
import { applyWithReconcile } from '../../electron/station/packing/wave-batch.js';
import type { WaveSummary } from '../../electron/station/packing/wave.js';
import { englishSentence, sentence } from '../../shared/i18n/station-sentences.js';
import { buildPackRequest, parcelsFromListing } from '../../electron/station/packing/pack-request.js';
import type { PackSessionState } from '../../electron/station/packing/pack-session.js';
import { submitPack } from '../../electron/station/packing/pack-submit.js';
import { ProductFactsCache } from '../../electron/station/packing/product-facts.js';
import { DeskWarehouse } from '../../electron/station/warehouse/desk-warehouse.js';
import { WarehouseInvoiceSeries } from '../../electron/station/warehouse/warehouse-invoice-series.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { clientFor, type TestClient } from '../support/station-client.js';
import { until } from '../support/until.js';

const GSTIN = '29ABCDE1234F1Z5';
const LEASE_MS = 1_500;
/** Longer than the lease: the claim lapses while the pack waits for its answer. */
const PACK_LATENCY_MS = 3_500;
const PACK_OPERATION = 'POST /v3/shipments/labels';

interface TestDesk {
  name: string;
  warehouse: DeskWarehouse;
  deps: DeskDeps;
  client: TestClient;
  journal: Journal;
  log: string[];
}

describe.runIf(requirePostgres())('a lease that lapses while the pack is in flight', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  const desks: TestDesk[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  });
  afterAll(async () => {
    for (const d of desks) {
      await d.warehouse.stop().catch(() => undefined);
      await d.journal.close();
      await d.client.close();
    }
    await sb?.close();
  });

  async function openDesk(url: string, name: string): Promise<TestDesk> {
    const clock = { now: () => new Date() };
    const client = clientFor(sb);
    const dataDir = mkdtempSync(join(tmpdir(), 'lapsed-lease-'));
    const journal = await Journal.open({ dir: join(dataDir, 'journal'), clock });
    const log: string[] = [];
    const warehouse = new DeskWarehouse({
      config: { enabled: true, desk: name, registration: GSTIN, source: 'settings', connection: { url }, displayUrl: url },
      journal,
      clock,
      dataDir,
      invoicePrefix: 'PS',
      autoInvoicing: false,
      leaseMs: LEASE_MS,
      outageBlockSize: 0,
      pool: wh.pool({ url }),
      log: (line) => log.push(line),
    });
    await warehouse.start();
    const deps: DeskDeps = {
      client,
      journal,
      facts: new ProductFactsCache((skus) => client.listings.get(skus)),
      invoices: warehouse.invoices,
      claims: warehouse,
      clock,
      who: { desk: name, operator: `op-${name}` },
      locationId: sb.info.locations[0],
      printer: { printLabels: async () => ({ printer: 'none' }) },
      rtdPolicy: 'immediate',
      newSessionId: () => `${name}-${Date.now()}`,
    };
    const desk = { name, warehouse, deps, client, journal, log };
    desks.push(desk);
    return desk;
  }

  /** The shipment verified and weighed as at the desk: every unit, the listing's package. */
  async function verified(desk: TestDesk, shipmentId: string): Promise<{ shipment: ShipmentWire; session: PackSessionState }> {
    const [shipment] = await desk.client.orders.getShipments({ shipmentIds: [shipmentId] });
    await desk.deps.facts.load(shipment.orderItems.map((i) => i.sku));
    const session = {
      sessionId: `${desk.name}-${shipmentId}`,
      shipmentId,
      lines: shipment.orderItems.map((item) => ({ ...item, serialized: false, serials: [] })),
      parcels: parcelsFromListing(shipment, desk.deps.facts.of)!,
    } as unknown as PackSessionState;
    return { shipment, session };
  }

  const order = async (count: number): Promise<string[]> =>
    (await sb.call('POST', '/sandbox/shipments', { token: null, body: { count, locationId: sb.info.locations[0], kind: 'plain' } })).json.shipmentIds as string[];

  it('the number on the shipment the first desk packed stays used by it, is never issued again, and every packed shipment has its own used number', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const [a, b] = [await openDesk(url, 'Desk A'), await openDesk(url, 'Desk B')];
    const [id, other] = await order(2);
    expect((await sb.call('POST', '/sandbox/faults', { body: { latencyMs: PACK_LATENCY_MS, operations: [PACK_OPERATION] } })).status).toBe(200);
    try {
      expect((await a.warehouse.claim(id, 'op-A')).ok).toBe(true);
      // Desk A's renewals stall (a frozen machine, a long pause): its lease lapses mid-pack.
      a.warehouse.keeper.stop();
      const atA = await verified(a, id);
      const packA = submitPack(a.deps, atA.session, atA.shipment);
      // The lease runs out while A's pack waits at the marketplace; B takes the shipment over.
      await until('Desk B to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-B')).ok, 10_000);
      const atB = await verified(b, id);
      expect(atB.shipment.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
      const packB = submitPack(b.deps, atB.session, atB.shipment);
      const [outA, outB] = await Promise.all([packA, packB]);
      expect(outA).toEqual({ ok: true });
      expect(outB.ok).toBe(false);
    } finally {
      await sb.call('POST', '/sandbox/faults', { body: {} });
    }

    // The marketplace: packed once, by A's request, with A's number.
    const packedEvents = sb.world.events.filter((e) => e.kind === 'Packed' && e.shipmentId === id);
    expect(packedEvents).toHaveLength(1);
    const [invoice] = await a.client.orders.invoicesJson([id]);
    const n = invoice.invoiceNumber ?? invoice.InvoiceNumber;
    expect(n).toBeTruthy();
    // Both desks had the shipment's one reserved number (README rule: it passes with the claim).
    const intents = [...(await a.journal.records()), ...(await b.journal.records())].filter((r) => 'op' in r && r.op === 'pack') as { request: { invoiceNumber?: string } }[];
    expect(intents.map((r) => r.request.invoiceNumber)).toEqual([n, n]);

    // The database: N is used by that shipment, and the next number issued is not N.
    const db = wh.pool({ url });
    const row = (await db.query('SELECT status, shipment_id FROM invoice_numbers WHERE invoice_number = $1', [n])).rows[0];
    expect(row).toEqual({ status: 'used', shipment_id: id });
    const next = await b.warehouse.invoices.reserve('O-next', other);
    expect(next.invoiceNumber).not.toBe(n);

    // Every packed shipment at the sandbox has its own invoice number, and each is used by it.
    expect((await b.warehouse.claim(other, 'op-B')).ok).toBe(true);
    const atOther = await verified(b, other);
    expect(await submitPack(b.deps, atOther.session, atOther.shipment)).toEqual({ ok: true });
    const packedIds = [id, other];
    const invoices = await a.client.orders.invoicesJson(packedIds);
    const numbers = invoices.map((inv) => inv.invoiceNumber ?? inv.InvoiceNumber);
    expect(new Set(numbers).size).toBe(packedIds.length);
    const rows = (await db.query('SELECT invoice_number, status, shipment_id FROM invoice_numbers WHERE invoice_number = ANY($1::text[])', [numbers])).rows as { invoice_number: string; status: string; shipment_id: string }[];
    expect(rows.map((r) => [r.invoice_number, r.status, r.shipment_id]).sort()).toEqual(invoices.map((inv) => [inv.invoiceNumber ?? inv.InvoiceNumber, 'used', inv.shipmentId]).sort());
  });

  it('refuses to send a pack whose claim lapsed to another desk, in words, and sends nothing', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const [a, b] = [await openDesk(url, 'Desk C'), await openDesk(url, 'Desk D')];
    const [id] = await order(1);
    expect((await a.warehouse.claim(id, 'op-C')).ok).toBe(true);
    a.warehouse.keeper.stop();
    const atA = await verified(a, id);
    await until('Desk D to take the lapsed claim over', async () => (await b.warehouse.claim(id, 'op-D')).ok, 10_000);
    const before = sb.world.events.length;
    const out = await submitPack(a.deps, atA.session, atA.shipment);
    expect(out).toMatchObject({ ok: false, code: 'CLAIM_LAPSED', text: expect.stringMatching(new RegExp(`Shipment ${id} is no longer held by this desk`)) });
    // Nothing reached the marketplace: no pack, the shipment still approved.
    expect(sb.world.events.slice(before).filter((e) => e.shipmentId === id)).toEqual([]);
    const [now] = await a.client.orders.getShipments({ shipmentIds: [id] });
    expect(now.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
    // The number stays reserved for the shipment: Desk D's pack takes it over.
    const atB = await verified(b, id);
    expect(await submitPack(b.deps, atB.session, atB.shipment)).toEqual({ ok: true });
    const db = wh.pool({ url });
    expect((await db.query("SELECT status, shipment_id, desk FROM invoice_numbers WHERE status <> 'block'")).rows).toEqual([{ status: 'used', shipment_id: id, desk: 'Desk D' }]);
  });

  it('a wave sends only the shipments whose claim outlasts the pack; the lapsed one is answered as refused without reaching the marketplace', { timeout: 60_000 }, async () => {
    const url = await wh.freshUrl();
    const [a, b] = [await openDesk(url, 'Desk E'), await openDesk(url, 'Desk F')];
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
    const before = sb.world.events.length;
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
    expect(sb.world.events.slice(before).filter((e) => e.kind === 'Packed').map((e) => e.shipmentId)).toEqual([kept]);
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
    // Taken over by Desk 2 with S2's claim: left alone.
    expect((await d2.reserve('O2', 'S2')).invoiceNumber).toBe(b);
    await d1.markRefused(b, 'refused', 'S2');
    // Used already (packed by another desk first): left alone.
    await d1.markUsed(c, 'S3');
    await d1.markRefused(c, 'refused', 'S3');
    const rows = async () => (await pool.query('SELECT invoice_number, status, desk, shipment_id FROM invoice_numbers ORDER BY counter')).rows;
    expect(await rows()).toEqual([
      { invoice_number: a, status: 'reserved', desk: 'Desk 1', shipment_id: 'S1' },
      { invoice_number: b, status: 'reserved', desk: 'Desk 2', shipment_id: 'S2' },
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
    expect(rows).toEqual([
      { invoice_number: a, status: 'used', shipment_id: 'S1' },
      { invoice_number: b, status: 'used', shipment_id: 'S3' },
      { invoice_number: again, status: 'reserved', shipment_id: 'S2' },
    ]);
  });
});
