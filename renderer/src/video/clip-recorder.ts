// One clip: a recording of the desk's canvas (the camera with the shipment's facts over it,
// VP9 or VP8 WebM), its head the start margin taken from the idle desk, each chunk sent to the
// station as it comes, one at a time and in order, each in a quiet moment of the desk (never
// while a scan is being answered). Nothing here is on the scan path: the desk's commands never
// wait for a chunk.
import type { StationApi } from '../../../shared/contract.js';
import { whenDeskQuiet } from './desk-quiet.js';
import type { FrameFacts } from './frame-overlay.js';
import type { Segment } from './pre-roll.js';

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read a video chunk.'));
    reader.readAsDataURL(blob);
  });
}

export interface ClipStart {
  facts: FrameFacts & { sessionId?: string; skus?: string[] };
  /** The recording that becomes the clip: started at the opening, or the start margin's segment. */
  segment: Segment;
  mimeType: string;
  /** The window filming (it holds the desk's camera lease). */
  windowId: string;
}

export class ClipRecorder {
  private readonly segment: Segment;
  /** performance.now() of the clip's first frame: the start margin's key frame, chosen from the recording. */
  private readonly head: Promise<number>;
  private readonly clipId: Promise<string | undefined>;
  private seq = 0;
  private sending: Promise<void> = Promise.resolve();
  private broken = false;
  private stopped?: Promise<void>;

  constructor(
    private readonly api: StationApi,
    start: ClipStart,
    private readonly onProblem: (text: string) => void,
  ) {
    const { facts } = start;
    this.segment = start.segment;
    const openedAt = performance.now();
    this.head = this.segment.streamTo((chunk) => this.send(chunk), openedAt);
    this.clipId = this.head
      .then((headAt) =>
        api.invoke('video.begin', {
          shipmentId: facts.shipmentId,
          sessionId: facts.sessionId,
          orderIds: facts.orderIds,
          skus: facts.skus ?? [],
          desk: facts.desk,
          operator: facts.operator,
          mimeType: start.mimeType,
          windowId: start.windowId,
          // The start margin: how much of the idle desk the clip holds before this opening.
          preRollMs: Math.max(0, Math.round(openedAt - headAt)),
          sinceOpeningMs: Math.max(0, Math.round(performance.now() - openedAt)),
        }),
      )
      .then(
        (r) => r.clipId,
        (e: Error) => {
          this.fail(`The station could not start a clip: ${e.message}`);
          return undefined;
        },
      );
  }

  get failed(): boolean {
    return this.broken;
  }

  /** A desk message, as burned in: kept beside the clip for the scan timeline. */
  mark(text: string, ok: boolean): void {
    const at = performance.now();
    void Promise.all([this.head, this.clipId])
      .then(([headAt, clipId]) => (clipId ? this.api.invoke('video.mark', { clipId, mark: { offsetMs: Math.max(0, Math.round(at - headAt)), text: text.slice(0, 300), ok } }) : undefined))
      .catch(() => undefined);
  }

  /** Stops recording, sends what is left, and ends the clip at the station. */
  stop(reason: 'packed' | 'putAside' | 'cameraLost' | 'stopped'): Promise<void> {
    this.stopped ??= (async () => {
      await this.segment.stop();
      await this.sending;
      const clipId = await this.clipId;
      if (clipId) await this.api.invoke('video.end', { clipId, reason }).catch(() => undefined);
    })();
    return this.stopped;
  }

  private send(blob: Blob): void {
    const seq = this.seq++;
    this.sending = this.sending.then(async () => {
      if (this.broken) return;
      const clipId = await this.clipId;
      if (!clipId) return;
      // Not while the desk answers a scan: the chunk waits for a quiet moment (at most a second).
      await whenDeskQuiet();
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
