// One serial connection that looks after itself: opens the line from a profile, tells the UI its
// state in words, notices an unplugged cable at once (serialport closes with disconnected: true)
// and keeps trying to reopen the same path every few hundred milliseconds, so a replugged scale is
// back within 2 s without a restart. On every reconnect the framing buffer is emptied and
// 'reset' is emitted so the owners drop pending polls and half-parsed frames.
import { EventEmitter } from 'node:events';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { lineSettings, terminatorText, type DeviceProfile } from './device-profile.js';
import { FrameSplitter } from './frame-splitter.js';
import type { SerialOpener, SerialPortLike } from './serial-port-opener.js';

export type DeviceState = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface DeviceStatus {
  state: DeviceState;
  /** A sentence for the status bar (English: logs and the command line). */
  message: string;
  /** The same sentence as a catalogue key, said on screen in the desk's language. */
  sentence?: KeyedSentence;
  /** Connected, but something is off (noise on the line). */
  warning?: boolean;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface SerialDeviceDeps {
  open: SerialOpener;
  timers?: Timers;
  /** How often to try reopening a vanished port. */
  reconnectIntervalMs?: number;
  /** Split the stream into frames at the profile's terminator and emit 'frame' (scanners, regex). */
  framing?: boolean;
}

export interface SerialDeviceEvents {
  status: [DeviceStatus];
  data: [Buffer];
  frame: [Buffer];
  /** The line was (re)opened: drop anything that belonged to the previous connection. */
  reset: [];
}

export const DEFAULT_RECONNECT_INTERVAL_MS = 300;

const IO_GONE_RE = /EIO|ENXIO|ENODEV|EBADF|i\/o error|disconnected/i;

const ROLE_WORD = { scanner: keyed('devices.fault.role.scanner'), scale: keyed('devices.fault.role.scale'), dimensioner: keyed('devices.fault.role.dimensioner') } as const;

/** A status said as a keyed sentence: its English for the message, the key for the screen. */
export function statusSaying(state: DeviceState, sentence: KeyedSentence, warning?: boolean): DeviceStatus {
  return { state, message: englishSentence(sentence), sentence, ...(warning ? { warning } : {}) };
}

export class SerialDevice extends EventEmitter<SerialDeviceEvents> {
  private port: SerialPortLike | undefined;
  private retryTimer: unknown;
  private stopped = true;
  private attempt = 0;
  private current: DeviceStatus = statusSaying('disconnected', keyed('devices.fault.notStarted'));
  private readonly splitter: FrameSplitter | undefined;
  private readonly timers: Timers;
  private readonly interval: number;

  constructor(
    readonly profile: DeviceProfile,
    private readonly deps: SerialDeviceDeps,
  ) {
    super();
    this.timers = deps.timers ?? realTimers;
    this.interval = deps.reconnectIntervalMs ?? DEFAULT_RECONNECT_INTERVAL_MS;
    if (deps.framing) {
      this.splitter = new FrameSplitter({ terminator: terminatorText(profile), stripPrefix: profile.stripPrefix, stripSuffix: profile.stripSuffix });
    }
  }

  get status(): DeviceStatus {
    return this.current;
  }

  get connected(): boolean {
    return this.current.state === 'connected';
  }

  /** The sentence of this device's status, with its role, name and port said inside it. */
  private says(key: KeyedSentence, params?: Record<string, string | number>): KeyedSentence {
    const device = keyed('devices.fault.device', { name: this.profile.name, path: this.profile.path }, { role: ROLE_WORD[this.profile.role] });
    return { key: key.key, ...(params ? { params } : {}), parts: { device } };
  }

  /** Starts connecting; resolves with whether the first attempt opened the port. Retries go on either way. */
  start(): Promise<boolean> {
    if (!this.stopped) return Promise.resolve(this.connected);
    this.stopped = false;
    this.attempt = 0;
    this.setStatus(statusSaying('connecting', this.says(keyed('devices.fault.connecting'))));
    return this.tryOpen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer !== undefined) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const port = this.port;
    this.port = undefined;
    this.splitter?.reset();
    if (port) {
      port.removeAllListeners();
      port.on('error', () => {});
      if (port.isOpen) await new Promise<void>((r) => port.close(() => r()));
    }
    this.setStatus(statusSaying('disconnected', this.says(keyed('devices.fault.closed'))));
  }

  /** Writes to the device; rejects with a clear message when it is not connected. */
  write(bytes: Buffer): Promise<void> {
    const port = this.port;
    if (!port || !this.connected) return Promise.reject(new Error(englishSentence(this.says(keyed('devices.fault.notConnected')))));
    return new Promise((resolve, reject) => {
      port.write(bytes, (err) => (err ? reject(new Error(englishSentence(this.says(keyed('devices.fault.writeFailed'), { detail: err.message })))) : resolve()));
    });
  }

  private async tryOpen(): Promise<boolean> {
    this.retryTimer = undefined;
    this.attempt++;
    let port: SerialPortLike;
    try {
      port = await this.deps.open(lineSettings(this.profile));
    } catch (err) {
      if (this.stopped) return false;
      // Say why once; while waiting for a replug the message stays as it is.
      if (this.attempt === 1) {
        const state: DeviceState = this.current.state === 'connecting' ? 'error' : 'disconnected';
        this.setStatus(statusSaying(state, openFailure(this.says(keyed('devices.fault.cannotOpen')), err)));
      }
      this.scheduleRetry();
      return false;
    }
    if (this.stopped) {
      port.close(() => {});
      return false;
    }
    this.port = port;
    this.attempt = 0;
    this.splitter?.reset();
    this.emit('reset');
    port.on('data', (chunk) => this.onData(chunk));
    port.on('error', (err) => {
      // A write to a line that just vanished fails with EIO before the close arrives: that is the
      // unplug, reported by onClose; anything else is worth saying.
      if (this.port === port && !IO_GONE_RE.test(err.message)) this.setStatus(statusSaying('error', this.says(keyed('devices.fault.reported'), { detail: err.message })));
    });
    port.on('close', (err) => this.onClose(port, err));
    this.setStatus(statusSaying('connected', this.says(keyed('devices.fault.connected'))));
    return true;
  }

  private onClose(port: SerialPortLike, err?: (Error & { disconnected?: boolean }) | null): void {
    if (this.port !== port) return;
    this.port = undefined;
    port.removeAllListeners();
    this.splitter?.reset();
    this.emit('reset');
    if (this.stopped) return;
    // serialport flags a read that hit a vanished line as disconnected; a failed write closes the
    // stream without the flag. For the packer both are the cable or the power.
    const detail = err && !err.disconnected && !IO_GONE_RE.test(err.message) ? err.message : '';
    const gone = detail ? this.says(keyed('devices.fault.unpluggedDetail'), { detail }) : this.says(keyed('devices.fault.unplugged'));
    this.setStatus(statusSaying('disconnected', gone));
    this.attempt = 1; // the message above already says why
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer !== undefined) return;
    this.retryTimer = this.timers.setTimeout(() => void this.tryOpen(), this.interval);
  }

  private onData(chunk: Buffer): void {
    this.emit('data', chunk);
    if (!this.splitter) return;
    const { frames, droppedBytes } = this.splitter.push(chunk);
    if (droppedBytes > 0) this.warnDropped(droppedBytes);
    for (const f of frames) this.emit('frame', f);
  }

  /** Owners that frame the stream themselves report their dropped bytes here, for one wording. */
  warnDropped(bytes: number): void {
    this.warn(this.says(keyed('devices.fault.dropped'), { bytes }));
  }

  /** A connected device that misbehaves: the status stays 'connected' with a warning. */
  warn(sentence: KeyedSentence): void {
    if (!this.connected) return;
    this.setStatus(statusSaying('connected', sentence, true));
  }

  /** A warning about this device, its role, name and port said inside it. */
  warnSaying(key: KeyedSentence, params?: Record<string, string | number>): void {
    this.warn(this.says(key, params));
  }

  private setStatus(status: DeviceStatus): void {
    this.current = status;
    this.emit('status', status);
  }
}

/** Why a port did not open, for the packer: unplugged, not allowed, held by another program. */
function openFailure(cannotOpen: KeyedSentence, err: unknown): KeyedSentence {
  const message = err instanceof Error ? err.message : String(err);
  const why = /ENOENT|No such file/i.test(message)
    ? keyed('devices.fault.noSuchPort')
    : /EACCES|Permission denied/i.test(message)
      ? keyed('devices.fault.permission')
      : /EBUSY|Resource temporarily unavailable|lock/i.test(message)
        ? keyed('devices.fault.busy')
        : keyed('devices.fault.otherReason', { detail: message });
  return { ...cannotOpen, parts: { ...cannotOpen.parts, why } };
}
