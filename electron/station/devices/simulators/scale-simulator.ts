// A scale at the other end of a serial line, for tests and the app's demo mode: the weight moves
// (with noise) towards the target for a few readings and then settles, exactly on it, as stable.
// Polling protocols answer their commands; streaming ones send on a timer. Garbage and overload
// can be injected; unplugging is the line going away (the sim port reopens when it returns).
import type { ScaleProtocol, WeightUnit } from '../device-profile.js';
import { ACK, DC1, ENQ } from '../scale-protocols/cas-parser.js';
import type { SerialOpener } from '../serial-port-opener.js';
import { casFrame, continuousFrame, displayValue, nciStatusFrame, nciWeightFrame, regexFrame, sicsFrame, toledoFrame, type FrameInput } from './scale-frames.js';
import { openSimPort, type SimPort } from './sim-port.js';

export interface ScaleSimulatorOptions {
  path: string;
  protocol: ScaleProtocol;
  targetKg?: number;
  /** The unit the simulated display shows (and sends). */
  unit?: WeightUnit;
  /** Unstable readings on the way to a new weight. */
  settleSteps?: number;
  noiseKg?: number;
  /** Interval of streaming protocols (continuous, regex). */
  streamIntervalMs?: number;
  open?: SerialOpener;
  random?: () => number;
}

export interface ScaleSimulator {
  setWeight(kg: number): void;
  /** The scale shows overload until called with false. */
  setOverload(on: boolean): void;
  /** Writes noise: random bytes by default (never the protocol's terminators). */
  injectGarbage(bytes?: Buffer): Promise<void>;
  readonly port: SimPort;
  /** Commands received, for tests and the demo log. */
  readonly commands: string[];
  stop(): Promise<void>;
}

export async function startScaleSimulator(options: ScaleSimulatorOptions): Promise<ScaleSimulator> {
  const unit = options.unit ?? 'kg';
  const settle = options.settleSteps ?? 4;
  const noise = options.noiseKg ?? 0.003;
  const random = options.random ?? Math.random;
  let target = options.targetKg ?? 0;
  let from = 0;
  let stepsLeft = target === 0 ? 0 : settle;
  let overload = false;
  let tareKg = 0;
  let zeroKg = 0;
  const commands: string[] = [];
  let inbox = '';

  /** The next reading the display shows (advancing towards the target). */
  const next = (): FrameInput & { over?: boolean } => {
    let gross: number;
    let stable: boolean;
    if (stepsLeft > 0) {
      gross = target + ((from - target) * stepsLeft) / (settle + 1) + (random() - 0.5) * 2 * noise;
      stable = false;
      stepsLeft--;
    } else {
      gross = target;
      stable = true;
    }
    const shown = Number(displayValue(gross - zeroKg - tareKg, 'kg'));
    return { kg: shown, stable, unit, net: tareKg !== 0, over: overload };
  };
  const settled = () => stepsLeft === 0;

  const frameFor = (): string | Buffer => {
    const f = next();
    switch (options.protocol) {
      case 'sics':
        return f.over ? 'S +\r\n' : sicsFrame(f);
      case 'continuous':
        return f.over ? `OL,GS,+99999.99${unit}\r\n` : continuousFrame(f);
      case 'nci':
        return nciWeightFrame(f);
      case 'cas':
        return casFrame({ ...f, overflow: f.over });
      case 'toledo-8217':
        return toledoFrame(f);
      case 'regex':
        return regexFrame(f);
    }
  };

  const port = await openSimPort({ path: options.path, open: options.open, onData: (chunk) => onCommand(chunk) });

  const reply = (bytes: string | Buffer) => void port.write(bytes);

  const onCommand = (chunk: Buffer) => {
    if (options.protocol === 'cas') {
      for (const b of chunk) {
        commands.push(b === ENQ ? 'ENQ' : b === DC1 ? 'DC1' : `<${b.toString(16)}>`);
        if (b === ENQ) reply(Buffer.from([ACK]));
        else if (b === DC1) reply(frameFor());
      }
      return;
    }
    if (options.protocol === 'toledo-8217') {
      for (const c of chunk.toString('latin1')) {
        if (c === '\r' || c === '\n') continue;
        commands.push(c);
        if (c === 'W') reply(frameFor());
        else if (c === 'Z') {
          zeroKg = target;
          tareKg = 0;
          reply(toledoFrame({ kg: 0, stable: true, unit }));
        }
      }
      return;
    }
    if (options.protocol !== 'sics' && options.protocol !== 'nci') return;
    inbox += chunk.toString('latin1');
    let at: number;
    while ((at = inbox.search(/[\r\n]/)) !== -1) {
      const cmd = inbox.slice(0, at).trim();
      inbox = inbox.slice(at + 1);
      if (cmd === '') continue;
      commands.push(cmd);
      if (options.protocol === 'sics') sics(cmd);
      else nci(cmd);
    }
    if (inbox.length > 256) inbox = '';
  };

  const sics = (cmd: string) => {
    if (cmd === 'S' || cmd === 'SI') return reply(frameFor());
    if (cmd === 'T') {
      if (!settled()) return reply('T I\r\n');
      tareKg = target - zeroKg;
      return reply(`T S ${displayValue(tareKg, unit).padStart(10)} ${unit}\r\n`);
    }
    if (cmd === 'Z') {
      if (!settled()) return reply('Z I\r\n');
      zeroKg = target;
      tareKg = 0;
      return reply('Z A\r\n');
    }
    reply('ES\r\n');
  };

  const nci = (cmd: string) => {
    if (cmd === 'W') return reply(frameFor());
    if (cmd === 'S') return reply(nciStatusFrame(settled()));
    if (cmd === 'Z' || cmd === 'T') {
      if (cmd === 'Z') {
        zeroKg = target;
        tareKg = 0;
      } else tareKg = target - zeroKg;
      return reply(nciStatusFrame(settled()));
    }
    reply('\n?\r\u0003');
  };

  let streamTimer: ReturnType<typeof setInterval> | undefined;
  if (options.protocol === 'continuous' || options.protocol === 'regex') {
    streamTimer = setInterval(() => {
      if (port.connected) reply(frameFor());
    }, options.streamIntervalMs ?? 50);
  }

  return {
    port,
    commands,
    setWeight(kg) {
      from = target;
      target = kg;
      stepsLeft = settle;
    },
    setOverload(on) {
      overload = on;
    },
    async injectGarbage(bytes) {
      const noiseBytes =
        bytes ??
        Buffer.from(
          Array.from({ length: 64 }, () => {
            // Printable noise without CR, LF, ETX, EOT, SOH, ACK so it never completes a frame by itself.
            return 0x21 + Math.floor(random() * 0x5d);
          }),
        );
      await port.write(noiseBytes);
    },
    async stop() {
      if (streamTimer) clearInterval(streamTimer);
      await port.close();
    },
  };
}
