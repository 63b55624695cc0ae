// One interface over the ways a desk prints: CUPS on Linux and macOS, the Windows spooler, and
// a folder of PDFs for desks without a printer (and for tests). The print queue only sees this.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { sentence } from '../../../shared/i18n/station-sentences.js';
import type { Media } from './media.js';

export type BackendKind = 'cups' | 'windows' | 'folder';

/** What the operator can do something about: 'stopped' and 'missing' need a hand at the desk. */
export type PrinterState = 'idle' | 'printing' | 'stopped' | 'missing';

export interface PrinterStatus {
  state: PrinterState;
  message: string;
  /** The message as a catalogue key, for the desk's language (the English stays for the logs). */
  sentence?: KeyedSentence;
}

/** A printer this machine does not have (any more). */
export const NOT_INSTALLED: PrinterStatus = { state: 'missing', message: 'not installed', sentence: sentence('station.print.printer.notInstalled') };

export interface PrinterInfo extends PrinterStatus {
  name: string;
  backend: BackendKind;
  isDefault: boolean;
}

export interface PrintRequest {
  printer: string;
  /** Shown in the printer's queue; the print queue puts its own job id in it. */
  title: string;
  copies?: number;
  media?: Media;
}

export type BackendJobState = 'pending' | 'printing' | 'completed' | 'unknown';

export interface BackendJobStatus {
  state: BackendJobState;
  message: string;
}

export interface PrinterBackend {
  readonly kind: BackendKind;
  list(): Promise<PrinterInfo[]>;
  print(file: string, request: PrintRequest): Promise<{ jobId: string }>;
  jobStatus(jobId: string): Promise<BackendJobStatus>;
  printerStatus(name: string): Promise<PrinterStatus>;
}

/**
 * The printer would not take the job (it is missing, or refuses jobs). The job is fine: it
 * waits in the station's queue and is offered again.
 */
export class PrinterRefusedError extends Error {
  override readonly name = 'PrinterRefusedError';
  constructor(
    readonly state: Exclude<PrinterState, 'idle' | 'printing'>,
    message: string,
  ) {
    super(message);
  }
}

/** execFile as a promise: the only way printing code starts a process (no shell, no quoting). */
export type ExecFileFn = (
  file: string,
  args: readonly string[],
  options?: { env?: NodeJS.ProcessEnv; timeout?: number },
) => Promise<{ stdout: string; stderr: string }>;

/** Makes control characters and overlong titles harmless before they reach a spooler. */
export function cleanTitle(title: string, max = 120): string {
  // eslint-disable-next-line no-control-regex
  const clean = title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return (clean || 'Packing Station').slice(0, max);
}
