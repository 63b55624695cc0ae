// The shipment search over every service profile the seller packs. spec § POST
// /v3/shipments/filter/: `serviceProfiles` is one String and defaults to NON_FBF, so a search
// without it never returns FBF_LITE shipments, which the seller packs too (the SDK types it a
// list, sdk-facts § 4, but the spec's String is what every marketplace accepts). One request
// chain per profile, merged by shipment id: the queue, the waves and the dispatch of packed
// shipments all search through here, so they see the same shipments.
import type { SearchFilter, SearchRequest, ShipmentWire } from '../../../shared/api/shipments.js';
import type { OrdersClient } from '../api/orders-client.js';

/**
 * Profiles whose shipments the seller packs and hands over. FBF (fulfilled by the marketplace)
 * shipments never reach the seller (spec § search Rules).
 */
export const SELLER_PACKED_PROFILES = ['NON_FBF', 'FBF_LITE'] as const;

/** One filter per seller-packed profile (spec: serviceProfiles is a single String). */
export function perServiceProfile(filter: SearchFilter): SearchFilter[] {
  if (filter.serviceProfiles !== undefined) return [filter];
  return SELLER_PACKED_PROFILES.map((serviceProfiles) => ({ ...filter, serviceProfiles }));
}

/**
 * Pages of the search over every seller-packed profile, one profile after the other, each
 * shipment once (an order with items of two profiles is found by both searches). Returns whether
 * any of the searches stopped at the retrieval cap.
 */
export async function* searchSellerPacked(orders: Pick<OrdersClient, 'searchPages'>, request: SearchRequest): AsyncGenerator<ShipmentWire[], { capped: boolean }> {
  const seen = new Set<string>();
  let capped = false;
  for (const filter of perServiceProfile(request.filter)) {
    const pages = orders.searchPages({ ...request, filter });
    for (;;) {
      const page = await pages.next();
      if (page.done) {
        capped ||= page.value.capped;
        break;
      }
      const fresh = page.value.filter((s) => !seen.has(s.shipmentId));
      for (const s of fresh) seen.add(s.shipmentId);
      if (fresh.length > 0) yield fresh;
    }
  }
  return { capped };
}

/** The whole search over every seller-packed profile as one list, with the cap flag. */
export async function searchAllSellerPacked(orders: Pick<OrdersClient, 'searchPages'>, request: SearchRequest): Promise<{ shipments: ShipmentWire[]; capped: boolean }> {
  const shipments: ShipmentWire[] = [];
  const it = searchSellerPacked(orders, request);
  for (;;) {
    const r = await it.next();
    if (r.done) return { shipments, capped: r.value.capped };
    shipments.push(...r.value);
  }
}
