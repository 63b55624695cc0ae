// A multi-package shipment opens at the desk with each package's dimensions and weight taken from
// its listing package (spec § Listing: packages[]), as a wave packs it: the packer confirms or
// re-measures any box instead of typing three sets of numbers. A measurement made at the desk
// (scale, dimensioner, typed) replaces the listing's values for its package.
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { parcelsFromListing } from './pack-request.js';
import type { PackSessionState, ProductFacts } from './pack-session.js';

export function prefillParcels(state: PackSessionState, shipment: ShipmentWire, facts: (sku: string) => ProductFacts | undefined): PackSessionState {
  if (shipment.subShipments.length < 2) return state;
  const listed = parcelsFromListing(shipment, facts);
  if (!listed) return state;
  const parcels = state.parcels.map((p) => {
    if (p.dimensions || p.weightKg !== undefined) return p;
    const l = listed.find((x) => x.subShipmentId === p.subShipmentId);
    return l ? { ...p, dimensions: l.dimensions, weightKg: l.weightKg, source: 'listing' as const } : p;
  });
  return { ...state, parcels };
}
