// What a desk remembers of its waves' candidates between bulk claims, so each claim sends the
// database a short window of candidates instead of the whole queue: sending all 2,000 of a wave
// on every call made PostgreSQL unnest and look up 2,000 ids per call (1.2 ms alone against
// 0.85 ms for a window of 240, more on cores shared with every other desk), most of them long
// packed or held by other desks.
//
// - packed: a packed claim stays packed for good (claims.ts), so it is never sent again;
// - held: claimed by a desk (this one too) when last seen. Such a claim can end: its lease runs
//   out (known: the lease's end is remembered), or the desk releases it (not known). So a held
//   candidate counts as unseen again, in its place in the queue, from the end of its lease or
//   HELD_RECHECK_MS after it was seen, whichever comes first; and the held ones are looked at
//   again, once per claim, after the unseen ones.
// The first window holds the next WINDOW_FACTOR x (what the claim still wants) unseen candidates,
// in the candidates' order (most urgent first); only when a window yields too few does the claim
// go on to the next, twice as wide each time, so it still takes the most urgent free candidates
// first and reaches the end of a long list in a few rounds.

/** Candidates sent per round, as a multiple of what the claim still wants. */
export const WINDOW_FACTOR = 4;
/**
 * How long a candidate seen held is left out of the windows: a claim released meanwhile is
 * found in its place in the queue after at most this long (and by every claim's last round).
 */
export const HELD_RECHECK_MS = 5_000;
/** Ids remembered per desk before the memory starts afresh (a long day of waves). */
const MAX_REMEMBERED = 200_000;

export class WaveMemory {
  private readonly packed = new Set<string>();
  /** Held candidates and when to look at them again (ms). */
  private readonly held = new Map<string, number>();
  /**
   * Unseen candidates the last claim found taken: what other desks took since this desk's claim
   * before, at the front of its unseen ones. The next first window is that much wider, so it
   * usually holds the claim's share in one round.
   */
  taken = 0;

  /**
   * What a round said of the ids it was sent: packed, and held (with each lease's end, ms), at
   * `now` (ms); those it claimed are held by this desk until `until`.
   */
  note(now: number, packed: readonly string[], held: readonly { id: string; until: number }[], claimed: { ids: readonly string[]; until: number }): void {
    if (this.packed.size + this.held.size > MAX_REMEMBERED) {
      this.packed.clear();
      this.held.clear();
    }
    this.notePacked(packed);
    const recheck = now + HELD_RECHECK_MS;
    for (const { id, until } of held) if (!this.packed.has(id)) this.held.set(id, Math.min(until, recheck));
    for (const id of claimed.ids) this.held.set(id, Math.min(claimed.until, recheck));
  }

  /** Packed (this desk's own, or learned): never candidates again. */
  notePacked(ids: readonly string[]): void {
    for (const id of ids) {
      this.packed.add(id);
      this.held.delete(id);
    }
  }

  /** One claim's walk through its candidates at `now` (ms): windows of unseen ones, then the held ones once. */
  walk(candidates: readonly string[], now: number): CandidateWalk {
    const stillHeld = (id: string): boolean => (this.held.get(id) ?? 0) > now;
    return new CandidateWalk(
      candidates.filter((id) => !this.packed.has(id)),
      stillHeld,
      this.taken,
    );
  }
}

export class CandidateWalk {
  private next = 0;
  private widened = 1;
  private heldSent = false;

  private readonly unseen: readonly string[];
  private readonly held: readonly string[];

  private lead: number;

  /** `open`: the candidates not known packed, in order; `isHeld`: seen held lately; `taken`: WaveMemory.taken. */
  constructor(
    private readonly open: readonly string[],
    isHeld: (id: string) => boolean,
    taken: number,
  ) {
    this.unseen = open.filter((id) => !isHeld(id));
    this.held = open.filter(isHeld);
    this.lead = taken;
  }

  /**
   * The next ids to send for `wanted` more claims, skipping those already claimed: the next
   * window of unseen candidates, or, when they are used up, every held one (once, `held`: the
   * caller first asks which of them are still open, a lighter question); then none. A short list
   * (a wave batch at the desk) fits in the first window whole, held ones included: one round.
   */
  window(wanted: number, got: ReadonlySet<string>): { ids: string[]; held: boolean } {
    // A widening of its own, never more than twice the first window (one claim that found
    // thousands taken says little of the next).
    this.lead = Math.min(this.lead, Math.max(1, wanted) * WINDOW_FACTOR * 2);
    if (this.next === 0 && !this.heldSent && this.open.length <= Math.max(1, wanted) * WINDOW_FACTOR + this.lead) {
      this.next = this.unseen.length;
      this.heldSent = true;
      return { ids: this.open.filter((id) => !got.has(id)), held: false };
    }
    while (this.next < this.unseen.length) {
      const size = Math.max(1, wanted) * WINDOW_FACTOR * this.widened + this.lead;
      this.widened *= 2;
      this.lead = 0;
      const ids = this.unseen.slice(this.next, this.next + size).filter((id) => !got.has(id));
      this.next += size;
      if (ids.length > 0) return { ids, held: false };
    }
    if (this.heldSent) return { ids: [], held: true };
    this.heldSent = true;
    return { ids: this.held.filter((id) => !got.has(id)), held: true };
  }
}
