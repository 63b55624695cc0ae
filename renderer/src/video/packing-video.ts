// Films each shipment at the desk: follows the desk's open shipment (DeskView), keeps the chosen
// camera open while one is configured and this window holds the desk's camera (one window films
// per desk), starts a clip when a shipment opens (its head the start margin of the idle desk) and
// ends it a few seconds after the shipment is packed or put aside. A camera that disappears is
// said (the header shows it) and the desk goes on packing; filming resumes when it is back.
import type { StationApi } from '../../../shared/contract.js';
import type { DeskView } from '../../../shared/contract/desk.js';
import type { StationSettings } from '../../../shared/settings.js';
import { CameraLease } from './camera-lease.js';
import { ClipRecorder } from './clip-recorder.js';
import { CLIP_FPS, FrameCanvas } from './frame-canvas.js';
import { FramePipeline, frameRoutesAvailable } from './frame-pipeline.js';
import { idleFacts, type FrameFacts } from './frame-overlay.js';
import { pickMimeType, PreRoll, Segment, type SegmentOptions } from './pre-roll.js';
import { setCameraState } from './video-store.js';
import { signedInOperator } from '../stores/operator-store.js';

/** How often a missing camera is looked for again. */
export const CAMERA_RETRY_MS = 2000;
/** A clip the station refuses twice within this time is not started again for the same shipment. */
export const CLIP_RETRY_PAUSE_MS = 5000;

type VideoSettings = StationSettings['video'];
type EndReason = 'packed' | 'putAside' | 'cameraLost' | 'stopped';

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
    facts: { shipmentId: s.shipmentId, sessionId: s.sessionId, orderIds, skus: [...new Set(s.lines.map((l) => l.sku))], desk: settings.desk.name, operator: signedInOperator()?.name || settings.desk.operator },
  };
}

export class PackingVideo {
  private all?: StationSettings;
  private stream?: MediaStream;
  private frames?: FrameCanvas | FramePipeline;
  private preRoll?: PreRoll;
  private readonly video = document.createElement('video');
  private readonly lease: CameraLease;
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
    this.lease = new CameraLease(api, (held) => this.onLease(held));
  }

  private get settings(): VideoSettings | undefined {
    return this.all?.video;
  }

  /** The settings changed (or arrived): a new camera, resolution, margin or none. */
  configure(all: StationSettings): void {
    const before = this.settings;
    this.all = all;
    const next = all.video;
    if (before && before.cameraId === next.cameraId && before.resolution === next.resolution) {
      // The same camera: a new margin, codec or bitrate applies from the next idle moment.
      if (before.preRollSeconds !== next.preRollSeconds || before.codec !== next.codec || before.bitrateKbps !== next.bitrateKbps) this.newPreRoll(!this.clip);
      return;
    }
    this.releaseCamera();
    void this.endClip('stopped');
    if (!next.cameraId) {
      this.lease.stop();
      setCameraState('off');
      return;
    }
    if (this.lease.holds) void this.acquire();
    else {
      setCameraState('starting');
      this.lease.start();
    }
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
      if (changedFeedback) this.note(view);
      return;
    }
    if (this.clip && (!open || this.clip.shipmentId !== open.shipmentId)) {
      const ended = this.clip.shipmentId;
      const packed = view.jobs.some((j) => j.shipmentId === ended);
      if (changedFeedback) this.note(view);
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
    this.lease.stop();
    void this.endClip('stopped');
    this.releaseCamera();
  }

  /** The desk's answer, burned into the next frames and kept for the clip's scan timeline. */
  private note(view: Pick<DeskView, 'feedback'>): void {
    const ok = view.feedback.tone !== 'error';
    if (this.frames?.shows.shipmentId) this.frames.show({ ...this.frames.shows, lastScan: { text: view.feedback.text, ok } });
    this.clip?.recorder.mark(view.feedback.text, ok);
  }

  private segmentOptions(): SegmentOptions {
    const s = this.settings!;
    return { mimeType: pickMimeType(s.codec), bitrateKbps: s.bitrateKbps, marginMs: s.preRollSeconds * 1000 };
  }

  private newPreRoll(start: boolean): void {
    this.preRoll?.stop();
    this.preRoll = this.frames ? new PreRoll(this.frames.stream, this.segmentOptions()) : undefined;
    if (start) this.preRoll?.start();
  }

  private startClip(view: Pick<DeskView, 'feedback'>): void {
    const open = this.shipment;
    const s = this.settings;
    if (!open || !s?.cameraId || !this.stream || !this.frames || open.shipmentId === this.failedShipment) return;
    this.failedShipment = undefined;
    // The idle desk just before the opening becomes the clip's head; none after a camera restart.
    const segment = this.preRoll?.take() ?? new Segment(this.frames.stream, this.segmentOptions());
    this.frames.show(open.facts);
    const recorder: ClipRecorder = new ClipRecorder(this.api, { facts: open.facts, segment, mimeType: this.segmentOptions().mimeType, windowId: this.lease.windowId }, (text) =>
      this.clipFailed(recorder, text),
    );
    this.clip = { shipmentId: open.shipmentId, recorder };
    this.note(view);
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
    this.failedShipment = this.clip.shipmentId;
    void this.endClip('stopped', false);
    setCameraState('failed', { problem: `${text} Packing goes on; filming starts again with the next shipment.` });
  }

  private async endClip(reason: EndReason, showReady = true): Promise<void> {
    clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    const clip = this.clip;
    this.clip = undefined;
    if (!clip) return;
    if (this.stream && showReady) setCameraState('ready');
    await clip.recorder.stop(reason);
    if (this.closed || !this.stream || this.clip) return;
    // A shipment opened during the margin gets its own clip at once; otherwise the idle desk is
    // filmed again for the next clip's start margin.
    if (this.shipment && this.shipment.shipmentId !== this.failedShipment) this.startClip({ feedback: { tone: 'info', text: `Shipment ${this.shipment.shipmentId} open`, sound: 'none' } });
    else this.idle();
  }

  private idle(): void {
    if (!this.frames || !this.all) return;
    this.frames.show(idleFacts(this.all.desk.name, this.all.desk.operator));
    this.preRoll?.start();
  }

  /** The station said whether this window films at the desk. */
  private onLease(held: boolean): void {
    if (this.closed || !this.settings?.cameraId) return;
    if (held) {
      void this.acquire();
      return;
    }
    // Another window took over (this one hung past its lease): leave the camera to it.
    clearTimeout(this.retryTimer);
    void this.endClip('stopped');
    this.releaseCamera();
    setCameraState('elsewhere', { problem: 'Another window of this desk films the shipments. This one takes over when that window closes.' });
  }

  private acquire(): Promise<void> {
    this.acquiring ??= this.tryAcquire().finally(() => (this.acquiring = undefined));
    return this.acquiring;
  }

  private async tryAcquire(): Promise<void> {
    const s = this.settings;
    if (!s?.cameraId || this.closed || this.stream || !this.lease.holds) return;
    if (!this.media) {
      setCameraState('missing', { problem: 'This window cannot use cameras.' });
      return;
    }
    setCameraState('starting');
    const [width, height] = s.resolution.split('x').map(Number) as [number, number];
    try {
      const stream = await this.media.getUserMedia({ audio: false, video: { deviceId: { exact: s.cameraId }, width: { ideal: width }, height: { ideal: height }, frameRate: { ideal: CLIP_FPS } } });
      if (this.settings?.cameraId !== s.cameraId || this.settings.resolution !== s.resolution || this.closed || !this.lease.holds) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      this.stream = stream;
      const track = stream.getVideoTracks()[0];
      track?.addEventListener('ended', () => this.lost('The camera was unplugged or stopped.'));
      const idle = idleFacts(this.all!.desk.name, this.all!.desk.operator);
      if (track && frameRoutesAvailable()) this.frames = new FramePipeline(track, width, height, CLIP_FPS, idle);
      else {
        this.video.srcObject = stream;
        await this.video.play().catch(() => undefined);
        this.frames = new FrameCanvas(() => this.video, width, height, idle);
      }
      this.newPreRoll(false);
      setCameraState('ready');
      if (this.shipment && !this.clip) this.startClip({ feedback: { tone: 'info', text: `Filming resumed for shipment ${this.shipment.shipmentId}`, sound: 'none' } });
      else this.idle();
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
    void this.endClip('cameraLost');
    this.releaseCamera();
    if (this.closed || !this.settings?.cameraId || !this.lease.holds) return;
    setCameraState('missing', { problem: `${problem} Packing goes on; filming resumes when it is back.` });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.acquire(), CAMERA_RETRY_MS);
  }

  private releaseCamera(): void {
    this.preRoll?.stop();
    this.preRoll = undefined;
    this.frames?.close();
    this.frames = undefined;
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = undefined;
    this.video.srcObject = null;
  }
}
