// GET /v2/returns (spec § Operations known by method, path and purpose only: "Returned order
// items"; query and answer from official-sdk-facts § 10): the return record on the wire, the
// filters and the paging through `nextUrl`.
import { parseWireDate, ReturnsQuery, type ReturnItem, type ReturnsSearchResponse, type ReturnType } from '../../../shared/api/returns.js';
import { MAX_RETURN_IDS_PER_LOOKUP } from '../../../shared/api/limits.js';
import { orderError } from '../http/route.js';
import type { World } from '../world/world.js';
import type { ReturnRec, Seller } from '../world/model.js';
import { zodMessage } from './item-failure.js';
import { forwardOf } from './return-transitions.js';
import { RETURNS_PAGE_SIZE } from './return-windows.js';

/**
 * courier_return for RTO, customer_return for RVP (spec § Self Ship return). A standard return is
 * a customer return when its item had been delivered, else a return to origin.
 */
export function returnTypeOf(ret: ReturnRec): ReturnType {
  if (ret.kind === 'courier') return 'courier_return';
  if (ret.kind === 'customer') return 'customer_return';
  return ret.itemStatusBefore === 'DELIVERED' ? 'customer_return' : 'courier_return';
}

export function toReturnItem(world: World, ret: ReturnRec): ReturnItem {
  const { item } = forwardOf(world, ret);
  return {
    returnId: ret.returnId,
    orderItemId: ret.orderItemId,
    orderId: ret.orderId,
    shipmentId: ret.shipmentId,
    locationId: ret.locationId,
    sellerId: ret.sellerId,
    quantity: ret.quantity,
    orderDate: item?.orderDate,
    createdDate: ret.createdDate,
    updatedDate: ret.updatedDate,
    approvedOn: ret.approvedOn ?? null,
    expectedDate: ret.expectedDate,
    status: ret.status,
    type: returnTypeOf(ret),
    reason: ret.reason,
    subReason: ret.subReason,
    comments: ret.comments,
    courierName: ret.courierName,
    trackingId: ret.trackingId,
    shipmentStatus: item?.status ?? null,
    serviceProfile: item?.serviceProfile ?? null,
    services: ret.service
      ? [
          {
            serviceFulfilmentId: ret.service.serviceFulfilmentId,
            description: ret.service.description,
            serviceByDate: ret.service.serviceByDate,
            createdAt: ret.service.createdAt,
            status: ret.service.status,
          },
        ]
      : [],
  };
}

function idList(value: string | undefined, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (ids.length > MAX_RETURN_IDS_PER_LOOKUP) {
    throw orderError(400, 'UNPROCESSABLE_ENTITY', `${name} holds ${ids.length} ids; at most ${MAX_RETURN_IDS_PER_LOOKUP} are allowed per request.`);
  }
  return ids;
}

function dateBound(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseWireDate(value);
  if (ms === undefined) throw orderError(400, 'INVALID_DATE_FORMAT', `${name} ${value} is not an ISO 8601 date or date-time.`);
  return ms;
}

/** The page offset inside an opaque next_token. */
function decodeToken(token: string | undefined): number {
  if (token === undefined) return 0;
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0) return v.o;
  } catch {
    // fall through to the refusal
  }
  throw orderError(400, 'UNPROCESSABLE_ENTITY', 'next_token is not one this service issued; follow nextUrl as given.');
}

/**
 * The caller's returns matching the query, oldest first, one page at a time. Without any filter
 * every return of the seller is listed. nextUrl is relative to `{base_url}/sellers`, like the
 * shipment search's nextPageUrl, and carries the same filters plus next_token.
 */
export function searchReturns(world: World, seller: Seller, query: URLSearchParams): ReturnsSearchResponse {
  // Dates are checked first so a malformed one is INVALID_DATE_FORMAT (spec § Errors), not a zod message.
  const raw = Object.fromEntries(query.entries());
  const bounds = {
    createdAfter: dateBound(raw.createdAfter, 'createdAfter'),
    createdBefore: dateBound(raw.createdBefore, 'createdBefore'),
    modifiedAfter: dateBound(raw.modifiedAfter, 'modifiedAfter'),
    modifiedBefore: dateBound(raw.modifiedBefore, 'modifiedBefore'),
  };
  const parsed = ReturnsQuery.safeParse(raw);
  if (!parsed.success) throw orderError(400, 'UNPROCESSABLE_ENTITY', zodMessage(parsed.error));
  const q = parsed.data;
  const returnIds = idList(q.returnIds, 'returnIds');
  const trackingIds = idList(q.trackingIds, 'trackingIds');
  const offset = decodeToken(q.next_token);

  const within = (iso: string, after?: number, before?: number) => {
    const t = Date.parse(iso);
    return (after === undefined || t >= after) && (before === undefined || t <= before);
  };
  const matches = [...world.returns.values()]
    .filter((r) => r.sellerId === seller.sellerId)
    .filter((r) => !returnIds || returnIds.includes(r.returnId))
    .filter((r) => !trackingIds || trackingIds.includes(r.trackingId))
    .filter((r) => !q.locationId || r.locationId === q.locationId)
    .filter((r) => !q.source || returnTypeOf(r) === q.source)
    .filter((r) => within(r.createdDate, bounds.createdAfter, bounds.createdBefore))
    .filter((r) => within(r.updatedDate, bounds.modifiedAfter, bounds.modifiedBefore))
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.returnId.localeCompare(b.returnId));

  const page = matches.slice(offset, offset + RETURNS_PAGE_SIZE);
  const hasMore = offset + RETURNS_PAGE_SIZE < matches.length;
  let nextUrl: string | null = null;
  if (hasMore) {
    const next = new URLSearchParams(query);
    next.set('next_token', Buffer.from(JSON.stringify({ o: offset + RETURNS_PAGE_SIZE })).toString('base64url'));
    nextUrl = `/v2/returns?${next.toString()}`;
  }
  return { hasMore, nextUrl, returnItems: page.map((r) => toReturnItem(world, r)) };
}
