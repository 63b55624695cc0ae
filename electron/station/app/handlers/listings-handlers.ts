// Contract handlers of the listings screen (issue "packing desk app", screen 7): search by
// internal state, one listing whole, quick price and stock edits, the full listing form, and
// bulk CSV files. Every change is checked first with the rules the marketplace applies
// (shared/api/listing-rules.ts, listing-update-rules.ts), so a mistake shows at its field before
// any call; what the marketplace still refuses comes back with its attribute and JSON path.
import { keyed } from '../../../../shared/i18n/station-sentences.js';
import { InternalState } from '../../../../shared/api/enums.js';
import { LISTINGS_BASE_PATH, ProductSearchResponse, type ListingRecord } from '../../../../shared/api/listings.js';
import { LISTINGS_PER_SEARCH_BATCH } from '../../../../shared/api/limits.js';
import { bulkExport, MAX_BULK_ROWS } from '../../../../shared/listing-csv.js';
import { checkListing } from '../../../../shared/api/listing-rules.js';
import { checkInventoryUpdate, checkPriceUpdate } from '../../../../shared/api/listing-update-rules.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { StationError } from '../../../../shared/contract/define.js';
import { parseAnswer } from '../../api/parse.js';
import { istDate } from '../../packing/ist-dates.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { marketplaceTrouble } from './desk-deps.js';
import { applyBulk, planBulk } from './listings-bulk.js';
import { fromAnswer, fromIssues, inventoryOf, isHyperlocal, writeListings, type SkuResult } from './listings-results.js';

export function listingsHandlers(ctx: AppContext): Handlers {
  const listings = () => ctx.marketplace().listings;
  const lookup = async (skus: string[]) => {
    try {
      return await listings().get(skus);
    } catch (e) {
      throw marketplaceTrouble(e, keyed('station.marketplace.what.readListings'));
    }
  };
  return {
    'listings.search': ({ state, text, batchNo }) => searchBatch(ctx, state, text, batchNo),
    'listings.get': async ({ sku }) => {
      const found = await lookup([sku]);
      if (found.invalid.includes(sku)) throw new StationError('INVALID_SKU', `"${sku}" is not a valid SKU: 1 to 64 characters, no commas, no blanks at either end.`);
      const record = found.available[sku];
      return { sku, record, hyperlocal: record ? isHyperlocal(record) : false };
    },
    'listings.quickEdit': (args) => quickEdit(ctx, args),
    'listings.save': async ({ sku, listing, mode, hyperlocal }) => {
      // The station does not know every location of the seller (no onboarding call is in the
      // spec): this desk's and the listing's own are taken as known; the marketplace judges the rest.
      const named = hyperlocal ? [(listing.location as { id?: unknown } | undefined)?.id] : ((listing.locations as { id?: unknown }[] | undefined) ?? []).map((l) => l?.id);
      const sellerLocationIds = [ctx.locationId(), ...named.filter((id): id is string => typeof id === 'string')];
      const checked = checkListing(listing, { operation: mode, hyperlocal, sellerLocationIds });
      if (!checked.value) return fromIssues(sku, checked.issues);
      const kind = mode === 'create' ? (hyperlocal ? 'hyperlocal' : 'create') : hyperlocal ? 'hyperlocalUpdate' : 'update';
      const answers = await writeListings(ctx, kind, { [sku]: listing }, { mode, hyperlocal });
      return fromAnswer(sku, answers[sku], '', mode === 'create' ? 'Listing created.' : 'Listing saved.');
    },
    'listings.bulkPreview': async ({ csv, kind }) => ({ rows: (await planBulk(ctx, csv, kind)).rows }),
    'listings.bulkApply': ({ csv, kind, skus }) => applyBulk(ctx, csv, kind, skus),
    'listings.exportCsv': async ({ kind }) => {
      const listings = await everyListing(ctx);
      const day = istDate(ctx.clock.now());
      return { csv: bulkExport(kind, listings), fileName: `listings-${kind === 'price' ? 'prices' : 'stock'}-${day}.csv`, listings: listings.length };
    },
  };
}

type Row = ResultOf<'listings.search'>['rows'][number];

/** One batch of 20, as the screen pages (spec § Listing operations, product/search), with stock per location. */
async function searchBatch(ctx: AppContext, state: InternalState, text: string | undefined, batchNo: number): Promise<{ rows: Row[]; total: number }> {
  let answer;
  try {
    const r = await ctx.marketplace().http.send({
      method: 'POST',
      path: `${LISTINGS_BASE_PATH}/product/search`,
      body: { batchNo, internalState: state, ...(text?.trim() ? { searchText: text.trim() } : {}) },
      mutating: false,
    });
    answer = parseAnswer(ProductSearchResponse, r.json, 'product search');
  } catch (e) {
    throw marketplaceTrouble(e, keyed('station.marketplace.what.searchListings'));
  }
  // The search item has no stock; the listing records have it per location.
  let records: Record<string, ListingRecord> = {};
  if (answer.listingData.length > 0) {
    try {
      records = (await ctx.marketplace().listings.get(answer.listingData.map((i) => i.sku))).available;
    } catch (e) {
      throw marketplaceTrouble(e, keyed('station.marketplace.what.readListings'));
    }
  }
  const rows: Row[] = answer.listingData.map((i) => ({
    sku: i.sku,
    productId: i.productId,
    title: i.product_name,
    status: i.status,
    mrp: i.product_description.mrp,
    sellingPrice: i.product_description.ssp,
    inventory: inventoryOf(records[i.sku]),
  }));
  return { rows, total: answer.totalListingsCount };
}

/** Listings a seller still sells or may sell again: every state but archived. */
const EXPORTED_STATES = InternalState.options.filter((s) => s !== 'ARCHIVED');

/** Every listing of those states, batch after batch, up to what one bulk file may hold. */
async function everyListing(ctx: AppContext): Promise<Row[]> {
  const all: Row[] = [];
  for (const state of EXPORTED_STATES) {
    for (let batchNo = 0; all.length < MAX_BULK_ROWS; batchNo++) {
      const { rows, total } = await searchBatch(ctx, state, undefined, batchNo);
      all.push(...rows);
      if (rows.length === 0 || (batchNo + 1) * LISTINGS_PER_SEARCH_BATCH >= total) break;
    }
  }
  return all.slice(0, MAX_BULK_ROWS);
}

interface QuickEdit {
  sku: string;
  productId: string;
  mrp?: number;
  sellingPrice?: number;
  inventory?: { locationId: string; inventory: number }[];
}

/** Price and/or stock of one SKU; one result per change, each with its attribute paths. */
async function quickEdit(ctx: AppContext, args: QuickEdit): Promise<SkuResult[]> {
  const { sku, productId } = args;
  const wantsPrice = args.mrp !== undefined || args.sellingPrice !== undefined;
  if (!wantsPrice && !args.inventory?.length) throw new StationError('NOTHING_TO_CHANGE', 'Give a new price or stock before saving.');
  const results: SkuResult[] = [];
  let mrp = args.mrp;
  let sellingPrice = args.sellingPrice;
  if (wantsPrice && (mrp === undefined || sellingPrice === undefined)) {
    // The price update needs both numbers (spec § Listing operations, update/price); the other is kept.
    const record = (await ctx.marketplace().listings.get([sku]).catch((e) => Promise.reject(marketplaceTrouble(e, keyed('station.marketplace.what.readSku', { sku }))))).available[sku];
    if (!record) throw new StationError('UNKNOWN_SKU', `SKU ${sku} has no listing of this seller; nothing was changed.`);
    mrp ??= record.price.mrp;
    sellingPrice ??= record.price.selling_price ?? record.price.marketplace_selling_price;
  }
  const price = wantsPrice ? { product_id: productId, price: { mrp, selling_price: sellingPrice, currency: 'INR' } } : undefined;
  const inventory = args.inventory?.length ? { product_id: productId, locations: args.inventory.map((l) => ({ id: l.locationId, inventory: l.inventory })) } : undefined;
  if (price) {
    const { issues, value } = checkPriceUpdate(price);
    if (!value) results.push(fromIssues(sku, issues, 'Price: '));
    else results.push(fromAnswer(sku, (await writeListings(ctx, 'price', { [sku]: value }))[sku], 'Price: ', `saved (MRP ${mrp}, selling price ${sellingPrice}).`, keyed('listings.result.priceSaved', { mrp: mrp ?? 0, sp: sellingPrice ?? 0 })));
  }
  if (inventory) {
    const { issues, value } = checkInventoryUpdate(inventory);
    if (!value) results.push(fromIssues(sku, issues, 'Stock: '));
    else {
      const stock = inventory.locations.map((l) => `${l.id}: ${l.inventory}`).join(', ');
      results.push(fromAnswer(sku, (await writeListings(ctx, 'inventory', { [sku]: value }))[sku], 'Stock: ', `saved (${stock}).`, keyed('listings.result.stockSaved', { stock })));
    }
  }
  return results;
}
