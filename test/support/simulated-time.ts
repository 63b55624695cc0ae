// A clock and timers a test moves by hand: timers fire in time order as the clock passes them,
// with the promise jobs they start settled in between, so time-driven services (the label
// watcher) run without a real timer or a timed assertion.
//
//   const time = simulatedTime();
//   new LabelWatcher({ now: time.now, setTimer: time.setTimer, clearTimer: time.clearTimer, ... });
//   await time.advance(10_000);   // or time.advanceTo(65_000)

export interface SimulatedTime {
  now(): number;
  setTimer(fn: () => void, ms: number): number;
  clearTimer(id: unknown): void;
  /** Moves the clock `ms` on, firing every timer due meanwhile. */
  advance(ms: number): Promise<void>;
  /** Moves the clock to `end` (never back), firing every timer due by then. */
  advanceTo(end: number): Promise<void>;
}

/** `early`: each timer fires that many ms before its time, as Node's may by the wall clock. */
export function simulatedTime(options: { early?: number } = {}): SimulatedTime {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const advanceTo = async (end: number) => {
    await settle();
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const t = timers[0];
      if (!t || t.at > end) break;
      timers.shift();
      now = Math.max(now, t.at);
      t.fn();
      await settle();
    }
    now = Math.max(now, end);
    await settle();
  };
  return {
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + Math.max(0, ms - (options.early ?? 0)), fn, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    advance: (ms) => advanceTo(now + ms),
    advanceTo,
  };
}
