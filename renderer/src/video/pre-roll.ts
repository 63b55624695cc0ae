// The start margin: a clip begins some seconds before the scan that opens its shipment. Between
// shipments the desk's picture is recorded by short-lived segments, each a MediaRecorder of its
// own (so each is a whole WebM from its first byte), a new one once the newer holds a full
// margin: at any moment the older of the two is between one and two margins old. When a shipment opens, the youngest
// segment at least one margin old becomes the head of its clip and goes on recording it; the
// other is dropped. Only the idle segments' chunks are held in memory (at most two margins of
// video); from the opening on, every chunk goes to the station as it comes.

/** MediaRecorder hands over a chunk this often: at most this much is lost in a crash. */
export const CHUNK_MS = 1000;
/**
 * A recording starts this long after the picture changed (a shipment opened, the desk went idle):
 * the canvas stream may still hold the frame painted before, and a clip's first frame must never
 * show the shipment before it. Three frames at 15 a second.
 */
export const SETTLE_MS = 200;

export interface SegmentOptions {
  mimeType: string;
  bitrateKbps: number;
}

export function pickMimeType(codec: 'vp8' | 'vp9'): string {
  const wanted = [`video/webm;codecs=${codec}`, 'video/webm;codecs=vp8', 'video/webm'];
  return wanted.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? 'video/webm';
}

/** One recording of the canvas: chunks held until a clip takes it, then handed on as they come. */
export class Segment {
  readonly recorder: MediaRecorder;
  /** performance.now() when it started (or will start): the clip's first frame. */
  private startedAt: number;
  private readonly startTimer: ReturnType<typeof setTimeout>;
  private held: Blob[] = [];
  private sink?: (chunk: Blob) => void;

  constructor(stream: MediaStream, options: SegmentOptions) {
    this.recorder = new MediaRecorder(stream, { mimeType: options.mimeType, videoBitsPerSecond: options.bitrateKbps * 1000 });
    this.recorder.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      if (this.sink) this.sink(e.data);
      else this.held.push(e.data);
    };
    this.startedAt = performance.now() + SETTLE_MS;
    this.startTimer = setTimeout(() => {
      this.startedAt = performance.now();
      this.recorder.start(CHUNK_MS);
    }, SETTLE_MS);
  }

  /** How long it has recorded (0 before it starts). */
  get ageMs(): number {
    return Math.max(0, performance.now() - this.startedAt);
  }

  /** From now on every chunk, the held ones first, goes to `sink`, in order. */
  streamTo(sink: (chunk: Blob) => void): void {
    this.sink = sink;
    for (const chunk of this.held.splice(0)) sink(chunk);
  }

  /** Stops recording; resolves once the last chunk was handed on. */
  stop(): Promise<void> {
    clearTimeout(this.startTimer);
    if (this.recorder.state === 'inactive') return Promise.resolve();
    const stopped = new Promise<void>((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }));
    this.recorder.stop();
    return stopped;
  }

  discard(): void {
    clearTimeout(this.startTimer);
    this.recorder.ondataavailable = null;
    this.held = [];
    if (this.recorder.state !== 'inactive') this.recorder.stop();
  }
}

export class PreRoll {
  private segments: Segment[] = [];
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly stream: MediaStream,
    private readonly options: SegmentOptions,
    private readonly marginMs: number,
  ) {}

  /** Starts keeping the last margin of the idle desk (nothing when the margin is 0). */
  start(): void {
    this.stop();
    if (this.marginMs > 0) this.rotate();
  }

  /**
   * The segment that becomes the head of a clip: the youngest at least one margin old, or the
   * oldest there is when the desk has been idle for less (a shipment opened right after the last
   * clip ended: the clip starts with all the idle time there was, never with another shipment's
   * frames). The rotation stops; undefined when there is no margin.
   */
  take(): Segment | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    const old = this.segments.filter((s) => s.ageMs >= this.marginMs);
    const chosen = old.length > 0 ? old[old.length - 1] : this.segments[0];
    for (const s of this.segments) if (s !== chosen) s.discard();
    this.segments = [];
    return chosen;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const s of this.segments.splice(0)) s.discard();
  }

  /**
   * Two at a time: the older one is one to two margins old, the newer one grows into it. Ages are
   * what each has actually recorded, checked every half margin: on a busy computer a recorder may
   * start late, and the older one is dropped only once the newer holds a full margin itself.
   */
  private rotate(): void {
    if (this.segments.length < 2) this.segments.push(new Segment(this.stream, this.options));
    else if (this.segments[1]!.ageMs >= this.marginMs) {
      this.segments.shift()!.discard();
      this.segments.push(new Segment(this.stream, this.options));
    }
    this.timer = setTimeout(() => this.rotate(), this.marginMs / 2);
  }
}
