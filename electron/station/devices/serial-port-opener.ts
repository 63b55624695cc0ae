// The production way to open a serial line: serialport's native binding. Services receive an
// opener instead of importing this, so tests and demo mode can hand them anything port-shaped.
import { SerialPort } from 'serialport';
import type { LineSettings } from './device-profile.js';
import { resumeAfterPollerEvents } from './poller-wakeup.js';

/** The part of serialport's SerialPort the device services use. */
export interface SerialPortLike {
  readonly isOpen: boolean;
  write(data: Buffer, callback?: (err: Error | null | undefined) => void): boolean;
  drain?(callback?: (err: Error | null) => void): void;
  close(callback?: (err?: Error | null) => void): void;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'close', listener: (err?: (Error & { disconnected?: boolean }) | null) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  removeAllListeners(): unknown;
}

export type SerialOpener = (settings: LineSettings) => Promise<SerialPortLike>;

export const openSerialPort: SerialOpener = (s) =>
  new Promise((resolve, reject) => {
    const port = new SerialPort({
      path: s.path,
      baudRate: s.baudRate,
      dataBits: s.dataBits,
      parity: s.parity,
      stopBits: s.stopBits,
      autoOpen: false,
      // Another app holding the scale would otherwise read half of its frames.
      lock: true,
    });
    port.open((err) => {
      if (err) return reject(err);
      resumeAfterPollerEvents(port);
      resolve(port as unknown as SerialPortLike);
    });
  });

/** serialport's port listing (needs udevadm on Linux). */
export const listSerialPorts = () => SerialPort.list();
