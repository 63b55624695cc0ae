// The listing operations that read (spec § Listing operations): GET /listings/v3/{sku-ids},
// POST /listings/v3/details and POST /listings/v3/product/search. A seller sees only its own
// listings: another seller's SKU is simply "unavailable".
import { listingBatchError, type RouteContext, type RouteResult } from '../http/route.js';
import { LISTINGS_PER_SEARCH_BATCH, MAX_SKUS_PER_REQUEST } from '../../../shared/api/limits.js';
import { InternalState } from '../../../shared/api/enums.js';
import { LISTING_CODES } from '../../../shared/api/listing-codes.js';
import {
  isValidSku,
  type GetListingsResponse,
  type ProductSearchResponse,
} from '../../../shared/api/listings.js';
import type { World } from '../world/world.js';
import { jsonBody } from './batch.js';
import { ordersToBeFulfilled, toSearchItem, toWire } from './record.js';

function tooMany(n: number, path: string) {
  return listingBatchError([
    { code: LISTING_CODES.TOO_MANY_SKUS, description: `${n} SKUs were asked for; at most ${MAX_SKUS_PER_REQUEST} are allowed per call.`, path },
  ]);
}

/** available / unavailable / invalid for a list of SKUs (spec § Listing operations, GET). */
function lookup(world: World, sellerId: string, skus: readonly string[]): GetListingsResponse {
  const answer: GetListingsResponse = { available: {}, unavailable: [], invalid: [] };
  const listings = world.listingsOf(sellerId);
  for (const sku of new Set(skus)) {
    if (!isValidSku(sku)) {
      answer.invalid.push(sku);
      continue;
    }
    const rec = listings.get(sku);
    if (rec) answer.available[sku] = toWire(rec, ordersToBeFulfilled(world.shipments.values(), sellerId, sku));
    else answer.unavailable.push(sku);
  }
  return answer;
}

/** GET /listings/v3/{sku-ids}: comma-separated, at most MAX_SKUS_PER_REQUEST. */
export function getBySkuIds(ctx: RouteContext): RouteResult {
  const raw = ctx.params.skuIds ?? '';
  const skus = raw.split(',').filter((s) => s.length > 0);
  if (skus.length === 0) {
    throw listingBatchError([{ code: LISTING_CODES.NO_SKUS, description: 'Name at least one SKU in the path, comma-separated.', path: 'sku-ids' }]);
  }
  if (skus.length > MAX_SKUS_PER_REQUEST) throw tooMany(skus.length, 'sku-ids');
  return { json: lookup(ctx.world, ctx.seller!.sellerId, skus) };
}

function field(description: string, path: string) {
  return listingBatchError([{ code: LISTING_CODES.INVALID_FIELD, description, path }]);
}

function objectBody(ctx: RouteContext): Record<string, unknown> {
  const body = jsonBody(ctx);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw listingBatchError([{ code: LISTING_CODES.BODY_NOT_OBJECT, description: 'The body must be a JSON object.', path: '$' }]);
  }
  return body as Record<string, unknown>;
}

/** POST /listings/v3/details: {sku_ids: [..]} with at most MAX_SKUS_PER_REQUEST. */
export function getDetails(ctx: RouteContext): RouteResult {
  const body = objectBody(ctx);
  const ids = body.sku_ids;
  if (ids === undefined || ids === null) throw field('sku_ids is mandatory: a list of SKUs.', '$.sku_ids');
  if (!Array.isArray(ids)) throw field('sku_ids must be a list of SKUs.', '$.sku_ids');
  const bad = ids.findIndex((s) => typeof s !== 'string');
  if (bad >= 0) throw field(`sku_ids[${bad}] must be a string.`, `$.sku_ids[${bad}]`);
  if (ids.length === 0) throw listingBatchError([{ code: LISTING_CODES.NO_SKUS, description: 'sku_ids names no SKU.', path: '$.sku_ids' }]);
  if (ids.length > MAX_SKUS_PER_REQUEST) throw tooMany(ids.length, '$.sku_ids');
  return { json: lookup(ctx.world, ctx.seller!.sellerId, ids as string[]) };
}

/**
 * POST /listings/v3/product/search: the seller's listings in one internal state, optionally
 * narrowed by searchText (matched without regard to case against SKU, product name and
 * product_id), in SKU order, LISTINGS_PER_SEARCH_BATCH per batch from batchNo 0.
 */
export function productSearch(ctx: RouteContext): RouteResult {
  const body = objectBody(ctx);
  const batchNo = body.batchNo;
  if (batchNo === undefined || batchNo === null) throw field('batchNo is mandatory; the first batch is 0.', '$.batchNo');
  if (typeof batchNo !== 'number' || !Number.isInteger(batchNo) || batchNo < 0) {
    throw field(`batchNo must be a whole number from 0 (it is ${JSON.stringify(batchNo)}).`, '$.batchNo');
  }
  const state = InternalState.safeParse(body.internalState);
  if (!state.success) {
    throw field(
      body.internalState === undefined || body.internalState === null
        ? `internalState is mandatory: one of ${InternalState.options.join(', ')}.`
        : `internalState ${JSON.stringify(body.internalState)} is not one of ${InternalState.options.join(', ')}.`,
      '$.internalState',
    );
  }
  const text = body.searchText;
  if (text !== undefined && text !== null && typeof text !== 'string') throw field('searchText must be a string.', '$.searchText');
  const needle = typeof text === 'string' ? text.trim().toLowerCase() : '';

  const matches = [...ctx.world.listingsOf(ctx.seller!.sellerId).values()]
    .filter((l) => l.internalState === state.data)
    .filter((l) => needle === '' || [l.sku, l.title, String(l.data.product_id)].some((s) => s.toLowerCase().includes(needle)))
    .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const start = batchNo * LISTINGS_PER_SEARCH_BATCH;
  const answer: ProductSearchResponse = {
    totalListingsCount: matches.length,
    listingData: matches.slice(start, start + LISTINGS_PER_SEARCH_BATCH).map(toSearchItem),
  };
  return { json: answer };
}
