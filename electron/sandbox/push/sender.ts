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
 * A notification the fault knob picked for reordering waits this long at the head of its
 * shipment's queue for the shipment's next notification, which then goes first; when none comes,
 * it is sent as usual.
 */
export const PUSH_REORDER_WINDOW_MS = 2_000;
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

  constructor(
    readonly subscription: Subscription,
    private readonly deps: SenderDeps,
  ) {}

  /** Queues one notification after the fault knob's decision; a dropped one is only counted. */
  enqueue(item: QueuedNotification, fault: PushFaultDecision): void {
    if (fault.drop) {
      this.counts.droppedByFault += 1;
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
    while (!this.stop.signal.aborted && this.active.size < PUSH_MAX_PARALLEL && this.ready.length > 0) {
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
      if (queue.length < 2) await this.deps.wait(PUSH_REORDER_WINDOW_MS, this.stop.signal);
      if (this.stop.signal.aborted) return;
      const held = queue[0];
      delete held.reorder;
      if (queue.length >= 2) {
        // The successor overtakes; it lost its own chance to be reordered (no swapping back).
        const successor = queue[1];
        delete successor.reorder;
        queue.splice(0, 2, successor, held);
        this.counts.reorderedByFault += 1;
      }
      this.deps.changed();
    }
    const item = queue[0];
    if (item.delayMs) {
      this.counts.delayedByFault += 1;
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
      this.counts.attempts += 1;
      await this.deps.post(this.subscription, body);
    }
    queue.shift();
    this.pendingCount -= 1;
    this.counts.delivered += 1;
    this.lastDeliveredAt = new Date(this.deps.now()).toISOString();
    this.active.delete(id);
    if (queue.length > 0) this.markReady(id);
    else this.queues.delete(id);
    this.deps.changed();
    if (this.pendingCount === 0) {
      const waiting = [...this.idle];
      this.idle.clear();
      for (const resolve of waiting) resolve();
    }
    this.pump();
  }
}
