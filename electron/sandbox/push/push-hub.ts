// The sandbox's push notifications (spec § Events: "push notifications to a subscribed seller"):
// every event the world emits becomes a notification (envelope.ts) for every subscription that
// covers its seller, delivered by that subscription's sender. Subscriptions and undelivered
// notifications are kept in push.json (subscriptions.ts), written at most every PUSH_SAVE_MS and
// at shutdown.
import type { World } from '../world/world.js';
import type { EventRec } from '../world/model.js';
import { createRng } from '../world/rng.js';
import { notificationOf } from './envelope.js';
import { createHttpsPoster, type HttpsPoster } from './https-post.js';
import { createPushFaults, type PushFaultConfig, type PushFaults } from './push-faults.js';
import { SubscriptionSender, type FaultRun, type SenderDeps, type SenderStatus } from './sender.js';
import { MAX_PUSH_SUBSCRIPTIONS, publicSubscription, readPushState, writePushState, type PushStateFile, type SubscribeBody, type Subscription } from './subscriptions.js';

/** Longest time a change of the push state waits before push.json is rewritten. */
export const PUSH_SAVE_MS = 250;

export interface PushHubOptions {
  world: World;
  /** Where push.json lives; in memory only when absent. */
  stateDir?: string;
  /** The data set's seed: the default seed of the fault knob and of the jitter. */
  seed: number;
  faults?: PushFaultConfig;
  /** Injected by tests: the wait between attempts (real timers otherwise). */
  wait?: SenderDeps['wait'];
  /** How long a receiver may take to answer (PUSH_TIMEOUT_MS unless a test needs it short). */
  timeoutMs?: number;
}

export interface SubscriptionStatus extends SenderStatus {
  subscriptionId: string;
  url: string;
  recentBackoffMs: number[];
  /** What the fault knob did to this subscription since it was last set. */
  run: FaultRun;
}

export class PushHub {
  readonly faults: PushFaults;
  /** When the fault knob was last set: the start of the runs the status reports. */
  faultsSetAt = new Date().toISOString();
  private readonly senders = new Map<string, SubscriptionSender>();
  private readonly poster: HttpsPoster;
  private readonly deps: SenderDeps;
  private nextSubscription = 1;
  private nextSeq = 1;
  /** True while the world is re-seeded: a reset is no change the marketplace announces. */
  private paused = false;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly listener = (event: EventRec) => this.onEvent(event);

  constructor(private readonly options: PushHubOptions) {
    this.faults = createPushFaults(options.seed, options.faults);
    this.poster = createHttpsPoster(options.timeoutMs);
    this.deps = {
      post: (s, body) => this.poster.post(s, body),
      wait: options.wait ?? abortableWait,
      jitter: createRng(options.seed ^ 0x5bd1e995),
      now: () => Date.now(),
      changed: () => this.scheduleSave(),
    };
    const stored = options.stateDir ? readPushState(options.stateDir) : undefined;
    if (stored) this.restore(stored);
    options.world.emitListeners.push(this.listener);
  }

  subscribe(body: SubscribeBody): Subscription {
    if (this.senders.size >= MAX_PUSH_SUBSCRIPTIONS) throw new Error(`At most ${MAX_PUSH_SUBSCRIPTIONS} subscriptions; unsubscribe one first.`);
    const subscription: Subscription = { ...body, subscriptionId: `SUB${String(this.nextSubscription++).padStart(4, '0')}`, createdAt: new Date().toISOString() };
    this.senders.set(subscription.subscriptionId, new SubscriptionSender(subscription, this.deps));
    this.save();
    return subscription;
  }

  unsubscribe(subscriptionId: string): boolean {
    const sender = this.senders.get(subscriptionId);
    if (!sender) return false;
    sender.close();
    this.senders.delete(subscriptionId);
    this.poster.forget(subscriptionId);
    this.save();
    return true;
  }

  list(): Record<string, unknown>[] {
    return [...this.senders.values()].map((s) => publicSubscription(s.subscription));
  }

  has(subscriptionId: string): boolean {
    return this.senders.has(subscriptionId);
  }

  status(): SubscriptionStatus[] {
    return [...this.senders.values()].map((s) => ({
      subscriptionId: s.subscription.subscriptionId,
      url: s.subscription.url,
      ...s.status(),
      recentBackoffMs: [...s.recentBackoffMs],
      run: { ...s.run, reorders: [...s.run.reorders] },
    }));
  }

  /** A new knob (POST /sandbox/push/faults): new plans, and a new run to report. */
  configureFaults(config: PushFaultConfig): void {
    this.faults.configure(config);
    this.faultsSetAt = new Date().toISOString();
    for (const s of this.senders.values()) s.newRun();
  }

  /** Resolves when every subscription has delivered everything queued so far. */
  async drained(): Promise<void> {
    await Promise.all([...this.senders.values()].map((s) => s.drained()));
  }

  /** Runs fn (a re-seed) without turning its events into notifications. */
  quietly<T>(fn: () => T): T {
    this.paused = true;
    try {
      return fn();
    } finally {
      this.paused = false;
    }
  }

  async close(): Promise<void> {
    const at = this.options.world.emitListeners.indexOf(this.listener);
    if (at >= 0) this.options.world.emitListeners.splice(at, 1);
    for (const s of this.senders.values()) s.close();
    this.save();
    await this.poster.close();
  }

  private onEvent(event: EventRec): void {
    if (this.paused || this.senders.size === 0) return;
    const built = notificationOf(this.options.world, event);
    if (!built) return;
    const seq = this.nextSeq++;
    for (const sender of this.senders.values()) {
      const { sellerId } = sender.subscription;
      if (sellerId && sellerId !== built.sellerId) continue;
      sender.enqueue({ seq, envelope: built.envelope }, this.faults.decide(sender.subscription.subscriptionId));
    }
  }

  private scheduleSave(): void {
    if (!this.options.stateDir || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.save(), PUSH_SAVE_MS);
    this.saveTimer.unref();
  }

  private save(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.options.stateDir) return;
    const state: PushStateFile = {
      format: 1,
      nextSubscription: this.nextSubscription,
      nextSeq: this.nextSeq,
      subscriptions: [...this.senders.values()].map((s) => ({
        subscription: s.subscription,
        pending: s.pending(),
        delivered: s.counts.delivered,
        droppedByFault: s.counts.droppedByFault,
      })),
    };
    try {
      writePushState(this.options.stateDir, state);
    } catch (e) {
      // A full or read-only disk must not stop the marketplace: deliveries go on from memory, and
      // the next change tries again.
      process.stderr.write(`sandbox: could not save push subscriptions in ${this.options.stateDir}: ${(e as Error).message}\n`);
    }
  }

  private restore(stored: PushStateFile): void {
    this.nextSubscription = stored.nextSubscription;
    this.nextSeq = stored.nextSeq;
    const none = { drop: false, duplicate: false, reorder: false, delayMs: 0 };
    for (const entry of stored.subscriptions) {
      const sender = new SubscriptionSender(entry.subscription, this.deps);
      sender.counts.delivered = entry.delivered;
      sender.counts.droppedByFault = entry.droppedByFault;
      this.senders.set(entry.subscription.subscriptionId, sender);
      // Decided before the restart already: queued again as they were, no new fault decision.
      for (const item of entry.pending) sender.enqueue(item, { ...none, duplicate: item.duplicate ?? false, delayMs: item.delayMs ?? 0, reorder: item.reorder ?? false }, false);
    }
  }
}

function abortableWait(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stopped.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    }
    stopped.addEventListener('abort', done, { once: true });
  });
}

const hubs = new WeakMap<World, PushHub>();

/** The hub of the sandbox serving a world (the control routes find it here). */
export function registerPushHub(world: World, hub: PushHub): void {
  hubs.set(world, hub);
}

export function pushHubOf(world: World): PushHub | undefined {
  return hubs.get(world);
}
