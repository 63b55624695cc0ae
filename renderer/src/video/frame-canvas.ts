// The one picture every recorder of the desk records: the camera drawn onto a canvas at the
// clip's resolution with the facts over it (the open shipment's, or the idle desk's between
// shipments), painted CLIP_FPS times a second and captured as a stream. The start margin's
// recorders and the clip's recorder share it, so the desk pays for one painting, not one per
// recorder.
import { deskBusy, watchDeskKeys } from './desk-quiet.js';
import { drawFrame, shipmentQr, type FrameFacts } from './frame-overlay.js';

/** Frames per second of a clip: enough to see hands and products, light on the desk's CPU. */
export const CLIP_FPS = 15;

export class FrameCanvas {
  readonly stream: MediaStream;
  private readonly canvas = document.createElement('canvas');
  private readonly ctx: CanvasRenderingContext2D;
  private readonly timer: ReturnType<typeof setInterval>;
  private facts: FrameFacts;
  private qr?: HTMLCanvasElement;

  constructor(
    private readonly source: () => HTMLVideoElement | undefined,
    width: number,
    height: number,
    facts: FrameFacts,
  ) {
    this.canvas.width = width;
    this.canvas.height = height;
    this.ctx = this.canvas.getContext('2d')!;
    this.facts = facts;
    watchDeskKeys();
    this.paint();
    // While the desk answers a key, frames are skipped (desk-quiet.ts): the scan's frame comes
    // first. A plain timer, not requestIdleCallback: a window behind another gets no idle time,
    // and its clip would get no frames at all.
    this.timer = setInterval(() => {
      if (!deskBusy()) this.paint();
    }, 1000 / CLIP_FPS);
    this.stream = this.canvas.captureStream(CLIP_FPS);
  }

  get shows(): FrameFacts {
    return this.facts;
  }

  /** What the next frames say: a shipment's facts (with its QR code) or the idle desk. */
  show(facts: FrameFacts): void {
    const another = facts.shipmentId !== this.facts.shipmentId;
    if (another || (facts.shipmentId && !this.qr)) this.qr = facts.shipmentId ? shipmentQr(facts.shipmentId) : undefined;
    this.facts = facts;
    // Another shipment (or the idle desk) is painted at once, even mid-scan: the next recording's
    // first frame must never show the one before. A new last scan waits for the next frame.
    if (another) this.paint();
  }

  close(): void {
    clearInterval(this.timer);
    this.stream.getTracks().forEach((t) => t.stop());
  }

  private paint(): void {
    const video = this.source();
    drawFrame(this.ctx, video && video.readyState >= 2 ? video : undefined, this.facts, this.qr, new Date());
  }
}
