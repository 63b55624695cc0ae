// Creates shipments the way the marketplace would when customers order (spec § Shipment:
// "(new) -> APPROVED, event Shipment Created"). Used by the seed and by POST /sandbox/shipments.
import type { World } from './world.js';
import type { Rng } from './rng.js';

export type ShipmentKind = 'plain' | 'serialized' | 'mps' | 'hold' | 'future' | 'selfship';

export interface ShipmentSpec {
  count: number;
  sellerId: string;
  locationId?: string;
  kind?: ShipmentKind;
  /** Units per order item. */
  quantity?: number;
}

/** Returns the ids of the new shipments. */
export function createShipments(_world: World, _rng: Rng, _spec: ShipmentSpec): string[] {
  return [];
}
