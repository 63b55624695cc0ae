// Two (or more) real desks of one warehouse (DeskWarehouse, the desk's pack path) on one
// PostgreSQL and one sandbox, for the tests of a claim whose lease lapses mid-pack: open a desk,
// read a shipment as verified and weighed at the desk, order shipments at the sandbox, and read
// the warehouse series' rows. Each desk is closed by closeDesks() after the file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import { Journal } from '../../electron/station/journal/journal.js';
import type { Clock } from '../../electron/station/packing/ist-dates.js';
import type { DeskDeps } from '../../electron/station/packing/pack-desk.js';
import { parcelsFromListing } from '../../electron/station/packing/pack-request.js';
import type { PackSessionState } from '../../electron/station/packing/pack-session.js';
import { ProductFactsCache } from '../../electron/station/packing/product-facts.js';
import { DeskWarehouse } from '../../electron/station/warehouse/desk-warehouse.js';
import type { WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from './sandbox.js';
import { clientFor, type TestClient } from './station-client.js';

export const GSTIN = '29ABCDE1234F1Z5';
export const LEASE_MS = 1_500;
export const PACK_OPERATION = 'POST /v3/shipments/labels';

export interface TestDesk {
  name: string;
  warehouse: DeskWarehouse;
  deps: DeskDeps;
  client: TestClient;
  journal: Journal;
  log: string[];
}

/** One row of the warehouse series, as the tests compare them. */
export interface NumberRow {
  invoice_number: string;
  status: string;
  desk: string | null;
  shipment_id: string | null;
  void_reason: string | null;
}

export function lapsedLeaseDesks(sandbox: () => TestSandbox) {
  const desks: TestDesk[] = [];

  /** `clock`: the desk's (the system's by default); `leftNumbersDelayMs`: its later pass over left numbers. */
  async function openDesk(url: string, name: string, pool: WarehousePool, options: { clock?: Clock; leftNumbersDelayMs?: number } = {}): Promise<TestDesk> {
    const sb = sandbox();
    const clock = options.clock ?? { now: () => new Date() };
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
      pool,
      log: (line) => log.push(line),
      leftNumbersDelayMs: options.leftNumbersDelayMs,
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
    (await sandbox().call('POST', '/sandbox/shipments', { token: null, body: { count, locationId: sandbox().info.locations[0], kind: 'plain' } })).json.shipmentIds as string[];

  /** The pack answer waits `latencyMs` at the marketplace (0: no fault). */
  async function packLatency(latencyMs: number): Promise<void> {
    const body = latencyMs > 0 ? { latencyMs, operations: [PACK_OPERATION] } : {};
    const r = await sandbox().call('POST', '/sandbox/faults', { body });
    if (r.status !== 200) throw new Error(`The sandbox refused the fault: ${r.status}`);
  }

  const rows = async (db: WarehousePool): Promise<NumberRow[]> =>
    (await db.query("SELECT invoice_number, status, desk, shipment_id, void_reason FROM invoice_numbers WHERE status <> 'block' ORDER BY counter")).rows as NumberRow[];

  async function closeDesks(): Promise<void> {
    for (const d of desks.splice(0)) {
      await d.warehouse.stop().catch(() => undefined);
      await d.journal.close();
      await d.client.close();
    }
  }

  return { openDesk, verified, order, packLatency, rows, closeDesks };
}

/**
 * For a test file: a sandbox of its own (started before the file's tests, closed after them with
 * every desk opened), the desks' helpers, and what the tests read of a shipment at the sandbox.
 */
export function useLapsedLeaseDesks() {
  let sb: TestSandbox | undefined;
  const sandbox = (): TestSandbox => {
    if (!sb) throw new Error('The sandbox starts before the tests of the file.');
    return sb;
  };
  const desks = lapsedLeaseDesks(sandbox);
  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  });
  afterAll(async () => {
    await desks.closeDesks();
    await sb?.close();
  });
  const orderOf = async (desk: TestDesk, shipmentId: string) => (await desk.client.orders.getShipments({ shipmentIds: [shipmentId] }))[0].orderItems[0].orderId;
  const numberOn = async (desk: TestDesk, shipmentId: string) => {
    const [invoice] = await desk.client.orders.invoicesJson([shipmentId]);
    return invoice.invoiceNumber ?? invoice.InvoiceNumber;
  };
  const packedEvents = (shipmentId: string) => sandbox().world.events.filter((e) => e.kind === 'Packed' && e.shipmentId === shipmentId);
  return { ...desks, sandbox, orderOf, numberOn, packedEvents };
}
