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
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';

export interface Skipped {
  shipmentId: string;
  /** English, for logs and the command line. */
  reason: string;
  /** The same words as catalogue keys, said by the desk in its language. */
  sentences?: KeyedSentence[];
}

/** Why a shipment is left out, in English and as keys. */
export type Reason = SaidWords;

/** A left-out shipment with its reason in both forms. */
export const skippedFor = (shipmentId: string, reason: Reason): Skipped => ({ shipmentId, reason: reason.text, sentences: reason.sentences });

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

export const PUT_ASIDE_REASON: Reason = saying(sentence('station.wave.putAside'));
export const NOT_CONFIRMED_REASON: Reason = saying(sentence('station.wave.notConfirmed'));

/** The search a wave packs from (spec § POST /v3/shipments/filter/): approved, standard delivery, not on hold. */
export function waveFilter(locationId: string, sku?: string): SearchFilter {
  // Self-ship shipments are dispatched by the seller, not packed for a logistics partner.
  return { type: 'preDispatch', states: ['APPROVED'], shipmentTypes: ['NORMAL'], locationId, ...(sku ? { sku: [sku] } : {}) };
}

/** A wave by SKU takes only single-unit, single-item shipments of it (one scan identifies each). */
export function skuWaveRefusal(shipment: ShipmentWire, sku: string | undefined): Reason | undefined {
  if (!sku) return undefined;
  // One SKU on several order lines is several units of it, not several different items.
  const skus = new Set(shipment.orderItems.map((i) => i.sku));
  if (skus.size > 1) return saying(sentence('station.wave.mixedItems', { n: skus.size, sku }));
  const units = shipment.orderItems.reduce((n, i) => n + i.quantity, 0);
  if (units !== 1) return saying(sentence('station.wave.units', { n: units, sku }));
  return undefined;
}

/** Why a wave cannot pack this shipment on its own (undefined: it can). Facts must be loaded. */
export function skipReason(shipment: ShipmentWire, deps: Pick<PlanDeps, 'facts' | 'clock'>, locationId: string, missing: readonly string[]): Reason | undefined {
  const refusal = checkActionable(shipment, { now: deps.clock.now().getTime(), locationId });
  if (refusal) return { text: refusal.text, sentences: refusal.sentences };
  const noListing = shipment.orderItems.find((i) => missing.includes(i.sku));
  if (noListing) return saying(sentence('station.wave.noListing', { sku: noListing.sku }));
  const serialized = shipment.orderItems.find((i) => deps.facts.of(i.sku)?.serialized);
  if (serialized) return saying(sentence('station.wave.needsSerial', { title: serialized.title ?? serialized.sku }));
  if (!parcelsFromListing(shipment, deps.facts.of)) return saying(sentence('station.wave.noSize'));
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
    ...held.shipments.map((s) => skippedFor(s.shipmentId, saying(sentence('station.wave.onHold')))),
    ...self.shipments.filter((s) => !s.hold).map((s) => skippedFor(s.shipmentId, saying(sentence('station.wave.selfShip')))),
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
    if (reason) plan.skipped.push(skippedFor(s.shipmentId, reason));
    else if (options.putAside.has(s.shipmentId)) plan.putAside.push(planned(s));
    else plan.pack.push(planned(s));
  }
  plan.skipped.push(...(await outsideTheWave(deps.client, locationId, sku)));
  return plan;
}
