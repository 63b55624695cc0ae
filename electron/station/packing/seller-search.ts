// The shipment search over every service profile the seller packs. spec § POST
// /v3/shipments/filter/: `serviceProfiles` is one String and defaults to NON_FBF, so a search
// without it never returns FBF_LITE shipments, which the seller packs too (the SDK types it a
// list, sdk-facts § 4, but the spec's String is what every marketplace accepts). One search per
// profile, merged by shipment id: the queue, the waves and the dispatch of packed
// shipments all search through here, so they see the same shipments.
import type { SearchFilter, SearchRequest, ShipmentWire } from '../../../shared/api/shipments.js';
import type { OrdersClient } from '../api/orders-client.js';
import { slicedSearch, type SlicedSearchOptions } from './sliced-search.js';

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
 * Pages of the search over every seller-packed profile, each shipment once (an order with items of
 * two profiles is found by both searches), the profiles and the dispatchByDate windows of each
 * paged side by side (sliced-search.ts), so the whole queue arrives in seconds even beyond
 * maxDataRetrievalAllowed. Returns whether some part could still not be read whole.
 */
export function searchSellerPacked(orders: Pick<OrdersClient, 'searchPages'>, request: SearchRequest, options?: SlicedSearchOptions): AsyncGenerator<ShipmentWire[], { capped: boolean }> {
  return slicedSearch(orders, perServiceProfile(request.filter).map((filter) => ({ ...request, filter })), options);
}

/**
 * The same search one page after another through nextPageUrl, one profile after the other: what
 * the interface's paging gives without slicing (kept as the bench's baseline).
 */
export async function* searchSellerPackedSequential(orders: Pick<OrdersClient, 'searchPages'>, request: SearchRequest): AsyncGenerator<ShipmentWire[], { capped: boolean }> {
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
    // Windows answer in any order: the list is put back in the order the search asked for.
    if (r.done) return { shipments: inRequestedOrder(shipments, request), capped: r.value.capped };
    shipments.push(...r.value);
  }
}

/** Sorted by dispatchByDate as the request asks (ascending by default), ties by shipment id. */
function inRequestedOrder(shipments: ShipmentWire[], request: SearchRequest): ShipmentWire[] {
  // Other sort fields are not cut into windows: one chain per profile, already in order.
  if ((request.sort?.field ?? 'dispatchByDate') !== 'dispatchByDate') return shipments;
  const dir = request.sort?.order === 'desc' ? -1 : 1;
  return shipments.sort((a, b) => {
    if (a.dispatchByDate !== b.dispatchByDate) return a.dispatchByDate < b.dispatchByDate ? -dir : dir;
    return a.shipmentId < b.shipmentId ? -1 : a.shipmentId > b.shipmentId ? 1 : 0;
  });
}
