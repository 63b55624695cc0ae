// A warehouse desk reduced to what the race tests need: claim (one by one, or a wave in bulk),
// number the invoices from the shared series, pack at the marketplace through the journal, then
// mark the claim packed and the number used (or give the number back when the marketplace
// refused). Used in-process and by test/warehouse/desk-process.ts in separate processes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import type { MarketplaceClient } from '../../electron/station/api/client.js';
import { Journal } from '../../electron/station/journal/journal.js';
import { journaled } from '../../electron/station/journal/journaled-call.js';
import type { Clock } from '../../electron/station/packing/ist-dates.js';
import { buildPackRequest, parcelsFromListing } from '../../electron/station/packing/pack-request.js';
import { ProductFactsCache } from '../../electron/station/packing/product-facts.js';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { JournalOutbox } from '../../electron/station/warehouse/journal-outbox.js';
import { LeaseKeeper } from '../../electron/station/warehouse/lease-keeper.js';
import { fileOutageBlockStore } from '../../electron/station/warehouse/outage-block.js';
import { WarehouseInvoiceSeries } from '../../electron/station/warehouse/warehouse-invoice-series.js';
import { WarehouseUnreachableError, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';

export const GSTIN = '29ABCDE1234F1Z5';
const WAVE_BATCH = 6;

export type DeskClient = MarketplaceClient & { close(): Promise<void> };

export interface Desk {
  name: string;
  client: DeskClient;
  journal: Journal;
  outbox: JournalOutbox;
  claims: ClaimService;
  /** Renews the claims of shipments open at the desk, as a desk does while the packer works. */
  keeper: LeaseKeeper;
  invoices: WarehouseInvoiceSeries;
  facts: ProductFactsCache;
  packed: string[];
  refused: string[];
  /** Packed at the marketplace while the database was away: the claim is marked packed later. */
  unrecorded: string[];
}

export const isApproved = (s: ShipmentWire): boolean => s.orderItems.every((i) => i.status === 'APPROVED');

/** The desk's pack of shipments it holds: invoice numbers, journaled pack, then claim and number settled. */
export async function packHeld(desk: Desk, shipments: ShipmentWire[]): Promise<void> {
  if (shipments.length === 0) return;
  await desk.facts.load(shipments.flatMap((s) => s.orderItems.map((i) => i.sku)));
  const invoices = await desk.invoices.reserveMany(shipments.map((s) => ({ orderId: s.orderItems[0].orderId, shipmentId: s.shipmentId })));
  const requests = shipments.map((shipment, i) =>
    buildPackRequest({
      shipment,
      lines: shipment.orderItems.map((item) => ({ ...item, serialized: false, serials: [] })),
      parcels: parcelsFromListing(shipment, desk.facts.of)!,
      facts: desk.facts.of,
      invoice: invoices[i],
      at: new Date(),
    }),
  );
  const ids = shipments.map((s) => s.shipmentId);
  const { result } = await journaled(
    desk.journal,
    { desk: desk.name, operator: `op-${desk.name}` },
    { op: 'pack', targets: { shipmentIds: ids }, request: { invoiceNumbers: invoices.map((i) => i.invoiceNumber) } },
    () => desk.client.orders.pack(requests),
    (r) => ({ status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed' }),
  );
  for (const [i, id] of ids.entries()) {
    const answer = result.find((r) => r.shipmentId === id);
    if (answer?.processingStatus === 'SUCCESS') {
      await desk.invoices.markUsed(invoices[i].invoiceNumber!);
      const recorded = await desk.claims.markPacked(id, desk.name).catch((e: unknown) => {
        if (!(e instanceof WarehouseUnreachableError)) throw e;
        desk.unrecorded.push(id);
        return true;
      });
      // Packed at the marketplace by a desk that no longer held the claim: the claims failed.
      if (!recorded) throw new Error(`${desk.name} packed ${id} without holding its claim.`);
      desk.packed.push(id);
    } else {
      await desk.invoices.markRefused(invoices[i].invoiceNumber!, answer?.errorMessage ?? 'refused');
      await desk.claims.release(id, desk.name);
      desk.refused.push(id);
    }
    desk.outbox.kick();
  }
}

/** A packer scanning shipments one by one, in its own order; a claim refused means another desk has it. */
export async function packOneByOne(desk: Desk, ids: string[]): Promise<void> {
  for (const id of ids) {
    const claim = await desk.claims.claim(id, desk.name, `op-${desk.name}`);
    if (!claim.ok) continue;
    desk.keeper.hold(id);
    try {
      const [shipment] = await desk.client.orders.getShipments({ shipmentIds: [id] });
      // Another desk may have packed it after a claim this desk took over; the marketplace state decides.
      if (isApproved(shipment)) await packHeld(desk, [shipment]);
    } finally {
      desk.keeper.drop(id);
    }
  }
}

/** A wave: claim a batch in bulk (SKIP LOCKED), pack it, repeat until no candidate is left. */
export async function packWaves(desk: Desk, ids: string[], batch = WAVE_BATCH): Promise<void> {
  for (let n = 0; ; n += 1) {
    const mine = await desk.claims.claimWave(ids, desk.name, `op-${desk.name}`, `${desk.name}-wave-${n}`, batch);
    if (mine.length === 0) return;
    for (const id of mine) desk.keeper.hold(id);
    try {
      const shipments = await desk.client.orders.getShipments({ shipmentIds: mine });
      await packHeld(desk, shipments.filter(isApproved));
    } finally {
      for (const id of mine) desk.keeper.drop(id);
    }
  }
}

/** A desk: its own pool, journal (in a temp folder), outbox, claims, invoice series and marketplace client. */
export async function openDesk(pool: WarehousePool, client: DeskClient, name: string, clock: Clock, options: { leaseMs?: number; outageBlock?: number } = {}): Promise<Desk & { pool: WarehousePool }> {
  const journal = await Journal.open({ dir: mkdtempSync(join(tmpdir(), 'race-journal-')), clock: { now: () => new Date() } });
  const claims = new ClaimService(pool, { clock, leaseMs: options.leaseMs });
  const keeper = new LeaseKeeper(claims, { desk: name, leaseMs: options.leaseMs, onLost: () => undefined });
  keeper.start();
  const outageBlock = options.outageBlock ? { store: fileOutageBlockStore(join(mkdtempSync(join(tmpdir(), 'race-block-')), 'block.json')), size: options.outageBlock } : undefined;
  return {
    name,
    pool,
    client,
    journal,
    outbox: new JournalOutbox(pool, { desk: name, journal }),
    claims,
    keeper,
    invoices: new WarehouseInvoiceSeries(pool, { clock, desk: name, registration: GSTIN, prefix: 'PS', outageBlock }),
    facts: new ProductFactsCache((skus) => client.listings.get(skus)),
    packed: [],
    refused: [],
    unrecorded: [],
  };
}

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let x = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

