// Handover to logistics: which READY_TO_DISPATCH shipments each vendor group (a location and a
// logistics partner) collects, when, and the one-time code (OTC) the packer gives the courier
// (spec § Shipment "after READY_TO_DISPATCH the seller downloads the manifest for handover";
// sdk-facts § 5.2, § 5.3). Pickup windows and codes are the project's choice (README).
import { IST_OFFSET_MINUTES } from '../../../shared/api/limits.js';
import type { VendorGroupCount } from '../../../shared/api/handover.js';
import type { ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';
import { allActiveIn } from './shipment-state.js';

const HOUR = 3_600_000;
const IST_MS = IST_OFFSET_MINUTES * 60_000;
/** Daily pickup window, IST hours. */
const PICKUP_FROM_HOUR = 14;
const PICKUP_TO_HOUR = 18;

/** Shipments a courier collects: standard (not self-ship), every active item READY_TO_DISPATCH. */
export function awaitingHandover(world: World, sellerId: string, filter: { locationId?: string; vendorGroupCode?: string; mps?: boolean } = {}): ShipmentRec[] {
  const out: ShipmentRec[] = [];
  for (const s of world.shipments.values()) {
    if (s.sellerId !== sellerId || s.shipmentType === 'SELF') continue;
    if (filter.locationId !== undefined && s.locationId !== filter.locationId) continue;
    if (filter.vendorGroupCode !== undefined && s.vendorGroupCode !== filter.vendorGroupCode) continue;
    if (filter.mps !== undefined && s.mps !== filter.mps) continue;
    if (allActiveIn(s, ['READY_TO_DISPATCH'])) out.push(s);
  }
  return out;
}

/** The next pickup window: today's 14:00-18:00 IST, or tomorrow's once today's has ended. */
export function pickupWindow(nowMs: number): { from: string; to: string } {
  const istDayStart = Math.floor((nowMs + IST_MS) / (24 * HOUR)) * 24 * HOUR - IST_MS;
  let from = istDayStart + PICKUP_FROM_HOUR * HOUR;
  if (nowMs > istDayStart + PICKUP_TO_HOUR * HOUR) from += 24 * HOUR;
  return { from: new Date(from).toISOString(), to: new Date(from + (PICKUP_TO_HOUR - PICKUP_FROM_HOUR) * HOUR).toISOString() };
}

/** A six-digit code per vendor group and pickup day: the courier reads it back at handover. */
export function otcCode(vendorGroupCode: string, windowFrom: string, kind: string): string {
  let h = 0x811c9dc5;
  const text = `${kind}|${vendorGroupCode}|${windowFrom.slice(0, 10)}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return String(h % 1_000_000).padStart(6, '0');
}

/** GET /v3/shipments/handover/counts: one element per vendor group and package kind. */
export function handoverCounts(world: World, sellerId: string, locationId?: string): VendorGroupCount[] {
  const groups = new Map<string, VendorGroupCount>();
  const window = pickupWindow(world.now());
  for (const s of awaitingHandover(world, sellerId, { locationId })) {
    const key = `${s.vendorGroupCode}|${s.mps}`;
    const g = groups.get(key);
    if (g) g.count += 1;
    else groups.set(key, { vendorGroupCode: s.vendorGroupCode, count: 1, pickUpDate: window, otc: { code: otcCode(s.vendorGroupCode, window.from, 'FORWARD'), error_code: null }, isMps: s.mps });
  }
  return [...groups.values()].sort((a, b) => (a.vendorGroupCode < b.vendorGroupCode ? -1 : a.vendorGroupCode > b.vendorGroupCode ? 1 : Number(a.isMps) - Number(b.isMps)));
}
