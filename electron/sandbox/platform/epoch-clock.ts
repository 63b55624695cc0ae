// The clock the sandbox's world runs on. Seeded data is a function of the seed and of the clock
// epoch (the moment the state directory was first created): while the seed runs, the clock is
// frozen at that epoch, so "same --seed, same state dir" gives byte-identical records after a
// restart. Afterwards it is the wall clock plus the offset that POST /sandbox/clock advances.
import { createClock, type SandboxClock } from '../world/clock.js';

export interface EpochClock extends SandboxClock {
  /** Runs fn with now() pinned to epochMs (used by the seed and by reset). */
  frozenAt<T>(epochMs: number, fn: () => T): T;
}

export function createEpochClock(inner: SandboxClock = createClock()): EpochClock {
  let frozen: number | undefined;
  return {
    get offsetMs() {
      return inner.offsetMs;
    },
    set offsetMs(value: number) {
      inner.offsetMs = value;
    },
    now: () => frozen ?? inner.now(),
    advance: (seconds: number) => {
      inner.advance(seconds);
      return frozen ?? inner.now();
    },
    frozenAt<T>(epochMs: number, fn: () => T): T {
      frozen = epochMs;
      try {
        return fn();
      } finally {
        frozen = undefined;
      }
    },
  };
}
