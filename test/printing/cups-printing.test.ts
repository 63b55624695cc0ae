// Printing over the machine's real CUPS spool with two cups-pdf queues: PDF as the label printer,
// PDF-DOCS as the document printer. What arrives is read back from cups-pdf's output files.
import { execFile as execFileCb } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA } from '../../electron/station/printing/media.js';
import { CupsBackend } from '../../electron/station/printing/cups-backend.js';
import { nodeExecFile } from '../../electron/station/printing/exec-file.js';
import { FileJobStore } from '../../electron/station/printing/job-store.js';
import { PrintQueue } from '../../electron/station/printing/print-queue.js';
import { FolderBackend } from '../../electron/station/printing/folder-backend.js';
import { PrinterDirectory } from '../../electron/station/printing/printer-discovery.js';
import { renderTestPage } from '../../electron/station/printing/test-page.js';
import { printFile } from '../../electron/station/cli/print-commands.js';
import { createPdfQueue, cupsAvailable, cupsPdfOutputDir, cupsPdfTitlePart, disableQueue, enableQueue, ensureCupsQueues, removeQueue, waitForCupsPdfOutput } from '../support/cups.js';
import { pageTexts, pdfInfo } from '../support/document-poppler.js';
import { labelPdf } from './sample-pdfs.js';

const execFile = promisify(execFileCb);
const available = cupsAvailable();
const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
const run = `${process.pid}-${Date.now().toString(36)}`;

describe.runIf(available)('printing over CUPS', () => {
  let dir: string;
  let queue: PrintQueue;
  let store: FileJobStore;
  let label: string;
  let document: string;
  const cups = new CupsBackend({ execFile: nodeExecFile });

  beforeAll(async () => {
    ({ label, document } = await ensureCupsQueues());
    dir = await mkdtemp(join(tmpdir(), 'cups-printing-'));
    store = new FileJobStore(join(dir, 'jobs.jsonl'));
    const directory = new PrinterDirectory(cups, new FolderBackend({ directory: join(dir, 'folder') }));
    queue = new PrintQueue({ store, spoolDir: join(dir, 'spool'), backendFor: (p) => directory.backendFor(p), clock: () => new Date(), timers, pollIntervalMs: 200, retry: { initialMs: 200, maxMs: 1_000 } });
    await queue.start();
  });
  afterEach(async () => {
    // A failed test must not leave the shared label queue stopped.
    await enableQueue(label);
  });
  afterAll(async () => {
    queue?.stop();
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    // This run's cups-pdf outputs; every title above carries `run`.
    const out = await cupsPdfOutputDir();
    for (const f of await readdir(out).catch(() => [] as string[])) if (f.includes(run)) await rm(join(out, f), { force: true });
  });

  it('prints a wave of 20 labels as one job of 20 label-size pages', async () => {
    const title = `wave-${run}`;
    const parts = await Promise.all([0, 1, 2, 3].map(() => labelPdf(5, { width: 288, height: 432 })));
    const job = await queue.submitMerged(parts, { title, role: 'label', printer: label, media: 'label-4x6in' });
    const done = await queue.whenFinished(job.id);
    expect(done.state).toBe('done');
    const output = await waitForCupsPdfOutput(done.backendJobId!, title);
    const info = await pdfInfo(new Uint8Array(await readFile(output)));
    expect(info.pages).toBe(20);
    expect(info.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
    const outputs = (await readdir(await cupsPdfOutputDir())).filter((f) => f.startsWith(cupsPdfTitlePart(title)));
    expect(outputs).toHaveLength(1);
  });

  it('splits A4 label+invoice pages: labels to the label queue, invoices to the document queue', async () => {
    const file = join(dir, `combined-${run}.pdf`);
    await copyFile(new URL('../fixtures/a4-label-invoice.pdf', import.meta.url), file);
    const out: string[] = [];
    const err: string[] = [];
    const settings = { label: { printer: label, role: 'label' as const, media: 'label-4x6in' as const, copies: 1 }, document: { printer: document, role: 'document' as const, media: 'a4' as const, copies: 1 } };
    const code = await printFile({ file, role: 'label', split: 'a4-label-invoice' }, { queue, settings, readFile: async (p) => new Uint8Array(await readFile(p)), timers, waitMs: 30_000 }, { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const jobs = queue.list().filter((j) => j.title.startsWith(`combined-${run}.pdf`));
    expect(jobs.map((j) => [j.printer, j.state])).toEqual([[label, 'done'], [document, 'done']]);
    expect(out.some((l) => l.includes(`queued: combined-${run}.pdf labels -> ${label}`))).toBe(true);

    const labels = new Uint8Array(await readFile(await waitForCupsPdfOutput(jobs[0].backendJobId!, jobs[0].title)));
    const invoices = new Uint8Array(await readFile(await waitForCupsPdfOutput(jobs[1].backendJobId!, jobs[1].title)));
    const labelInfo = await pdfInfo(labels);
    expect(labelInfo.pages).toBe(2);
    expect(labelInfo.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
    const invoiceInfo = await pdfInfo(invoices);
    expect(invoiceInfo.pages).toBe(2);
    expect(invoiceInfo.sizes.every((s) => Math.round(s.width) === 595 && Math.round(s.height) === 842)).toBe(true);
    const labelTexts = await pageTexts(labels);
    const invoiceTexts = await pageTexts(invoices);
    expect(labelTexts.every((t) => /Tracking ID/.test(t) && /FMPC\d+/.test(t) && !/Tax Invoice/.test(t))).toBe(true);
    expect(invoiceTexts.every((t) => /Tax Invoice/.test(t) && !/Tracking ID/.test(t))).toBe(true);
  });

  it('prints a file whose name is shell syntax, without running it', async () => {
    const title = `hostile-${run}`;
    // A shell would create the canary in its working directory (ours) or next to the file.
    const canary = `ran-${run}`;
    const file = join(dir, `-o $(touch ${canary}) '; touch ${canary}'.pdf`);
    await writeFile(file, await labelPdf(1, { width: 288, height: 432 }));
    const { jobId } = await cups.print(file, { printer: label, title, media: MEDIA['label-4x6in'] });
    expect((await pdfInfo(new Uint8Array(await readFile(await waitForCupsPdfOutput(jobId, title))))).pages).toBe(1);
    await expect(readFile(canary)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readFile(join(dir, canary))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps a job at a stopped queue waiting with a clear status, and completes it once the queue is started', async () => {
    const title = `stopped-${run}`;
    // A queue of this test's own: other tests print on the shared queues meanwhile.
    const stopped = await createPdfQueue(`STATION-STOPPED-${process.pid}`);
    try {
    await disableQueue(stopped, 'Paper out');
    const job = await queue.submit({ pdf: await labelPdf(1, { width: 288, height: 432 }), title, role: 'label', printer: stopped, media: 'label-4x6in' });
    await until(() => queue.get(job.id)!.state === 'waiting' && !!queue.get(job.id)!.backendJobId);
    const waiting = queue.get(job.id)!;
    expect(waiting.waitReason).toBe('stopped');
    expect(waiting.message).toBe(`Label printer '${stopped}' is stopped (Paper out); the job waits in the printer's queue and prints when the printer is started again`);
    // Still waiting, in CUPS' queue, after several polls.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(queue.get(job.id)!.state).toBe('waiting');
    const { stdout } = await execFile('lpstat', ['-W', 'not-completed', '-o', stopped], { env: { ...process.env, LC_ALL: 'C' } });
    expect(stdout).toContain(waiting.backendJobId!);

    await enableQueue(stopped);
    const done = await queue.whenFinished(job.id);
    expect(done.state).toBe('done');
    expect((await pdfInfo(new Uint8Array(await readFile(await waitForCupsPdfOutput(done.backendJobId!, title))))).pages).toBe(1);
    } finally {
      await removeQueue(stopped);
    }
  });

  it('keeps a job for a printer CUPS does not know waiting as missing, and prints it once the printer is added', async () => {
    const printer = `STATION-LATE-${process.pid}`;
    const title = `late-${run}`;
    const job = await queue.submit({ pdf: await labelPdf(1, { width: 288, height: 432 }), title, role: 'label', printer, media: 'label-4x6in' });
    try {
      await until(() => queue.get(job.id)!.state === 'waiting');
      expect(queue.get(job.id)).toMatchObject({ waitReason: 'missing', message: `Label printer '${printer}' is missing (not connected or not installed); the job waits and retries` });
      expect(queue.get(job.id)!.backendJobId).toBeUndefined();
      await execFile('lpadmin', ['-p', printer, '-v', 'cups-pdf:/', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd', '-E']);
      const done = await queue.whenFinished(job.id);
      expect(done.state).toBe('done');
      await waitForCupsPdfOutput(done.backendJobId!, title);
    } finally {
      await execFile('lpadmin', ['-x', printer]).catch(() => undefined);
    }
  });

  it('lists both queues and the folder printer, and test-prints a label-size page naming the printer', async () => {
    const directory = new PrinterDirectory(cups, new FolderBackend({ directory: join(dir, 'folder') }));
    const printers = await directory.discover({ label: { printer: label, role: 'label', media: 'label-4x6in', copies: 1 } });
    expect(printers.find((p) => p.name === label)).toMatchObject({ backend: 'cups', role: 'label' });
    expect(printers.find((p) => p.name === document)).toMatchObject({ backend: 'cups', suggestedRole: 'document' });
    expect(printers.some((p) => p.backend === 'folder')).toBe(true);

    const title = `test-print-${run}`;
    const pdf = await renderTestPage({ printer: label, role: 'label', media: 'label-4x6in', now: new Date('2026-11-21T10:00:00Z') });
    const done = await queue.whenFinished((await queue.submit({ pdf, title, role: 'label', printer: label, media: 'label-4x6in' })).id);
    const output = new Uint8Array(await readFile(await waitForCupsPdfOutput(done.backendJobId!, title)));
    expect((await pdfInfo(output)).sizes).toEqual([{ width: 288, height: 432 }]);
    const text = (await pageTexts(output))[0];
    expect(text).toContain(`Printer: ${label}`);
    expect(text).toContain('Label printer');
    expect(text).toContain('21 Nov 2026, 15:30 IST');
  });

  it('test-prints in Hindi on the PDF queue: the job CUPS was given reads back in Devanagari, and the printed page carries the font', async () => {
    const title = `test-print-hi-${run}`;
    const pdf = await renderTestPage({ printer: label, role: 'label', media: 'label-4x6in', now: new Date('2026-11-21T10:00:07Z'), language: 'hi' });
    const job = await queue.submit({ pdf, title, role: 'label', printer: label, media: 'label-4x6in' });
    // What the queue hands to CUPS, read from its spool file: every word in Hindi.
    const sent = (await pageTexts(new Uint8Array(await readFile(job.file))))[0]!.replace(/\s+/g, ' ');
    const done = await queue.whenFinished(job.id);
    expect(sent).toContain('पैकिंग स्टेशन टेस्ट प्रिंट');
    expect(sent).toContain(`प्रिंटर: ${label}`);
    expect(sent).toContain('काम: लेबल प्रिंटर');
    expect(sent).toContain('पेपर: लेबल 4 x 6 इंच (288 x 432 pt)');
    // hi-IN dates through Intl, in IST: 10:00 UTC is 15:30 at the desk.
    expect(sent).toMatch(/छपा: 21 \S+ 2026, 15:30 IST \(07 s\)/);
    expect(sent).toContain('बॉर्डर चारों तरफ़ पूरा दिखना चाहिए।');
    expect(sent).not.toMatch(/Printer|Label|Printed|Media|Role/);
    // On paper (cups-pdf renders it again through PostScript, which keeps the glyphs but not the
    // Unicode of embedded CID fonts): the page at label size, the Devanagari drawn as glyph outlines
    // (a Type 3 font beside Helvetica), the ids and numbers still text.
    const output = await waitForCupsPdfOutput(done.backendJobId!, title);
    expect((await pdfInfo(new Uint8Array(await readFile(output)))).sizes).toEqual([{ width: 288, height: 432 }]);
    expect((await execFile('pdffonts', [output])).stdout).toMatch(/Type 3/);
    const printed = (await pageTexts(new Uint8Array(await readFile(output))))[0]!;
    expect(printed).toContain(`: ${label}`);
    expect(printed).toContain('15:30 IST (07 s)');
    expect(printed).not.toMatch(/Printer|Label|Printed|Media|Role/);
  });
});

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}
