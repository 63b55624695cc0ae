// One clip: the camera's picture drawn with the shipment's facts onto a canvas, the canvas
// captured (captureStream) and encoded by MediaRecorder (WebM, VP9 or VP8), each chunk sent to
// the station as it comes, one at a time and in order. Nothing here is on the scan path: the
// desk's commands never wait for a chunk.
import type { StationApi } from '../../../shared/contract.js';
import { drawFrame, shipmentQr, type FrameFacts } from './frame-overlay.js';

/** Frames per second of a clip: enough to see hands and products, light on the desk's CPU. */
export const CLIP_FPS = 15;
/** MediaRecorder hands over a chunk this often: at most this much is lost in a crash. */
export const CHUNK_MS = 1000;

export interface ClipOptions {
  width: number;
  height: number;
  bitrateKbps: number;
  codec: 'vp8' | 'vp9';
}

export function pickMimeType(codec: 'vp8' | 'vp9'): string {
  const wanted = [`video/webm;codecs=${codec}`, 'video/webm;codecs=vp8', 'video/webm'];
  return wanted.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? 'video/webm';
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read a video chunk.'));
    reader.readAsDataURL(blob);
  });
}

export class ClipRecorder {
  facts: FrameFacts;
  private readonly canvas = document.createElement('canvas');
  private readonly qr: HTMLCanvasElement;
  private recorder?: MediaRecorder;
  private timer?: ReturnType<typeof setInterval>;
  private clipId?: Promise<string | undefined>;
  private seq = 0;
  private sending: Promise<void> = Promise.resolve();
  private startedAt = 0;
  private broken = false;

  constructor(
    private readonly api: StationApi,
    facts: FrameFacts & { sessionId?: string; skus?: string[] },
    private readonly source: () => HTMLVideoElement | undefined,
    private readonly options: ClipOptions,
    private readonly onProblem: (text: string) => void,
  ) {
    this.facts = facts;
    this.qr = shipmentQr(facts.shipmentId);
    this.canvas.width = options.width;
    this.canvas.height = options.height;
    const mimeType = pickMimeType(options.codec);
    this.clipId = api
      .invoke('video.begin', { shipmentId: facts.shipmentId, sessionId: facts.sessionId, orderIds: facts.orderIds, skus: facts.skus ?? [], desk: facts.desk, operator: facts.operator, mimeType })
      .then(
        (r) => r.clipId,
        (e: Error) => {
          this.fail(`The station could not start a clip: ${e.message}`);
          return undefined;
        },
      );
    const ctx = this.canvas.getContext('2d')!;
    const paint = () => {
      const video = this.source();
      drawFrame(ctx, video && video.readyState >= 2 ? video : undefined, this.facts, this.qr, new Date());
    };
    paint();
    this.timer = setInterval(paint, 1000 / CLIP_FPS);
    const stream = this.canvas.captureStream(CLIP_FPS);
    this.recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: options.bitrateKbps * 1000 });
    this.recorder.ondataavailable = (e) => {
      if (e.data.size > 0) this.send(e.data);
    };
    this.startedAt = performance.now();
    this.recorder.start(CHUNK_MS);
  }

  get failed(): boolean {
    return this.broken;
  }

  /** A desk message, as burned in: kept beside the clip for the scan timeline. */
  mark(text: string, ok: boolean): void {
    this.facts = { ...this.facts, lastScan: { text, ok } };
    const offsetMs = Math.max(0, Math.round(performance.now() - this.startedAt));
    void this.clipId?.then((clipId) => (clipId ? this.api.invoke('video.mark', { clipId, mark: { offsetMs, text: text.slice(0, 300), ok } }) : undefined)).catch(() => undefined);
  }

  /** Stops recording, sends what is left, and ends the clip at the station. */
  async stop(reason: 'packed' | 'putAside' | 'cameraLost' | 'stopped'): Promise<void> {
    const recorder = this.recorder;
    this.recorder = undefined;
    if (recorder && recorder.state !== 'inactive') {
      const last = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
      recorder.stop();
      await last;
    }
    clearInterval(this.timer);
    await this.sending;
    const clipId = await this.clipId;
    if (clipId) await this.api.invoke('video.end', { clipId, reason }).catch(() => undefined);
  }

  private send(blob: Blob): void {
    const seq = this.seq++;
    this.sending = this.sending.then(async () => {
      if (this.broken) return;
      const clipId = await this.clipId;
      if (!clipId) return;
      try {
        await this.api.invoke('video.chunk', { clipId, seq, data: await toBase64(blob) });
      } catch (e) {
        this.fail(`A piece of the clip did not reach the station: ${(e as Error).message}`);
      }
    });
  }

  private fail(text: string): void {
    if (this.broken) return;
    this.broken = true;
    this.onProblem(text);
  }
}
