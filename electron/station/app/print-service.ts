// Printing for the app: the durable print queue (jobs journaled in DATA_DIR/print-jobs.json,
// PDFs spooled in DATA_DIR/print-spool, the same files the CLI uses), the printer directory
// (the platform's printers and the folder printer) and the settings' printer for each role.
// A job for a role without a printer is not lost: it waits under the role's name and prints on
// the printer chosen later, and its status says what to do.
import { join } from 'node:path';
import type { z } from 'zod';
import type { PrinterView, PrintJobView } from '../../../shared/contract/setup.js';
import type { StationSettings } from '../../../shared/settings.js';
import { FolderBackend } from '../printing/folder-backend.js';
import { MEDIA, type MediaId } from '../printing/media.js';
import { fitLabelToStock } from '../printing/pages/fit-label.js';
import { FileJobStore } from '../printing/job-store.js';
import { PrintQueue } from '../printing/print-queue.js';
import type { PrintJob } from '../printing/print-job.js';
import { PrinterRefusedError, type PrinterBackend, type PrinterStatus } from '../printing/printer-backend.js';
import { PrinterDirectory } from '../printing/printer-discovery.js';
import { jobSentence, noPrinterChosen } from '../printing/print-job-words.js';
import { englishSentence, sentence } from '../../../shared/i18n/station-sentences.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { PrintRole } from './app-context.js';
import type { EventHub } from './dispatcher.js';

type JobView = z.infer<typeof PrintJobView>;
type PrinterViewT = z.infer<typeof PrinterView>;

/** The queue's printer name for jobs of a role that has no printer yet. */
export const UNASSIGNED: Record<PrintRole, string> = { label: 'Label printer (not chosen)', document: 'Document printer (not chosen)' };

/** The settings' printer for a role: documents go to the invoice printer, else the report or manifest printer. */
export function printerForRole(printers: StationSettings['printers'], role: PrintRole): string | undefined {
  if (role === 'label') return printers.label;
  return printers.invoice ?? printers.report ?? printers.manifest ?? printers.packingSlip;
}

export interface PrintServiceDeps {
  dataDir: string;
  settings: SettingsStore;
  hub: EventHub;
  clock: () => Date;
  /** CUPS or the Windows spooler; absent where the machine has neither. */
  platform?: PrinterBackend;
  /** Where the folder printer files its PDFs. */
  folderDir: string;
  pollIntervalMs?: number;
}

export class PrintService {
  readonly directory: PrinterDirectory;
  readonly queue: PrintQueue;
  private readonly store: FileJobStore;
  private off?: () => void;

  constructor(private readonly deps: PrintServiceDeps) {
    this.directory = new PrinterDirectory(deps.platform, new FolderBackend({ directory: deps.folderDir }));
    this.store = new FileJobStore(join(deps.dataDir, 'print-jobs.json'));
    this.queue = new PrintQueue({
      store: this.store,
      spoolDir: join(deps.dataDir, 'print-spool'),
      backendFor: (printer) => this.backendFor(printer),
      clock: deps.clock,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
      pollIntervalMs: deps.pollIntervalMs,
    });
  }

  async start(): Promise<void> {
    this.off = this.queue.on((event) => this.deps.hub.emit('print.job', this.view(event.job)));
    await this.queue.start();
  }

  async stop(): Promise<void> {
    this.off?.();
    this.queue.stop();
    await this.store.close();
  }

  printerFor(role: PrintRole): string | undefined {
    return printerForRole(this.deps.settings.get().printers, role);
  }

  /** The paper of a role: the label stock chosen in Setup, A4 for documents. */
  mediaFor(role: PrintRole): MediaId {
    return role === 'label' ? this.deps.settings.get().printing.labelStock : 'a4';
  }

  /**
   * Queues a PDF for the role's printer (or the one named, as a test print does). Labels are
   * fitted to the label stock first, so a 4x6 label fills 100x150 mm or 4x4 in stock and sits in
   * the top region of an A4 sheet.
   */
  async print(role: PrintRole, pdf: Uint8Array, title: string | KeyedSentence, options: { printer?: string; fitted?: boolean } = {}): Promise<{ jobId: string; printer: string }> {
    const printer = options.printer ?? this.printerFor(role) ?? UNASSIGNED[role];
    const media = this.mediaFor(role);
    const body = role === 'label' && !options.fitted ? await fitLabelToStock(pdf, MEDIA[media], media === 'a4-label-region') : pdf;
    // A keyed title goes to the printer in English (print-job.ts) and to the screen by its key.
    const named = typeof title === 'string' ? { title } : { title: englishSentence(title), titleSaid: title };
    const job = await this.queue.submit({ pdf: body, ...named, role, printer, media });
    return { jobId: job.id, printer };
  }

  /**
   * Follows a job until the printer reports it completed (ok) or it failed; each new sentence
   * of why it waits ("stopped: Out of labels") goes to `waiting` on the way.
   */
  follow(jobId: string, waiting: (said: { text: string; sentences?: KeyedSentence[] }) => void): Promise<{ ok: boolean; text: string; sentences?: KeyedSentence[] }> {
    return new Promise((resolve) => {
      let said = '';
      let off: () => void = () => undefined;
      const look = (job: PrintJob): boolean => {
        const view = this.view(job);
        if (job.state === 'done' || job.state === 'failed') {
          off();
          resolve({ ok: job.state === 'done', text: view.message, ...(view.sentences ? { sentences: view.sentences } : {}) });
          return true;
        }
        if (job.state === 'waiting' && view.message !== said) {
          said = view.message;
          waiting({ text: view.message, ...(view.sentences ? { sentences: view.sentences } : {}) });
        }
        return false;
      };
      off = this.queue.on((event) => void (event.job.id === jobId && look(event.job)));
      const now = this.queue.get(jobId);
      if (!now) {
        off();
        const gone = sentence('station.print.noSuchJob', { jobId });
        resolve({ ok: false, text: englishSentence(gone), sentences: [gone] });
        return;
      }
      look(now);
    });
  }

  jobs(limit = 200): JobView[] {
    return this.queue
      .list()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit)
      .map((j) => this.view(j));
  }

  async printers(): Promise<PrinterViewT[]> {
    const assigned = this.deps.settings.get().printers;
    const found = await this.directory.discover();
    const views: PrinterViewT[] = found.map((p) => ({
      name: p.name,
      state: p.state,
      message: p.message,
      ...(p.sentence ? { sentence: p.sentence } : {}),
      roles: Object.entries(assigned).filter(([, name]) => name === p.name).map(([role]) => role),
    }));
    // A chosen printer that is not there (unplugged, renamed) is listed, so the screen can say so.
    for (const [role, name] of Object.entries(assigned)) {
      if (!name || views.some((v) => v.name === name)) continue;
      const said = sentence('station.print.printer.notFound');
      views.push({ name, state: 'missing', message: englishSentence(said), sentence: said, roles: [role] });
      for (const [other, n] of Object.entries(assigned)) if (n === name && other !== role) views[views.length - 1].roles.push(other);
    }
    return views;
  }

  view(job: PrintJob): JobView {
    const role = job.role;
    const unassigned = job.printer === UNASSIGNED[role];
    const chosen = unassigned ? this.printerFor(role) : undefined;
    let message = job.message;
    let said = jobSentence(job);
    if (unassigned && job.state === 'waiting' && !chosen) {
      said = noPrinterChosen(role);
      message = englishSentence(said);
    }
    return {
      id: job.id,
      title: job.title,
      ...(job.titleSaid ? { titleSentence: job.titleSaid } : {}),
      role,
      printer: chosen ?? job.printer,
      ...(unassigned && !chosen ? { printerSentence: role === 'label' ? sentence('station.print.notChosenLabel') : sentence('station.print.notChosenDocument') } : {}),
      status: job.state,
      message,
      ...(said ? { sentences: [said] } : {}),
      createdAt: job.createdAt,
      pages: job.pages,
    };
  }

  /** Unassigned roles resolve to whatever printer the settings name now. */
  private backendFor(printer: string): PrinterBackend {
    const role = (Object.keys(UNASSIGNED) as PrintRole[]).find((r) => UNASSIGNED[r] === printer);
    if (!role) return this.directory.backendFor(printer);
    const missing: PrinterStatus = { state: 'missing', message: 'no printer chosen for this role' };
    const resolve = () => {
      const name = this.printerFor(role);
      return name ? { name, backend: this.directory.backendFor(name) } : undefined;
    };
    return {
      kind: 'folder',
      list: async () => [],
      printerStatus: async () => {
        const r = resolve();
        return r ? r.backend.printerStatus(r.name) : missing;
      },
      print: async (file, request) => {
        const r = resolve();
        if (!r) throw new PrinterRefusedError('missing', missing.message);
        return r.backend.print(file, { ...request, printer: r.name });
      },
      jobStatus: async (jobId) => {
        const r = resolve();
        return r ? r.backend.jobStatus(jobId) : { state: 'unknown', message: 'no printer chosen' };
      },
    };
  }
}
