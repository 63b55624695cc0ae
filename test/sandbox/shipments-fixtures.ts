// Helpers for the shipment tests: create orders the way the marketplace does (the factory on the
// running sandbox's world) and build the pack request a careful packer would send for them.
import type { TestSandbox } from '../support/sandbox.js';
import { createRng } from '../../electron/sandbox/world/rng.js';
import { createShipments, type ShipmentKind } from '../../electron/sandbox/world/shipment-factory.js';
import { imeiFrom } from '../../electron/sandbox/orders/imei.js';
import type { ShipmentRec } from '../../electron/sandbox/world/model.js';

let rngSeed = 1000;
let imeiSeq = 0;

export function makeShipments(sb: TestSandbox, kind: ShipmentKind, count = 1, more: { sellerId?: string; locationId?: string; quantity?: number } = {}): string[] {
  // Volume for the tests' own scenarios: entries that run out are restocked (README § Control API, restock).
  return createShipments(sb.world, createRng(rngSeed++), { count, sellerId: more.sellerId ?? sb.info.sellerId, kind, locationId: more.locationId, quantity: more.quantity, restock: 50 });
}

export function record(sb: TestSandbox, id: string): ShipmentRec {
  const s = sb.world.shipments.get(id);
  if (!s) throw new Error(`no shipment ${id}`);
  return s;
}

/** Fresh valid IMEIs, unique across the test run. */
export function nextImei(): string {
  imeiSeq += 1;
  return imeiFrom(`35${String(imeiSeq).padStart(12, '0')}`);
}

/** A complete, valid pack element for a shipment, in the spec's spellings. */
export function packElement(sb: TestSandbox, id: string): Record<string, any> {
  const s = record(sb, id);
  return {
    shipmentId: id,
    locationId: s.locationId,
    taxItems: s.orderItems.map((i) => ({ orderItemId: i.orderItemId, taxRate: 18, quantity: i.quantity })),
    serialNumbers: s.orderItems
      .filter((i) => i.serialized)
      .map((i) => ({ orderItemId: i.orderItemId, serialNumbers: Array.from({ length: i.quantity }, () => [nextImei()]) })),
    subShipments: s.subShipments.map((sub) => {
      const d = sub.packages[0].dimensions;
      const weight = sub.packages.reduce((sum, p) => sum + p.dimensions.weight * p.quantity, 0);
      return { subShipment: sub.subShipmentId, dimensions: { length: d.length, breadth: d.breadth, height: d.height, width: weight } };
    }),
    invoices: [{ orderId: s.orderItems[0].orderId, invoiceNumber: `INV-${id.slice(-8)}`, invoiceDate: '2026-11-21' }],
  };
}

export async function pack(sb: TestSandbox, elements: Record<string, any>[], token?: string) {
  return sb.call('POST', '/sellers/v3/shipments/labels', { body: { shipments: elements }, token });
}

/** Packs and reads the shipment back, so that it settles to PACKED (labelDelayMs is 0 in tests). */
export async function packed(sb: TestSandbox, ids: string[]): Promise<void> {
  const r = await pack(sb, ids.map((id) => packElement(sb, id)));
  const failed = r.json.shipments.filter((x: any) => x.processingStatus !== 'SUCCESS');
  if (failed.length) throw new Error(`pack failed: ${JSON.stringify(failed)}`);
  await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${ids.join(',')}`);
}

export async function readyToDispatch(sb: TestSandbox, ids: string[]): Promise<void> {
  await packed(sb, ids);
  const r = await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: ids, locationId: record(sb, ids[0]).locationId } });
  const failed = r.json.shipments.filter((x: any) => x.processingStatus !== 'SUCCESS');
  if (failed.length) throw new Error(`dispatch failed: ${JSON.stringify(failed)}`);
}

/** Item statuses as the seller sees them through GET /v3/shipments. */
export async function statusesOf(sb: TestSandbox, id: string): Promise<string[]> {
  const r = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${id}`);
  return r.json.shipments[0].orderItems.map((i: any) => i.status);
}

/** Event kinds logged for a shipment, in order. */
export function eventsOf(sb: TestSandbox, id: string): string[] {
  return sb.world.events.filter((e) => e.shipmentId === id).map((e) => e.kind);
}

/** The only result of a per-shipment answer. */
export function only(r: { json: any }): { shipmentId: string; processingStatus: string; errorCode: string | null; errorMessage: string | null } {
  if (!r.json?.shipments || r.json.shipments.length !== 1) throw new Error(`expected one result: ${JSON.stringify(r.json)}`);
  return r.json.shipments[0];
}
