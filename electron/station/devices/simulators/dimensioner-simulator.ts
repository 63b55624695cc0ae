// A CubiScan-style dimensioner at the other end of a line: answers the Measure command with the
// parcel that is "on" it, or NACKs when there is none.
import { cubiscanFrame, type CubiscanInput } from './scale-frames.js';
import type { SerialOpener } from '../serial-port-opener.js';
import { openSimPort, type SimPort } from './sim-port.js';

export interface DimensionerSimulatorOptions {
  path: string;
  parcel?: CubiscanInput;
  open?: SerialOpener;
}

export interface DimensionerSimulator {
  /** The parcel the next measurement reports; undefined = nothing on the dimensioner. */
  setParcel(parcel: CubiscanInput | undefined): void;
  readonly port: SimPort;
  stop(): Promise<void>;
}

export async function startDimensionerSimulator(options: DimensionerSimulatorOptions): Promise<DimensionerSimulator> {
  let parcel = options.parcel;
  let inbox = '';
  const port = await openSimPort({
    path: options.path,
    open: options.open,
    onData: (chunk) => {
      inbox += chunk.toString('latin1');
      let at: number;
      while ((at = inbox.indexOf('\u0003')) !== -1) {
        const cmd = inbox.slice(0, at).replace(/^[\r\n]*/, '');
        const command = cmd.startsWith('\u0002') ? cmd.slice(1) : cmd;
        inbox = inbox.slice(at + 1);
        if (command === 'M') void port.write(parcel ? cubiscanFrame(parcel) : '\u0002MN\u0003\r\n');
        else void port.write('\u0002?N\u0003\r\n');
      }
      if (inbox.length > 256) inbox = '';
    },
  });
  return {
    port,
    setParcel(p) {
      parcel = p;
    },
    stop: () => port.close(),
  };
}
