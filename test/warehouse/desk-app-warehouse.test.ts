// The app's desk in warehouse mode: two app stations (the same composition the window and browser
// mode run) against one sandbox and one PostgreSQL, driven through the contract. What is checked
// is what happened: the sandbox's pack records and events, the claims, invoice numbers, serials
// and journal records in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imeiFrom } from '../../electron/sandbox/orders/imei.js';
import { claimsWaitText } from '../../electron/station/warehouse/desk-warehouse.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { GSTIN } from '../support/warehouse-desk.js';

// Short leases so a lost claim shows within seconds; long enough that a desk cut off from the
// database still holds its claim for the pack the test makes at once.
const LEASE_MS = 6_000;
let imeiCounter = 20_000_000;
const freshImei = () => imeiFrom(`35${String(imeiCounter++).padStart(12, '0')}`);

describe.runIf(requirePostgres())('the app desk in warehouse mode', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let url: string;
  const desks: TestAppStation[] = [];

  async function startDesk(name: string, operator: string): Promise<TestAppStation> {
    const app = await startTestAppStation({
      sandbox: sb,
      settings: { locationId: sb.info.locations[0], desk: { name, operator }, warehouse: { registration: GSTIN } },
      env: { STATION_WAREHOUSE_URL: url },
      warehouseTuning: { leaseMs: LEASE_MS, outboxIntervalMs: 200, catchUpIntervalMs: 200, outageBlockSize: 5, connectTimeoutMs: 2_000 },
    });
    desks.push(app);
    return app;
  }

  async function create(kind: string, count = 1): Promise<string[]> {
    const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId: sb.info.locations[0], kind, serviceProfile: 'NON_FBF' } });
    return r.json.shipmentIds as string[];
  }

  /** Scans every unit (and an IMEI per unit when serialized) and measures when asked. */
  async function verifyAll(app: TestAppStation, id: string, imeis: string[] = []): Promise<void> {
    const imeiQueue = [...imeis];
    for (const item of sb.world.shipments.get(id)!.orderItems) {
      for (let n = 0; n < item.quantity; n++) {
        const view = await app.api.invoke('desk.scan', { raw: item.sku, source: 'wedge' });
        if (view.session?.phase === 'serial') await app.api.invoke('desk.scan', { raw: imeiQueue.shift() ?? freshImei(), source: 'wedge' });
      }
    }
    const view = await app.api.invoke('desk.view', {});
    if (view.session?.phase === 'measuring') await app.api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });
  }

  const packedEvents = (id: string) => sb.world.events.filter((e) => e.kind === 'Packed' && e.shipmentId === id).length;
  /** The pack the marketplace recorded (its Packed event follows when the label is made). */
  const packRecord = (id: string) => until(`the pack of ${id}`, async () => sb.world.shipments.get(id)!.pack);

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    url = await wh.freshUrl();
  });
  afterAll(async () => {
    for (const d of desks) await d.close().catch(() => undefined);
    await sb?.close();
  });

  it('claims at the desk: another desk is told who packs it and cannot; the number comes from the shared series', async () => {
    const one = await startDesk('Desk 1', 'Asha');
    const two = await startDesk('Desk 2', 'Ravi');
    expect(await one.api.invoke('warehouse.link', {})).toMatchObject({ enabled: true, online: true, desk: 'Desk 1', schemaVersion: expect.any(Number), outageNumbers: 5 });
    const [id] = await create('plain');

    const opened = await one.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(opened.session?.shipmentId).toBe(id);
    const refused = await two.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(refused.session).toBeUndefined();
    expect(refused.feedback.tone).toBe('error');
    expect(refused.feedback.text).toMatch(new RegExp(`Shipment ${id} is being packed at Desk 1 by Asha since \\d\\d:\\d\\d IST`));
    // The lead's board sees the desk: who packs and the open shipment (the desk reports itself).
    const board = wh.pool({ url });
    await until('Desk 1 on the board with its open shipment', async () => {
      const row = (await board.query('SELECT operator, current_shipment FROM desk_presence WHERE desk = $1', ['Desk 1'])).rows[0];
      return row?.current_shipment === id && row.operator === 'Asha' ? row : undefined;
    });

    await verifyAll(one, id);
    const packed = await one.api.invoke('desk.pack', {});
    expect(packed.feedback.tone).toBe('ok');
    await packRecord(id);
    await until('one Packed event', async () => (packedEvents(id) === 1 ? true : undefined));
    // The invoice number at the marketplace is the warehouse series' number, recorded as used.
    const number = sb.world.shipments.get(id)!.pack!.invoiceNumber!;
    const db = wh.pool({ url });
    const row = (await db.query('SELECT status, desk, shipment_id FROM invoice_numbers WHERE invoice_number = $1', [number])).rows[0];
    expect(row).toEqual({ status: 'used', desk: 'Desk 1', shipment_id: id });
    expect((await db.query('SELECT desk, packed_at FROM claims WHERE shipment_id = $1', [id])).rows[0]).toMatchObject({ desk: 'Desk 1', packed_at: expect.any(Date) });
    // Packed stays claimed for good: the other desk is told where and when it was packed.
    const again = await two.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(again.session).toBeUndefined();
    expect(again.feedback.tone).toBe('error');
    expect(packedEvents(id)).toBe(1);

    // Put aside releases the claim: the other desk can open it at once.
    const [next] = await create('plain');
    await one.api.invoke('desk.scan', { raw: next, source: 'serial' });
    await one.api.invoke('desk.putAside', {});
    const taken = await two.api.invoke('desk.scan', { raw: next, source: 'serial' });
    expect(taken.session?.shipmentId).toBe(next);
    await two.api.invoke('desk.putAside', {});
  });

  it('warehouse mode set without the seller registration: the desk starts, says why in Setup, and packs nothing alone', async () => {
    const app = await startTestAppStation({
      sandbox: sb,
      settings: { locationId: sb.info.locations[0], desk: { name: 'Desk 9', operator: 'Meena' } },
      env: { STATION_WAREHOUSE_URL: url },
      warehouseTuning: { leaseMs: LEASE_MS, connectTimeoutMs: 2_000 },
    });
    desks.push(app);
    expect(await app.api.invoke('warehouse.link', {})).toMatchObject({ enabled: true, online: false, problem: expect.stringMatching(/registration \(GSTIN\)/) });
    const [id] = await create('plain');
    const refused = await app.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(refused.session).toBeUndefined();
    expect(refused.feedback.text).toMatch(/Warehouse mode cannot start: .*GSTIN/);
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
  });

  it('a lead releases a claim from another desk; the desk that lost it cannot pack it', async () => {
    const [one, two] = desks;
    const [id] = await create('plain');
    await one.api.invoke('desk.scan', { raw: id, source: 'serial' });
    await verifyAll(one, id);
    const released = await two.api.invoke('claims.release', { shipmentId: id });
    expect(released).toMatchObject({ released: true });
    expect(released.text).toContain('Desk 1');
    // Desk 1 learns it at its next renewal and says so; Enter does not pack.
    await until('desk 1 told of the lost claim', async () => ((await one.api.invoke('desk.view', {})).feedback.text.includes('lost its claim') ? true : undefined), 10_000);
    const refused = await one.api.invoke('desk.pack', {});
    expect(refused.feedback.tone).toBe('error');
    expect(refused.feedback.text).toContain('no longer held by this desk');
    expect(packedEvents(id)).toBe(0);
    await one.api.invoke('desk.putAside', {});
    const nothing = await two.api.invoke('claims.release', { shipmentId: id });
    expect(nothing.released).toBe(false);
  });

  it('an IMEI packed at one desk is refused when scanned at another, with where and when', async () => {
    const [one, two] = desks;
    const [first] = await create('serialized');
    const imei = freshImei();
    const quantity = sb.world.shipments.get(first)!.orderItems.reduce((n, i) => n + i.quantity, 0);
    await one.api.invoke('desk.scan', { raw: first, source: 'serial' });
    await verifyAll(one, first, [imei, ...Array.from({ length: quantity - 1 }, freshImei)]);
    expect((await one.api.invoke('desk.pack', {})).feedback.tone).toBe('ok');
    const db = wh.pool({ url });
    expect((await db.query('SELECT shipment_id, desk FROM packed_serials WHERE serial = $1', [imei])).rows).toEqual([{ shipment_id: first, desk: 'Desk 1' }]);

    const [second] = await create('serialized');
    const sku = sb.world.shipments.get(second)!.orderItems[0].sku;
    await two.api.invoke('desk.scan', { raw: second, source: 'serial' });
    const asked = await two.api.invoke('desk.scan', { raw: sku, source: 'wedge' });
    expect(asked.session?.phase).toBe('serial');
    const view = await two.api.invoke('desk.scan', { raw: imei, source: 'wedge' });
    expect(view.feedback.tone).toBe('error');
    expect(view.feedback.text).toMatch(new RegExp(`Serial ${imei} was already packed at Desk 1 by Asha on .* IST \\(shipment ${first}\\)`));
    expect(view.session?.lines.flatMap((l) => l.serials.flat())).not.toContain(imei);
    await two.api.invoke('desk.putAside', {});
  });

  it('database away: the desk packs what it holds with its outage numbers, new claims wait with the reason, all recorded when it is back', async () => {
    const [one, two] = desks;
    const [held, fresh] = await create('plain', 2);
    await one.api.invoke('desk.scan', { raw: held, source: 'serial' });
    await verifyAll(one, held);
    const blockBefore = (await one.api.invoke('warehouse.link', {})).outageNumbers!;
    wh.cluster.stop();
    try {
      const packed = await one.api.invoke('desk.pack', {});
      expect(packed.feedback.tone, packed.feedback.text).toBe('ok');
      expect((await packRecord(held)).invoiceNumber).toBeTruthy();
      const status = await one.api.invoke('warehouse.link', {});
      expect(status.online).toBe(false);
      expect(status.reason).toBeTruthy();
      expect(status.outageNumbers).toBe(blockBefore - 1);
      expect(status.unrecorded).toBe(1);

      const waiting = await two.api.invoke('desk.scan', { raw: fresh, source: 'serial' });
      expect(waiting.session).toBeUndefined();
      expect(waiting.feedback.text).toContain('New shipments wait: the warehouse database is unreachable');
      expect(waiting.feedback.text).toBe(claimsWaitText(waiting.feedback.text.match(/unreachable \((.*)\)\. Shipments/)![1]));
    } finally {
      wh.cluster.start();
    }
    // Back: the pack is recorded, the outage number reported as used, the journal shipped.
    const number = sb.world.shipments.get(held)!.pack!.invoiceNumber!;
    const db = wh.pool({ url });
    await until('the outage caught up', async () => {
      const s = await one.api.invoke('warehouse.link', {});
      return s.online && s.unrecorded === 0 && s.outboxWaiting === 0 ? s : undefined;
    }, 20_000);
    expect((await db.query('SELECT packed_at IS NOT NULL AS packed, desk FROM claims WHERE shipment_id = $1', [held])).rows[0]).toEqual({ packed: true, desk: 'Desk 1' });
    expect((await db.query('SELECT status, shipment_id FROM invoice_numbers WHERE invoice_number = $1', [number])).rows[0]).toEqual({ status: 'used', shipment_id: held });
    // Every record of the desk's journal reaches the database (the label job adds some after the pack).
    await one.context.desk().idle();
    await until('the journal shipped', async () => {
      const journalled = (await one.context.journal.records()).length;
      const stored = (await db.query("SELECT count(*)::int AS n FROM journal_records WHERE desk = 'Desk 1'")).rows[0].n;
      return stored === journalled ? true : undefined;
    });
    // New claims work again.
    const opened = await two.api.invoke('desk.scan', { raw: fresh, source: 'serial' });
    expect(opened.session?.shipmentId).toBe(fresh);
    await two.api.invoke('desk.putAside', {});
  });
});
