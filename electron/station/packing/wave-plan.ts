// What a wave will do, before it does it: the shipments it packs, the approved shipments of the
// location it leaves alone and why, and the shipments the packer put aside at the desk (left out
// unless picked). The preview and the wave itself decide with the same rules (skipReason), and
// every approved shipment of the location is named: the wave's own search (NORMAL, not on hold,
// every seller-packed service profile) plus a census of the approved shipments it cannot take
// (on hold, self-ship), so none is left behind without a word.
import type { SearchFilter, ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_SEARCH_PAGE_SIZE } from '../../../shared/api/limits.js';
import type { MarketplaceClient } from '../api/client.js';
import type { Clock } from './ist-dates.js';
import { parcelsFromListing } from './pack-request.js';
import type { ProductFactsCache } from './product-facts.js';
import { searchAllSellerPacked } from './seller-search.js';
import { checkActionable } from './shipment-checks.js';

export interface Skipped {
  shipmentId: string;
  reason: string;
}

export interface PlannedShipment {
  shipmentId: string;
  /** "Cotton Crew Neck T-Shirt x2, Running Shoes". */
  contents: string;
  units: number;
  dispatchByDate: string;
}

export interface WavePlan {
  locationId: string;
  sku?: string;
  pack: PlannedShipment[];
  skipped: Skipped[];
  /** Put aside at the desk and otherwise packable: packed only when the packer picks them. */
  putAside: PlannedShipment[];
  /** The search stopped at the marketplace's retrieval limit: a later wave takes the rest. */
  capped: boolean;
}

export interface PlanDeps {
  client: MarketplaceClient;
  facts: ProductFactsCache;
  clock: Clock;
}

export const PUT_ASIDE_REASON = 'Put aside at the desk; pick it in the wave preview to pack it in a wave.';
export const NOT_CONFIRMED_REASON = 'Not in the confirmed wave (it became ready after the preview); run another wave for it.';

/** The search a wave packs from (spec § POST /v3/shipments/filter/): approved, standard delivery, not on hold. */
export function waveFilter(locationId: string, sku?: string): SearchFilter {
  // Self-ship shipments are dispatched by the seller, not packed for a logistics partner.
  return { type: 'preDispatch', states: ['APPROVED'], shipmentTypes: ['NORMAL'], locationId, ...(sku ? { sku: [sku] } : {}) };
}

/** A wave by SKU takes only single-unit, single-item shipments of it (one scan identifies each). */
export function skuWaveRefusal(shipment: ShipmentWire, sku: string | undefined): string | undefined {
  if (!sku) return undefined;
  // One SKU on several order lines is several units of it, not several different items.
  const skus = new Set(shipment.orderItems.map((i) => i.sku));
  if (skus.size > 1) return `Holds ${skus.size} different items, not only ${sku}: pack it at the desk or in a wave of the whole location.`;
  const units = shipment.orderItems.reduce((n, i) => n + i.quantity, 0);
  if (units !== 1) return `Holds ${units} units of ${sku}: pack it at the desk or in a wave of the whole location.`;
  return undefined;
}

/** Why a wave cannot pack this shipment on its own (undefined: it can). Facts must be loaded. */
export function skipReason(shipment: ShipmentWire, deps: Pick<PlanDeps, 'facts' | 'clock'>, locationId: string, missing: readonly string[]): string | undefined {
  const refusal = checkActionable(shipment, { now: deps.clock.now().getTime(), locationId });
  if (refusal) return refusal.text;
  const noListing = shipment.orderItems.find((i) => missing.includes(i.sku));
  if (noListing) return `No listing found for SKU ${noListing.sku}: its tax code and package size are unknown.`;
  const serialized = shipment.orderItems.find((i) => deps.facts.of(i.sku)?.serialized);
  if (serialized) return `Needs the packer: ${serialized.title ?? serialized.sku} requires IMEI/serial capture at the desk.`;
  if (!parcelsFromListing(shipment, deps.facts.of)) return 'The listing has no package dimensions and weight; weigh and measure it at the desk.';
  return undefined;
}

/**
 * Approved shipments of the location that the wave's search cannot return, each with why: on
 * hold (the search's hold filter defaults to false) and self-ship (delivered by the seller).
 */
export async function outsideTheWave(client: MarketplaceClient, locationId: string, sku?: string): Promise<Skipped[]> {
  const base = { type: 'preDispatch' as const, states: ['APPROVED' as const], locationId, ...(sku ? { sku: [sku] } : {}) };
  const request = (filter: SearchFilter) => ({ filter, pagination: { pageSize: MAX_SEARCH_PAGE_SIZE } });
  const held = await searchAllSellerPacked(client.orders, request({ ...base, hold: true }));
  const self = await searchAllSellerPacked(client.orders, request({ ...base, shipmentTypes: ['SELF'] }));
  return [
    ...held.shipments.map((s) => ({ shipmentId: s.shipmentId, reason: 'On hold by the marketplace: it cannot be packed until the hold is released.' })),
    ...self.shipments.filter((s) => !s.hold).map((s) => ({ shipmentId: s.shipmentId, reason: 'Self-ship: the seller delivers it; dispatch it from Returns & self ship.' })),
  ];
}

function planned(s: ShipmentWire): PlannedShipment {
  return {
    shipmentId: s.shipmentId,
    contents: s.orderItems.map((i) => `${i.title ?? i.sku}${i.quantity > 1 ? ` x${i.quantity}` : ''}`).join(', '),
    units: s.orderItems.reduce((n, i) => n + i.quantity, 0),
    dispatchByDate: s.dispatchByDate,
  };
}

/** The preview of a wave: reads only, changes nothing at the marketplace. */
export async function planWave(deps: PlanDeps, options: { locationId: string; sku?: string; putAside: ReadonlySet<string> }): Promise<WavePlan> {
  const { locationId, sku } = options;
  const found = await searchAllSellerPacked(deps.client.orders, { filter: waveFilter(locationId, sku), pagination: { pageSize: MAX_SEARCH_PAGE_SIZE }, sort: { field: 'dispatchByDate', order: 'asc' } });
  const missing = await deps.facts.load(found.shipments.flatMap((s) => s.orderItems.map((i) => i.sku)));
  const plan: WavePlan = { locationId, sku, pack: [], skipped: [], putAside: [], capped: found.capped };
  for (const s of found.shipments) {
    const reason = skuWaveRefusal(s, sku) ?? skipReason(s, deps, locationId, missing);
    if (reason) plan.skipped.push({ shipmentId: s.shipmentId, reason });
    else if (options.putAside.has(s.shipmentId)) plan.putAside.push(planned(s));
    else plan.pack.push(planned(s));
  }
  plan.skipped.push(...(await outsideTheWave(deps.client, locationId, sku)));
  return plan;
}
