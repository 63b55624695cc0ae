// Films each shipment at the desk: follows the desk's open shipment (DeskView), keeps the chosen
// camera open while one is configured, starts a clip when a shipment opens and ends it a few
// seconds after the shipment is packed or put aside. A camera that disappears is said (the
// header shows it) and the desk goes on packing; filming resumes when the camera is back.
import type { StationApi } from '../../../shared/contract.js';
import type { DeskView } from '../../../shared/contract/desk.js';
import type { StationSettings } from '../../../shared/settings.js';
import { ClipRecorder } from './clip-recorder.js';
import type { FrameFacts } from './frame-overlay.js';
import { setCameraState } from './video-store.js';

/** How often a missing camera is looked for again. */
export const CAMERA_RETRY_MS = 2000;
/** A clip the station refuses twice within this time is not started again for the same shipment. */
export const CLIP_RETRY_PAUSE_MS = 5000;

type VideoSettings = StationSettings['video'];

interface OpenShipment {
  shipmentId: string;
  facts: FrameFacts & { sessionId?: string; skus: string[] };
}

function openShipment(view: DeskView | undefined, settings: StationSettings): OpenShipment | undefined {
  const s = view?.session;
  if (!s) return undefined;
  const orderIds = [...new Set(s.lines.map((l) => l.orderId))];
  return {
    shipmentId: s.shipmentId,
    facts: { shipmentId: s.shipmentId, sessionId: s.sessionId, orderIds, skus: [...new Set(s.lines.map((l) => l.sku))], desk: settings.desk.name, operator: settings.desk.operator },
  };
}

export class PackingVideo {
  private settings: VideoSettings | undefined;
  private stream?: MediaStream;
  private readonly video = document.createElement('video');
  private clip?: { shipmentId: string; recorder: ClipRecorder };
  private stopTimer?: ReturnType<typeof setTimeout>;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private shipment?: OpenShipment;
  private lastFeedback = '';
  private lastFailure = 0;
  /** The shipment whose clips the station kept refusing: not filmed again until the next one. */
  private failedShipment?: string;
  private acquiring?: Promise<void>;
  private closed = false;

  constructor(
    private readonly api: StationApi,
    private readonly media: MediaDevices | undefined = navigator.mediaDevices,
  ) {
    this.video.muted = true;
    this.video.playsInline = true;
  }

  /** The settings changed (or arrived): a new camera, resolution or none. */
  configure(all: StationSettings): void {
    const next = all.video;
    const before = this.settings;
    this.settings = next;
    if (before && before.cameraId === next.cameraId && before.resolution === next.resolution) return;
    this.releaseCamera();
    void this.endClip('stopped');
    if (!next.cameraId) {
      setCameraState('off');
      return;
    }
    void this.acquire();
  }

  /** The desk changed: a shipment opened, a scan was answered, a shipment was packed or put aside. */
  onDesk(view: DeskView, all: StationSettings): void {
    const open = openShipment(view, all);
    this.shipment = open;
    const feedback = `${view.feedback.tone}|${view.feedback.text}`;
    const changedFeedback = feedback !== this.lastFeedback;
    this.lastFeedback = feedback;
    if (open && this.clip?.shipmentId === open.shipmentId) {
      clearTimeout(this.stopTimer);
      this.stopTimer = undefined;
      if (changedFeedback) this.clip.recorder.mark(view.feedback.text, view.feedback.tone !== 'error');
      return;
    }
    if (this.clip && (!open || this.clip.shipmentId !== open.shipmentId)) {
      const ended = this.clip.shipmentId;
      const packed = view.jobs.some((j) => j.shipmentId === ended);
      if (changedFeedback) this.clip.recorder.mark(view.feedback.text, view.feedback.tone !== 'error');
      if (open) void this.endClip(packed ? 'packed' : 'putAside');
      else if (!this.stopTimer) {
        // Keep filming the sealing of the box for the configured margin.
        this.stopTimer = setTimeout(() => void this.endClip(packed ? 'packed' : 'putAside'), (this.settings?.endMarginSeconds ?? 0) * 1000);
      }
    }
    if (open && !this.clip) this.startClip(view);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    void this.endClip('stopped');
    this.releaseCamera();
  }

  private startClip(view: DeskView): void {
    const open = this.shipment;
    const s = this.settings;
    if (!open || !s?.cameraId || !this.stream || open.shipmentId === this.failedShipment) return;
    this.failedShipment = undefined;
    const [width, height] = s.resolution.split('x').map(Number) as [number, number];
    const recorder: ClipRecorder = new ClipRecorder(this.api, open.facts, () => this.video, { width, height, bitrateKbps: s.bitrateKbps, codec: s.codec }, (text) =>
      this.clipFailed(recorder, text),
    );
    recorder.mark(view.feedback.text, view.feedback.tone !== 'error');
    this.clip = { shipmentId: open.shipmentId, recorder };
    setCameraState('recording', { shipmentId: open.shipmentId });
  }

  /**
   * The station refused a clip or one of its chunks (it restarted, its disk is full): that clip
   * ends, and a new one starts for the shipment still open. Refused again within
   * CLIP_RETRY_PAUSE_MS, filming stops until the next shipment, with the reason in the header.
   */
  private clipFailed(recorder: ClipRecorder, text: string): void {
    if (this.clip?.recorder !== recorder) return;
    const now = Date.now();
    const again = now - this.lastFailure < CLIP_RETRY_PAUSE_MS;
    this.lastFailure = now;
    if (!again) {
      void this.endClip('stopped');
      return;
    }
    const shipmentId = this.clip.shipmentId;
    this.clip = undefined;
    void recorder.stop('stopped');
    this.failedShipment = shipmentId;
    setCameraState('failed', { problem: `${text} Packing goes on; filming starts again with the next shipment.` });
  }

  private async endClip(reason: 'packed' | 'putAside' | 'cameraLost' | 'stopped'): Promise<void> {
    clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    const clip = this.clip;
    this.clip = undefined;
    if (!clip) return;
    if (this.stream) setCameraState('ready');
    await clip.recorder.stop(reason);
    // A shipment opened during the margin gets its own clip at once.
    if (this.shipment && !this.clip && this.stream && !this.closed) this.startClip({ feedback: { tone: 'info', text: `Shipment ${this.shipment.shipmentId} open`, sound: 'none' }, jobs: [], awaitingDispatch: [] });
  }

  private acquire(): Promise<void> {
    this.acquiring ??= this.tryAcquire().finally(() => (this.acquiring = undefined));
    return this.acquiring;
  }

  private async tryAcquire(): Promise<void> {
    const s = this.settings;
    if (!s?.cameraId || this.closed) return;
    if (!this.media) {
      setCameraState('missing', { problem: 'This window cannot use cameras.' });
      return;
    }
    setCameraState('starting');
    const [width, height] = s.resolution.split('x').map(Number) as [number, number];
    try {
      const stream = await this.media.getUserMedia({ audio: false, video: { deviceId: { exact: s.cameraId }, width: { ideal: width }, height: { ideal: height } } });
      if (this.settings?.cameraId !== s.cameraId || this.closed) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      this.stream = stream;
      const track = stream.getVideoTracks()[0];
      track?.addEventListener('ended', () => this.lost('The camera was unplugged or stopped.'));
      this.video.srcObject = stream;
      await this.video.play().catch(() => undefined);
      setCameraState('ready');
      if (this.shipment && !this.clip) this.startClip({ feedback: { tone: 'info', text: `Filming resumed for shipment ${this.shipment.shipmentId}`, sound: 'none' }, jobs: [], awaitingDispatch: [] });
    } catch (e) {
      const name = (e as DOMException).name;
      const why =
        name === 'NotAllowedError'
          ? 'The camera was not allowed for this window.'
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? 'The camera chosen in Setup is not connected.'
            : `The camera could not start (${(e as Error).message}).`;
      this.lost(why);
    }
  }

  private lost(problem: string): void {
    this.releaseCamera();
    void this.endClip('cameraLost');
    if (this.closed || !this.settings?.cameraId) return;
    setCameraState('missing', { problem: `${problem} Packing goes on; filming resumes when it is back.` });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.acquire(), CAMERA_RETRY_MS);
  }

  private releaseCamera(): void {
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = undefined;
    this.video.srcObject = null;
  }
}
