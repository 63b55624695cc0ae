// A scale on the packing desk: one SerialDevice, one protocol parser, and polling that runs only
// while somebody wants a weight (the packing step calls want() when it shows the weight field and
// the returned release() when it leaves), so an idle station does not chatter with the scale.
import { EventEmitter } from 'node:events';
import type { ScaleProfile } from './device-profile.js';
import { createScaleParser, type ScaleFault, type ScaleProtocolParser, type ScaleReading } from './scale-protocols/index.js';
import type { SerialOpener } from './serial-port-opener.js';
import { SerialDevice, realTimers, type DeviceStatus, type Timers } from './serial-device.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

export type { ScaleFault, ScaleReading } from './scale-protocols/index.js';

export interface ScaleDeps {
  open: SerialOpener;
  timers?: Timers;
  reconnectIntervalMs?: number;
  /** How long tare/zero wait for the scale's acknowledgement. */
  commandTimeoutMs?: number;
  /** Polls without any answer before the status says the scale is silent. */
  silentPolls?: number;
}

export interface ScaleEvents {
  reading: [ScaleReading];
  fault: [ScaleFault];
  status: [DeviceStatus];
}

interface PendingCommand {
  name: 'tare' | 'zero';
  resolve(): void;
  reject(err: Error): void;
  timer: unknown;
}

export class Scale extends EventEmitter<ScaleEvents> {
  readonly device: SerialDevice;
  private readonly parser: ScaleProtocolParser;
  private readonly timers: Timers;
  private wants = 0;
  private pollTimer: unknown;
  private unanswered = 0;
  private pending: PendingCommand | undefined;
  private last: ScaleReading | undefined;

  constructor(
    readonly profile: ScaleProfile,
    private readonly deps: ScaleDeps,
  ) {
    super();
    this.timers = deps.timers ?? realTimers;
    this.parser = createScaleParser(profile);
    this.device = new SerialDevice(profile, { open: deps.open, timers: deps.timers, reconnectIntervalMs: deps.reconnectIntervalMs });
    this.device.on('data', (chunk) => this.onData(chunk));
    this.device.on('reset', () => this.onReset());
    this.device.on('status', (s) => {
      this.emit('status', s);
      if (s.state === 'connected' && !s.warning) this.schedulePoll(0);
    });
  }

  get status(): DeviceStatus {
    return this.device.status;
  }

  /** The latest reading of this connection (undefined after a reconnect until the next one). */
  get latest(): ScaleReading | undefined {
    return this.last;
  }

  get wantCount(): number {
    return this.wants;
  }

  /** Whether the protocol needs asking (and so only talks while wanted). */
  get polls(): boolean {
    return this.parser.pollCommand !== undefined;
  }

  start(): Promise<boolean> {
    return this.device.start();
  }

  async stop(): Promise<void> {
    this.wants = 0;
    this.stopPolling();
    this.failPending('The scale was closed.');
    await this.device.stop();
  }

  /** Starts polling (for protocols that poll) until the returned release() is called. */
  want(): () => void {
    this.wants++;
    if (this.wants === 1) this.schedulePoll(0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.wants--;
      if (this.wants === 0) this.stopPolling();
    };
  }

  tare(): Promise<void> {
    return this.command('tare', this.parser.tareCommand);
  }

  zero(): Promise<void> {
    return this.command('zero', this.parser.zeroCommand);
  }

  /** Waits for the next stable reading (polling meanwhile). */
  waitForStable(options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<ScaleReading> {
    return new Promise((resolve, reject) => {
      const release = this.want();
      let timer: unknown;
      const done = () => {
        release();
        this.off('reading', onReading);
        options.signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) this.timers.clearTimeout(timer);
      };
      const onReading = (r: ScaleReading) => {
        if (!r.stable) return;
        done();
        resolve(r);
      };
      const onAbort = () => {
        done();
        reject(new Error('Stopped waiting for a stable weight.'));
      };
      if (options.signal?.aborted) return onAbort();
      this.on('reading', onReading);
      options.signal?.addEventListener('abort', onAbort);
      if (options.timeoutMs !== undefined) {
        timer = this.timers.setTimeout(() => {
          done();
          reject(new Error(`No stable weight within ${Math.round(options.timeoutMs! / 1000)} s. Is something moving on the scale?`));
        }, options.timeoutMs);
      }
    });
  }

  private async command(name: 'tare' | 'zero', bytes: Buffer | undefined): Promise<void> {
    if (!bytes) {
      throw new Error(`This scale protocol (${this.profile.protocol}) has no remote ${name}. Press ${name.toUpperCase()} on the scale itself.`);
    }
    if (this.pending) throw new Error(`The scale is still busy with a ${this.pending.name}.`);
    if (!this.parser.acknowledgesCommands) {
      await this.device.write(bytes);
      return;
    }
    const acknowledged = new Promise<void>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => this.failPending(`The scale did not confirm the ${name}.`), this.deps.commandTimeoutMs ?? 3000);
      this.pending = { name, resolve, reject, timer };
    });
    try {
      await this.device.write(bytes);
    } catch (err) {
      this.failPending((err as Error).message);
    }
    return acknowledged;
  }

  private failPending(message: string): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    this.timers.clearTimeout(p.timer);
    p.reject(new Error(message));
    this.schedulePoll(0);
  }

  private onData(chunk: Buffer): void {
    this.unanswered = 0;
    for (const event of this.parser.push(chunk)) {
      switch (event.type) {
        case 'reading':
          this.last = event.reading;
          this.emit('reading', event.reading);
          break;
        case 'fault':
          if (this.pending && event.fault.code !== 'garbled') this.failPending(event.fault.message);
          this.emit('fault', event.fault);
          break;
        case 'ack':
          if (this.pending) {
            const p = this.pending;
            this.pending = undefined;
            this.timers.clearTimeout(p.timer);
            p.resolve();
            this.schedulePoll(0);
          }
          break;
        case 'send':
          this.device.write(event.bytes).catch(() => {});
          break;
        case 'dropped':
          this.device.warnDropped(event.bytes);
          break;
      }
    }
  }

  private onReset(): void {
    // A frame or handshake half-done on the old connection would corrupt the first new reading.
    this.parser.reset();
    this.stopPolling();
    this.last = undefined;
    this.unanswered = 0;
    this.failPending('The scale was disconnected.');
  }

  private schedulePoll(delayMs: number): void {
    const cmd = this.parser.pollCommand;
    if (!cmd || this.wants === 0 || this.pollTimer !== undefined || !this.device.connected) return;
    this.pollTimer = this.timers.setTimeout(() => {
      this.pollTimer = undefined;
      if (this.wants === 0 || !this.device.connected) return;
      // Tare/zero answers must not be mixed up with weight answers: pause polls meanwhile.
      if (!this.pending) {
        this.unanswered++;
        if (this.unanswered === (this.deps.silentPolls ?? 12)) {
          this.device.warnSaying(keyed('devices.fault.noAnswer'), { protocol: this.profile.protocol });
        }
        this.device.write(cmd).catch(() => {});
      }
      this.schedulePoll(this.profile.pollIntervalMs);
    }, delayMs);
  }

  private stopPolling(): void {
    if (this.pollTimer !== undefined) this.timers.clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }
}
