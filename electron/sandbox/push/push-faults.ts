// The fault knob of push deliveries (POST /sandbox/push/faults, --push-faults): drop, duplicate,
// delay and reorder notifications so that a receiver's deduplication, ordering and the station's
// reconciliation can be tested. The knob takes exact shares, not chances: each subscription's
// deliveries are cut into plans of `planSize` (PUSH_FAULT_PLAN_SIZE unless given), and a plan holds
// exactly round(planSize x share) drops, duplicates and reorders (disjoint) and delays, placed by
// a seeded shuffle. A test of "10 % dropped" then sees 10 %, not 4 % one run and 16 % the next.
// Plans are drawn from a PRNG re-seeded at every configure: the same seed and the same sequence
// of changes give the same faults run after run.
import { z } from 'zod';
import { createRng, type Rng } from '../world/rng.js';

/** Longest injected delay of one delivery: a mistyped knob must not park a shipment for hours. */
export const MAX_PUSH_FAULT_DELAY_MS = 60_000;
/** Deliveries per plan when the knob names none: 5 % is then exactly one in each 20. */
export const PUSH_FAULT_PLAN_SIZE = 20;
/** Largest plan: the plan is an array held per subscription. */
export const MAX_PUSH_FAULT_PLAN_SIZE = 10_000;

const Share = z.number().min(0, 'must be a share from 0 to 1').max(1, 'must be a share from 0 to 1');

export const PushFaultConfig = z
  .strictObject({
    /** Share of deliveries never delivered (droppedByFault). */
    dropRate: Share.optional(),
    /** Share delivered twice (the copy right after the first 2xx). */
    duplicateRate: Share.optional(),
    /** Share delivered only after a later notification (sender.ts PUSH_REORDER_WINDOW_MS). */
    reorderRate: Share.optional(),
    /** Share held back for a time drawn from [minMs, maxMs] before their first attempt. */
    delay: z
      .strictObject({
        rate: Share,
        minMs: z.number().int().min(0).max(MAX_PUSH_FAULT_DELAY_MS),
        maxMs: z.number().int().min(0).max(MAX_PUSH_FAULT_DELAY_MS),
      })
      .refine((d) => d.minMs <= d.maxMs, 'delay.minMs must not be above delay.maxMs')
      .optional(),
    /** Deliveries per plan; each plan holds exactly round(planSize x share) of each fault. */
    planSize: z.number().int().min(1).max(MAX_PUSH_FAULT_PLAN_SIZE).optional(),
    /** PRNG seed; the sandbox's data-set seed when absent. */
    seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  })
  .refine((c) => (c.dropRate ?? 0) + (c.duplicateRate ?? 0) + (c.reorderRate ?? 0) <= 1, {
    message: 'dropRate + duplicateRate + reorderRate must not be above 1 (a delivery takes at most one of them)',
    path: ['dropRate'],
  });
export type PushFaultConfig = z.infer<typeof PushFaultConfig>;

/** What the knob decided for one delivery. */
export interface PushFaultDecision {
  drop: boolean;
  duplicate: boolean;
  reorder: boolean;
  delayMs: number;
}

export interface PushFaults {
  readonly config: PushFaultConfig;
  /** Replaces the whole configuration and starts new plans; `{}` switches every fault off. */
  configure(config: PushFaultConfig): void;
  /** The decision for the next delivery to this subscription. */
  decide(subscriptionId: string): PushFaultDecision;
}

const NONE: PushFaultDecision = { drop: false, duplicate: false, reorder: false, delayMs: 0 };

type Slot = 'drop' | 'duplicate' | 'reorder' | 'none';

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** One plan of `size` deliveries: exactly round(size x share) of each fault, seeded positions. */
export function planFaults(config: PushFaultConfig, size: number, rng: Rng): PushFaultDecision[] {
  const count = (share = 0) => Math.round(size * share);
  const drops = count(config.dropRate);
  const duplicates = Math.min(count(config.duplicateRate), size - drops);
  const reorders = Math.min(count(config.reorderRate), size - drops - duplicates);
  const slots: Slot[] = [
    ...Array<Slot>(drops).fill('drop'),
    ...Array<Slot>(duplicates).fill('duplicate'),
    ...Array<Slot>(reorders).fill('reorder'),
    ...Array<Slot>(size - drops - duplicates - reorders).fill('none'),
  ];
  shuffle(slots, rng);
  // Delays go to delivered notifications only (a dropped one has nothing to hold back).
  const { delay } = config;
  const kept = slots.flatMap((s, i) => (s === 'drop' ? [] : [i]));
  const delayed = new Set(shuffle(kept, rng).slice(0, Math.min(kept.length, count(delay?.rate))));
  return slots.map((slot, i) => ({
    drop: slot === 'drop',
    duplicate: slot === 'duplicate',
    reorder: slot === 'reorder',
    delayMs: delay && delayed.has(i) ? delay.minMs + Math.floor(rng.next() * (delay.maxMs - delay.minMs + 1)) : 0,
  }));
}

/** A subscription's own stream of plans, so that every receiver gets the exact shares. */
function subscriptionSeed(seed: number, subscriptionId: string): number {
  let h = seed >>> 0;
  for (const ch of subscriptionId) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export function createPushFaults(defaultSeed: number, initial: PushFaultConfig = {}): PushFaults {
  let config: PushFaultConfig = {};
  let plans = new Map<string, { rng: Rng; plan: PushFaultDecision[]; at: number }>();
  const off = () => !config.dropRate && !config.duplicateRate && !config.reorderRate && !config.delay?.rate;
  const faults: PushFaults = {
    get config() {
      return config;
    },
    configure(next) {
      config = next;
      plans = new Map();
    },
    decide(subscriptionId) {
      if (off()) return NONE;
      let p = plans.get(subscriptionId);
      if (!p) plans.set(subscriptionId, (p = { rng: createRng(subscriptionSeed(config.seed ?? defaultSeed, subscriptionId)), plan: [], at: 0 }));
      if (p.at >= p.plan.length) {
        p.plan = planFaults(config, config.planSize ?? PUSH_FAULT_PLAN_SIZE, p.rng);
        p.at = 0;
      }
      return p.plan[p.at++];
    },
  };
  faults.configure(initial);
  return faults;
}
