// The start margin: a clip begins about one margin before the scan that opens its shipment.
// Between shipments one MediaRecorder films the idle desk, asked for a key frame every second;
// its WebM is read as it comes (cluster-ring.ts) and only its last margin is held in memory,
// from a key frame on. When a shipment opens, that recording becomes the clip: cut at the key
// frame about one margin before the opening (a whole WebM from its first byte, its clock starting
// at 0), it goes on recording the shipment, and from then on every chunk goes to the station as it
// comes. One encoder runs at any time, and a new one starts once per shipment: when a clip ends,
// the idle desk is filmed by a new recording, so a clip never holds another shipment's frames.
import { ClusterRing } from './cluster-ring.js';

/** MediaRecorder hands over a chunk this often: at most this much is lost in a crash. */
export const CHUNK_MS = 1000;
/**
 * A recording starts this long after the picture changed (a shipment opened, the desk went idle):
 * the canvas stream may still hold the frame painted before, and a clip's first frame must never
 * show the shipment before it. Three frames at 15 a second.
 */
export const SETTLE_MS = 200;
/**
 * A key frame at least this often: a clip can start at any of them, so it starts at most this
 * much earlier than one margin before the opening. Chromium's muxer opens a WebM Cluster at each
 * (MediaRecorderOptions.videoKeyFrameIntervalDuration, Chromium 127 on).
 */
export const KEY_FRAME_MS = 1000;
/**
 * A clip is cut once the recording's WebM reached the key frame after the one it starts at (its
 * head is then known exactly), or after this long with what came by then: a chunk comes every
 * second, later when the computer is busy.
 */
export const MAX_CUT_WAIT_MS = 3000;
/** A margin shorter than KEY_FRAME_MS asks for key frames that often, but not more often than this. */
export const MIN_KEY_FRAME_MS = 250;

/** How often the recording is asked for a key frame for a start margin of `marginMs`. */
export function keyFrameMs(marginMs: number): number {
  return marginMs > 0 ? Math.min(KEY_FRAME_MS, Math.max(MIN_KEY_FRAME_MS, marginMs)) : KEY_FRAME_MS;
}

export interface SegmentOptions {
  mimeType: string;
  bitrateKbps: number;
  /** The start margin (ms): how much of the idle desk a clip starts with. */
  marginMs: number;
}

export function pickMimeType(codec: 'vp8' | 'vp9'): string {
  const wanted = [`video/webm;codecs=${codec}`, 'video/webm;codecs=vp8', 'video/webm'];
  return wanted.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? 'video/webm';
}

/** Chromium's key-frame options, not yet in the DOM typings. */
type RecorderOptions = MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number };

/** One recording of the desk's picture: its last margin held until a clip takes it, then handed on as it comes. */
export class Segment {
  readonly recorder: MediaRecorder;
  /** performance.now() when it started (or will start): recording time 0. */
  private startedAt: number;
  private readonly startTimer: ReturnType<typeof setTimeout>;
  private readonly ring: ClusterRing;
  /** Chunks are read one after another, in order. */
  private reading: Promise<void> = Promise.resolve();
  private sink?: (chunk: Blob) => void;
  /** A clip waiting to be cut: the opening, and the cut once the recording reached it. */
  private pendingCut?: { openedAt: number; cut: () => void };
  private unreadable = false;

  constructor(
    stream: MediaStream,
    private readonly options: SegmentOptions,
  ) {
    this.ring = new ClusterRing(options.marginMs);
    const recorderOptions: RecorderOptions = { mimeType: options.mimeType, videoBitsPerSecond: options.bitrateKbps * 1000, videoKeyFrameIntervalDuration: keyFrameMs(options.marginMs) };
    this.recorder = new MediaRecorder(stream, recorderOptions);
    this.recorder.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      const at = performance.now();
      this.reading = this.reading.then(() => this.read(e.data, at));
    };
    this.startedAt = performance.now() + SETTLE_MS;
    this.startTimer = setTimeout(() => {
      this.startedAt = performance.now();
      this.recorder.start(CHUNK_MS);
    }, SETTLE_MS);
  }

  /** The recording could not be read as WebM: it cannot give a start margin. */
  get broken(): boolean {
    return this.unreadable;
  }

  /**
   * The clip: cut at the key frame about one margin before `openedAt` (performance.now() of the
   * opening), once the recording's chunks reached past it (at most MAX_CUT_WAIT_MS later); from
   * then on every chunk, the held ones first, goes to `sink`, in order. Resolves with the
   * performance.now() time of the clip's first frame.
   */
  streamTo(sink: (chunk: Blob) => void, openedAt: number): Promise<number> {
    return new Promise<number>((resolve) => {
      const cut = () => {
        if (this.pendingCut?.cut !== cut) return;
        this.pendingCut = undefined;
        clearTimeout(timer);
        const { bytes, headMs } = this.ring.cutAt(this.targetMs(openedAt));
        this.sink = sink;
        for (const b of bytes) sink(blobOf(b));
        // No cluster yet: the clip starts with the recording's first frame.
        resolve(this.startedAt + (headMs ?? 0));
      };
      const timer = setTimeout(cut, MAX_CUT_WAIT_MS);
      this.pendingCut = { openedAt, cut };
      // The chunks handed over before the opening are read first.
      void this.reading.then(() => this.cutIfReached());
    });
  }

  /** Recording time of the clip's head: one margin before the opening. */
  private targetMs(openedAt: number): number {
    return openedAt - this.startedAt - this.options.marginMs;
  }

  /** Cuts a waiting clip once its head is known: the recording is younger than the margin (the head is its first frame) or a cluster after the head came. */
  private cutIfReached(): void {
    const pending = this.pendingCut;
    if (!pending) return;
    const target = this.targetMs(pending.openedAt);
    const newest = this.ring.newestMs;
    if (this.unreadable || target <= 0 || (newest !== undefined && newest > target)) pending.cut();
  }

  /** Stops recording; resolves once the last chunk was handed on. */
  async stop(): Promise<void> {
    clearTimeout(this.startTimer);
    if (this.recorder.state !== 'inactive') {
      const stopped = new Promise<void>((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }));
      this.recorder.stop();
      await stopped;
    }
    await this.reading;
    // Stopped before the recording reached past the head: cut with what there is.
    this.pendingCut?.cut();
    // An element cut short at the very end (none in a whole recording): kept, as a crash would leave it.
    const rest = this.ring.leftover;
    if (this.sink && rest.length > 0 && !this.unreadable) this.sink(blobOf(rest));
  }

  discard(): void {
    clearTimeout(this.startTimer);
    this.recorder.ondataavailable = null;
    this.sink = undefined;
    this.pendingCut = undefined;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
  }

  private async read(blob: Blob, at: number): Promise<void> {
    if (this.unreadable) {
      this.sink?.(blob);
      return;
    }
    try {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      // While a cut waits, nothing after the opening's margin is dropped.
      const nowMs = Math.min(at, this.pendingCut?.openedAt ?? at) - this.startedAt;
      for (const b of this.ring.push(bytes, nowMs)) this.sink?.(blobOf(b));
      this.cutIfReached();
    } catch {
      // Not the WebM this reader knows (WebmFormatError), or the chunk could not be read: no start
      // margin can be cut from this recording any more; a clip already cut goes on with the
      // recording's bytes as they come.
      this.unreadable = true;
      this.sink?.(blob);
      this.cutIfReached();
    }
  }
}

function blobOf(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

export class PreRoll {
  private segment?: Segment;

  constructor(
    private readonly stream: MediaStream,
    private readonly options: SegmentOptions,
  ) {}

  /** Starts keeping the last margin of the idle desk (nothing when the margin is 0). */
  start(): void {
    this.stop();
    if (this.options.marginMs > 0) this.segment = new Segment(this.stream, this.options);
  }

  /** The recording of the idle desk, to become the head of a clip; undefined when there is none (no margin). */
  take(): Segment | undefined {
    const taken = this.segment;
    this.segment = undefined;
    if (!taken?.broken) return taken;
    taken.discard();
    return undefined;
  }

  stop(): void {
    this.segment?.discard();
    this.segment = undefined;
  }
}
