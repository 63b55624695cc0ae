// A serial barcode scanner at the other end of a line: scan(text) sends the code with the
// scanner's terminator, optionally cut into pieces that arrive as separate reads (as real USB-serial
// adapters deliver them), to exercise frame joining.
import type { SerialOpener } from '../serial-port-opener.js';
import { openSimPort, type SimPort } from './sim-port.js';

export interface ScannerSimulatorOptions {
  path: string;
  /** Appended to every scan; CR LF like most scanners' default. */
  terminator?: string;
  /** Sent before every scan (e.g. an AIM symbology id like "]E0" or STX). */
  prefix?: string;
  open?: SerialOpener;
}

export interface ScanOptions {
  /** Byte offsets where the frame is cut into separately written pieces. */
  splitAt?: number | number[];
  /** Pause between pieces, so they really arrive as separate reads. */
  pieceDelayMs?: number;
}

export interface ScannerSimulator {
  scan(text: string, options?: ScanOptions): Promise<void>;
  /** Writes raw bytes as they are (noise, a frame without terminator...). */
  sendRaw(bytes: Buffer | string): Promise<void>;
  readonly port: SimPort;
  stop(): Promise<void>;
}

export async function startScannerSimulator(options: ScannerSimulatorOptions): Promise<ScannerSimulator> {
  const port = await openSimPort({ path: options.path, open: options.open });
  const terminator = options.terminator ?? '\r\n';
  return {
    port,
    async scan(text, scanOptions = {}) {
      const frame = Buffer.from((options.prefix ?? '') + text + terminator, 'utf8');
      const cuts = [scanOptions.splitAt ?? []].flat().filter((n) => n > 0 && n < frame.length).sort((a, b) => a - b);
      let start = 0;
      for (const cut of [...cuts, frame.length]) {
        if (start > 0) await new Promise((r) => setTimeout(r, scanOptions.pieceDelayMs ?? 20));
        await port.write(frame.subarray(start, cut));
        start = cut;
      }
    },
    async sendRaw(bytes) {
      await port.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    },
    stop: () => port.close(),
  };
}
