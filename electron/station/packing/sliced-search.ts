// A shipment search split into disjoint dispatchByDate windows paged in parallel. The interface
// pages one page of at most 20 at a time, each page through the previous page's nextPageUrl, and
// stops at maxDataRetrievalAllowed (spec § POST /v3/shipments/filter/, § Limits): a single chain
// of 5,000 shipments is 250 round trips one after the other, and a 5,001st is never seen. Each
// window is its own search (its own chain, its own 5,000), so windows run side by side.
//
// Windows are sized from what the search shows: the first page of the whole range gives the
// earliest dates and a one-shipment page sorted the other way, asked at the same time, gives the
// latest; the range between is cut into as many windows as requests may run at once, shared
// among the searches in proportion to the shipments each likely holds. Whenever fewer windows
// are left than that, the one likely to hold the most shipments still ahead is cut in two (its
// chain goes on up to the cut and a new search takes the rest), so a crowded week is shared out
// however the dates fall; a window with only a page or two ahead is left to finish.
//
// No gap: windows are [from, to] in whole milliseconds, each starting 1 ms after the previous ends,
// and a chain stops only when it ends or a page passes its window's end (pages are sorted by
// dispatchByDate ascending, so nothing of the window can follow). A window that reaches
// maxDataRetrievalAllowed starts again from its last date. No duplicate: a shipment is yielded
// once, by id, whichever windows' answers carry it (equal dates at a cut, a shipment seen again
// after a restart).
import type { SearchFilter, SearchRequest, ShipmentWire } from '../../../shared/api/shipments.js';
import { IST_OFFSET_MINUTES, MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_RETRIEVAL } from '../../../shared/api/limits.js';
import type { OrdersClient } from '../api/orders-client.js';

/**
 * Search requests in flight at once for one search. The interface states no rate limit (spec §
 * Limits: "Rate limits: not shown"); 48 keeps a 12,000-shipment queue within seconds at 50 ms of
 * latency and 150 ms of server time per page while leaving the desk's other calls room.
 */
export const SEARCH_CONCURRENCY = 48;

/** Pages a window must likely still have before it is cut in two (see cut()). */
const MIN_PAGES_TO_CUT = 3;

type Orders = Pick<OrdersClient, 'searchPages'>;
type Chain = AsyncGenerator<ShipmentWire[], { capped: boolean }>;

interface Window {
  base: SearchRequest;
  from: number;
  to: number;
  chain?: Chain;
  busy: boolean;
  done: boolean;
  /** The chain has answered at least once and has more pages. */
  more: boolean;
  /** dispatchByDate of the last shipment the chain gave. */
  last: number;
  /** The latest dispatchByDate the search showed: where an open-ended window is cut. */
  horizon: number;
  /** Shipments the window's chain has given: at maxDataRetrievalAllowed there may be more. */
  count: number;
  /** dispatchByDate of the first shipment the chain gave (the density of the first page). */
  first: number;
}

export interface SlicedSearchOptions {
  concurrency?: number;
}

const NO_TZ = /(?:Z|[+-]\d{2}:?\d{2})$/i;
/** A filter date as epoch ms; without a zone IST is assumed (spec § search). */
function epochOf(iso: string | undefined, fallback: number): number {
  if (!iso) return fallback;
  const date = /T|\s/.test(iso.trim()) ? iso.trim() : `${iso.trim()}T00:00:00`;
  const t = Date.parse(NO_TZ.test(date) ? date : `${date}+${String(IST_OFFSET_MINUTES / 60 | 0).padStart(2, '0')}:${String(IST_OFFSET_MINUTES % 60).padStart(2, '0')}`);
  return Number.isFinite(t) ? t : fallback;
}

const open = (base: SearchRequest, from: number, to: number, horizon: number): Window => ({ base, from, to, horizon, busy: false, done: false, more: false, last: from, count: 0, first: NaN });

const dateOf = (s: ShipmentWire | undefined): number => (s ? Date.parse(s.dispatchByDate) : NaN);

const isoOrUndefined = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : undefined);

/** Only a search sorted by dispatchByDate ascending (the interface's default order) can be cut by it. */
function sliceable(request: SearchRequest): boolean {
  const sort = request.sort;
  return (sort?.field ?? 'dispatchByDate') === 'dispatchByDate' && (sort?.order ?? 'asc') === 'asc';
}

function windowRequest(w: Window): SearchRequest {
  const range = { from: isoOrUndefined(w.from), to: isoOrUndefined(w.to) };
  const filter: SearchFilter = { ...w.base.filter, dispatchByDate: range.from || range.to ? range : undefined };
  if (!filter.dispatchByDate) delete filter.dispatchByDate;
  return { ...w.base, filter };
}

/**
 * How many shipments a search likely holds, from its first page (count and dates) and its latest
 * date; Infinity when the first page spans no time (the density is unknown: assume many).
 */
function estimatedCount(whole: Window, latest: number): number {
  if (!Number.isFinite(latest) || !Number.isFinite(whole.first)) return 0;
  const seen = whole.last - whole.first;
  if (!(seen > 0)) return Infinity;
  return (whole.count * (Math.min(whole.to, latest) - whole.first)) / seen;
}

/**
 * Windows per search: `concurrency` shared in proportion to the estimates, at least one each
 * with an estimate, and no more than the pages a search is likely to have.
 */
export function windowShares(estimates: readonly number[], pageSizes: readonly number[], concurrency: number): number[] {
  const finite = estimates.map((e) => (e === Infinity ? Number.MAX_SAFE_INTEGER : e));
  const total = finite.reduce((a, b) => a + b, 0);
  return finite.map((e, i) => {
    if (!(e > 0)) return 0;
    const byShare = Math.floor((concurrency * e) / total);
    return Math.max(1, Math.min(byShare, Math.ceil(e / pageSizes[i])));
  });
}

/** The latest shipment of a search: one page of one, sorted the other way. */
async function latestOf(orders: Orders, base: SearchRequest): Promise<ShipmentWire | undefined> {
  const it = orders.searchPages({ ...base, pagination: { pageSize: 1 }, sort: { field: 'dispatchByDate', order: 'desc' } });
  try {
    const top = await it.next();
    return top.done ? undefined : top.value[0];
  } finally {
    void it.return({ capped: false });
  }
}

/**
 * Every shipment of every request, each once, pages yielded as they arrive (not in date order).
 * Returns whether some window could not be read whole (more than maxDataRetrievalAllowed
 * shipments on one and the same millisecond, or a search that cannot be cut).
 */
export async function* slicedSearch(orders: Orders, requests: readonly SearchRequest[], options: SlicedSearchOptions = {}): AsyncGenerator<ShipmentWire[], { capped: boolean }> {
  const concurrency = Math.max(1, options.concurrency ?? SEARCH_CONCURRENCY);
  const seen = new Set<string>();
  const ready: ShipmentWire[][] = [];
  const windows: Window[] = [];
  let capped = false;
  /** The first error of any window: the search fails with it (the caller retries the whole). */
  const errors: unknown[] = [];
  let stopped = false;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };

  const emit = (shipments: ShipmentWire[]) => {
    const fresh = shipments.filter((s) => !seen.has(s.shipmentId));
    for (const s of fresh) seen.add(s.shipmentId);
    if (fresh.length > 0) ready.push(fresh);
  };

  const finish = (w: Window) => {
    w.done = true;
    w.more = false;
    void w.chain?.return({ capped: false });
  };

  /**
   * Cuts in two the open window likely to hold the most shipments still ahead (its own pages'
   * density over its span ahead); false when none is worth it. A window with less than
   * MIN_PAGES_TO_CUT pages ahead is left whole: its chain reads them in as many round trips as
   * a new window would take to answer its first page.
   */
  const cut = (): boolean => {
    let widest: Window | undefined;
    let most = 0;
    const ahead = (w: Window) => Math.min(w.to, w.horizon) - w.last;
    for (const w of windows) {
      if (w.done || !w.more || !(ahead(w) >= 2)) continue;
      const seen = w.last - w.first;
      const likely = seen > 0 ? (w.count * ahead(w)) / seen : Infinity;
      const pageSize = w.base.pagination?.pageSize ?? MAX_SEARCH_PAGE_SIZE;
      if (likely < MIN_PAGES_TO_CUT * pageSize) continue;
      if (!widest || likely > most) {
        widest = w;
        most = likely;
      }
    }
    if (!widest) return false;
    const mid = widest.last + Math.floor(ahead(widest) / 2);
    windows.push(open(widest.base, mid + 1, widest.to, widest.horizon));
    widest.to = mid;
    return true;
  };

  const step = async (w: Window): Promise<void> => {
    w.busy = true;
    inFlight++;
    try {
      w.chain ??= orders.searchPages(windowRequest(w));
      const page = await w.chain.next();
      if (stopped) return;
      if (page.done) {
        w.done = true;
        w.more = false;
        // The window stopped at maxDataRetrievalAllowed (said so, or gave exactly that many, as a
        // service that cuts its list there without a word does): read on from its last date.
        if (page.value.capped || w.count >= MAX_SEARCH_RETRIEVAL) {
          if (w.last > w.from) windows.push(open(w.base, w.last, w.to, w.horizon));
          else capped = true;
        }
        return;
      }
      // A shipment without a readable date cannot be placed in a window: it is kept, never lost.
      const inside = page.value.filter((s) => !(dateOf(s) > w.to));
      emit(inside);
      if (w.count === 0) w.first = dateOf(page.value[0]);
      w.count += page.value.length;
      const lastDate = dateOf(page.value.at(-1));
      if (Number.isFinite(lastDate)) w.last = Math.max(w.last, lastDate);
      // A page past the window's end: the rest of the chain belongs to later windows.
      if (inside.length < page.value.length) finish(w);
      else w.more = true;
    } catch (error) {
      errors.push(error);
    } finally {
      w.busy = false;
      inFlight--;
      signal();
    }
  };

  const schedule = () => {
    if (stopped || errors.length > 0) return;
    let unfinished = windows.filter((w) => !w.done).length;
    while (unfinished < concurrency && cut()) unfinished++;
    for (const w of windows) {
      if (inFlight >= concurrency) break;
      if (!w.done && !w.busy) void step(w);
    }
  };

  try {
    // The first page of each search and, beside it, its latest date: the range to cut.
    // Every search's first page goes out first, then the probes.
    const starts = requests.map((base) => {
      const from = epochOf(base.filter.dispatchByDate?.from, -Infinity);
      const to = epochOf(base.filter.dispatchByDate?.to, Infinity);
      const whole = open(base, from, to, -Infinity);
      if (!sliceable(base)) return { whole, first: undefined };
      windows.push(whole);
      return { whole, first: step(whole) };
    });
    const probes = await Promise.all(
      starts.map(async ({ whole, first }) => {
        if (!first) return { whole, latest: undefined };
        // The latest date is asked beside the first page, not after it: the windows start one
        // page's round trip and server time sooner, for one small request more per search.
        const latestProbe = latestOf(orders, whole.base);
        latestProbe.catch(() => undefined);
        await first;
        if (whole.done || !whole.more) return { whole, latest: undefined };
        return { whole, latest: await latestProbe };
      }),
    );
    if (errors.length > 0) throw errors[0];
    // The windows are shared among the searches that have more than their first page, in
    // proportion to how many shipments each is likely to hold (its first page's density over
    // the range up to its latest date): a search of a hundred does not take half the windows
    // from one of five thousand.
    const shares = windowShares(
      probes.map(({ whole, latest }) => (windows.includes(whole) && !whole.done ? estimatedCount(whole, dateOf(latest)) : 0)),
      probes.map(({ whole }) => whole.base.pagination?.pageSize ?? MAX_SEARCH_PAGE_SIZE),
      concurrency,
    );
    for (const [index, { whole, latest }] of probes.entries()) {
      if (!windows.includes(whole)) {
        windows.push(whole);
        continue;
      }
      if (whole.done || !Number.isFinite(dateOf(latest)) || !Number.isFinite(whole.last)) continue;
      // Cut what lies between the first page and the latest date into equal spans of time; the
      // last window stays open-ended, so a shipment dated later than the probe saw is not lost.
      const end = Math.min(whole.to, dateOf(latest));
      whole.horizon = end;
      const share = shares[index];
      const span = end - whole.last;
      if (span < 2 || share < 2) continue;
      const width = Math.ceil(span / share);
      const cuts: number[] = [];
      for (let at = whole.last + width; at < end; at += width) cuts.push(at);
      const oldTo = whole.to;
      let from = whole.last;
      whole.to = cuts[0] ?? oldTo;
      for (const [i, at] of cuts.entries()) {
        from = at + 1;
        const to = cuts[i + 1] ?? oldTo;
        windows.push(open(whole.base, from, to, end));
      }
    }
    for (;;) {
      if (errors.length > 0) throw errors[0];
      while (ready.length > 0) yield ready.shift()!;
      if (windows.every((w) => w.done) && inFlight === 0) break;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      schedule();
      if (ready.length === 0 && errors.length === 0) await woken;
    }
    return { capped };
  } finally {
    stopped = true;
    for (const w of windows) if (!w.busy) void w.chain?.return({ capped: false });
  }
}
