// How long the marketplace takes to generate a pack's label and invoice (spec § Limits: "usually
// 5 to 10 seconds, up to 30 minutes"; § Shipment: generated asynchronously). Either one fixed delay
// (tests, the demo) or the spec's spread, drawn from a seeded generator so that a run can be
// repeated pack for pack.
import { MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import { createRng } from './rng.js';

const SECOND = 1000;

/**
 * The spread: 90% within the usual 5 to 10 s, 8% within a minute, 2% within 2.5 minutes. The
 * spec's 30-minute extreme is left out of the draw: it is the watcher's deadline, tested on its own.
 */
export const LABEL_DELAY_SPREAD = [
  { share: 0.9, fromMs: 5 * SECOND, toMs: 10 * SECOND },
  { share: 0.08, fromMs: 10 * SECOND, toMs: 60 * SECOND },
  { share: 0.02, fromMs: 60 * SECOND, toMs: 150 * SECOND },
] as const;

/** A fixed delay in ms, or the spec's spread seeded with a number. */
export type LabelDelay = number | { spread: 'spec'; seed: number };

/** Draws the delay of each pack in turn. */
export function labelDelays(delay: LabelDelay): () => number {
  if (typeof delay === 'number') return () => delay;
  const rng = createRng(delay.seed ^ 0x1abe1);
  return () => {
    let p = rng.next();
    for (const band of LABEL_DELAY_SPREAD) {
      if (p < band.share) return Math.min(MAX_LABEL_GENERATION_MS, Math.round(band.fromMs + rng.next() * (band.toMs - band.fromMs)));
      p -= band.share;
    }
    const last = LABEL_DELAY_SPREAD[LABEL_DELAY_SPREAD.length - 1];
    return last.toMs;
  };
}
