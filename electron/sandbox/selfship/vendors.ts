// GET /selfship/vendors (spec § Operations known by method, path and purpose only: "List
// self-ship vendors"). Neither the spec nor the SDK shows a shape; this list is the sandbox's.
// A dispatch that names a deliveryPartner must name one of these (by id or name).
import type { SelfShipVendor } from '../../../shared/api/selfship.js';

export const SELF_SHIP_VENDORS: readonly SelfShipVendor[] = [
  { vendorId: 'SELF_FLEET', name: 'Seller fleet', trackingUrlTemplate: null, trackingIdRequired: false },
  { vendorId: 'BLUEDART', name: 'Blue Dart', trackingUrlTemplate: 'https://tracking.example/bluedart/{trackingId}', trackingIdRequired: true },
  { vendorId: 'DELHIVERY', name: 'Delhivery', trackingUrlTemplate: 'https://tracking.example/delhivery/{trackingId}', trackingIdRequired: true },
  { vendorId: 'ECOM_EXPRESS', name: 'Ecom Express', trackingUrlTemplate: 'https://tracking.example/ecom/{trackingId}', trackingIdRequired: true },
  { vendorId: 'DTDC', name: 'DTDC', trackingUrlTemplate: 'https://tracking.example/dtdc/{trackingId}', trackingIdRequired: true },
];

/** The vendor a deliveryPartner value names, matched on id or name without regard to case. */
export function findVendor(partner: string): SelfShipVendor | undefined {
  const p = partner.trim().toLowerCase();
  return SELF_SHIP_VENDORS.find((v) => v.vendorId.toLowerCase() === p || v.name.toLowerCase() === p);
}
