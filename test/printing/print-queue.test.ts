// The print queue over the folder printer and a printer that comes and goes: jobs are journaled,
// wait with a sentence the operator can act on, survive a restart, and can be printed again.
import { mkdtemp, readdir, readFile, rm, appendFile } from 'node:fs/promises';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderBackend } from '../../electron/station/printing/folder-backend.js';
import { FileJobStore } from '../../electron/station/printing/job-store.js';
import { PrintQueue, type PrintQueueDeps } from '../../electron/station/printing/print-queue.js';
import type { PrintQueueEvent } from '../../electron/station/printing/print-job.js';
import { PrinterRefusedError, type PrinterBackend, type PrinterStatus } from '../../electron/station/printing/printer-backend.js';
import { labelPdf } from './sample-pdfs.js';

const realTimers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

/** A USB label printer that can be unplugged: missing until `plug()`, then it files like the folder printer. */
class UnpluggablePrinter implements PrinterBackend {
  readonly kind = 'cups' as const;
  plugged = false;
  printed: string[] = [];
  constructor(private readonly folder: FolderBackend) {}
  async list() {
    return this.plugged ? [{ name: 'Zebra', backend: 'cups' as const, isDefault: false, state: 'idle' as const, message: 'ready' }] : [];
  }
  async printerStatus(): Promise<PrinterStatus> {
    return this.plugged ? { state: 'idle', message: 'ready' } : { state: 'missing', message: 'not installed' };
  }
  async print(file: string, request: { title: string }) {
    if (!this.plugged) throw new PrinterRefusedError('missing', 'not installed');
    this.printed.push(request.title);
    return this.folder.print(file, { ...request, printer: this.folder.name });
  }
  async jobStatus() {
    return { state: 'completed' as const, message: 'printed' };
  }
}

let dir: string;
let queues: PrintQueue[] = [];
let stores: FileJobStore[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'print-queue-'));
});
afterEach(async () => {
  for (const q of queues) q.stop();
  for (const s of stores) await s.close();
  queues = [];
  stores = [];
  await rm(dir, { recursive: true, force: true });
});

function makeQueue(backendFor: PrintQueueDeps['backendFor']): PrintQueue {
  const store = new FileJobStore(join(dir, 'jobs.jsonl'));
  stores.push(store);
  const queue = new PrintQueue({ store, spoolDir: join(dir, 'spool'), backendFor, clock: () => new Date(), timers: realTimers, pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 80 } });
  queues.push(queue);
  return queue;
}

describe('print queue', () => {
  it('prints to the folder printer and tells the UI queued, printing, done', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out') });
    const queue = makeQueue(() => folder);
    await queue.start();
    const events: PrintQueueEvent['type'][] = [];
    queue.on((e) => events.push(e.type));
    const job = await queue.submit({ pdf: await labelPdf(2, { width: 288, height: 432 }), title: 'Wave 7 labels', role: 'label', printer: folder.name, media: 'label-4x6in' });
    const done = await queue.whenFinished(job.id);
    expect(done.state).toBe('done');
    expect(done.message).toBe(`Printed on Label printer '${folder.name}'`);
    expect(events).toEqual(['queued', 'printing', 'done']);
    const files = await readdir(join(dir, 'out'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/Wave 7 labels\.pdf$/);
  });

  it('keeps a job for a missing printer waiting with status missing, and prints it when the printer appears', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out') });
    const zebra = new UnpluggablePrinter(folder);
    const queue = makeQueue(() => zebra);
    await queue.start();
    const job = await queue.submit({ pdf: await labelPdf(1, { width: 288, height: 432 }), title: 'Order 1', role: 'label', printer: 'Zebra' });
    await until(() => queue.get(job.id)!.state === 'waiting');
    const waiting = queue.get(job.id)!;
    expect(waiting.waitReason).toBe('missing');
    expect(waiting.message).toBe("Label printer 'Zebra' is missing (not connected or not installed); the job waits and retries");
    // Retried, not given up: still waiting well after several retry periods.
    await new Promise((r) => setTimeout(r, 300));
    expect(queue.get(job.id)!.state).toBe('waiting');
    zebra.plugged = true;
    expect((await queue.whenFinished(job.id)).state).toBe('done');
    expect(zebra.printed).toEqual(['Order 1']);
  });

  it('hands jobs for one printer over in the order they were queued', async () => {
    const zebra = new UnpluggablePrinter(new FolderBackend({ directory: join(dir, 'out') }));
    const queue = makeQueue(() => zebra);
    await queue.start();
    const pdf = await labelPdf(1, { width: 288, height: 432 });
    const jobs = [];
    for (const title of ['first', 'second', 'third']) jobs.push(await queue.submit({ pdf, title, role: 'label', printer: 'Zebra' }));
    await new Promise((r) => setTimeout(r, 150));
    zebra.plugged = true;
    await Promise.all(jobs.map((j) => queue.whenFinished(j.id)));
    expect(zebra.printed).toEqual(['first', 'second', 'third']);
  });

  it('resumes unfinished jobs in a new queue over the same journal', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out') });
    const zebra = new UnpluggablePrinter(folder);
    const first = makeQueue(() => zebra);
    await first.start();
    const job = await first.submit({ pdf: await labelPdf(3, { width: 288, height: 432 }), title: 'Before restart', role: 'label', printer: 'Zebra' });
    await until(() => first.get(job.id)!.state === 'waiting');
    first.stop();
    await stores[0].close();
    // A crash in the middle of the next record leaves a torn line behind.
    await appendFile(join(dir, 'jobs.jsonl'), '{"id":"pj-torn","ti');

    zebra.plugged = true;
    const second = makeQueue(() => zebra);
    const resumed = await second.start();
    expect(resumed.map((j) => j.id)).toEqual([job.id]);
    expect((await second.whenFinished(job.id)).state).toBe('done');
    expect(zebra.printed).toEqual(['Before restart']);
    const journal = (await readFile(join(dir, 'jobs.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(journal.at(-1)!)).toMatchObject({ id: job.id, state: 'done' });
  });

  it('reprints a finished job from its stored PDF', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out') });
    const queue = makeQueue(() => folder);
    await queue.start();
    const pdf = await labelPdf(1, { width: 288, height: 432 });
    const job = await queue.submit({ pdf, title: 'Order 9', role: 'label', printer: folder.name });
    await queue.whenFinished(job.id);
    const again = await queue.reprint(job.id);
    expect(again.id).not.toBe(job.id);
    expect(again.reprintOf).toBe(job.id);
    expect((await queue.whenFinished(again.id)).state).toBe('done');
    const files = (await readdir(join(dir, 'out'))).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(Buffer.from(await readFile(join(dir, 'out', f))).equals(Buffer.from(pdf))).toBe(true);
    await expect(queue.reprint('pj-nope')).rejects.toThrow(/no print job/);
  });

  it('gives a job up as failed after repeated errors, with the error in its status', async () => {
    const broken: PrinterBackend = {
      kind: 'cups',
      list: async () => [],
      printerStatus: async () => ({ state: 'idle', message: 'ready' }),
      print: async () => {
        throw new Error('lp failed: client-error-document-format-not-supported');
      },
      jobStatus: async () => ({ state: 'unknown', message: '' }),
    };
    const queue = makeQueue(() => broken);
    await queue.start();
    const job = await queue.submit({ pdf: await labelPdf(1, { width: 288, height: 432 }), title: 'Bad', role: 'document', printer: 'Office' });
    const failed = await queue.whenFinished(job.id);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toBe(5);
    expect(failed.message).toBe("Printing on Document printer 'Office' failed: lp failed: client-error-document-format-not-supported");
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('job store', () => {
  /** The descriptors this process holds open on `path` (Linux: /proc/self/fd). */
  const openOn = (path: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(join('/proc/self/fd', fd)) === path;
      } catch {
        return false; // closed meanwhile
      }
    });

  it('keeps a record that arrives after close (a job still at its printer when the station stopped) and leaves no file open', async () => {
    const path = join(dir, 'jobs.jsonl');
    const store = new FileJobStore(path);
    const job = { id: 'J1', title: 'Label', role: 'label' as const, printer: 'PDF', copies: 1, file: join(dir, 'J1.pdf'), state: 'printing' as const, message: 'Printing', attempts: 1, createdAt: '2026-11-24T06:00:00Z', updatedAt: '2026-11-24T06:00:00Z' };
    await store.append(job);
    expect(openOn(path)).toHaveLength(1);
    await store.close();
    expect(openOn(path)).toEqual([]);
    await store.append({ ...job, state: 'done', message: 'Printed' });
    expect(openOn(path)).toEqual([]);
    expect((await new FileJobStore(path).load()).map((j) => j.state)).toEqual(['done']);
  });

  it('does not bring back its folder when a record arrives after close and the folder was removed', async () => {
    const folder = join(dir, 'station-data');
    const store = new FileJobStore(join(folder, 'print-jobs.json'));
    const job = { id: 'J1', title: 'Label', role: 'label' as const, printer: 'PDF', copies: 1, file: join(folder, 'J1.pdf'), state: 'printing' as const, message: 'Printing', attempts: 1, createdAt: '2026-11-24T06:00:00Z', updatedAt: '2026-11-24T06:00:00Z' };
    await store.append(job);
    await store.close();
    await rm(folder, { recursive: true, force: true });
    await store.append({ ...job, state: 'done', message: 'Printed' });
    expect(existsSync(folder)).toBe(false);
  });
});
