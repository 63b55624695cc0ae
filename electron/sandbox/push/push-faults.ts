// The fault knob of push deliveries (POST /sandbox/push/faults, --push-faults): drop, duplicate,
// delay and reorder notifications so that a receiver's deduplication, ordering and the station's
// reconciliation can be tested. Every decision is drawn when the notification is queued, in the
// order the world emitted them, from a PRNG re-seeded at every configure: the same seed and the
// same sequence of changes give the same faults run after run.
import { z } from 'zod';
import { createRng, type Rng } from '../world/rng.js';

/** Longest injected delay of one delivery: a mistyped knob must not park a shipment for hours. */
export const MAX_PUSH_FAULT_DELAY_MS = 60_000;

const Rate = z.number().min(0, 'must be a probability from 0 to 1').max(1, 'must be a probability from 0 to 1');

export const PushFaultConfig = z
  .strictObject({
    /** Share of notifications never delivered (counted as droppedByFault). */
    dropRate: Rate.optional(),
    /** Share delivered twice (the copy right after the first 2xx). */
    duplicateRate: Rate.optional(),
    /** Share overtaken by the next notification of the same shipment (sender.ts PUSH_REORDER_WINDOW_MS). */
    reorderRate: Rate.optional(),
    /** Share held back for a time drawn from [minMs, maxMs] before their first attempt. */
    delay: z
      .strictObject({
        rate: Rate,
        minMs: z.number().int().min(0).max(MAX_PUSH_FAULT_DELAY_MS),
        maxMs: z.number().int().min(0).max(MAX_PUSH_FAULT_DELAY_MS),
      })
      .refine((d) => d.minMs <= d.maxMs, 'delay.minMs must not be above delay.maxMs')
      .optional(),
    /** PRNG seed; the sandbox's data-set seed when absent. */
    seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  });
export type PushFaultConfig = z.infer<typeof PushFaultConfig>;

/** What the knob decided for one notification. */
export interface PushFaultDecision {
  drop: boolean;
  duplicate: boolean;
  reorder: boolean;
  delayMs: number;
}

export interface PushFaults {
  readonly config: PushFaultConfig;
  /** Replaces the whole configuration; `{}` switches every fault off. */
  configure(config: PushFaultConfig): void;
  decide(): PushFaultDecision;
}

const NONE: PushFaultDecision = { drop: false, duplicate: false, reorder: false, delayMs: 0 };

export function createPushFaults(defaultSeed: number, initial: PushFaultConfig = {}): PushFaults {
  let config: PushFaultConfig = {};
  let rng: Rng = createRng(defaultSeed);
  const faults: PushFaults = {
    get config() {
      return config;
    },
    configure(next) {
      config = next;
      rng = createRng(next.seed ?? defaultSeed);
    },
    decide() {
      const { dropRate = 0, duplicateRate = 0, reorderRate = 0, delay } = config;
      if (!dropRate && !duplicateRate && !reorderRate && !delay?.rate) return NONE;
      // Always four draws, so that one knob's value does not shift the others' sequence.
      const drop = rng.next() < dropRate;
      const duplicate = rng.next() < duplicateRate;
      const reorder = rng.next() < reorderRate;
      const delayed = rng.next() < (delay?.rate ?? 0);
      const delayMs = delayed && delay ? delay.minMs + Math.floor(rng.next() * (delay.maxMs - delay.minMs + 1)) : 0;
      return { drop, duplicate: !drop && duplicate, reorder: !drop && reorder, delayMs: drop ? 0 : delayMs };
    },
  };
  faults.configure(initial);
  return faults;
}
