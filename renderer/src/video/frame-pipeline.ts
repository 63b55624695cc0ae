// The one picture every recorder of the desk records, painted off the page's main thread: the
// camera's track is read frame by frame (MediaStreamTrackProcessor), each frame gets the facts
// burned in by the frame worker (frame-worker.ts) and comes back as a track of its own
// (MediaStreamTrackGenerator) that the start margin's recorders and the clip's recorder share.
// The main thread only passes the facts on when they change, and says when a key comes: while
// the desk answers a scan the worker holds its finished frames back (the encoder then has
// nothing to do and leaves the two cores to the answer) and hands them on, in order, once the
// desk is quiet; no frame is skipped for a scan. Where the browser engine lacks these
// (frameRoutesAvailable), FrameCanvas paints on the main thread instead.
import { onDeskKey, QUIET_MS } from './desk-quiet.js';
import type { FrameFacts } from './frame-overlay.js';
import type { FrameWorkerMessage } from './frame-worker.js';

/** The engine's track processor and generator (Chromium's breakout box), not yet in the DOM typings. */
interface BreakoutBox {
  MediaStreamTrackProcessor: new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> };
  MediaStreamTrackGenerator: new (init: { kind: 'video' }) => MediaStreamTrack & { writable: WritableStream<VideoFrame> };
}

function breakoutBox(): BreakoutBox | undefined {
  const g = globalThis as unknown as Partial<BreakoutBox>;
  return g.MediaStreamTrackProcessor && g.MediaStreamTrackGenerator && typeof Worker !== 'undefined' ? (g as BreakoutBox) : undefined;
}

/** Whether this engine can paint the clip's frames in a worker. */
export function frameRoutesAvailable(): boolean {
  return breakoutBox() !== undefined;
}

/** A burst of keys is said to the worker this often at most (its hold is renewed with each). */
const KEY_POST_MS = 25;

export class FramePipeline {
  readonly stream: MediaStream;
  private readonly worker: Worker;
  private readonly generator: MediaStreamTrack;
  private facts: FrameFacts;
  private readonly offKeys: () => void;
  private lastKeyPost = Number.NEGATIVE_INFINITY;

  constructor(camera: MediaStreamTrack, width: number, height: number, fps: number, facts: FrameFacts) {
    const box = breakoutBox()!;
    this.facts = facts;
    const processor = new box.MediaStreamTrackProcessor({ track: camera });
    const generator = new box.MediaStreamTrackGenerator({ kind: 'video' });
    this.generator = generator;
    this.worker = new Worker(new URL('./frame-worker.ts', import.meta.url), { type: 'module', name: 'packing-video-frames' });
    const start: FrameWorkerMessage = { kind: 'start', readable: processor.readable, writable: generator.writable, width, height, fps, facts };
    this.worker.postMessage(start, [processor.readable as unknown as Transferable, generator.writable as unknown as Transferable]);
    this.stream = new MediaStream([generator]);
    this.offKeys = onDeskKey(() => this.onKey());
  }

  /** A key: the worker holds frames for QUIET_MS from now. Said at most every KEY_POST_MS in a burst. */
  private onKey(): void {
    const now = performance.now();
    if (now - this.lastKeyPost < KEY_POST_MS) return;
    this.lastKeyPost = now;
    const message: FrameWorkerMessage = { kind: 'hold', ms: QUIET_MS };
    this.worker.postMessage(message);
  }

  get shows(): FrameFacts {
    return this.facts;
  }

  /** What the next frames say: a shipment's facts (with its QR code) or the idle desk. */
  show(facts: FrameFacts): void {
    this.facts = facts;
    const message: FrameWorkerMessage = { kind: 'facts', facts };
    this.worker.postMessage(message);
  }

  close(): void {
    this.offKeys();
    const message: FrameWorkerMessage = { kind: 'stop' };
    this.worker.postMessage(message);
    this.generator.stop();
    // The worker ends its loop on the stop; it is ended for good a moment later in any case.
    setTimeout(() => this.worker.terminate(), 1000);
  }
}
