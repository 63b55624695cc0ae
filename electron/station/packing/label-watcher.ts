// One watcher per station for every shipment waiting for its documents: desk packs and waves.
// After a pack the marketplace generates the label and invoice on its own (spec § Shipment:
// PACKING_IN_PROGRESS -> PACKED, "no seller action triggers this"; § Limits: usually 5 to 10 s, up
// to 30 minutes). Asking per shipment with a doubling backoff sees a label ready at 6.5 s only at
// 12.6 s, and costs a request per shipment. Here every waiting shipment is read in one batched
// GET /v3/shipments (up to 100 ids per call, spec § Limits) on a steady short interval while
// anything waits, so a label is seen within one interval of PACKED and the cost is bounded per
// desk, not per shipment. Only shipments already waiting for minutes are asked less often.
import { MAX_IDS_PER_REQUEST, MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { chunk } from '../api/concurrency.js';
import type { OrdersClient } from '../api/orders-client.js';
import { tookEffect } from './reconcile.js';

/** The steady interval while anything waits: a label is seen at most this long after PACKED, at
 * 1.43 readiness requests per second per desk (under the 1.5 the desk can afford). */
export const WATCH_INTERVAL_MS = 700;
/** After this long a shipment is in the spec's slow tail ("up to 30 minutes")... */
export const LONG_WAIT_AFTER_MS = 60_000;
/** ...and is asked about this often. */
export const LONG_WAIT_INTERVAL_MS = 10_000;

export type WatchResult = { ready: true; shipment: ShipmentWire } | { ready: false; reason: 'timeout' | 'closed' };

export interface WatchOptions {
  /** Give up after this long (the spec's 30 minutes unless said). */
  maxWaitMs?: number;
  /**
   * Ask at once rather than at the next interval: a wave's batch of up to 100, whose documents
   * may already be ready, is worth one request of its own.
   */
  checkNow?: boolean;
}

export interface LabelWatcherDeps {
  orders: Pick<OrdersClient, 'getShipments'>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface Waiter {
  since: number;
  deadline: number;
  nextCheck: number;
  done: (r: WatchResult) => void;
}

/** Documents are ready when every item is PACKED, or the shipment has already moved past it. */
export function documentsReady(s: ShipmentWire): boolean {
  return s.orderItems.every((i) => i.status === 'PACKED') || tookEffect('dispatch', s);
}

export class LabelWatcher {
  private readonly waiters = new Map<string, Waiter[]>();
  private timer: unknown;
  private timerAt = Infinity;
  private running = false;
  private lastTick = -Infinity;
  private closed = false;
  /** A check asked for at once while a tick was in flight. */
  private pending = false;
  /** Readiness requests sent, for the bench and the activity of the desk. */
  requests = 0;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: LabelWatcherDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout));
  }

  /** Shipments waiting now. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** Resolves when the shipment's documents are ready (with the shipment as read), or the wait ends. */
  watch(shipmentId: string, options: WatchOptions = {}): Promise<WatchResult> {
    if (this.closed) return Promise.resolve({ ready: false, reason: 'closed' });
    const now = this.now();
    const idle = this.waiters.size === 0;
    return new Promise<WatchResult>((done) => {
      const list = this.waiters.get(shipmentId) ?? [];
      list.push({ since: now, deadline: now + (options.maxWaitMs ?? MAX_LABEL_GENERATION_MS), nextCheck: now, done });
      this.waiters.set(shipmentId, list);
      // Nothing was waiting, or the caller asks at once: check now; else the next tick takes it.
      this.plan(options.checkNow || idle ? now : undefined);
    });
  }

  /** Watches many at once (a wave's batch); the shipments as last read. */
  async watchAll(ids: readonly string[], options: WatchOptions = {}, progress: (ready: number) => void = () => undefined): Promise<{ ready: string[]; shipments: Map<string, ShipmentWire> }> {
    const shipments = new Map<string, ShipmentWire>();
    let count = 0;
    const results = await Promise.all(
      ids.map((id) =>
        this.watch(id, options).then((r) => {
          if (r.ready) {
            shipments.set(id, r.shipment);
            progress(++count);
          }
          return r.ready;
        }),
      ),
    );
    return { ready: ids.filter((_, i) => results[i]), shipments };
  }

  /** The marketplace says this shipment is packed (a push): ask for it now, not at the next poll. */
  checkNow(shipmentId: string): void {
    const list = this.waiters.get(shipmentId);
    if (!list) return;
    const now = this.now();
    for (const w of list) w.nextCheck = now;
    this.plan(now);
  }

  /** Ends every wait (station closing): nothing is left polling. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    for (const [id, list] of this.waiters) {
      this.waiters.delete(id);
      for (const w of list) w.done({ ready: false, reason: 'closed' });
    }
  }

  /** Sets the timer for the next tick: at `at` if given and sooner, else on the steady cadence. */
  private plan(at?: number): void {
    if (this.closed || this.waiters.size === 0) return;
    if (this.running && at === undefined) return; // the running tick plans the next one
    let when = at ?? Infinity;
    if (at === undefined) {
      let earliest = Infinity;
      for (const list of this.waiters.values()) for (const w of list) earliest = Math.min(earliest, w.nextCheck, w.deadline);
      when = Math.max(earliest, this.lastTick + WATCH_INTERVAL_MS);
    }
    if (when >= this.timerAt) return;
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timerAt = when;
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      void this.tick();
    }, Math.max(0, when - this.now()));
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    if (this.running) {
      // A check asked for at once while one is in flight goes out when that one is back.
      this.pending = true;
      return;
    }
    this.running = true;
    const now = this.now();
    this.lastTick = now;
    try {
      const due: string[] = [];
      for (const [id, list] of this.waiters) {
        const expired = list.filter((w) => now >= w.deadline);
        for (const w of expired) w.done({ ready: false, reason: 'timeout' });
        const left = list.filter((w) => now < w.deadline);
        if (left.length === 0) this.waiters.delete(id);
        else {
          this.waiters.set(id, left);
          // Due by the next tick counts as due now: a timer may fire a millisecond before the
          // cadence it was set for, and a shipment left out then would wait two intervals. The
          // batch costs one request however many it names.
          if (left.some((w) => w.nextCheck <= now + WATCH_INTERVAL_MS / 2)) due.push(id);
        }
      }
      // One request per 100 ids (spec § Limits), all at once: the cost is the desk's, not each shipment's.
      const answers = await Promise.all(
        chunk(due, MAX_IDS_PER_REQUEST).map(async (batch) => {
          this.requests++;
          // A failed read (network, 5xx) is asked again at the next tick: the wait goes on.
          return this.deps.orders.getShipments({ shipmentIds: batch }).catch(() => [] as ShipmentWire[]);
        }),
      );
      const after = this.now();
      for (const s of answers.flat()) {
        if (!documentsReady(s)) continue;
        const list = this.waiters.get(s.shipmentId);
        this.waiters.delete(s.shipmentId);
        for (const w of list ?? []) w.done({ ready: true, shipment: s });
      }
      for (const id of due) {
        for (const w of this.waiters.get(id) ?? []) w.nextCheck = after - w.since >= LONG_WAIT_AFTER_MS ? now + LONG_WAIT_INTERVAL_MS : now + WATCH_INTERVAL_MS;
      }
    } finally {
      this.running = false;
    }
    const again = this.pending;
    this.pending = false;
    this.plan(again ? this.now() : undefined);
  }
}

const perClient = new WeakMap<object, LabelWatcher>();

/** The station's one watcher, per marketplace client (one client per signed-in station). */
export function labelWatcherFor(client: { orders: Pick<OrdersClient, 'getShipments'> }): LabelWatcher {
  let w = perClient.get(client.orders);
  if (!w) {
    w = new LabelWatcher({ orders: client.orders });
    perClient.set(client.orders, w);
  }
  return w;
}

/** Ends the waits of a client's watcher (station closing). */
export function closeLabelWatcher(client: { orders: Pick<OrdersClient, 'getShipments'> }): void {
  perClient.get(client.orders)?.close();
  perClient.delete(client.orders);
}
