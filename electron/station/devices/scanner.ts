// A serial barcode scanner: each line it sends is one scan, classified by the same classifier the
// keyboard-wedge path uses. A scanner held over a code (or a packer's double trigger) repeats it;
// the same value again within debounceMs of the last time it was seen is ignored.
import { EventEmitter } from 'node:events';
import { classifyScan, type ClassifiedScan } from '../../../shared/barcodes.js';
import type { ScannerProfile } from './device-profile.js';
import type { SerialOpener } from './serial-port-opener.js';
import { SerialDevice, type DeviceStatus, type Timers } from './serial-device.js';

export type ScanEvent = ClassifiedScan & {
  /** The line as received (after prefix/suffix stripping), for the log. */
  raw: string;
  /** Clock time of the scan. */
  at: number;
};

export interface ScannerDeps {
  open: SerialOpener;
  now?: () => number;
  timers?: Timers;
  reconnectIntervalMs?: number;
}

export interface ScannerEvents {
  scan: [ScanEvent];
  /** A double read swallowed by the debounce window: reported, never counted. */
  repeat: [ScanEvent];
  status: [DeviceStatus];
}

export class Scanner extends EventEmitter<ScannerEvents> {
  readonly device: SerialDevice;
  private readonly now: () => number;
  private lastValue: string | undefined;
  private lastSeenAt = -Infinity;

  constructor(
    readonly profile: ScannerProfile,
    deps: ScannerDeps,
  ) {
    super();
    this.now = deps.now ?? Date.now;
    this.device = new SerialDevice(profile, { open: deps.open, timers: deps.timers, reconnectIntervalMs: deps.reconnectIntervalMs, framing: true });
    this.device.on('frame', (f) => this.onFrame(f));
    this.device.on('status', (s) => this.emit('status', s));
  }

  get status(): DeviceStatus {
    return this.device.status;
  }

  start(): Promise<boolean> {
    return this.device.start();
  }

  stop(): Promise<void> {
    return this.device.stop();
  }

  private onFrame(frame: Buffer): void {
    // UTF-8 so that bytes from a wrong baud rate become U+FFFD and the classifier calls them garbled.
    const raw = frame.toString('utf8');
    const classified = classifyScan(raw);
    // A stray CR/LF between two terminators is not a scan.
    if (classified.kind === 'garbled' && classified.value === '') return;
    const at = this.now();
    const event: ScanEvent = { ...classified, raw, at };
    const repeat = classified.value === this.lastValue && at - this.lastSeenAt < this.profile.debounceMs;
    this.lastValue = classified.value;
    this.lastSeenAt = at;
    this.emit(repeat ? 'repeat' : 'scan', event);
  }
}
