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
// in the candidates' order (most urgent first), twice that at a desk's first claim; only when a window yields too few does the claim
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
    this.noted = true;
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
    // A leading run of candidates known packed stays packed: the same list again (a desk's waves
    // over one queue) is walked from after it.
    const start = candidates === this.lastList ? this.packedLead : 0;
    let from = start;
    while (from < candidates.length && this.packed.has(candidates[from]!)) from += 1;
    this.lastList = candidates;
    this.packedLead = from;
    // A desk that has claimed nothing yet knows nothing of the others: desks starting a shift
    // together all meet on the front of the queue, so its first window is twice as wide (one
    // round each instead of a second one for half of them).
    return new CandidateWalk(candidates, from, (id) => this.packed.has(id), (id) => (this.held.get(id) ?? 0) > now, this.noted ? this.taken : 'first');
  }

  private lastList: readonly string[] | undefined;
  private packedLead = 0;
  /** Whether a claim has told this memory anything yet. */
  private noted = false;
}

/**
 * One claim's way through its candidates. The candidates are read lazily, as far as the windows
 * sent reach: a claim's own work is the size of its windows, not of the list (a wave's queue of
 * thousands, most of it packed or held by other desks), and duplicates are sent once.
 */
export class CandidateWalk {
  private next: number;
  private widened = 1;
  private heldSent = false;
  /** Ids read so far (duplicates further down are skipped). */
  private readonly read = new Set<string>();
  /** Held ones met on the way, in order, for the last look. */
  private readonly held: string[] = [];
  /** Where each id sent stands in the candidates (the claim answers in candidate order). */
  private readonly position = new Map<string, number>();
  /** Extra candidates in the first window; undefined: the desk's first claim (one window more). */
  private lead: number | undefined;

  /** `from`: the first candidate not known packed; `taken`: WaveMemory.taken, or 'first' for a desk's first claim (one window more). */
  constructor(
    private readonly candidates: readonly string[],
    from: number,
    private readonly isPacked: (id: string) => boolean,
    private readonly isHeld: (id: string) => boolean,
    taken: number | 'first',
  ) {
    this.next = from;
    this.lead = taken === 'first' ? undefined : taken;
  }

  /** The ids sent so far, in candidate order, among `ids`. */
  inOrder(ids: Iterable<string>): string[] {
    return [...ids].sort((a, b) => (this.position.get(a) ?? 0) - (this.position.get(b) ?? 0));
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
    this.lead = this.lead === undefined ? Math.max(1, wanted) * WINDOW_FACTOR : Math.min(this.lead, Math.max(1, wanted) * WINDOW_FACTOR * 2);
    const remaining = this.candidates.length - this.next;
    if (this.widened === 1 && !this.heldSent && remaining <= Math.max(1, wanted) * WINDOW_FACTOR + this.lead) {
      this.heldSent = true;
      const ids: string[] = [];
      for (; this.next < this.candidates.length; this.next += 1) {
        const id = this.candidates[this.next]!;
        if (this.read.has(id)) continue;
        this.read.add(id);
        if (this.isPacked(id) || got.has(id)) continue;
        this.position.set(id, this.next);
        ids.push(id);
      }
      return { ids, held: false };
    }
    while (this.next < this.candidates.length) {
      const size = Math.max(1, wanted) * WINDOW_FACTOR * this.widened + this.lead;
      this.widened *= 2;
      this.lead = 0;
      const ids: string[] = [];
      // `size` unseen candidates (claimed ones count, and are left out of what is sent).
      for (let unseen = 0; this.next < this.candidates.length && unseen < size; this.next += 1) {
        const id = this.candidates[this.next]!;
        if (this.read.has(id)) continue;
        this.read.add(id);
        if (this.isPacked(id)) continue;
        if (this.isHeld(id)) {
          this.held.push(id);
          this.position.set(id, this.next);
          continue;
        }
        unseen += 1;
        if (got.has(id)) continue;
        this.position.set(id, this.next);
        ids.push(id);
      }
      if (ids.length > 0) return { ids, held: false };
    }
    if (this.heldSent) return { ids: [], held: true };
    this.heldSent = true;
    return { ids: this.held.filter((id) => !got.has(id)), held: true };
  }
}
