// Handover to the courier: what waits per courier group (one row per group, whatever kinds of
// parcel it holds), the one-time code (OTC) the courier asks for where the marketplace gives one,
// and the loading list the scan-out check ticks parcels off against. The loading list is what
// the manifest lists: the location's shipments READY_TO_DISPATCH that marketplace logistics
// collects (spec § Shipment: "after READY_TO_DISPATCH the seller downloads the manifest for
// handover"), of every profile the seller packs (NON_FBF and FBF_LITE); self-ship shipments
// leave with the seller's own courier and are not on it. Each shipment counts the parcels it was
// packed as (parcels-as-packed.ts), the boxes its label and slips were printed for.
import { keyed } from '../../../../shared/i18n/station-sentences.js';
import type { VendorGroupCount } from '../../../../shared/api/handover.js';
import { MAX_SEARCH_PAGE_SIZE } from '../../../../shared/api/limits.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { marketplaceTrouble, titlesOf } from './desk-deps.js';
import { searchAllSellerPacked } from '../../packing/seller-search.js';
import { parcelsOf } from '../../packing/parcels-as-packed.js';

type Group = ResultOf<'handover.counts'>[number];
type LoadingList = ResultOf<'handover.loadingList'>;

/** The marketplace answers one element per group and parcel kind (sdk-facts § 5.3): one row per group here. */
export function handoverGroups(counts: readonly VendorGroupCount[]): Group[] {
  const groups = new Map<string, Group>();
  for (const c of counts) {
    const g = groups.get(c.vendorGroupCode);
    const otc = c.otc.code ?? undefined;
    const otcProblem = !otc && c.otc.error_code ? c.otc.error_code : undefined;
    if (!g) {
      groups.set(c.vendorGroupCode, {
        vendorGroupCode: c.vendorGroupCode,
        count: c.count,
        mpsCount: c.isMps ? c.count : 0,
        pickupFrom: c.pickUpDate.from,
        pickupTo: c.pickUpDate.to,
        ...(otc ? { otc } : {}),
        ...(otcProblem ? { otcProblem } : {}),
      });
      continue;
    }
    g.count += c.count;
    if (c.isMps) g.mpsCount += c.count;
    if (c.pickUpDate.from < g.pickupFrom) g.pickupFrom = c.pickUpDate.from;
    if (c.pickUpDate.to > g.pickupTo) g.pickupTo = c.pickUpDate.to;
    g.otc ??= otc;
    if (!g.otc) g.otcProblem ??= otcProblem;
    else delete g.otcProblem;
  }
  return [...groups.values()];
}

export function handoverHandlers(ctx: AppContext): Handlers {
  return {
    'handover.loadingList': async () => {
      const locationId = ctx.locationId();
      const orders = ctx.marketplace().orders;
      try {
        // Every profile the seller packs and hands over (NON_FBF and FBF_LITE): the search's
        // serviceProfiles defaults to NON_FBF alone (spec § filter), so each is asked for.
        const { shipments, capped } = await searchAllSellerPacked(orders, {
          filter: { type: 'preDispatch', states: ['READY_TO_DISPATCH'], locationId, shipmentTypes: ['NORMAL', 'EXPRESS'] },
          pagination: { pageSize: MAX_SEARCH_PAGE_SIZE },
        });
        const details = shipments.length > 0 ? await orders.shippingDetails(shipments.map((s) => s.shipmentId)) : [];
        const tracking = new Map(details.map((d) => [d.shipmentId, d.trackingId]));
        // As packed: the parcels the pack sent (this desk's journal), else the record's sub-shipments.
        const packed = ctx.parcels ? await ctx.parcels.of(shipments) : new Map(shipments.map((s) => [s.shipmentId, parcelsOf(s)]));
        const list: LoadingList = {
          capped,
          parcels: shipments.map((s) => ({
            shipmentId: s.shipmentId,
            ...(tracking.get(s.shipmentId) ? { trackingId: tracking.get(s.shipmentId)! } : {}),
            what: titlesOf(s),
            packages: Math.max(1, packed.get(s.shipmentId)?.length ?? 1),
          })),
        };
        return list;
      } catch (e) {
        throw marketplaceTrouble(e, keyed('station.marketplace.what.readHandover'));
      }
    },
  };
}
