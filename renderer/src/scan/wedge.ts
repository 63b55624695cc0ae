// Keyboard-wedge scanners "type" a code as keystrokes. They are told apart from a person by
// timing alone: a scanner sends every key within a few milliseconds of the previous one, a
// person needs 80 ms or more. Pure: fed (key, timestamp) pairs, no DOM and no clock, so the
// rules are tested exactly as they run.

export interface WedgeOptions {
  /** Keys closer than this belong to one scan (settings.scan.wedgeMaxInterKeyMs). */
  maxInterKeyMs: number;
  /** Shorter bursts are fast typing, not a scan (settings.scan.wedgeMinLength). */
  minLength: number;
  /** The key the scanner sends after the code; 'none' ends a scan by silence. */
  terminator: 'Enter' | 'Tab' | 'none';
}

export type WedgeStep =
  /** A complete scan: the terminating key (if any) must not reach the page. */
  | { kind: 'scan'; raw: string }
  /** The key is part of a burst that may become a scan; `length` counts its characters so far. */
  | { kind: 'burst'; length: number }
  /** Nothing to do with scanning: the key goes where it was going. */
  | { kind: 'pass' };

// Scanners press Shift for capitals; these keys never break a burst and are never part of it.
const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'NumLock', 'Dead']);

export class WedgeDetector {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;

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
      const raw = this.buffer;
      this.reset();
      return raw.length >= minLength && gap <= maxInterKeyMs ? { kind: 'scan', raw } : { kind: 'pass' };
    }
    if (key.length !== 1) {
      // Backspace, arrows, Escape…: a person at the keyboard, whatever the timing.
      this.reset();
      return { kind: 'pass' };
    }
    if (this.buffer.length > 0 && gap <= maxInterKeyMs) {
      this.buffer += key;
      this.last = at;
      return { kind: 'burst', length: this.buffer.length };
    }
    // Too slow to belong to the burst before: that burst is over, and this key may start a new one.
    const ended = terminator === 'none' ? this.idle(at) : { kind: 'pass' as const };
    this.buffer = key;
    this.last = at;
    return ended.kind === 'scan' ? ended : { kind: 'burst', length: 1 };
  }

  /**
   * Silence: with no terminator a scan ends when the keys stop. Call when no key came for longer
   * than maxInterKeyMs; with a terminator an unfinished burst is just dropped as typing.
   */
  idle(at: number): WedgeStep {
    if (this.buffer.length === 0 || at - this.last <= this.options.maxInterKeyMs) return { kind: 'pass' };
    const raw = this.buffer;
    this.reset();
    return this.options.terminator === 'none' && raw.length >= this.options.minLength ? { kind: 'scan', raw } : { kind: 'pass' };
  }

  /** True while keys may still belong to a scan in progress. */
  get pending(): boolean {
    return this.buffer.length > 0;
  }

  reset(): void {
    this.buffer = '';
    this.last = Number.NEGATIVE_INFINITY;
  }
}
