// The listing operations that change listings (spec § Listing operations): create and update,
// standard and hyperlocal, and the narrow price and inventory updates. Each SKU stands alone: a
// failing SKU changes nothing and does not stop the others (spec: "each SKU carries its own
// result"). Listings are per seller; another seller's SKU of the same name is a different listing.
import type { RouteContext, RouteResult } from '../http/route.js';
import type { ListingRec, Seller } from '../world/model.js';
import type { World } from '../world/world.js';
import { isValidSku, type ListingChangeResult, type ListingChangeResponse } from '../../../shared/api/listings.js';
import { LISTING_CODES } from '../../../shared/api/listing-codes.js';
import { checkListing } from '../../../shared/api/listing-rules.js';
import { checkInventoryUpdate, checkPriceUpdate } from '../../../shared/api/listing-update-rules.js';
import { skuEntries, skuFailure, skuResult } from './batch.js';
import { buildData, catalogueFacts, listingKey, locationsOf, packageIdsOf, stateAfterWrite } from './record.js';

type Handler = (world: World, seller: Seller, sku: string, body: unknown) => ListingChangeResult;

/** Runs one handler per SKU of the body and answers the map of results. */
function perSku(ctx: RouteContext, handle: Handler): RouteResult {
  const seller = ctx.seller!;
  const results = skuEntries(ctx).map(([sku, body]): [string, ListingChangeResult] => [
    sku,
    isValidSku(sku)
      ? handle(ctx.world, seller, sku, body)
      : skuFailure(LISTING_CODES.SKU_INVALID, `SKU ${JSON.stringify(sku)} is not valid: 1 to 64 characters, no comma, no control characters, no leading or trailing blank.`),
  ]);
  // fromEntries defines own properties, so even a SKU named "__proto__" keeps its result.
  const out: ListingChangeResponse = Object.fromEntries(results);
  return { json: out };
}

function unknownSku(sku: string): ListingChangeResult {
  return skuFailure(LISTING_CODES.SKU_UNKNOWN, `SKU ${JSON.stringify(sku)} has no listing; create it first.`);
}

function touch(world: World, rec: ListingRec): void {
  rec.updatedAt = world.nowIso();
  world.touch('listing', listingKey(rec.sellerId, rec.sku));
}

/**
 * POST /listings/v3 and /listings/v3/hyperlocal (create: an existing SKU is overwritten) and
 * their /update variants (an unknown SKU fails; archived_status may archive or restore).
 */
export function writeListings(ctx: RouteContext, operation: 'create' | 'update', hyperlocal: boolean): RouteResult {
  return perSku(ctx, (world, seller, sku, body) => {
    const listings = world.listingsOf(seller.sellerId);
    const existing = listings.get(sku);
    if (operation === 'update') {
      if (!existing) return unknownSku(sku);
      if (existing.hyperlocal !== hyperlocal) {
        const path = existing.hyperlocal ? '/listings/v3/hyperlocal/update' : '/listings/v3/update';
        return skuFailure(LISTING_CODES.WRONG_LISTING_KIND, `SKU ${JSON.stringify(sku)} is a ${existing.hyperlocal ? 'hyperlocal' : 'standard'} listing; update it with ${path}.`);
      }
    }
    const checked = checkListing(body, {
      operation,
      hyperlocal,
      sellerLocationIds: seller.locations.map((l) => l.locationId),
      existingPackageIds: operation === 'update' && existing ? packageIdsOf(existing) : undefined,
    });
    if (!checked.value) return skuResult(checked.issues);
    const input = checked.value;

    // Update without archived_status keeps the listing's archive state (spec: "optional").
    const archived = input.archived_status ?? (operation === 'update' && existing?.internalState === 'ARCHIVED' ? 'ARCHIVED' : 'NONE');
    const sameProduct = existing !== undefined && existing.data.product_id === input.product_id;
    const facts = sameProduct ? existing : catalogueFacts(world, input.product_id);
    const keep = sameProduct || operation === 'update' ? existing : undefined;
    const rec: ListingRec = {
      sku,
      sellerId: seller.sellerId,
      hyperlocal,
      fsn: facts.fsn,
      title: facts.title,
      vertical: facts.vertical,
      serialized: facts.serialized,
      refurbished: facts.refurbished,
      selfShip: facts.selfShip,
      data: buildData(world, input, facts, hyperlocal, keep, archived),
      internalState: stateAfterWrite(existing?.internalState, input.listing_status, archived),
      updatedAt: world.nowIso(),
    };
    listings.set(sku, rec);
    touch(world, rec);
    return skuResult(checked.issues);
  });
}

/** POST /listings/v3/update/price (spec § Listing operations). */
export function updatePrices(ctx: RouteContext): RouteResult {
  return perSku(ctx, (world, seller, sku, body) => {
    const rec = world.listingsOf(seller.sellerId).get(sku);
    if (!rec) return unknownSku(sku);
    const checked = checkPriceUpdate(body, { productId: rec.data.product_id as string });
    if (!checked.value) return skuResult(checked.issues);
    const { mrp, selling_price } = checked.value.price;
    rec.data.price = { ...(rec.data.price as object), mrp, selling_price, marketplace_selling_price: selling_price, currency: 'INR' };
    touch(world, rec);
    return skuResult(checked.issues);
  });
}

/** POST /listings/v3/update/inventory (spec § Listing operations). */
export function updateInventory(ctx: RouteContext): RouteResult {
  return perSku(ctx, (world, seller, sku, body) => {
    const rec = world.listingsOf(seller.sellerId).get(sku);
    if (!rec) return unknownSku(sku);
    const locations = locationsOf(rec);
    const checked = checkInventoryUpdate(body, { productId: rec.data.product_id as string, listingLocationIds: locations.map((l) => l.id) });
    if (!checked.value) return skuResult(checked.issues);
    for (const change of checked.value.locations) {
      const loc = locations.find((l) => l.id === change.id);
      if (loc) loc.inventory = change.inventory;
    }
    touch(world, rec);
    return skuResult(checked.issues);
  });
}
