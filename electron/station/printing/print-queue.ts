// The durable print queue. A job is spooled (PDF fsync'd) and journaled before anything is
// printed, so a crash, a missing printer or a stopped queue never loses a label: the job waits
// with a sentence the operator can act on, is offered again with backoff, and is resumed by the
// next queue over the same store. Every state change is an event for the UI.
//
// A job is handed to the printer at least once: a crash between the printer accepting it and
// the journal recording that is followed by a second copy on restart, which at a packing desk
// beats a parcel without a label.
import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { insideFolder } from '../../files/inside-folder.js';
import { MEDIA, type MediaId } from './media.js';
import { mergePdfs } from './pages/merge-pdfs.js';
import { PrinterRefusedError, type PrinterBackend, type PrinterStatus } from './printer-backend.js';
import type { PrinterRole } from './printer-settings.js';
import { isFinished, messages, type PrintJob, type PrintQueueEvent } from './print-job.js';
import type { JobStore } from './job-store.js';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RetryPolicy {
  initialMs: number;
  maxMs: number;
  /** Errors (not a stopped or missing printer) after which a job is given up as failed. */
  maxAttempts: number;
}

export interface PrintQueueDeps {
  store: JobStore;
  /** Where spooled PDFs are kept (for retries, recovery and reprints). */
  spoolDir: string;
  /** The backend that drives a printer, by printer name. */
  backendFor(printer: string): PrinterBackend;
  clock: () => Date;
  timers: Timers;
  /** How often a job handed to the printer is checked until the printer reports it done. */
  pollIntervalMs?: number;
  retry?: Partial<RetryPolicy>;
  newId?: () => string;
}

export interface SubmitRequest {
  pdf: Uint8Array;
  title: string;
  /** The title as a catalogue key (the Print screen says it in the desk's language). */
  titleSaid?: PrintJob['titleSaid'];
  role: PrinterRole;
  printer: string;
  media?: MediaId;
  copies?: number;
  pages?: number;
}

const DEFAULT_RETRY: RetryPolicy = { initialMs: 1_000, maxMs: 30_000, maxAttempts: 5 };

const defaultId = (): string => `pj-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class PrintQueue {
  private readonly jobs = new Map<string, PrintJob>();
  private readonly timersById = new Map<string, unknown>();
  /** Waits (not errors) per job, for the backoff; reset when the job moves on. */
  private readonly waits = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly listeners = new Set<(event: PrintQueueEvent) => void>();
  private readonly retry: RetryPolicy;
  private readonly pollMs: number;
  private readonly newId: () => string;
  private stopped = false;

  constructor(private readonly deps: PrintQueueDeps) {
    this.retry = { ...DEFAULT_RETRY, ...deps.retry };
    this.pollMs = deps.pollIntervalMs ?? 1_000;
    this.newId = deps.newId ?? defaultId;
  }

  /** Loads the journal and resumes every unfinished job. */
  async start(): Promise<PrintJob[]> {
    const resumed: PrintJob[] = [];
    for (const job of await this.deps.store.load()) {
      this.jobs.set(job.id, job);
      if (!isFinished(job)) resumed.push(job);
    }
    for (const job of resumed) this.kick(job.id, 0);
    return resumed;
  }

  /** Stops timers (shutdown, tests); jobs stay journaled for the next start. */
  stop(): void {
    this.stopped = true;
    for (const handle of this.timersById.values()) this.deps.timers.clearTimeout(handle);
    this.timersById.clear();
  }

  on(listener: (event: PrintQueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(id: string): PrintJob | undefined {
    const job = this.jobs.get(id);
    return job && { ...job };
  }

  list(): PrintJob[] {
    return [...this.jobs.values()].map((j) => ({ ...j }));
  }

  async submit(request: SubmitRequest): Promise<PrintJob> {
    const id = this.newId();
    await mkdir(this.deps.spoolDir, { recursive: true, mode: 0o700 });
    const file = insideFolder(this.deps.spoolDir, `${id}.pdf`);
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.write(request.pdf);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return this.enqueue({ title: request.title, ...(request.titleSaid ? { titleSaid: request.titleSaid } : {}), role: request.role, printer: request.printer, media: request.media, copies: request.copies ?? 1, file, pages: request.pages });
  }

  /** A wave's labels as one merged PDF and one job, so they print together and in order. */
  async submitMerged(parts: readonly Uint8Array[], request: Omit<SubmitRequest, 'pdf'>): Promise<PrintJob> {
    return this.submit({ ...request, pdf: await mergePdfs(parts) });
  }

  /** Prints a job again from its stored PDF, on the same printer unless told otherwise. */
  async reprint(id: string, options: { printer?: string; copies?: number } = {}): Promise<PrintJob> {
    const original = this.jobs.get(id);
    if (!original) throw new Error(`no print job ${id}`);
    return this.enqueue({
      title: original.title,
      ...(original.titleSaid ? { titleSaid: original.titleSaid } : {}),
      role: original.role,
      printer: options.printer ?? original.printer,
      media: original.media,
      copies: options.copies ?? original.copies,
      file: original.file,
      pages: original.pages,
      reprintOf: original.reprintOf ?? original.id,
    });
  }

  /** Resolves when the job is done or failed. */
  whenFinished(id: string): Promise<PrintJob> {
    const job = this.jobs.get(id);
    if (!job) return Promise.reject(new Error(`no print job ${id}`));
    if (isFinished(job)) return Promise.resolve({ ...job });
    return new Promise((resolve) => {
      const off = this.on((event) => {
        if (event.job.id === id && isFinished(event.job)) {
          off();
          resolve(event.job);
        }
      });
    });
  }

  private async enqueue(fields: Pick<PrintJob, 'title' | 'titleSaid' | 'role' | 'printer' | 'media' | 'copies' | 'file' | 'pages' | 'reprintOf'>): Promise<PrintJob> {
    const now = this.deps.clock().toISOString();
    const job: PrintJob = {
      id: this.newId(),
      ...fields,
      state: 'queued',
      message: messages.queued(fields.role, fields.printer),
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    };
    // Journal first: once submit() returns, the job survives a crash.
    await this.deps.store.append(job);
    this.jobs.set(job.id, job);
    this.emit(job);
    this.kick(job.id, 0);
    return { ...job };
  }

  private async update(job: PrintJob, changes: Partial<PrintJob>): Promise<void> {
    const changed = (Object.keys(changes) as (keyof PrintJob)[]).some((k) => job[k] !== changes[k]);
    if (!changed) return;
    const next: PrintJob = { ...job, ...changes, updatedAt: this.deps.clock().toISOString() };
    if (next.state !== 'waiting') delete next.waitReason;
    await this.deps.store.append(next);
    this.jobs.set(job.id, next);
    this.emit(next);
  }

  private emit(job: PrintJob): void {
    const event: PrintQueueEvent = { type: job.state, job: { ...job } };
    for (const listener of this.listeners) listener(event);
  }

  private kick(id: string, delayMs: number): void {
    if (this.stopped) return;
    const previous = this.timersById.get(id);
    if (previous !== undefined) this.deps.timers.clearTimeout(previous);
    const handle = this.deps.timers.setTimeout(() => {
      this.timersById.delete(id);
      void this.step(id);
    }, delayMs);
    this.timersById.set(id, handle);
  }

  private backoff(id: string, count: number): void {
    const delay = Math.min(this.retry.maxMs, this.retry.initialMs * 2 ** Math.max(0, count - 1));
    this.kick(id, delay);
  }

  private waitAgain(id: string): void {
    const count = (this.waits.get(id) ?? 0) + 1;
    this.waits.set(id, count);
    this.backoff(id, count);
  }

  /** Jobs for one printer are handed over in the order they were queued. */
  private isNextFor(job: PrintJob): boolean {
    for (const other of this.jobs.values()) {
      if (other.id === job.id) return true;
      if (other.printer === job.printer && !isFinished(other) && !other.backendJobId) return false;
    }
    return true;
  }

  private async step(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job || isFinished(job) || this.running.has(id) || this.stopped) return;
    this.running.add(id);
    try {
      if (job.backendJobId) await this.monitor(job, job.backendJobId);
      else if (this.isNextFor(job)) await this.handOver(job);
      // Not next: the job ahead of it kicks it once handed over.
    } catch {
      // The journal or a status query failed (CUPS restarting, disk full for a moment): the job
      // stays as journaled and is looked at again.
      this.waitAgain(id);
    } finally {
      this.running.delete(id);
    }
  }

  private kickFollowers(printer: string): void {
    for (const other of this.jobs.values()) {
      if (other.printer === printer && !isFinished(other) && !other.backendJobId && !this.timersById.has(other.id)) {
        this.kick(other.id, 0);
        return;
      }
    }
  }

  private async handOver(job: PrintJob): Promise<void> {
    const backend = this.deps.backendFor(job.printer);
    const status: PrinterStatus = await backend.printerStatus(job.printer);
    if (status.state === 'missing') {
      await this.update(job, { state: 'waiting', waitReason: 'missing', message: messages.missing(job.role, job.printer) });
      this.waitAgain(job.id);
      return;
    }
    let backendJobId: string;
    try {
      // A stopped CUPS queue still accepts jobs and prints them once started again, so the job
      // is handed over and watched there; a printer that refuses keeps it here.
      ({ jobId: backendJobId } = await backend.print(job.file, {
        printer: job.printer,
        title: job.title,
        copies: job.copies,
        media: job.media ? MEDIA[job.media] : undefined,
      }));
    } catch (error) {
      if (error instanceof PrinterRefusedError) {
        const message = error.state === 'missing' ? messages.missing(job.role, job.printer) : messages.stoppedHere(job.role, job.printer, error.message);
        await this.update(job, { state: 'waiting', waitReason: error.state, message });
        this.waitAgain(job.id);
        return;
      }
      const attempts = job.attempts + 1;
      if (attempts >= this.retry.maxAttempts) {
        await this.update(job, { state: 'failed', attempts, message: messages.failed(job.role, job.printer, errorText(error)) });
        this.kickFollowers(job.printer);
        return;
      }
      await this.update(job, { state: 'waiting', waitReason: 'error', attempts, message: messages.retrying(job.role, job.printer, errorText(error)) });
      this.backoff(job.id, attempts);
      return;
    }
    this.waits.delete(job.id);
    const atStoppedPrinter = status.state === 'stopped';
    await this.update(job, {
      backendJobId,
      state: atStoppedPrinter ? 'waiting' : 'printing',
      waitReason: atStoppedPrinter ? 'stopped' : undefined,
      message: atStoppedPrinter ? messages.stoppedAtPrinter(job.role, job.printer, reasonOf(status)) : messages.sent(job.role, job.printer),
    });
    this.kickFollowers(job.printer);
    this.kick(job.id, this.pollMs);
  }

  private async monitor(job: PrintJob, backendJobId: string): Promise<void> {
    const backend = this.deps.backendFor(job.printer);
    const status = await backend.jobStatus(backendJobId);
    if (status.state === 'completed' || status.state === 'unknown') {
      // 'unknown': the printer has forgotten the job, which it only does once it is finished.
      await this.update(job, { state: 'done', message: messages.done(job.role, job.printer) });
      return;
    }
    if (status.state === 'printing') {
      await this.update(job, { state: 'printing', message: messages.printing(job.role, job.printer) });
    } else {
      const printer = await backend.printerStatus(job.printer);
      if (printer.state === 'stopped') {
        await this.update(job, { state: 'waiting', waitReason: 'stopped', message: messages.stoppedAtPrinter(job.role, job.printer, reasonOf(printer)) });
      } else if (printer.state === 'missing') {
        await this.update(job, { state: 'waiting', waitReason: 'missing', message: messages.missing(job.role, job.printer) });
      } else {
        await this.update(job, { state: 'printing', message: messages.sent(job.role, job.printer) });
      }
    }
    this.kick(job.id, this.pollMs);
  }
}

/** The printer's own words, without the state the sentence already says. */
function reasonOf(status: PrinterStatus): string {
  return status.message.replace(/^stopped:?\s*/, '');
}
