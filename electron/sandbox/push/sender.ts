// Delivery to one subscribed receiver: at least once, in order per shipment, shipments in
// parallel up to PUSH_MAX_PARALLEL, retrying with exponential backoff and jitter while the
// receiver fails, times out or is away. The spec leaves retry behaviour "not shown" (§ Events);
// these are the sandbox's choices, written in the sandbox README "Push notifications".
import type { Rng } from '../world/rng.js';
import type { QueuedNotification, Subscription } from './subscriptions.js';
import type { PushFaultDecision } from './push-faults.js';

/** First wait after a failed attempt. */
export const PUSH_BACKOFF_INITIAL_MS = 500;
/** The wait doubles per failed attempt up to this ceiling, and stays there while the receiver is away. */
export const PUSH_BACKOFF_MAX_MS = 60_000;
/** Each wait is drawn from [JITTER_FLOOR x backoff, backoff], so that shipments do not retry in lockstep. */
export const PUSH_BACKOFF_JITTER_FLOOR = 0.5;
/**
 * A notification the fault knob picked for reordering waits at the head of its shipment's queue,
 * at most this long, for a later notification to go first: the shipment's next one (which then
 * overtakes it), or a later one of another shipment delivered meanwhile. When none comes in time
 * it is sent as usual and not counted as reordered.
 */
export const PUSH_REORDER_WINDOW_MS = 2_000;
/** Reorders the run report names (newest kept). */
export const PUSH_RUN_REORDERS_KEPT = 200;
/** Shipments of one receiver delivered at the same time. */
export const PUSH_MAX_PARALLEL = 8;

/** The outcome of one POST: a 2xx, or a failure in words. */
export type PostOutcome = { ok: true } | { ok: false; error: string };

export interface SenderDeps {
  post(subscription: Subscription, body: string): Promise<PostOutcome>;
  /** Waits ms (backoff, injected delays); resolves early when the sender stops. */
  wait(ms: number, stopped: AbortSignal): Promise<void>;
  /** Jitter draws (not the fault knob's PRNG: retries must not shift the faults' sequence). */
  jitter: Rng;
  now(): number;
  /** Something changed that the push file should hold. */
  changed(): void;
}

export interface SenderStatus {
  delivered: number;
  pending: number;
  retrying: number;
  droppedByFault: number;
  duplicatedByFault: number;
  reorderedByFault: number;
  delayedByFault: number;
  attempts: number;
  failedAttempts: number;
  lastError: { at: string; message: string } | null;
  lastDeliveredAt: string | null;
}

/** What the fault knob did to this subscription's deliveries since it was last configured. */
export interface FaultRun {
  /** Deliveries the knob decided on. */
  deliveries: number;
  dropped: number;
  duplicated: number;
  reordered: number;
  delayed: number;
  /** Each reordered notification and the later one that arrived before it (the newest PUSH_RUN_REORDERS_KEPT). */
  reorders: (NamedNotification & { after: NamedNotification })[];
}

/** A notification as the run report names it (seq: the order the sandbox emitted them). */
export interface NamedNotification {
  seq: number;
  shipmentId: string;
  eventType: string;
  timestamp: string;
}

const emptyRun = (): FaultRun => ({ deliveries: 0, dropped: 0, duplicated: 0, reordered: 0, delayed: 0, reorders: [] });

/** The wait before retry number `failures` (1 = after the first failure), before jitter. */
export function backoffMs(failures: number): number {
  return Math.min(PUSH_BACKOFF_MAX_MS, PUSH_BACKOFF_INITIAL_MS * 2 ** Math.min(failures - 1, 30));
}

export class SubscriptionSender {
  /** shipmentId -> notifications not yet acknowledged, oldest first. */
  private readonly queues = new Map<string, QueuedNotification[]>();
  /** Shipments with work and no delivery running, in the order they became ready. */
  private readonly ready: string[] = [];
  private readonly readySet = new Set<string>();
  /** Shipments whose head notification is being delivered or waiting for its retry. */
  private readonly active = new Set<string>();
  private readonly stop = new AbortController();
  private pendingCount = 0;
  private retrying = 0;
  readonly counts = { delivered: 0, droppedByFault: 0, duplicatedByFault: 0, reorderedByFault: 0, delayedByFault: 0, attempts: 0, failedAttempts: 0 };
  /** Waits the sender chose after failures, newest last (the last few, for the status route). */
  readonly recentBackoffMs: number[] = [];
  private lastError: SenderStatus['lastError'] = null;
  private lastDeliveredAt: string | null = null;
  private readonly idle = new Set<() => void>();
  /** Reordered notifications waiting for a later one: woken on every enqueue and delivery. */
  private readonly wakers = new Set<() => void>();
  /** The delivered notification emitted last (highest seq) so far. */
  private newestDelivered: QueuedNotification | undefined;
  /** Shipments whose head waits to be overtaken: they do not take one of the parallel slots. */
  private holding = 0;
  run: FaultRun = emptyRun();

  constructor(
    readonly subscription: Subscription,
    private readonly deps: SenderDeps,
  ) {}

  /** A new configuration of the knob: a new run to report. */
  newRun(): void {
    this.run = emptyRun();
  }

  /** Queues one notification after the fault knob's decision; a dropped one is only counted. */
  enqueue(item: QueuedNotification, fault: PushFaultDecision, decided = true): void {
    if (decided) this.run.deliveries += 1;
    if (fault.drop) {
      this.counts.droppedByFault += 1;
      this.run.dropped += 1;
      this.deps.changed();
      return;
    }
    const queued: QueuedNotification = {
      ...item,
      ...(fault.duplicate ? { duplicate: true } : {}),
      ...(fault.delayMs ? { delayMs: fault.delayMs } : {}),
      ...(fault.reorder ? { reorder: true } : {}),
    };
    const id = queued.envelope.shipmentId;
    let queue = this.queues.get(id);
    if (!queue) this.queues.set(id, (queue = []));
    queue.push(queued);
    this.pendingCount += 1;
    if (!this.active.has(id) && !this.readySet.has(id)) this.markReady(id);
    this.deps.changed();
    this.wake();
    this.pump();
  }

  /** Everything not yet acknowledged, in delivery order per shipment (for the push file). */
  pending(): QueuedNotification[] {
    return [...this.queues.values()].flat();
  }

  status(): SenderStatus {
    return { ...this.counts, pending: this.pendingCount, retrying: this.retrying, lastError: this.lastError, lastDeliveredAt: this.lastDeliveredAt };
  }

  /** Resolves when nothing is pending (tests, and a clean shutdown that wants to drain). */
  drained(): Promise<void> {
    if (this.pendingCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  close(): void {
    this.stop.abort();
  }

  private markReady(id: string): void {
    this.ready.push(id);
    this.readySet.add(id);
  }

  private pump(): void {
    while (!this.stop.signal.aborted && this.active.size - this.holding < PUSH_MAX_PARALLEL && this.ready.length > 0) {
      const id = this.ready.shift()!;
      this.readySet.delete(id);
      this.active.add(id);
      void this.deliverHead(id);
    }
  }

  /** Delivers the oldest notification of a shipment until a 2xx, then hands the shipment back. */
  private async deliverHead(id: string): Promise<void> {
    const queue = this.queues.get(id)!;
    if (queue[0].reorder) {
      await this.overtake(queue);
      if (this.stop.signal.aborted) return;
    }
    const item = queue[0];
    if (item.delayMs) {
      this.counts.delayedByFault += 1;
      this.run.delayed += 1;
      await this.deps.wait(item.delayMs, this.stop.signal);
    }
    const body = JSON.stringify(item.envelope);
    let failures = 0;
    while (!this.stop.signal.aborted) {
      this.counts.attempts += 1;
      const outcome = await this.deps.post(this.subscription, body);
      if (this.stop.signal.aborted) return;
      if (outcome.ok) break;
      failures += 1;
      this.counts.failedAttempts += 1;
      this.lastError = { at: new Date(this.deps.now()).toISOString(), message: outcome.error };
      const base = backoffMs(failures);
      const waitMs = Math.round(base * (PUSH_BACKOFF_JITTER_FLOOR + (1 - PUSH_BACKOFF_JITTER_FLOOR) * this.deps.jitter.next()));
      this.recentBackoffMs.push(waitMs);
      if (this.recentBackoffMs.length > 20) this.recentBackoffMs.shift();
      this.retrying += 1;
      await this.deps.wait(waitMs, this.stop.signal);
      this.retrying -= 1;
    }
    if (this.stop.signal.aborted) return;
    if (item.duplicate) {
      // The copy a marketplace sends when it missed the first acknowledgement: one more POST, its
      // outcome does not matter (the notification is already delivered).
      this.counts.duplicatedByFault += 1;
      this.run.duplicated += 1;
      this.counts.attempts += 1;
      await this.deps.post(this.subscription, body);
    }
    queue.shift();
    this.pendingCount -= 1;
    this.counts.delivered += 1;
    this.lastDeliveredAt = new Date(this.deps.now()).toISOString();
    if (!this.newestDelivered || item.seq > this.newestDelivered.seq) this.newestDelivered = item;
    this.active.delete(id);
    if (queue.length > 0) this.markReady(id);
    else this.queues.delete(id);
    this.deps.changed();
    if (this.pendingCount === 0) {
      const waiting = [...this.idle];
      this.idle.clear();
      for (const resolve of waiting) resolve();
    }
    this.wake();
    this.pump();
  }

  private wake(): void {
    const waiting = [...this.wakers];
    this.wakers.clear();
    for (const resolve of waiting) resolve();
  }

  /**
   * The head of this shipment's queue was picked for reordering: it waits (without holding a
   * parallel slot) until a later notification goes first. The shipment's next one overtakes it
   * (swapped to the head); or a later one of another shipment was delivered, and this one then
   * arrives after it. With neither within PUSH_REORDER_WINDOW_MS it goes as usual, not counted.
   */
  private async overtake(queue: QueuedNotification[]): Promise<void> {
    const held = queue[0];
    let over = false;
    const window = this.deps.wait(PUSH_REORDER_WINDOW_MS, this.stop.signal).then(() => (over = true));
    this.holding += 1;
    this.pump();
    try {
      for (;;) {
        if (this.stop.signal.aborted) return;
        let after: QueuedNotification | undefined;
        if (queue.length >= 2) {
          // The successor overtakes; it lost its own chance to be reordered (no swapping back).
          after = queue[1];
          delete after.reorder;
          queue.splice(0, 2, after, held);
        } else if (this.newestDelivered && this.newestDelivered.seq > held.seq) {
          after = this.newestDelivered;
        }
        if (after) {
          this.counts.reorderedByFault += 1;
          this.run.reordered += 1;
          const name = (n: QueuedNotification): NamedNotification => ({ seq: n.seq, shipmentId: n.envelope.shipmentId, eventType: n.envelope.eventType, timestamp: n.envelope.timestamp });
          this.run.reorders.push({ ...name(held), after: name(after) });
          if (this.run.reorders.length > PUSH_RUN_REORDERS_KEPT) this.run.reorders.shift();
          break;
        }
        if (over) break;
        await Promise.race([window, new Promise<void>((resolve) => this.wakers.add(resolve))]);
      }
    } finally {
      this.holding -= 1;
      delete held.reorder;
      this.deps.changed();
    }
    // Back among the deliveries: wait for a slot if others took them all meanwhile.
    while (!this.stop.signal.aborted && this.active.size - this.holding > PUSH_MAX_PARALLEL) {
      await new Promise<void>((resolve) => this.wakers.add(resolve));
    }
  }
}
