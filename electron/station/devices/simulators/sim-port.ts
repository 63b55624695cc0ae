// The device side of a serial line for the simulators: opens the other end of a pty pair (or a
// real null-modem port), writes frames, hands received commands to the simulator, and reopens the
// path when it vanishes and returns (the demo's "unplug" and the tests' socat restarts).
import { openSerialPort, type SerialOpener, type SerialPortLike } from '../serial-port-opener.js';

export interface SimPortOptions {
  path: string;
  baudRate?: number;
  open?: SerialOpener;
  onData?: (chunk: Buffer) => void;
  /** How often to retry opening while the path is gone. */
  reopenIntervalMs?: number;
}

export interface SimPort {
  /** Writes and waits until the bytes are handed to the line; false when the line is down. */
  write(bytes: Buffer | string): Promise<boolean>;
  readonly connected: boolean;
  /** Resolves once the port is open (the first time or after a replug). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export async function openSimPort(options: SimPortOptions): Promise<SimPort> {
  const open = options.open ?? openSerialPort;
  let port: SerialPortLike | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiters: (() => void)[] = [];

  const attach = async (): Promise<boolean> => {
    timer = undefined;
    if (closed) return false;
    try {
      const p = await open({ path: options.path, baudRate: options.baudRate ?? 9600, dataBits: 8, parity: 'none', stopBits: 1 });
      if (closed) {
        p.close(() => {});
        return false;
      }
      port = p;
      p.on('data', (chunk) => options.onData?.(chunk));
      p.on('error', () => {});
      p.on('close', () => {
        if (port === p) port = undefined;
        p.removeAllListeners();
        schedule();
      });
      const w = waiters;
      waiters = [];
      for (const fn of w) fn();
      return true;
    } catch {
      schedule();
      return false;
    }
  };
  const schedule = () => {
    if (!closed && timer === undefined) timer = setTimeout(() => void attach(), options.reopenIntervalMs ?? 100);
  };

  if (!(await attach())) throw new Error(`The simulator cannot open ${options.path}`);

  return {
    get connected() {
      return port !== undefined;
    },
    ready: () => (port ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    write(bytes) {
      const p = port;
      if (!p) return Promise.resolve(false);
      const buf = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
      return new Promise((resolve) => {
        p.write(buf, (err) => {
          if (err) return resolve(false);
          if (p.drain) p.drain(() => resolve(true));
          else resolve(true);
        });
      });
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const p = port;
      port = undefined;
      for (const fn of waiters) fn();
      waiters = [];
      if (p) {
        p.removeAllListeners();
        p.on('error', () => {});
        if (p.isOpen) await new Promise<void>((r) => p.close(() => r()));
      }
    },
  };
}
