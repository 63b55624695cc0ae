// The sandbox clock: wall time plus an offset that POST /sandbox/clock advances. Tokens, SLAs,
// dispatchAfterDate and label readiness all read it, so tests can jump 60 days in a call.
export interface SandboxClock {
  now(): number;
  advance(seconds: number): number;
  /** The offset in ms, persisted so that a restart keeps the sandbox's notion of time. */
  offsetMs: number;
}

export function createClock(wallNow: () => number = Date.now, offsetMs = 0): SandboxClock {
  const clock: SandboxClock = {
    offsetMs,
    now: () => wallNow() + clock.offsetMs,
    advance(seconds: number) {
      clock.offsetMs += Math.round(seconds * 1000);
      return clock.now();
    },
  };
  return clock;
}
