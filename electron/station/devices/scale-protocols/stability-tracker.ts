// Stability for scales that send no stability flag: the same weight N times in a row.

export class StabilityTracker {
  private last: number | undefined;
  private count = 0;

  constructor(private readonly needed: number) {}

  /** Feeds one weight; true once it has been seen `needed` times in a row. */
  push(weightKg: number): boolean {
    if (this.last !== undefined && Math.abs(this.last - weightKg) < 1e-9) this.count++;
    else {
      this.last = weightKg;
      this.count = 1;
    }
    return this.count >= this.needed;
  }

  reset(): void {
    this.last = undefined;
    this.count = 0;
  }
}
