// The frame worker: every camera frame of the desk's recording passes here, off the page's main
// thread, so painting the clip never competes with the answer to a scan there. It reads the
// camera's frames (a MediaStreamTrackProcessor's stream, handed over by frame-pipeline.ts),
// burns the facts band and the QR code into each, and writes them to the track the recorders
// record (a MediaStreamTrackGenerator's stream). The overlay is drawn only when what it says
// changes (the facts, or the second of the IST clock), then blended into each frame in the
// camera's own YUV format (yuv-overlay.ts); a camera delivering another format is drawn on an
// OffscreenCanvas instead.
import { FrameHold } from './frame-hold.js';
import { drawFrame, drawOverlay, shipmentQr, type FrameFacts } from './frame-overlay.js';
import { istStamp } from './ist-stamp.js';
import { blendPatches, evenRect, rgbaToYuvPatch, type YuvFormat, type YuvPatch } from './yuv-overlay.js';

export type FrameWorkerMessage =
  | { kind: 'start'; readable: ReadableStream<VideoFrame>; writable: WritableStream<VideoFrame>; width: number; height: number; fps: number; facts: FrameFacts }
  | { kind: 'facts'; facts: FrameFacts }
  /** The desk is answering a key: hold finished frames back for `ms`. */
  | { kind: 'hold'; ms: number }
  | { kind: 'stop' };

interface WorkerScope {
  onmessage: ((event: MessageEvent<FrameWorkerMessage>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;

let facts: FrameFacts = { shipmentId: '', orderIds: [], desk: '', operator: '' };
let qr: OffscreenCanvas | undefined;
let stopped = false;
/** What the overlay of the current size says, and its YUV patches. */
let overlay: { key: string; width: number; height: number; patches: YuvPatch[] } | undefined;
let buffer = new Uint8Array(0);
let fallback: { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D } | undefined;

/** Frames held back while the desk answers a scan (a scan is answered well within four frames). */
const MAX_HELD = 4;
/** Held frames go on this far apart once the desk is quiet: four of them within one frame time. */
const CATCH_UP_MS = 16;
let writer: WritableStreamDefaultWriter<VideoFrame> | undefined;
let writing: Promise<void> = Promise.resolve();

/** Hands frames to the recorders' track, one write after another, in order. */
function deliver(frames: VideoFrame[]): void {
  const w = writer;
  if (!w) {
    frames.forEach((f) => f.close());
    return;
  }
  writing = writing.then(async () => {
    for (const [i, frame] of frames.entries()) {
      // MediaRecorder stamps a frame with the moment it arrives: held frames follow one another
      // CATCH_UP_MS apart, so each is seen (a brief fast-forward), not stacked on one instant.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, CATCH_UP_MS));
      await w.write(frame).catch(() => frame.close());
    }
  });
}

const held = new FrameHold<VideoFrame>(deliver, { maxHeld: MAX_HELD, now: () => performance.now(), setTimer: (fn, ms) => setTimeout(fn, ms), clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) });

function setFacts(next: FrameFacts): void {
  if (next.shipmentId !== facts.shipmentId) qr = next.shipmentId ? shipmentQr(next.shipmentId, new OffscreenCanvas(1, 1)) : undefined;
  facts = next;
}

function patchesFor(width: number, height: number, now: Date): YuvPatch[] {
  const key = `${JSON.stringify(facts)}|${istStamp(now)}`;
  if (overlay && overlay.key === key && overlay.width === width && overlay.height === height) return overlay.patches;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const patches = drawOverlay(ctx, facts, qr, now).map((r) => {
    const rect = evenRect(r, width, height);
    return rgbaToYuvPatch(ctx.getImageData(rect.x, rect.y, rect.width, rect.height).data, rect);
  });
  overlay = { key, width, height, patches };
  return patches;
}

/** The frame with the overlay burned in, as a new frame; `frame` is closed. */
async function composite(frame: VideoFrame, width: number, height: number): Promise<VideoFrame> {
  const now = new Date();
  const format = frame.format;
  const w = frame.visibleRect?.width ?? frame.codedWidth;
  const h = frame.visibleRect?.height ?? frame.codedHeight;
  if ((format === 'I420' || format === 'NV12') && w % 2 === 0 && h % 2 === 0) {
    const size = frame.allocationSize();
    if (buffer.byteLength < size) buffer = new Uint8Array(size);
    const layout = await frame.copyTo(buffer);
    blendPatches(buffer, format as YuvFormat, layout, patchesFor(w, h, now));
    const out = new VideoFrame(buffer, { format, codedWidth: w, codedHeight: h, timestamp: frame.timestamp, layout });
    frame.close();
    return out;
  }
  // Another format (RGB from some cameras): drawn at the clip's size, as the page used to.
  if (!fallback || fallback.canvas.width !== width || fallback.canvas.height !== height) {
    const canvas = new OffscreenCanvas(width, height);
    fallback = { canvas, ctx: canvas.getContext('2d')! };
  }
  drawFrame(fallback.ctx, frame, facts, qr, now);
  const out = new VideoFrame(fallback.canvas, { timestamp: frame.timestamp });
  frame.close();
  return out;
}

async function run(start: Extract<FrameWorkerMessage, { kind: 'start' }>): Promise<void> {
  setFacts(start.facts);
  const reader = start.readable.getReader();
  writer = start.writable.getWriter();
  // A camera faster than asked (the rate is only a wish to it) is thinned to the clip's rate, on
  // a steady grid of due times, so the jitter of a camera at the clip's rate drops no frame.
  const periodUs = 1e6 / start.fps;
  let dueUs = Number.NEGATIVE_INFINITY;
  try {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (done) break;
      if (stopped) {
        value.close();
        break;
      }
      if (value.timestamp < dueUs - periodUs * 0.4) {
        value.close();
        continue;
      }
      // The next slot; after a pause of the camera, counted from this frame.
      dueUs = Number.isFinite(dueUs) && dueUs + periodUs > value.timestamp ? dueUs + periodUs : value.timestamp + periodUs;
      held.offer(await composite(value, start.width, start.height));
      // Back-pressure: the next frame is read once the recorders took this one.
      if (held.holding === 0) await writing;
    }
  } catch {
    // The camera's track or the recorders' track ended: nothing is left to paint.
  } finally {
    held.release();
    await writing;
    await reader.cancel().catch(() => undefined);
    await writer.close().catch(() => undefined);
    writer = undefined;
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'start') void run(message);
  else if (message.kind === 'facts') setFacts(message.facts);
  else if (message.kind === 'hold') held.hold(message.ms);
  else stopped = true;
};
