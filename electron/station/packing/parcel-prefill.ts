// A multi-package shipment opens at the desk with each package's dimensions and weight taken from
// its listing package (spec § Listing: packages[]), as a wave packs it, so the packer sees what
// each box should be. They are marked as the listing's: every box is still weighed and measured
// at the desk (scale, dimensioner, typed) before the pack, and that measurement replaces them.
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
    return l ? { ...p, dimensions: l.dimensions, weightKg: l.weightKg, source: 'listing' as const, weightSource: 'listing' as const, dimensionsSource: 'listing' as const } : p;
  });
  return { ...state, parcels };
}
