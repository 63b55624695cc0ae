// A dimensioner: measure() asks for one measurement (CubiScan 'M'); a device that sends on its own
// (regex profiles, CubiScan continuous mode) emits 'measurement' whenever a frame arrives.
import { EventEmitter } from 'node:events';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import type { DimensionerProfile } from './device-profile.js';
import { createRegexDimensionParser, parseCubiscanFrame, type DimensionReading, type DimensionerEvent } from './dimensioner-parsers.js';
import type { SerialOpener } from './serial-port-opener.js';
import { SerialDevice, realTimers, type DeviceStatus, type Timers } from './serial-device.js';

export type { DimensionReading } from './dimensioner-parsers.js';

export const CUBISCAN_MEASURE = Buffer.from('\u0002M\u0003\r\n', 'latin1');

export interface DimensionerDeps {
  open: SerialOpener;
  timers?: Timers;
  reconnectIntervalMs?: number;
}

export interface DimensionerEvents {
  measurement: [DimensionReading];
  fault: [string, KeyedSentence?];
  status: [DeviceStatus];
}

export class Dimensioner extends EventEmitter<DimensionerEvents> {
  readonly device: SerialDevice;
  private readonly parse: (frame: string) => DimensionerEvent | undefined;
  private readonly timers: Timers;

  constructor(
    readonly profile: DimensionerProfile,
    deps: DimensionerDeps,
  ) {
    super();
    this.timers = deps.timers ?? realTimers;
    // CubiScan frames end in ETX (CR LF follow); a regex profile uses its own terminator.
    const framed: DimensionerProfile = profile.protocol === 'cubiscan' ? { ...profile, terminator: profile.terminator ?? 'etx' } : profile;
    this.parse = profile.protocol === 'cubiscan' ? parseCubiscanFrame : createRegexDimensionParser(profile.regex!);
    this.device = new SerialDevice(framed, { open: deps.open, timers: deps.timers, reconnectIntervalMs: deps.reconnectIntervalMs, framing: true });
    this.device.on('frame', (f) => {
      const event = this.parse(f.toString('latin1'));
      if (event?.type === 'measurement') this.emit('measurement', event.reading);
      else if (event?.type === 'fault') this.emit('fault', event.message, event.sentence);
    });
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

  /** Asks for one measurement and waits for it (CubiScan); other protocols wait for the next frame. */
  measure(timeoutMs = 5000): Promise<DimensionReading> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.timers.clearTimeout(timer);
        this.off('measurement', onMeasurement);
        this.off('fault', onFault);
      };
      const onMeasurement = (r: DimensionReading) => {
        done();
        resolve(r);
      };
      const onFault = (message: string, sentence?: KeyedSentence) => {
        done();
        reject(Object.assign(new Error(message), sentence ? { sentence } : {}));
      };
      const timer = this.timers.setTimeout(() => {
        done();
        const sentence = keyed('devices.fault.dim.noMeasurement', { seconds: Math.round(timeoutMs / 1000) });
        reject(Object.assign(new Error(englishSentence(sentence)), { sentence }));
      }, timeoutMs);
      this.on('measurement', onMeasurement);
      this.on('fault', onFault);
      if (this.profile.protocol === 'cubiscan') this.device.write(CUBISCAN_MEASURE).catch((err: Error) => onFault(err.message));
    });
  }
}
