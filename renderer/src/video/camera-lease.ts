// Asks the station, and keeps asking, for this window to be the one that films at the desk
// (video.claim): two windows of one desk (the app and a browser tab, two tabs) must not film the
// same shipment twice. The holder renews well within the station's lease; a window that does
// not hold it asks again at the same pace and takes over when the holder closes or hangs.
import type { StationApi } from '../../../shared/contract.js';

/** How often the lease is renewed or asked for (the station's lease lasts three times this). */
export const LEASE_RENEW_MS = 2000;

function randomWindowId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class CameraLease {
  readonly windowId = randomWindowId();
  private timer?: ReturnType<typeof setTimeout>;
  private running = false;
  /** Undefined until the station first answers. */
  private held?: boolean;

  constructor(
    private readonly api: StationApi,
    private readonly onChange: (held: boolean) => void,
  ) {}

  get holds(): boolean {
    return this.held === true;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    if (this.held) void this.api.invoke('video.release', { windowId: this.windowId }).catch(() => undefined);
    this.held = undefined;
  }

  private async tick(): Promise<void> {
    try {
      const { granted } = await this.api.invoke('video.claim', { windowId: this.windowId });
      if (!this.running) return;
      if (granted !== this.held) {
        this.held = granted;
        this.onChange(granted);
      }
    } catch {
      // The station is out of reach: a clip in progress finds out by its chunks; ask again later.
    }
    if (this.running) this.timer = setTimeout(() => void this.tick(), LEASE_RENEW_MS);
  }
}
