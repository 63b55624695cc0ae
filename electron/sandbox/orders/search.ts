// Running a shipment search and paging through it (spec § POST /v3/shipments/filter/; sdk-facts §
// 4: next pages through GET /v3/shipments/filter?next_token=). A search is a snapshot: the first
// call filters and sorts the seller's shipments once and keeps the ordered id list (at most
// maxDataRetrievalAllowed of them); next pages slice that list, so paging through 100,000
// shipments never re-sorts them. The token carries the request itself and the last shipment
// given, so a page still works after the snapshot was evicted or the sandbox restarted: the search
// is then run again and goes on after that shipment (no offset shift, no skipped shipment).
import { orderError } from '../http/route.js';
import { MAX_SEARCH_RETRIEVAL } from '../../../shared/api/limits.js';
import type { SearchResponse } from '../../../shared/api/shipments.js';
import type { OrderItemRec, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';
import { parseSearchRequest, type MsRange, type SearchQuery } from './search-query.js';
import { shipmentWire } from './shipment-wire.js';

/** Snapshots kept per world; the oldest is dropped first. A station pages up to 48 windows of a search at once. */
const MAX_SNAPSHOTS = 256;
const snapshots = new WeakMap<World, Map<string, string[]>>();

interface TokenBody {
  /** Seller the search belongs to. */
  s: string;
  /** The search request as first sent. */
  b: unknown;
  /** Offset of the next page. */
  o: number;
  /** Sort key and id of the last shipment given: where to go on when the snapshot is gone. */
  k?: string;
  i?: string;
}

/** Dates the sandbox wrote itself (toISOString): 24 characters, UTC, so they compare as text. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The range's ends as canonical ISO text, once per range: a search over 100,000 shipments then parses no date. */
const rangeText = new WeakMap<MsRange, [string, string] | null>();
const asText = (t: number): string => (t <= -8.64e15 ? '' : t >= 8.64e15 ? '\uffff' : new Date(t).toISOString());

const inRange = (iso: string | undefined, r: MsRange | undefined): boolean => {
  if (!r) return true;
  if (!iso) return false;
  let text = rangeText.get(r);
  if (text === undefined) {
    // Years before 0 or after 9999 do not fit the 24-character form: parse each date then.
    const ends = [asText(Math.max(r[0], -8.64e15)), asText(Math.min(r[1], 8.64e15))];
    text = ends.every((e) => e === '' || e === '\uffff' || CANONICAL_ISO.test(e)) ? (ends as [string, string]) : null;
    rangeText.set(r, text);
  }
  if (text && iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */) return iso >= text[0] && iso <= text[1];
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

/** Index of the first id that sorts after (k, i) in the search's order. */
function positionAfter(world: World, ids: readonly string[], q: SearchQuery, after: { k: string; i: string }): number {
  const dir = q.sortOrder === 'desc' ? -1 : 1;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const s = world.shipments.get(ids[mid])!;
    const k = sortKey(s, q);
    const before = k === after.k ? s.shipmentId <= after.i : (k < after.k ? -dir : dir) < 0;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function snapshotStore(world: World): Map<string, string[]> {
  let map = snapshots.get(world);
  if (!map) {
    map = new Map();
    snapshots.set(world, map);
  }
  return map;
}

function page(world: World, sellerId: string, body: unknown, q: SearchQuery, offset: number, fresh: boolean, after?: { k: string; i: string }): SearchResponse {
  const store = snapshotStore(world);
  const key = `${sellerId}\u0000${JSON.stringify(q)}`;
  let ids = fresh ? undefined : store.get(key);
  if (!ids) {
    ids = runSearch(world, sellerId, q);
    store.delete(key);
    store.set(key, ids);
    if (store.size > MAX_SNAPSHOTS) store.delete(store.keys().next().value!);
    // The search ran again (snapshot evicted, sandbox restarted): shipments that left the result
    // since would shift an offset and skip others, so the page starts after the last one given.
    if (!fresh && after) offset = positionAfter(world, ids, q, after);
  }
  const end = Math.min(offset + q.pageSize, ids.length);
  const shipments = [];
  for (let i = offset; i < end; i++) {
    const s = world.shipments.get(ids[i]);
    if (s) shipments.push(shipmentWire(world.settle(s), false));
  }
  const hasMore = end < ids.length;
  const last = end > 0 ? world.shipments.get(ids[end - 1]) : undefined;
  const token: TokenBody = { s: sellerId, b: body, o: end, ...(last ? { k: sortKey(last, q), i: last.shipmentId } : {}) };
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
  return page(world, sellerId, t.b, q, t.o, false, typeof t.k === 'string' && typeof t.i === 'string' ? { k: t.k, i: t.i } : undefined);
}
