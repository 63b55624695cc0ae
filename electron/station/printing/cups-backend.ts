// Prints through CUPS with its own command-line tools (lp, lpstat, cancel) started by execFile
// with an argument array. Not unix-print: it joins the file name into a shell command line, so a
// label file called `$(reboot).pdf` or one with a quote in it would be run by /bin/sh, and it
// replaces the environment with {LANG: 'C'}, dropping CUPS_SERVER and friends.
import { sentence } from '../../../shared/i18n/station-sentences.js';
import {
  destinationOfJob,
  isNotAccepting,
  isSchedulerDown,
  isUnknownDestination,
  parseDefaultDestination,
  parseDestinations,
  parseJobIds,
  parsePrinterLines,
  parseRequestId,
  type CupsPrinterLine,
} from './cups-output.js';
import { commandOutput } from './exec-file.js';
import {
  cleanTitle,
  PrinterRefusedError,
  NOT_INSTALLED,
  type BackendJobStatus,
  type ExecFileFn,
  type PrinterBackend,
  type PrinterInfo,
  type PrintRequest,
  type PrinterStatus,
} from './printer-backend.js';

export interface CupsBackendOptions {
  execFile: ExecFileFn;
  /** Base environment (CUPS_SERVER, ...); the locale is forced to C so the output parses. */
  env?: NodeJS.ProcessEnv;
  commands?: { lp?: string; lpstat?: string; cancel?: string };
}

function statusOf(line: CupsPrinterLine): PrinterStatus {
  // The reason is CUPS's own words (set by whoever stopped the queue): said as written.
  if (line.state === 'stopped')
    return line.reason
      ? { state: 'stopped', message: `stopped: ${line.reason}`, sentence: sentence('station.print.printer.stoppedWhy', { reason: line.reason }) }
      : { state: 'stopped', message: 'stopped' };
  if (!line.accepting)
    return line.reason
      ? { state: 'stopped', message: `not accepting jobs: ${line.reason}`, sentence: sentence('station.print.printer.notAcceptingWhy', { reason: line.reason }) }
      : { state: 'stopped', message: 'not accepting jobs', sentence: sentence('station.print.printer.notAccepting') };
  return { state: line.state, message: line.state === 'printing' ? 'printing' : 'ready' };
}

export class CupsBackend implements PrinterBackend {
  readonly kind = 'cups' as const;
  private readonly exec: ExecFileFn;
  private readonly env: NodeJS.ProcessEnv;
  private readonly lp: string;
  private readonly lpstat: string;
  private readonly cancelCommand: string;

  constructor(options: CupsBackendOptions) {
    this.exec = options.execFile;
    this.env = { ...(options.env ?? process.env), LANG: 'C', LC_ALL: 'C' };
    this.lp = options.commands?.lp ?? 'lp';
    this.lpstat = options.commands?.lpstat ?? 'lpstat';
    this.cancelCommand = options.commands?.cancel ?? 'cancel';
  }

  private run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
    return this.exec(command, args, { env: this.env, timeout: 15_000 });
  }

  async list(): Promise<PrinterInfo[]> {
    let names: string[];
    try {
      names = parseDestinations((await this.run(this.lpstat, ['-e'])).stdout);
    } catch (error) {
      const out = commandOutput(error);
      if (isUnknownDestination(out) || isSchedulerDown(out)) return [];
      throw error;
    }
    if (names.length === 0) return [];
    let states = new Map<string, CupsPrinterLine>();
    let defaultName: string | undefined;
    try {
      const { stdout } = await this.run(this.lpstat, ['-p', '-a', '-d']);
      states = parsePrinterLines(stdout);
      defaultName = parseDefaultDestination(stdout);
    } catch (error) {
      // A destination removed between the two calls makes lpstat fail; the names still stand.
      states = parsePrinterLines(String((error as { stdout?: string }).stdout ?? ''));
    }
    return names.map((name) => {
      const line = states.get(name);
      const status: PrinterStatus = line ? statusOf(line) : { state: 'idle', message: 'ready' };
      return { name, backend: 'cups', isDefault: name === defaultName, ...status };
    });
  }

  async printerStatus(name: string): Promise<PrinterStatus> {
    try {
      const { stdout } = await this.run(this.lpstat, ['-p', name, '-a', name]);
      const line = parsePrinterLines(stdout).get(name);
      return line ? statusOf(line) : NOT_INSTALLED;
    } catch (error) {
      const out = commandOutput(error);
      if (isSchedulerDown(out)) return { state: 'stopped', message: 'the printing system (CUPS) is not running' };
      if (isUnknownDestination(out)) return NOT_INSTALLED;
      throw error;
    }
  }

  async print(file: string, request: PrintRequest): Promise<{ jobId: string }> {
    const args = ['-d', request.printer, '-t', cleanTitle(request.title), '-n', String(request.copies ?? 1)];
    // The PPD's default page size (A4 for cups-pdf, Letter for many drivers) would otherwise
    // shrink a 4x6 label onto a sheet.
    if (request.media) args.push('-o', `media=${request.media.cups}`);
    // `--` ends the options: a file name starting with '-' is still a file.
    args.push('--', file);
    let stdout: string;
    try {
      ({ stdout } = await this.run(this.lp, args));
    } catch (error) {
      const out = commandOutput(error);
      if (isUnknownDestination(out)) throw new PrinterRefusedError('missing', 'not installed');
      if (isNotAccepting(out)) throw new PrinterRefusedError('stopped', 'not accepting jobs');
      if (isSchedulerDown(out)) throw new PrinterRefusedError('stopped', 'the printing system (CUPS) is not running');
      throw new Error(`lp failed: ${out}`, { cause: error });
    }
    const jobId = parseRequestId(stdout);
    if (!jobId) throw new Error(`lp did not report a job id: ${stdout.trim()}`);
    return { jobId };
  }

  async jobStatus(jobId: string): Promise<BackendJobStatus> {
    const destination = destinationOfJob(jobId);
    const scope = destination ? [destination] : [];
    try {
      const active = parseJobIds((await this.run(this.lpstat, ['-W', 'not-completed', '-o', ...scope])).stdout);
      if (active.has(jobId)) {
        const printer = destination ? await this.printerStatus(destination) : undefined;
        if (printer?.state === 'printing') return { state: 'printing', message: 'printing' };
        if (printer?.state === 'stopped') return { state: 'pending', message: `in the printer queue; printer ${printer.message}` };
        return { state: 'pending', message: 'in the printer queue' };
      }
      const done = parseJobIds((await this.run(this.lpstat, ['-W', 'completed', '-o', ...scope])).stdout);
      // lpstat does not tell completed from cancelled jobs; both have left the printer's queue.
      if (done.has(jobId)) return { state: 'completed', message: 'printed' };
    } catch (error) {
      const out = commandOutput(error);
      if (!isUnknownDestination(out)) throw error;
    }
    return { state: 'unknown', message: 'the printer no longer lists this job' };
  }

  async cancel(jobId: string): Promise<void> {
    await this.run(this.cancelCommand, ['--', jobId]);
  }
}
