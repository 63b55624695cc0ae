// Keyboard-wedge scanners "type" a code as keystrokes. They are told apart from a person by
// timing: a scanner sends its keys within a few milliseconds of each other, a person needs 80 ms
// or more. A busy machine can stall a scanner's burst for longer than that, so with an ending key
// (Enter or Tab, as the scanner is set up) only that key ends a scan: a pause inside a burst
// keeps its characters for WEDGE_PAUSE_GRACE_MS, and a burst whose ending key never comes is
// said to be incomplete, never taken as a scan. Pure: fed (key, timestamp) pairs, no DOM and no
// clock, so the rules are tested exactly as they run.

export interface WedgeOptions {
  /** Keys closer than this are a scanner's pace (settings.scan.wedgeMaxInterKeyMs). */
  maxInterKeyMs: number;
  /** Shorter bursts are fast typing, not a scan (settings.scan.wedgeMinLength). */
  minLength: number;
  /** The key the scanner sends after the code; 'none' ends a scan by silence. */
  terminator: 'Enter' | 'Tab' | 'none';
}

/**
 * How long a burst with an ending key waits across a pause between its keys (a stalled page or
 * machine) before it is given up as incomplete: long enough for a machine under heavy load. A
 * second scan begun within it joins the unfinished one, and the joined code is refused in words
 * like any code the desk does not know; a part is never taken for a whole code.
 */
export const WEDGE_PAUSE_GRACE_MS = 1500;

export type WedgeStep =
  /** A complete scan: the terminating key (if any) must not reach the page. */
  | { kind: 'scan'; raw: string }
  /** The key is part of a burst that may become a scan; `length` counts its characters so far. */
  | { kind: 'burst'; length: number }
  /** A scanner's burst that never got its ending key (from idle()): nothing was scanned. */
  | { kind: 'incomplete'; raw: string }
  /** Nothing to do with scanning: the key goes where it was going. */
  | { kind: 'pass' };

// Scanners press Shift for capitals; these keys never break a burst and are never part of it.
const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'NumLock', 'Dead']);

export class WedgeDetector {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;
  /** Gaps inside the burst at a scanner's pace, and those longer (a stall, or a person). */
  private fastGaps = 0;
  private slowGaps = 0;
  /** The burst began on a key that came at a person's pace after other such keys. */
  private afterTyping = false;

  constructor(private options: WedgeOptions) {}

  setOptions(options: WedgeOptions): void {
    this.options = options;
  }

  /** One keydown. `key` is KeyboardEvent.key; `at` a timestamp in milliseconds. */
  key(key: string, at: number): WedgeStep {
    if (MODIFIERS.has(key)) return { kind: 'pass' };
    const gap = at - this.last;
    const { maxInterKeyMs, minLength, terminator } = this.options;
    if (terminator !== 'none' && key === terminator) {
      // The ending key: a scan when the burst, its own gap included, came mostly at a scanner's
      // pace. A person's typing (every gap slow) stays typing, Enter included.
      const fast = this.fastGaps + (gap <= maxInterKeyMs ? 1 : 0);
      const slow = this.slowGaps + (gap <= maxInterKeyMs ? 0 : 1);
      const raw = this.buffer;
      this.reset();
      return raw.length >= minLength && gap <= WEDGE_PAUSE_GRACE_MS && fast > slow ? { kind: 'scan', raw } : { kind: 'pass' };
    }
    if (key.length !== 1) {
      // Backspace, arrows, Escape…: a person at the keyboard, whatever the timing.
      this.reset();
      return { kind: 'pass' };
    }
    if (this.buffer.length > 0 && gap <= maxInterKeyMs) return this.append(key, at, 'fast');
    // A pause: with an ending key it does not end the burst while the burst so far came at a
    // scanner's pace, or is a first key on its own (a loaded machine often stalls right after
    // it); a person's slow keys start afresh, so letters typed before a scan do not get into its
    // code, and a key the page took as a command is dropped (wedge-listener.ts keyTakenAsCommand).
    const withinGrace = terminator !== 'none' && this.buffer.length > 0 && gap <= WEDGE_PAUSE_GRACE_MS;
    const scannerSoFar = this.buffer.length === 1 ? !this.afterTyping : this.fastGaps >= this.slowGaps;
    if (withinGrace && scannerSoFar) return this.append(key, at, 'slow');
    // Too slow to belong to the burst before: that burst is over, and this key may start a new one.
    const ended = terminator === 'none' ? this.idle(at) : { kind: 'pass' as const };
    this.reset();
    this.buffer = key;
    this.last = at;
    this.afterTyping = withinGrace;
    return ended.kind === 'scan' ? ended : { kind: 'burst', length: 1 };
  }

  /**
   * Silence. With no terminator a scan ends when the keys stop: call when no key came for longer
   * than maxInterKeyMs. With an ending key, call when none came for longer than
   * WEDGE_PAUSE_GRACE_MS: a scanner's burst is then incomplete, a person's typing just ends.
   */
  idle(at: number): WedgeStep {
    const { maxInterKeyMs, minLength, terminator } = this.options;
    const wait = terminator === 'none' ? maxInterKeyMs : WEDGE_PAUSE_GRACE_MS;
    if (this.buffer.length === 0 || at - this.last <= wait) return { kind: 'pass' };
    const raw = this.buffer;
    const scannerPaced = this.fastGaps > this.slowGaps;
    this.reset();
    if (raw.length < minLength) return { kind: 'pass' };
    if (terminator === 'none') return { kind: 'scan', raw };
    return scannerPaced ? { kind: 'incomplete', raw } : { kind: 'pass' };
  }

  /** How long after its last key a pending burst is given up (the caller's timer). */
  get patienceMs(): number {
    return this.options.terminator === 'none' ? this.options.maxInterKeyMs : WEDGE_PAUSE_GRACE_MS;
  }

  /** True while keys may still belong to a scan in progress. */
  get pending(): boolean {
    return this.buffer.length > 0;
  }

  reset(): void {
    this.buffer = '';
    this.last = Number.NEGATIVE_INFINITY;
    this.fastGaps = 0;
    this.slowGaps = 0;
    this.afterTyping = false;
  }

  private append(key: string, at: number, pace: 'fast' | 'slow'): WedgeStep {
    if (pace === 'fast') this.fastGaps += 1;
    else this.slowGaps += 1;
    this.buffer += key;
    this.last = at;
    return { kind: 'burst', length: this.buffer.length };
  }
}
