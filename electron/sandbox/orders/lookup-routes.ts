// Reading shipments: search with paging, get by ids, shipping details (spec § POST
// /v3/shipments/filter/, § GET /v3/shipments, § GET /v3/shipments/{shipmentIds}).
import { orderError, type RouteDef } from '../http/route.js';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import {
  SearchRequest,
  SearchResponse,
  ShipmentsResponse,
  ShippingDetailsResponse,
  type ShipmentWire,
  type ShippingDetailsWire,
} from '../../../shared/api/shipments.js';
import type { ShipmentRec } from '../world/model.js';
import { jsonBody, parseIdList, sellerOf } from './request-checks.js';
import { searchFirstPage, searchNextPage } from './search.js';
import { shipmentWire, shippingDetailsWire } from './shipment-wire.js';

const BY_IDS_PARAMS = ['shipmentIds', 'orderItemIds', 'orderIds'] as const;

export const lookupRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sellers/v3/shipments/filter/',
    auth: 'bearer',
    summary: 'Search shipments (first page)',
    specRef: 'spec § POST /v3/shipments/filter/',
    request: SearchRequest,
    response: SearchResponse,
    handler: (ctx) => ({ json: searchFirstPage(ctx.world, sellerOf(ctx).sellerId, jsonBody(ctx)) }),
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/filter',
    auth: 'bearer',
    summary: 'Search shipments (next page through nextPageUrl)',
    specRef: 'sdk-facts § 4',
    response: SearchResponse,
    handler: (ctx) => ({ json: searchNextPage(ctx.world, sellerOf(ctx).sellerId, ctx.query.get('next_token')) }),
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments',
    auth: 'bearer',
    summary: 'Get shipments by shipmentIds, orderItemIds or orderIds',
    specRef: 'spec § GET /v3/shipments',
    response: ShipmentsResponse,
    // Ids that are unknown or another seller's are left out of the answer rather than refused:
    // a client fetching a batch gets what it may see (recorded in electron/sandbox/README.md).
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const given = BY_IDS_PARAMS.filter((p) => ctx.query.has(p));
      if (given.length !== 1) {
        throw orderError(422, 'UNPROCESSABLE_ENTITY', `Give exactly one of ${BY_IDS_PARAMS.join(', ')}; got ${given.length ? given.join(', ') : 'none'}.`);
      }
      const param = given[0];
      const ids = parseIdList(ctx.query.get(param), MAX_IDS_PER_REQUEST, param);
      const { world } = ctx;
      const seen = new Set<string>();
      const shipments: ShipmentWire[] = [];
      const add = (s: ShipmentRec | undefined) => {
        if (!s || s.sellerId !== seller.sellerId || seen.has(s.shipmentId)) return;
        seen.add(s.shipmentId);
        shipments.push(shipmentWire(world.settle(s), true));
      };
      for (const id of ids) {
        if (param === 'shipmentIds') add(world.shipments.get(id));
        else if (param === 'orderItemIds') {
          const sid = world.orderItemIndex.get(id);
          add(sid ? world.shipments.get(sid) : undefined);
        } else for (const sid of world.orderIndex.get(id) ?? []) add(world.shipments.get(sid));
      }
      return { json: { shipments } };
    },
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/{shipmentIds}',
    auth: 'bearer',
    summary: 'Shipping details of shipments (delivery address; buyer contact for self ship)',
    specRef: 'spec § GET /v3/shipments/{shipmentIds}, § Shipping details record',
    response: ShippingDetailsResponse,
    // Up to MAX_IDS_PER_REQUEST ids (25 recommended); unknown or other sellers' ids are left out.
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const ids = parseIdList(ctx.params.shipmentIds, MAX_IDS_PER_REQUEST);
      const shipments: ShippingDetailsWire[] = [];
      for (const id of ids) {
        const s = ctx.world.shipments.get(id);
        if (s && s.sellerId === seller.sellerId) shipments.push(shippingDetailsWire(ctx.world.settle(s)));
      }
      return { json: { shipments } };
    },
  },
];

