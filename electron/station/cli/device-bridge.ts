// `station devices list | scale read | scanner listen | print`: hands over to the device and
// printing command functions (devices-commands.ts, print-commands.ts). These touch no
// marketplace, so they run without a connection. The print queue is assembled here the way the
// app does: jobs journaled in DATA_DIR/print-jobs.json, spooled PDFs in DATA_DIR/print-spool,
// CUPS on Linux and macOS, the Windows backend on Windows, and the folder printer everywhere.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Invocation } from './cli-args.js';
import { EXIT_USAGE } from './cli-args.js';
import type { CliIo } from './cli-io.js';
import * as devices from './devices-commands.js';
import * as printing from './print-commands.js';
import { PrintQueue } from '../printing/print-queue.js';
import { FileJobStore } from '../printing/job-store.js';
import { FolderBackend, FOLDER_PRINTER_NAME } from '../printing/folder-backend.js';
import { platformBackend } from '../printing/printer-discovery.js';
import { nodeExecFile } from '../printing/exec-file.js';
import { parsePrinterSettings, type PrinterSettings } from '../printing/printer-settings.js';
import type { PrinterBackend } from '../printing/printer-backend.js';

type Opts = Record<string, string | number | undefined>;

const unavailable = (io: CliIo, what: string): number => {
  io.stderr(`${what} is not available in this build.`);
  return 1;
};

/** Stops a long-running listen on Ctrl+C (or after --seconds). */
function stopSignal(seconds?: number): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  if (seconds) setTimeout(() => controller.abort(), seconds * 1000).unref();
  return controller.signal;
}

export async function deviceCommand(inv: Invocation, io: CliIo): Promise<number> {
  const o = inv.options as Opts;
  const d = devices as Partial<typeof devices>;
  switch (inv.command) {
    case 'devices list':
      return d.devicesList ? d.devicesList(io) : unavailable(io, 'devices list');
    case 'scale read':
      return d.scaleRead
        ? d.scaleRead({ port: o.port as string, protocol: o.protocol as string, baudRate: o['baud-rate'] as number | undefined, unit: o.unit as never, timeoutMs: o['timeout-ms'] as number | undefined, json: inv.json, signal: stopSignal() }, io)
        : unavailable(io, 'scale read');
    case 'scanner listen':
      return d.scannerListen
        ? d.scannerListen({ port: o.port as string, baudRate: o['baud-rate'] as number | undefined, json: inv.json, signal: stopSignal(o.seconds as number | undefined) }, io)
        : unavailable(io, 'scanner listen');
  }
  throw new Error(`unhandled ${inv.command}`);
}

/** The station settings' printers (role -> name) as the printing layer's settings. */
function printerSettingsFrom(printers: Record<string, string | undefined>): PrinterSettings {
  return parsePrinterSettings({
    ...(printers.label ? { label: { printer: printers.label, role: 'label' } } : {}),
    ...((printers.invoice ?? printers.report) ? { document: { printer: printers.invoice ?? printers.report, role: 'document' } } : {}),
  });
}

export async function printCommand(inv: Invocation, io: CliIo, dataDir: string, printers: Record<string, string | undefined>): Promise<number> {
  const p = printing as Partial<typeof printing>;
  if (!p.printFile || !p.parsePrintArgs) return unavailable(io, 'print');
  const args = p.parsePrintArgs(inv.rawArgs);
  if (typeof args === 'string') {
    io.stderr(args);
    return EXIT_USAGE;
  }
  const folder = new FolderBackend({ directory: join(dataDir, 'printed') });
  const windowsOrCups: PrinterBackend = await platformBackend({ platform: process.platform, execFile: nodeExecFile });
  const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
  const store = new FileJobStore(join(dataDir, 'print-jobs.json'));
  const queue = new PrintQueue({
    store,
    spoolDir: join(dataDir, 'print-spool'),
    backendFor: (printer) => (printer === FOLDER_PRINTER_NAME ? folder : windowsOrCups),
    clock: () => new Date(),
    timers,
  });
  await queue.start();
  try {
    return await p.printFile(args, { queue, settings: printerSettingsFrom(printers), readFile: (f) => readFile(f), timers }, io);
  } finally {
    queue.stop();
    await store.close();
  }
}
