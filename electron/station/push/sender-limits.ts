// What one address may cost the receiver. The path token and the allow-list keep strangers out,
// but a stranger can still knock: open connections by the hundred, or post wrong tokens over and
// over (each one a log line, each one a guess). So each address gets a number of open connections,
// a number of refusals per window (after which it is answered 429 without being read), and one
// log line per minute however often it is refused.

/** Open connections one address may hold: the marketplace delivers up to 8 notifications at once. */
export const MAX_CONNECTIONS_PER_ADDRESS = 16;
/** Refusals one address may earn in REFUSAL_WINDOW_MS before it is answered 429 unread. */
export const MAX_REFUSALS_PER_WINDOW = 20;
export const REFUSAL_WINDOW_MS = 60_000;
/** One log line per address per this long; the ones left out are counted in the next. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Addresses remembered at once: beyond it the oldest are forgotten (memory stays bounded). */
const MAX_TRACKED_ADDRESSES = 10_000;

interface Tally {
  windowStart: number;
  refusals: number;
  loggedAt?: number;
  unlogged: number;
}

export class SenderLimits {
  private readonly open = new Map<string, number>();
  private readonly tallies = new Map<string, Tally>();

  constructor(private readonly clock: { now(): Date }) {}

  /** A connection from `address` opens; false when it already holds its share (drop it). */
  connect(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= MAX_CONNECTIONS_PER_ADDRESS) return false;
    this.open.set(address, n + 1);
    return true;
  }

  disconnect(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
  }

  private tally(address: string): Tally {
    const now = this.clock.now().getTime();
    let t = this.tallies.get(address);
    if (!t) {
      if (this.tallies.size >= MAX_TRACKED_ADDRESSES) this.tallies.delete(this.tallies.keys().next().value as string);
      t = { windowStart: now, refusals: 0, unlogged: 0 };
      this.tallies.set(address, t);
    } else if (now - t.windowStart >= REFUSAL_WINDOW_MS) {
      t.windowStart = now;
      t.refusals = 0;
    }
    return t;
  }

  /** The address used up its refusals for now: answer 429 without reading what it sends. */
  limited(address: string): boolean {
    return this.tally(address).refusals >= MAX_REFUSALS_PER_WINDOW;
  }

  /** Counts a refusal; the log line to write for it, or undefined when this address was logged within the minute. */
  refused(address: string, line: string): string | undefined {
    const t = this.tally(address);
    t.refusals++;
    return this.logLine(t, line);
  }

  /** A line about `address` that is not a counted refusal (a connection dropped, a 429), throttled the same way. */
  note(address: string, line: string): string | undefined {
    return this.logLine(this.tally(address), line);
  }

  private logLine(t: Tally, line: string): string | undefined {
    const now = this.clock.now().getTime();
    if (t.loggedAt !== undefined && now - t.loggedAt < REFUSAL_LOG_INTERVAL_MS) {
      t.unlogged++;
      return undefined;
    }
    const more = t.unlogged > 0 ? ` (and ${t.unlogged} more from this address since the last line)` : '';
    t.loggedAt = now;
    t.unlogged = 0;
    return `${line}${more}`;
  }
}
