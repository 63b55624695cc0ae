// Running a shipment search and paging through it (spec § POST /v3/shipments/filter/; sdk-facts §
// 4: next pages through GET /v3/shipments/filter?next_token=). A search is a snapshot: the first
// call filters and sorts the seller's shipments once and keeps the ordered id list (at most
// maxDataRetrievalAllowed of them); next pages slice that list, so paging through 100,000
// shipments never re-sorts them. The token carries the request itself, so a page still works
// after the snapshot was evicted or the sandbox restarted: the search is then run again.
import { orderError } from '../http/route.js';
import { MAX_SEARCH_RETRIEVAL } from '../../../shared/api/limits.js';
import type { SearchResponse } from '../../../shared/api/shipments.js';
import type { OrderItemRec, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';
import { parseSearchRequest, type MsRange, type SearchQuery } from './search-query.js';
import { shipmentWire } from './shipment-wire.js';

/** Snapshots kept per world; the oldest is dropped first. */
const MAX_SNAPSHOTS = 64;
const snapshots = new WeakMap<World, Map<string, string[]>>();

interface TokenBody {
  /** Seller the search belongs to. */
  s: string;
  /** The search request as first sent. */
  b: unknown;
  /** Offset of the next page. */
  o: number;
}

const inRange = (iso: string | undefined, r: MsRange | undefined): boolean => {
  if (!r) return true;
  if (!iso) return false;
  const t = Date.parse(iso);
  return t >= r[0] && t <= r[1];
};

function itemMatches(i: OrderItemRec, q: SearchQuery): boolean {
  if (!q.states.includes(i.status)) return false;
  if (!q.serviceProfiles.includes(i.serviceProfile)) return false;
  if (q.sku && !q.sku.includes(i.sku)) return false;
  if (q.cancellationType && i.cancellationType !== q.cancellationType) return false;
  return inRange(i.orderDate, q.orderDate) && inRange(i.cancellationDate, q.cancellationDate);
}

/** Does a shipment match? It does when one of its items matches every item-level condition. */
export function shipmentMatches(s: ShipmentRec, q: SearchQuery): boolean {
  if (q.locationId !== undefined && s.locationId !== q.locationId) return false;
  if (q.hold !== undefined && s.hold !== q.hold) return false;
  if (q.mps !== undefined && s.mps !== q.mps) return false;
  if (q.shipmentTypes && !q.shipmentTypes.includes(s.shipmentType)) return false;
  if (!inRange(s.dispatchAfterDate, q.dispatchAfterDate) || !inRange(s.dispatchByDate, q.dispatchByDate) || !inRange(s.updatedAt, q.modifiedDate)) return false;
  for (const i of s.orderItems) if (itemMatches(i, q)) return true;
  return false;
}

function sortKey(s: ShipmentRec, q: SearchQuery): string {
  switch (q.sortField) {
    case 'orderDate':
      return s.orderItems[0]?.orderDate ?? '';
    case 'modifiedDate':
      return s.updatedAt;
    case 'dispatchAfterDate':
      return s.dispatchAfterDate;
    default:
      return s.dispatchByDate;
  }
}

/** Filters and sorts the seller's shipments; keeps the first MAX_SEARCH_RETRIEVAL ids. */
function runSearch(world: World, sellerId: string, q: SearchQuery): string[] {
  // Documents that became ready move shipments to PACKED before states are compared.
  for (const id of [...world.packing]) {
    const s = world.shipments.get(id);
    if (s) world.settle(s);
  }
  const hits: { k: string; id: string }[] = [];
  for (const s of world.shipments.values()) {
    if (s.sellerId === sellerId && shipmentMatches(s, q)) hits.push({ k: sortKey(s, q), id: s.shipmentId });
  }
  const dir = q.sortOrder === 'desc' ? -1 : 1;
  // ISO strings in UTC compare as text; the id breaks ties so that pages never overlap.
  hits.sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Array<string>(Math.min(hits.length, MAX_SEARCH_RETRIEVAL));
  for (let i = 0; i < ids.length; i++) ids[i] = hits[i].id;
  return ids;
}

function snapshotStore(world: World): Map<string, string[]> {
  let map = snapshots.get(world);
  if (!map) {
    map = new Map();
    snapshots.set(world, map);
  }
  return map;
}

function page(world: World, sellerId: string, body: unknown, q: SearchQuery, offset: number, fresh: boolean): SearchResponse {
  const store = snapshotStore(world);
  const key = `${sellerId}\u0000${JSON.stringify(q)}`;
  let ids = fresh ? undefined : store.get(key);
  if (!ids) {
    ids = runSearch(world, sellerId, q);
    store.delete(key);
    store.set(key, ids);
    if (store.size > MAX_SNAPSHOTS) store.delete(store.keys().next().value!);
  }
  const end = Math.min(offset + q.pageSize, ids.length);
  const shipments = [];
  for (let i = offset; i < end; i++) {
    const s = world.shipments.get(ids[i]);
    if (s) shipments.push(shipmentWire(world.settle(s), false));
  }
  const hasMore = end < ids.length;
  const token: TokenBody = { s: sellerId, b: body, o: end };
  return {
    hasMore,
    nextPageUrl: hasMore ? `/v3/shipments/filter?next_token=${Buffer.from(JSON.stringify(token)).toString('base64url')}` : null,
    shipments,
  };
}

/** First page: validates, runs the search afresh and answers. */
export function searchFirstPage(world: World, sellerId: string, body: unknown): SearchResponse {
  const q = parseSearchRequest(body);
  return page(world, sellerId, body, q, 0, true);
}

/** A next page from the token of nextPageUrl. */
export function searchNextPage(world: World, sellerId: string, token: string | null): SearchResponse {
  if (!token) throw orderError(400, 'INVALID_REQUEST_JSON', 'next_token is required: follow nextPageUrl of the previous page.');
  let t: TokenBody;
  try {
    t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as TokenBody;
  } catch {
    throw orderError(400, 'INVALID_REQUEST_JSON', 'next_token is not one this service issued.');
  }
  if (!t || typeof t !== 'object' || typeof t.s !== 'string' || !Number.isInteger(t.o) || t.o < 0 || t.o > MAX_SEARCH_RETRIEVAL) {
    throw orderError(400, 'INVALID_REQUEST_JSON', 'next_token is not one this service issued.');
  }
  if (t.s !== sellerId) throw orderError(403, 'OPERATION_NOT_ALLOWED', 'next_token belongs to another seller.');
  const q = parseSearchRequest(t.b);
  return page(world, sellerId, t.b, q, t.o, false);
}
