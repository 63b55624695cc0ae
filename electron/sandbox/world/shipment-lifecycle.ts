// Transitions the marketplace alone makes (spec § Shipment: hold, logistics partner events).
import type { World } from './world.js';
import type { ShipmentRec } from './model.js';

export type LogisticsEvent = 'SHIPPED' | 'DELIVERED' | 'RTO';

/** Places or releases a hold (events Hold / UnHold). */
export function setHold(_world: World, _shipment: ShipmentRec, _hold: boolean): void {}

/** Applies a logistics partner event; throws ApiError(409) when the state does not allow it. */
export function applyLogisticsEvent(_world: World, _shipment: ShipmentRec, _event: LogisticsEvent): void {}
