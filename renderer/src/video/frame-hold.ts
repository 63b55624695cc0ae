// Frames held back while the desk answers a scan: the frame worker offers each finished frame
// here; during a hold it waits (the encoder has nothing to do and leaves the cores to the
// answer), and when the hold ends every held frame goes on, in order, before the next one. At
// most `maxHeld` wait (a scan is answered well within them): past that the oldest goes on, so
// a desk typing without a pause is still filmed. No frame is dropped.

export interface FrameHoldOptions {
  maxHeld: number;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export class FrameHold<F> {
  private readonly held: F[] = [];
  private until = Number.NEGATIVE_INFINITY;
  private timer: unknown;

  constructor(
    private readonly deliver: (frames: F[]) => void,
    private readonly options: FrameHoldOptions,
  ) {}

  get holding(): number {
    return this.held.length;
  }

  /** Holds frames for `ms` from now (a key came); a later call extends the hold. */
  hold(ms: number): void {
    this.until = this.options.now() + ms;
    this.options.clearTimer(this.timer);
    this.timer = this.options.setTimer(() => this.release(), ms);
  }

  /** A finished frame: held during a hold, otherwise on at once after any held ones. */
  offer(frame: F): void {
    if (this.options.now() < this.until) {
      this.held.push(frame);
      if (this.held.length > this.options.maxHeld) this.deliver([this.held.shift()!]);
      return;
    }
    this.release();
    this.deliver([frame]);
  }

  /** Ends the hold: the held frames go on, oldest first. */
  release(): void {
    this.options.clearTimer(this.timer);
    this.timer = undefined;
    this.until = Number.NEGATIVE_INFINITY;
    if (this.held.length > 0) this.deliver(this.held.splice(0));
  }
}
