// Contract handlers of the queue (issue "packing desk app", screen 2). queue.list runs the spec's
// search (spec § POST /v3/shipments/filter/) through the client's paging, up to the 5,000
// retrieval cap; queue.refresh asks only for shipments modified since the last fetch and merges
// them, so the renderer can call it on an interval and on focus without pulling 5,000 rows each
// time. Counts per state come from the rows of one search over every state of the type (not one
// search per state): the spec has no count operation, and one search is a fifth of the requests.
// Each search runs once per service profile the seller packs (seller-search.ts), as the waves do.
// Shipments that leave the type (shipped, cancelled by the marketplace) are not in a
// modified-since search of it, so every FULL_RELIST_MS a refresh is a full list again.
import { STATES_BY_SEARCH_TYPE } from '../../../../shared/api/enums.js';
import { ORDER_ID_RE, ORDER_ITEM_ID_RE, SHIPMENT_ID_RE } from '../../../../shared/api/ids.js';
import { MAX_SEARCH_PAGE_SIZE } from '../../../../shared/api/limits.js';
import type { SearchFilter, ShipmentWire } from '../../../../shared/api/shipments.js';
import { keyedError } from '../../../../shared/i18n/station-sentences.js';
import { QueueFilter, type QueueRow, type QueueView } from '../../../../shared/contract/queue.js';
import type { MarketplaceClient } from '../../api/client.js';
import { MarketplaceError } from '../../api/errors.js';
import { formatIstIso } from '../../packing/ist-dates.js';
import { searchAllSellerPacked } from '../../packing/seller-search.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { countByState, queueOrder, toQueueRow } from './queue-rows.js';
import { queueHook } from '../../push/queue-follow.js';

/** A refresh older than this lists everything again (drops shipments that left the type). */
export const FULL_RELIST_MS = 5 * 60_000;
/** A modified-since search starts this much before the last fetch began: clocks and commits are not instant. */
export const REFRESH_OVERLAP_MS = 5_000;

interface Last {
  filter: QueueFilter;
  /** Every row of the type (all states), by shipment id. */
  rows: Map<string, QueueRow>;
  capped: boolean;
  /** Marketplace time when the last fetch began. */
  since: number;
  fullAt: number;
}

/** The search bodies for a filter: postDispatch asks NORMAL and SELF separately (spec § search). */
function searchFilters(filter: QueueFilter, locationId: string | undefined): SearchFilter[] {
  if (filter.type === 'cancelled' && !filter.cancellationType) {
    throw keyedError('BAD_FILTER', 'station.queue.chooseCancellation');
  }
  const base: SearchFilter = {
    type: filter.type,
    states: [...STATES_BY_SEARCH_TYPE[filter.type]],
    hold: filter.type === 'preDispatch' ? (filter.hold ?? false) : undefined,
    sku: filter.sku ? [filter.sku] : undefined,
    locationId,
    cancellationType: filter.type === 'cancelled' ? filter.cancellationType : undefined,
    dispatchByDate: filter.dispatchByTo ? { to: filter.dispatchByTo } : undefined,
    shipmentTypes: filter.shipmentTypes,
  };
  if (filter.type === 'postDispatch' && !filter.shipmentTypes) return [{ ...base, shipmentTypes: ['NORMAL'] }, { ...base, shipmentTypes: ['SELF'] }];
  return [base];
}

/** Every filter over every service profile the seller packs (seller-search.ts), merged by id. */
async function searchAll(client: MarketplaceClient, filters: SearchFilter[]): Promise<{ shipments: ShipmentWire[]; capped: boolean }> {
  const byId = new Map<string, ShipmentWire>();
  let capped = false;
  for (const filter of filters) {
    const r = await searchAllSellerPacked(client.orders, { filter, pagination: { pageSize: MAX_SEARCH_PAGE_SIZE }, sort: { field: 'dispatchByDate', order: 'asc' } });
    for (const s of r.shipments) byId.set(s.shipmentId, s);
    capped ||= r.capped;
  }
  return { shipments: [...byId.values()], capped };
}

/** A lookup that finds nothing is an empty answer, not an error (a typo in the search box). */
async function lookup(client: MarketplaceClient, by: 'shipmentIds' | 'orderIds' | 'orderItemIds', id: string): Promise<ShipmentWire[]> {
  try {
    return await client.orders.getShipments({ [by]: [id] } as never);
  } catch (e) {
    if (e instanceof MarketplaceError && e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429) return [];
    throw e;
  }
}

export function queueHandlers(ctx: AppContext): Handlers {
  let last: Last | undefined;
  const desk = () => ctx.settings.get().locationId || undefined;
  const now = () => ctx.clock.now().getTime();

  const viewOf = (l: Last): QueueView => {
    const all = [...l.rows.values()];
    const states = l.filter.states;
    const rows = states ? all.filter((r) => states.includes(r.status)) : all;
    rows.sort(queueOrder);
    const counts = countByState(all, l.filter.search ? [] : STATES_BY_SEARCH_TYPE[l.filter.type]);
    const push = ctx.pushes?.status();
    return { rows, counts, capped: l.capped, fetchedAt: new Date(l.since).toISOString(), ...(push ? { push } : {}) };
  };

  const publish = (l: Last): QueueView => {
    last = l;
    const view = viewOf(l);
    ctx.hub.emit('queue.changed', view);
    return view;
  };

  // Push notifications keep the rows current between pulls (push/queue-follow.ts); a list's
  // answer gets what they brought while it ran, so an older answer never hides a newer fact.
  const follow = ctx.pushes
    ? queueHook({
        current: () => (last ? { rows: last.rows, scope: { filter: last.filter, locationId: desk() } } : undefined),
        publish: (rows) => void (last && publish({ ...last, rows })),
        read: async (id) => (await lookup(ctx.marketplace(), 'shipmentIds', id))[0],
        relist: async () => {
          if (!last) return undefined;
          const startedAt = now();
          await list(last.filter);
          return { rows: last.rows, startedAt };
        },
        republish: () => void (last && publish(last)),
      }, ctx.clock)
    : undefined;
  if (ctx.pushes && follow) ctx.pushes.attachQueue(follow);
  const settled = async (filter: QueueFilter, answer: () => Promise<Map<string, QueueRow>>): Promise<Map<string, QueueRow>> => {
    const listing = follow?.listing();
    try {
      const rows = await answer();
      return listing ? listing.settle(rows, { filter, locationId: desk() }) : rows;
    } finally {
      listing?.close();
    }
  };

  async function list(input: QueueFilter): Promise<QueueView> {
    const filter = QueueFilter.parse(input);
    const client = ctx.marketplace();
    const since = now();
    const search = filter.search?.trim();
    let capped = false;
    const rows = await settled(filter, async () => {
      let shipments: ShipmentWire[];
      if (search && (SHIPMENT_ID_RE.test(search) || ORDER_ID_RE.test(search) || ORDER_ITEM_ID_RE.test(search))) {
        // Any id finds its shipment, whatever its state (spec § GET /v3/shipments).
        const by = SHIPMENT_ID_RE.test(search) ? 'shipmentIds' : ORDER_ID_RE.test(search) ? 'orderIds' : 'orderItemIds';
        shipments = await lookup(client, by, search);
      } else {
        // Anything else is taken as a seller SKU (spec § search filter sku).
        const filters = searchFilters(search ? { ...filter, sku: search } : filter, desk());
        ({ shipments, capped } = await searchAll(client, filters));
      }
      return new Map(shipments.map((s) => [s.shipmentId, toQueueRow(s)]));
    });
    return publish({ filter, rows, capped, since, fullAt: since });
  }

  async function refresh(): Promise<QueueView> {
    const l = last;
    if (!l) return list(QueueFilter.parse({}));
    const started = now();
    if (l.filter.search || started - l.fullAt > FULL_RELIST_MS) return list(l.filter);
    const client = ctx.marketplace();
    const from = formatIstIso(new Date(l.since - REFRESH_OVERLAP_MS));
    const filters = searchFilters(l.filter, desk()).map((f) => ({ ...f, modifiedDate: { from } }));
    let capped = false;
    const rows = await settled(l.filter, async () => {
      const found = await searchAll(client, filters);
      capped = found.capped;
      const merged = new Map(l.rows);
      for (const s of found.shipments) merged.set(s.shipmentId, toQueueRow(s));
      return merged;
    });
    return publish({ ...l, rows, capped: l.capped || capped, since: started });
  }

  return {
    'queue.list': (filter) => list(filter),
    'queue.refresh': () => refresh(),
  };
}
