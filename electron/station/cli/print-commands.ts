// `station print FILE --role label|document [--printer NAME] [--split a4-label-invoice]`:
// prints a PDF through the same queue the app uses. Labels are fitted to the label media; with
// --split, each A4 label+invoice page becomes a label for the label printer and an invoice page
// for the document printer.
//
// Exit codes: 0 printed, 1 failed, 2 usage or unreadable input, 75 (EX_TEMPFAIL) still waiting
// for a stopped or missing printer when the wait ended: the job stays journaled and the next
// start of the station resumes it.
import { MEDIA, DEFAULT_LABEL_MEDIA, DEFAULT_DOCUMENT_MEDIA, type MediaId } from '../printing/media.js';
import { fitLabelPdf } from '../printing/pages/fit-label.js';
import { splitLabelInvoicePdf } from '../printing/pages/split-label-invoice.js';
import { isSplitLayoutName, SPLIT_LAYOUT_NAMES, type SplitLayout } from '../printing/pages/split-layouts.js';
import { assignmentFor, resolveSplitLayout, type PrinterRole, type PrinterSettings } from '../printing/printer-settings.js';
import type { PrintQueue, Timers } from '../printing/print-queue.js';
import { isFinished, type PrintJob } from '../printing/print-job.js';

export const EXIT_PRINTED = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_WAITING = 75;

export interface PrintFileArgs {
  file: string;
  role: PrinterRole;
  printer?: string;
  split?: string;
}

export interface PrintCommandDeps {
  /** A started queue. */
  queue: PrintQueue;
  settings: PrinterSettings;
  readFile(path: string): Promise<Uint8Array>;
  timers: Timers;
  /** How long to wait for the printer before leaving the job queued. */
  waitMs?: number;
}

export interface CommandIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

export const PRINT_USAGE = `usage: station print FILE --role label|document [--printer NAME] [--split ${SPLIT_LAYOUT_NAMES.join('|')}]`;

/** Parses the arguments after `station print`; a string is the usage error to show. */
export function parsePrintArgs(argv: readonly string[]): PrintFileArgs | string {
  const args: Partial<PrintFileArgs> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = (): string | undefined => argv[++i];
    if (arg === '--role') {
      const role = value();
      if (role !== 'label' && role !== 'document') return `--role must be label or document\n${PRINT_USAGE}`;
      args.role = role;
    } else if (arg === '--printer') args.printer = value();
    else if (arg === '--split') args.split = value();
    else if (arg.startsWith('--')) return `unknown option ${arg}\n${PRINT_USAGE}`;
    else if (args.file === undefined) args.file = arg;
    else return `only one file at a time\n${PRINT_USAGE}`;
  }
  if (!args.file || !args.role) return PRINT_USAGE;
  return args as PrintFileArgs;
}

function splitLayoutFor(name: string, settings: PrinterSettings): SplitLayout | undefined {
  if (settings.split && typeof settings.split !== 'string' && settings.split.name === name) return resolveSplitLayout(settings.split);
  return isSplitLayoutName(name) ? resolveSplitLayout(name) : undefined;
}

interface Planned {
  pdf: Uint8Array;
  role: PrinterRole;
  printer: string;
  media: MediaId;
  title: string;
}

export async function printFile(args: PrintFileArgs, deps: PrintCommandDeps, io: CommandIo): Promise<number> {
  let input: Uint8Array;
  try {
    input = await deps.readFile(args.file);
  } catch (error) {
    io.stderr(`Cannot read ${args.file}: ${(error as Error).message}`);
    return EXIT_USAGE;
  }
  if (Buffer.from(input.subarray(0, 1024)).indexOf('%PDF-') < 0) {
    io.stderr(`${args.file} is not a PDF`);
    return EXIT_USAGE;
  }
  const printerFor = (role: PrinterRole): string | undefined => (role === args.role ? args.printer : undefined) ?? assignmentFor(deps.settings, role)?.printer;
  const mediaFor = (role: PrinterRole): MediaId => assignmentFor(deps.settings, role)?.media ?? (role === 'label' ? DEFAULT_LABEL_MEDIA : DEFAULT_DOCUMENT_MEDIA);
  const roles: PrinterRole[] = args.split ? ['label', 'document'] : [args.role];
  for (const role of roles) {
    if (!printerFor(role)) {
      io.stderr(`No ${role} printer is set: pass --printer NAME${args.split ? ` with --role ${role}` : ''} or choose one in the settings`);
      return EXIT_USAGE;
    }
  }
  const name = args.file.split(/[\\/]/).pop() ?? args.file;
  const planned: Planned[] = [];
  try {
    if (args.split) {
      const layout = splitLayoutFor(args.split, deps.settings);
      if (!layout) {
        io.stderr(`Unknown split layout '${args.split}' (known: ${SPLIT_LAYOUT_NAMES.join(', ')})`);
        return EXIT_USAGE;
      }
      const parts = await splitLabelInvoicePdf(input, layout, { labelMedia: MEDIA[mediaFor('label')], documentMedia: MEDIA[mediaFor('document')] });
      planned.push({ pdf: parts.labels, role: 'label', printer: printerFor('label')!, media: mediaFor('label'), title: `${name} labels` });
      planned.push({ pdf: parts.invoices, role: 'document', printer: printerFor('document')!, media: mediaFor('document'), title: `${name} invoices` });
    } else if (args.role === 'label') {
      const media = mediaFor('label');
      planned.push({ pdf: await fitLabelPdf(input, MEDIA[media]), role: 'label', printer: printerFor('label')!, media, title: name });
    } else {
      planned.push({ pdf: input, role: 'document', printer: printerFor('document')!, media: mediaFor('document'), title: name });
    }
  } catch (error) {
    io.stderr(`Cannot prepare ${args.file} for printing: ${(error as Error).message}`);
    return EXIT_USAGE;
  }
  return submitAndWait(planned, deps, io);
}

async function submitAndWait(planned: Planned[], deps: PrintCommandDeps, io: CommandIo): Promise<number> {
  const ids = new Set<string>();
  const latest = new Map<string, PrintJob>();
  let finish: () => void = () => undefined;
  const allFinished = new Promise<void>((resolve) => (finish = resolve));
  const check = (): void => {
    if (ids.size === planned.length && [...ids].every((id) => isFinished(latest.get(id)!))) finish();
  };
  const off = deps.queue.on(({ job }) => {
    if (!ids.has(job.id)) return;
    const before = latest.get(job.id);
    latest.set(job.id, job);
    if (before?.state !== job.state || before?.message !== job.message) io.stdout(`${job.id} ${job.state}: ${job.message}`);
    check();
  });
  try {
    for (const part of planned) {
      const job = await deps.queue.submit({ ...part });
      ids.add(job.id);
      latest.set(job.id, deps.queue.get(job.id) ?? job);
      io.stdout(`${job.id} queued: ${job.title} -> ${job.printer}`);
    }
    check();
    let timer: unknown;
    const timedOut = new Promise<void>((resolve) => (timer = deps.timers.setTimeout(resolve, deps.waitMs ?? 120_000)));
    await Promise.race([allFinished, timedOut]);
    deps.timers.clearTimeout(timer);
  } finally {
    off();
  }
  const jobs = [...ids].map((id) => deps.queue.get(id)!);
  if (jobs.some((j) => j.state === 'failed')) {
    for (const j of jobs.filter((x) => x.state === 'failed')) io.stderr(j.message);
    return EXIT_FAILED;
  }
  if (jobs.every((j) => j.state === 'done')) return EXIT_PRINTED;
  for (const j of jobs.filter((x) => !isFinished(x))) io.stderr(`${j.id} is still waiting: ${j.message}`);
  return EXIT_WAITING;
}
