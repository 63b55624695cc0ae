// Reading a shipment search request (spec § POST /v3/shipments/filter/): which error code each
// kind of bad input gets, the states each filter type admits, and dates where a time without a
// zone is IST. The result is a normalised query the search runs and the paging token carries.
import { orderError } from '../http/route.js';
import { STATES_BY_SEARCH_TYPE, type OrderItemStatus } from '../../../shared/api/enums.js';
import { IST_OFFSET_MINUTES, MAX_SEARCH_PAGE_SIZE, MIN_SEARCH_PAGE_SIZE } from '../../../shared/api/limits.js';
import { SearchRequest, type SearchFilter } from '../../../shared/api/shipments.js';
import { describeZod } from './request-checks.js';

export type SortField = 'dispatchByDate' | 'orderDate' | 'modifiedDate' | 'dispatchAfterDate';

/** [from, to] in epoch ms, either end open. */
export type MsRange = [number, number];

export interface SearchQuery {
  type: SearchFilter['type'];
  states: OrderItemStatus[];
  /** preDispatch only; undefined for the other types. */
  hold?: boolean;
  sku?: string[];
  serviceProfiles: string[];
  mps?: boolean;
  locationId?: string;
  cancellationType?: string;
  shipmentTypes?: string[];
  orderDate?: MsRange;
  dispatchAfterDate?: MsRange;
  dispatchByDate?: MsRange;
  cancellationDate?: MsRange;
  modifiedDate?: MsRange;
  sortField: SortField;
  sortOrder: 'asc' | 'desc';
  pageSize: number;
}

/** The spec's default service profile when the filter names none (spec: "Default NON_FBF"). */
const DEFAULT_SERVICE_PROFILES = ['NON_FBF'];
const DATE_FIELDS = ['orderDate', 'dispatchAfterDate', 'dispatchByDate', 'cancellationDate', 'modifiedDate'] as const;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 86_400_000;

/**
 * Parses a search date. A value without a zone is IST (+05:30; spec § search). A bare date
 * 'YYYY-MM-DD' means the start of that IST day as `from` and its end as `to`, so a one-day range
 * reads naturally. Returns undefined when the text is not a date.
 */
export function parseSearchDate(text: unknown, end: 'from' | 'to'): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, hh, mi, ss, frac, zone] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(hh ?? 0), Number(mi ?? 0), Number(ss ?? 0)] as const;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const utc = Date.UTC(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], ms);
  const check = new Date(utc);
  // Date.UTC rolls over (Feb 30 -> Mar 2); a rolled-over date is not a date.
  if (check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return undefined;
  let offsetMin = IST_OFFSET_MINUTES;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 14 || om > 59) return undefined;
    offsetMin = sign * (oh * 60 + om);
  } else if (zone) {
    offsetMin = 0;
  }
  const at = utc - offsetMin * 60_000;
  return hh === undefined && end === 'to' ? at + DAY_MS - 1 : at;
}

function badJson(message: string): never {
  throw orderError(400, 'INVALID_REQUEST_JSON', message);
}

/** Validates a search body and normalises it; throws the spec's search error codes. */
export function parseSearchRequest(body: unknown): SearchQuery {
  if (!body || typeof body !== 'object' || Array.isArray(body)) badJson('The search body must be a JSON object with filter, pagination and sort.');
  const raw = body as Record<string, unknown>;
  // pageSize first, so that its own code wins (spec § Errors: INVALID_REQUEST_PAGE_SIZE).
  const pagination = raw.pagination as Record<string, unknown> | undefined;
  let pageSize = MAX_SEARCH_PAGE_SIZE;
  if (pagination !== undefined && pagination !== null) {
    if (typeof pagination !== 'object') badJson('pagination must be an object {pageSize}.');
    const ps = pagination.pageSize;
    if (ps !== undefined) {
      if (typeof ps !== 'number' || !Number.isInteger(ps) || ps < MIN_SEARCH_PAGE_SIZE || ps > MAX_SEARCH_PAGE_SIZE) {
        throw orderError(400, 'INVALID_REQUEST_PAGE_SIZE', `pageSize must be an integer from ${MIN_SEARCH_PAGE_SIZE} to ${MAX_SEARCH_PAGE_SIZE}; got ${JSON.stringify(ps)}.`);
      }
      pageSize = ps;
    }
  }
  // Dates next, so that an unparseable one is INVALID_DATE_FORMAT and not a schema complaint.
  const filterRaw = raw.filter && typeof raw.filter === 'object' ? (raw.filter as Record<string, unknown>) : undefined;
  const ranges: Partial<Record<(typeof DATE_FIELDS)[number], MsRange>> = {};
  for (const field of DATE_FIELDS) {
    const r = filterRaw?.[field];
    if (r === undefined || r === null) continue;
    if (typeof r !== 'object') throw orderError(400, 'INVALID_DATE_FORMAT', `filter.${field} must be an object {from, to}.`);
    const { from, to } = r as Record<string, unknown>;
    const f = from === undefined || from === null ? -Infinity : parseSearchDate(from, 'from');
    const t = to === undefined || to === null ? Infinity : parseSearchDate(to, 'to');
    if (f === undefined) throw orderError(400, 'INVALID_DATE_FORMAT', `filter.${field}.from ${JSON.stringify(from)} is not an ISO date-time.`);
    if (t === undefined) throw orderError(400, 'INVALID_DATE_FORMAT', `filter.${field}.to ${JSON.stringify(to)} is not an ISO date-time.`);
    if (f > t) throw orderError(400, 'INVALID_DATE_FORMAT', `filter.${field}.from is after filter.${field}.to.`);
    ranges[field] = [f, t];
  }
  const parsed = SearchRequest.safeParse({ ...raw, pagination: undefined });
  if (!parsed.success) badJson(`The search request is not valid: ${describeZod(parsed.error)}`);
  const { filter, sort } = parsed.data;
  const admitted = STATES_BY_SEARCH_TYPE[filter.type];
  const states = filter.states && filter.states.length > 0 ? [...new Set(filter.states)] : [...admitted];
  const outside = states.filter((s) => !admitted.includes(s));
  if (outside.length) badJson(`filter.states ${outside.join(', ')} not allowed for type ${filter.type}; it admits ${admitted.join(', ')}.`);
  if (filter.type === 'cancelled' && !filter.cancellationType) {
    badJson('filter.cancellationType is mandatory when type is cancelled (marketplaceCancellation, sellerCancellation or buyerCancellation).');
  }
  const profiles = filter.serviceProfiles === undefined ? DEFAULT_SERVICE_PROFILES : typeof filter.serviceProfiles === 'string' ? [filter.serviceProfiles] : filter.serviceProfiles;
  return {
    type: filter.type,
    states: states.sort(),
    hold: filter.type === 'preDispatch' ? (filter.hold ?? false) : undefined,
    sku: filter.sku && filter.sku.length ? [...filter.sku].sort() : undefined,
    serviceProfiles: [...profiles].sort(),
    mps: filter.mps,
    // An empty or blank locationId means every location: real integrations send "" for "all".
    locationId: filter.locationId?.trim() ? filter.locationId : undefined,
    cancellationType: filter.type === 'cancelled' ? filter.cancellationType : undefined,
    shipmentTypes: filter.shipmentTypes && filter.shipmentTypes.length ? [...filter.shipmentTypes].sort() : undefined,
    ...ranges,
    sortField: sort?.field ?? 'dispatchByDate',
    sortOrder: sort?.order ?? 'asc',
    pageSize,
  };
}
