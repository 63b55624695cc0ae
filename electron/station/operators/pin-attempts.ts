// Wrong PINs at this desk. A PIN has 4 to 8 digits: typed over and over, a short one would fall
// to patience, so after MAX_WRONG_PINS wrong in a row an operator's PIN sign-in is locked on this
// desk for PIN_LOCK_MS (a right PIN in between starts the count again). Kept in memory: a restart
// of the app is not a way round it worth closing (it is seen, and slow), and another desk has its own count.

/** Wrong PINs in a row before the operator's PIN sign-in is locked on this desk. */
export const MAX_WRONG_PINS = 5;
/** How long the lock lasts. */
export const PIN_LOCK_MS = 5 * 60_000;

interface Count {
  wrong: number;
  lockedUntil?: number;
}

export class PinAttempts {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly now: () => Date) {}

  /** Until when the operator's PIN sign-in is locked (ms), or undefined when it is not. */
  lockedUntil(id: string): number | undefined {
    const c = this.counts.get(id);
    if (c?.lockedUntil === undefined) return undefined;
    if (c.lockedUntil > this.now().getTime()) return c.lockedUntil;
    this.counts.delete(id);
    return undefined;
  }

  /** A wrong PIN: true when this one locked the operator. */
  wrong(id: string): boolean {
    const c = this.counts.get(id) ?? { wrong: 0 };
    c.wrong++;
    if (c.wrong >= MAX_WRONG_PINS) c.lockedUntil = this.now().getTime() + PIN_LOCK_MS;
    this.counts.set(id, c);
    return c.lockedUntil !== undefined;
  }

  right(id: string): void {
    this.counts.delete(id);
  }
}
