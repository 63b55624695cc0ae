// Listing operations (spec § Listing operations). Every write is a map SKU -> object of at most
// 10 SKUs; this client takes any number, batches them, and returns one SKU -> result map in which
// every SKU carries its own status, errors and attribute_errors (spec: "Clients must test status
// per SKU"). A batch the service refuses whole (400) becomes a failure of each of its SKUs.
import { LISTINGS_PER_SEARCH_BATCH, MAX_SKUS_PER_REQUEST } from '../../../shared/api/limits.js';
import {
  GetListingsResponse,
  LISTINGS_BASE_PATH,
  ListingChangeResponse,
  ProductSearchResponse,
  type HyperlocalListingInput,
  type InventoryUpdateInput,
  type ListingChangeResult,
  type ListingInput,
  type ListingRecord,
  type PriceUpdateInput,
  type ProductSearchItem,
} from '../../../shared/api/listings.js';
import type { InternalState } from '../../../shared/api/enums.js';
import { chunk, mapLimit } from './concurrency.js';
import { MarketplaceError } from './errors.js';
import type { MarketplaceHttp } from './http.js';
import { parseAnswer, parseChangeAnswer } from './parse.js';

const JSON_UTF8 = 'application/json; charset=utf-8';
const BATCH_CONCURRENCY = 3;

export type ListingWrite = 'create' | 'update' | 'hyperlocal' | 'hyperlocalUpdate' | 'price' | 'inventory';
const WRITE_PATHS: Record<ListingWrite, string> = {
  create: '',
  update: '/update',
  hyperlocal: '/hyperlocal',
  hyperlocalUpdate: '/hyperlocal/update',
  price: '/update/price',
  inventory: '/update/inventory',
};

export interface ListingLookup {
  available: Record<string, ListingRecord>;
  unavailable: string[];
  invalid: string[];
}

export class ListingsClient {
  constructor(private readonly http: MarketplaceHttp) {}

  create(listings: Record<string, ListingInput>) {
    return this.write('create', listings);
  }
  update(listings: Record<string, ListingInput & { archived_status?: 'ARCHIVED' | 'NONE' }>) {
    return this.write('update', listings);
  }
  createHyperlocal(listings: Record<string, HyperlocalListingInput>) {
    return this.write('hyperlocal', listings);
  }
  updateHyperlocal(listings: Record<string, HyperlocalListingInput & { archived_status?: 'ARCHIVED' | 'NONE' }>) {
    return this.write('hyperlocalUpdate', listings);
  }
  updatePrice(prices: Record<string, PriceUpdateInput>) {
    return this.write('price', prices);
  }
  updateInventory(inventory: Record<string, InventoryUpdateInput>) {
    return this.write('inventory', inventory);
  }

  async write(kind: ListingWrite, bySku: Record<string, unknown>): Promise<Record<string, ListingChangeResult>> {
    const entries = Object.entries(bySku);
    const out: Record<string, ListingChangeResult> = {};
    await mapLimit(chunk(entries, MAX_SKUS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) => {
      const body = Object.fromEntries(batch);
      try {
        const r = await this.http.send({ method: 'POST', path: LISTINGS_BASE_PATH + WRITE_PATHS[kind], body, contentType: JSON_UTF8, mutating: true });
        Object.assign(out, parseChangeAnswer(ListingChangeResponse, r, `listing ${kind}`));
      } catch (e) {
        // A whole-batch refusal (400) names the failing JSON node; every SKU of it gets that error.
        if (e instanceof MarketplaceError && e.status === 400) {
          for (const [sku] of batch) {
            out[sku] = { status: 'failure', errors: [{ severity: 'ERROR', code: Number(e.code ?? 0) || 0, description: e.message }], attribute_errors: [] };
          }
        } else throw e;
      }
    });
    return out;
  }

  /** GET /listings/v3/{sku-ids} in batches of 10, merged. */
  async get(skus: string[]): Promise<ListingLookup> {
    const out: ListingLookup = { available: {}, unavailable: [], invalid: [] };
    const answers = await mapLimit(chunk([...new Set(skus)], MAX_SKUS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(
        GetListingsResponse,
        (await this.http.send({ method: 'GET', path: `${LISTINGS_BASE_PATH}/${batch.map(encodeURIComponent).join(',')}`, mutating: false })).json,
        'get listings',
      ),
    );
    for (const a of answers) {
      Object.assign(out.available, a.available);
      out.unavailable.push(...a.unavailable);
      out.invalid.push(...a.invalid);
    }
    return out;
  }

  /** POST /listings/v3/details in batches of 10. */
  async details(skus: string[]): Promise<ListingLookup> {
    const out: ListingLookup = { available: {}, unavailable: [], invalid: [] };
    const answers = await mapLimit(chunk([...new Set(skus)], MAX_SKUS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(
        GetListingsResponse,
        (await this.http.send({ method: 'POST', path: `${LISTINGS_BASE_PATH}/details`, body: { sku_ids: batch }, contentType: JSON_UTF8, mutating: false })).json,
        'listing details',
      ),
    );
    for (const a of answers) {
      Object.assign(out.available, a.available);
      out.unavailable.push(...a.unavailable);
      out.invalid.push(...a.invalid);
    }
    return out;
  }

  /** Product search by internal state, batch by batch of 20 until all are read (spec § product/search). */
  async *search(internalState: InternalState, searchText?: string): AsyncGenerator<ProductSearchItem[], number> {
    for (let batchNo = 0; ; batchNo++) {
      const r = await this.http.send({
        method: 'POST',
        path: `${LISTINGS_BASE_PATH}/product/search`,
        body: { batchNo, internalState, ...(searchText ? { searchText } : {}) },
        mutating: false,
      });
      const answer = parseAnswer(ProductSearchResponse, r.json, 'product search');
      if (answer.listingData.length > 0) yield answer.listingData;
      if (answer.listingData.length < LISTINGS_PER_SEARCH_BATCH || (batchNo + 1) * LISTINGS_PER_SEARCH_BATCH >= answer.totalListingsCount) {
        return answer.totalListingsCount;
      }
    }
  }
}
