// Routes: listing operations (spec § Listing operations). The spec writes `/listings/v3/...`;
// they live under `/sellers` (sdk-facts § 1). Handlers are in ../listings/.
import { z } from 'zod';
import type { RouteDef } from '../http/route.js';
import {
  DetailsRequest,
  GetListingsResponse,
  HyperlocalListingInput,
  InventoryUpdateInput,
  LISTINGS_BASE_PATH as BASE,
  ListingChangeResponse,
  ListingInput,
  PriceUpdateInput,
  ProductSearchRequest,
  ProductSearchResponse,
} from '../../../shared/api/listings.js';
import { writeListings, updateInventory, updatePrices } from '../listings/write.js';
import { getBySkuIds, getDetails, productSearch } from '../listings/read.js';

const SPEC = 'spec § Listing operations';
const map = (item: z.ZodType) => z.record(z.string(), item);

export const listingRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: BASE,
    auth: 'bearer',
    summary: 'Create listings; an existing SKU is overwritten',
    specRef: SPEC,
    request: map(ListingInput),
    response: ListingChangeResponse,
    handler: (ctx) => writeListings(ctx, 'create', false),
  },
  {
    method: 'POST',
    path: `${BASE}/update`,
    auth: 'bearer',
    summary: 'Update listings; an unknown SKU fails; optional archived_status',
    specRef: SPEC,
    request: map(ListingInput),
    response: ListingChangeResponse,
    handler: (ctx) => writeListings(ctx, 'update', false),
  },
  {
    method: 'POST',
    path: `${BASE}/hyperlocal`,
    auth: 'bearer',
    summary: 'Create hyperlocal listings (single package and location objects)',
    specRef: SPEC,
    request: map(HyperlocalListingInput),
    response: ListingChangeResponse,
    handler: (ctx) => writeListings(ctx, 'create', true),
  },
  {
    method: 'POST',
    path: `${BASE}/hyperlocal/update`,
    auth: 'bearer',
    summary: 'Update hyperlocal listings; optional archived_status',
    specRef: SPEC,
    request: map(HyperlocalListingInput),
    response: ListingChangeResponse,
    handler: (ctx) => writeListings(ctx, 'update', true),
  },
  {
    method: 'POST',
    path: `${BASE}/update/price`,
    auth: 'bearer',
    summary: 'Update price (mrp, selling_price, currency) per SKU',
    specRef: SPEC,
    request: map(PriceUpdateInput),
    response: ListingChangeResponse,
    handler: updatePrices,
  },
  {
    method: 'POST',
    path: `${BASE}/update/inventory`,
    auth: 'bearer',
    summary: 'Update inventory per location per SKU',
    specRef: SPEC,
    request: map(InventoryUpdateInput),
    response: ListingChangeResponse,
    handler: updateInventory,
  },
  {
    method: 'POST',
    path: `${BASE}/details`,
    auth: 'bearer',
    summary: 'Listings of up to 10 SKUs (body sku_ids)',
    specRef: SPEC,
    request: DetailsRequest,
    response: GetListingsResponse,
    handler: getDetails,
  },
  {
    method: 'POST',
    path: `${BASE}/product/search`,
    auth: 'bearer',
    summary: 'Listings by internal state, 20 per batch',
    specRef: SPEC,
    request: ProductSearchRequest,
    response: ProductSearchResponse,
    handler: productSearch,
  },
  {
    method: 'GET',
    path: `${BASE}/{skuIds}`,
    auth: 'bearer',
    summary: 'Listings of up to 10 comma-separated SKUs',
    specRef: SPEC,
    response: GetListingsResponse,
    handler: getBySkuIds,
  },
];
