// Handover operations: vendor group counts, the manifest and OTC details (spec § Operations known
// by method, path and purpose only; sdk-facts § 5.2, § 5.3). The OTC shape is the project's.
import { orderError, type RouteDef } from '../http/route.js';
import { HandoverCountsResponse, ManifestRequest, OtcRequestType, OtcResponse } from '../../../shared/api/handover.js';
import { renderManifest } from '../documents/index.js';
import type { LocationRec, Seller } from '../world/model.js';
import type { World } from '../world/world.js';
import { awaitingHandover, handoverCounts, otcCode, pickupWindow } from './handover.js';
import { describeZod, jsonBody, sellerOf } from './request-checks.js';
import { parseSearchDate } from './search-query.js';

/** A location of the caller; another seller's is OPERATION_NOT_ALLOWED, an unknown one INVALID_LOCATION. */
function locationOf(world: World, seller: Seller, locationId: string): LocationRec {
  const own = seller.locations.find((l) => l.locationId === locationId);
  if (own) return own;
  for (const other of world.sellers.values()) {
    if (other.locations.some((l) => l.locationId === locationId)) throw orderError(403, 'OPERATION_NOT_ALLOWED', `Location ${locationId} does not belong to this seller.`);
  }
  throw orderError(400, 'INVALID_LOCATION', `Location ${locationId} is not known.`);
}

export const handoverRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/sellers/v3/shipments/handover/counts',
    auth: 'bearer',
    summary: 'Shipments waiting for handover per vendor group (bare JSON array)',
    specRef: 'spec § Operations known by method, path and purpose only; sdk-facts § 5.3',
    response: HandoverCountsResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const locationId = ctx.query.get('locationId') || undefined;
      if (locationId) locationOf(ctx.world, seller, locationId);
      return { json: handoverCounts(ctx.world, seller.sellerId, locationId) };
    },
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/manifest',
    auth: 'bearer',
    summary: 'Manifest (PDF) of the READY_TO_DISPATCH shipments of a vendor group',
    specRef: 'spec § Operations known by method, path and purpose only; sdk-facts § 5.2',
    request: ManifestRequest,
    produces: 'application/pdf',
    handler: async (ctx) => {
      const seller = sellerOf(ctx);
      const parsed = ManifestRequest.safeParse(jsonBody(ctx));
      if (!parsed.success) throw orderError(400, 'INVALID_REQUEST_JSON', `The manifest body must be {params: {vendorGroupCode, pickupDate?, locationId?, is_mps?}}: ${describeZod(parsed.error)}`);
      const { vendorGroupCode, locationId, is_mps: mps, pickupDate } = parsed.data.params;
      for (const end of ['from', 'to'] as const) {
        const v = pickupDate?.[end];
        if (v !== undefined && parseSearchDate(v, end) === undefined) throw orderError(400, 'INVALID_DATE_FORMAT', `params.pickupDate.${end} is not an ISO date-time.`);
      }
      if (locationId) locationOf(ctx.world, seller, locationId);
      const shipments = awaitingHandover(ctx.world, seller.sellerId, { vendorGroupCode, locationId, mps });
      if (shipments.length === 0) throw orderError(422, 'UNPROCESSABLE_ENTITY', `No shipment of vendor group ${vendorGroupCode} is READY_TO_DISPATCH: nothing to hand over.`);
      const location = seller.locations.find((l) => l.locationId === shipments[0].locationId) ?? seller.locations[0];
      let bytes: Uint8Array;
      try {
        bytes = await renderManifest({ seller, location, vendorGroupCode, generatedAt: ctx.world.nowIso(), shipments });
      } catch (e) {
        throw orderError(500, 'DEPENDENT_SYSTEM_CALL_FAILED', `The manifest could not be generated: ${(e as Error).message}`);
      }
      return { body: Buffer.from(bytes), contentType: 'application/pdf' };
    },
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/otc/{locationId}',
    auth: 'bearer',
    summary: 'One-time codes for handover at a location (requestType FORWARD: parcels to couriers; REVERSE: returns received)',
    specRef: 'spec § Operations known by method, path and purpose only',
    response: OtcResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const location = locationOf(ctx.world, seller, ctx.params.locationId);
      const type = OtcRequestType.safeParse(ctx.query.get('requestType'));
      if (!type.success) throw orderError(422, 'UNPROCESSABLE_ENTITY', `requestType must be one of ${OtcRequestType.options.join(', ')}.`);
      const window = pickupWindow(ctx.world.now());
      const groups = new Set<string>();
      if (type.data === 'FORWARD') {
        for (const s of awaitingHandover(ctx.world, seller.sellerId, { locationId: location.locationId })) groups.add(s.vendorGroupCode);
      } else {
        for (const r of ctx.world.returns.values()) {
          if (r.sellerId !== seller.sellerId || r.locationId !== location.locationId || r.status !== 'CREATED') continue;
          const s = ctx.world.shipments.get(r.shipmentId);
          if (s) groups.add(s.vendorGroupCode);
        }
      }
      const otcs = [...groups].sort().map((vendorGroupCode) => ({ vendorGroupCode, code: otcCode(vendorGroupCode, window.from, type.data), validFrom: window.from, validTo: window.to, error_code: null }));
      return { json: { locationId: location.locationId, requestType: type.data, otcs } };
    },
  },
];
