// What a desk does with the notifications it hears of (from the warehouse's NOTIFY, or from its
// own receiver without a database): the queue follows them, a Packed shipment's label is looked
// for at once (the label watcher would otherwise see it at its next poll), and a hold or a
// cancellation reaches the packer who has that shipment open (push-stops.ts).
// Pull stays as the safety net: every RECONCILE_INTERVAL_MS the queue is listed again with the
// full search, and what it finds that the notifications had not said is applied and counted
// (shown on the Queue's status line, and journaled as a "push.reconcile" record).
import type { NotificationEnvelope } from '../../../shared/api/notifications.js';
import type { Journal } from '../journal/journal.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import type { StoredNotification } from './notification-store.js';
import { cancelWords, holdWords, PushStops, releaseWords } from './push-stops.js';

/** The full reconciliation's interval while notifications come in: the pull that remains. */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;

export interface PushStatus {
  live: boolean;
  /** Notifications this desk applied since it started. */
  received: number;
  /** Reconciliations run, and changes they found that no notification had brought. */
  reconciliations: number;
  missed: number;
  lastReconciledAt?: string;
}

/** The queue's side (queue-follow.ts): apply one notification; list again and say what differed. */
export interface QueueHook {
  apply(n: NotificationEnvelope): Promise<void>;
  /** The full search again; the shipments whose rows differed from what pushes had kept. Undefined: no queue listed yet. */
  relist(): Promise<string[] | undefined>;
  /** Publishes the queue again (the status line changed). */
  republish(): void;
}

export interface DeskPushesOptions {
  clock: { now(): Date };
  journal: () => Journal;
  who: () => CallIdentity;
  /** Looks for this shipment's label now (label-watcher.ts). */
  labelReady: (shipmentId: string) => void;
  log?: (line: string) => void;
  reconcileMs?: number;
}

export class DeskPushes {
  readonly stops = new PushStops();
  private queue: QueueHook | undefined;
  private sources = 0;
  private live = false;
  private state: Omit<PushStatus, 'live'> = { received: 0, reconciliations: 0, missed: 0 };
  private timer: ReturnType<typeof setInterval> | undefined;
  private reconciling: Promise<void> | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: DeskPushesOptions) {}

  /** Undefined while this desk hears no notifications (no receiver, no warehouse). */
  status(): PushStatus | undefined {
    return this.sources > 0 ? { live: this.live, ...this.state } : undefined;
  }

  attachQueue(hook: QueueHook): void {
    this.queue = hook;
  }

  /** A source of notifications was started (or stopped: the returned function). */
  addSource(): { setLive(live: boolean): void; remove(): void } {
    this.sources++;
    if (!this.timer) {
      this.timer = setInterval(() => void this.reconcile(), this.options.reconcileMs ?? RECONCILE_INTERVAL_MS);
      this.timer.unref?.();
    }
    let removed = false;
    let heardBefore = false;
    return {
      setLive: (live) => {
        if (removed) return;
        this.live = live;
        this.queue?.republish();
        // The start-up gap: a change stored after the queue's first search but before this
        // source listened was neither in that search nor heard. The first reconciliation runs
        // now, not RECONCILE_INTERVAL_MS later (a queue not listed yet reads it all anyway).
        if (live && !heardBefore) {
          heardBefore = true;
          void this.reconcile();
        }
      },
      remove: () => {
        if (removed) return;
        removed = true;
        if (--this.sources === 0) {
          clearInterval(this.timer);
          this.timer = undefined;
          this.live = false;
        }
        this.queue?.republish();
      },
    };
  }

  /** One stored notification, applied in the order they come (one at a time). */
  receive(stored: StoredNotification): Promise<void> {
    const run = this.chain.then(() => this.apply(stored.notification));
    this.chain = run.catch((e: Error) => this.options.log?.(`push: ${stored.notification.eventType} of ${stored.notification.shipmentId} could not be applied: ${e.message}`));
    return this.chain;
  }

  private async apply(n: NotificationEnvelope): Promise<void> {
    this.state.received++;
    const id = n.shipmentId;
    switch (n.eventType) {
      case 'shipment_hold':
        this.stops.stop(id, holdWords(id));
        break;
      case 'shipment_unhold':
        this.stops.release(id, releaseWords(id));
        break;
      case 'shipment_cancelled': {
        const items = (n.attributes as { orderItemIds?: string[] }).orderItemIds;
        this.stops.stop(id, cancelWords(id, items));
        break;
      }
      case 'shipment_packed':
        this.options.labelReady(id);
        break;
    }
    await this.queue?.apply(n);
  }

  /** The full search again (the safety net); counts what notifications had not brought. */
  reconcile(): Promise<void> {
    this.reconciling ??= (async () => {
      try {
        const missed = await this.queue?.relist();
        if (missed === undefined) return;
        this.state.reconciliations++;
        this.state.missed += missed.length;
        this.state.lastReconciledAt = this.options.clock.now().toISOString();
        if (missed.length > 0) {
          this.options.log?.(`push: the reconciliation found ${missed.length} change(s) no notification had brought (${missed.slice(0, 5).join(', ')}${missed.length > 5 ? ', ...' : ''}).`);
          await this.journalMissed(missed);
        }
        this.queue?.republish();
      } catch (e) {
        this.options.log?.(`push: the reconciliation could not run: ${(e as Error).message}`);
      } finally {
        this.reconciling = undefined;
      }
    })();
    return this.reconciling;
  }

  private async journalMissed(missed: string[]): Promise<void> {
    const journal = this.options.journal();
    const who = this.options.who();
    // A read, not a change at the marketplace: the outcome follows at once, so no start-up
    // check ever finds it open.
    const intent = await journal.appendIntent({ op: 'push.reconcile', targets: { shipmentIds: missed }, request: {}, operator: who.operator, desk: who.desk });
    await journal.appendOutcome({ intentId: intent.id, status: 'ok', result: { missed: missed.length } });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
