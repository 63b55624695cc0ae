// `station print` over the folder printer: arguments, the operator-facing errors, exit codes.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_PRINTED, EXIT_USAGE, EXIT_WAITING, parsePrintArgs, printFile, type PrintCommandDeps } from '../../electron/station/cli/print-commands.js';
import { FolderBackend } from '../../electron/station/printing/folder-backend.js';
import { MemoryJobStore } from '../../electron/station/printing/job-store.js';
import { PrintQueue } from '../../electron/station/printing/print-queue.js';
import { parsePrinterSettings } from '../../electron/station/printing/printer-settings.js';
import { pdfInfo } from '../support/document-poppler.js';
import { requireTool } from '../support/system-tools.js';
import { labelPdf } from './sample-pdfs.js';

const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

let dir: string;
let queue: PrintQueue;
let folder: FolderBackend;
let lines: { out: string[]; err: string[] };
const io = { stdout: (l: string) => lines.out.push(l), stderr: (l: string) => lines.err.push(l) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'print-command-'));
  folder = new FolderBackend({ directory: join(dir, 'out') });
  queue = new PrintQueue({ store: new MemoryJobStore(), spoolDir: join(dir, 'spool'), backendFor: () => folder, clock: () => new Date(), timers, pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 40 } });
  await queue.start();
  lines = { out: [], err: [] };
});
afterEach(async () => {
  queue.stop();
  await rm(dir, { recursive: true, force: true });
});

const deps = (settings: unknown = {}): PrintCommandDeps => ({ queue, settings: parsePrinterSettings(settings), readFile: async (p) => new Uint8Array(await readFile(p)), timers, waitMs: 2_000 });

describe('station print', () => {
  it('parses its arguments and explains misuse', () => {
    expect(parsePrintArgs(['a.pdf', '--role', 'label', '--printer', 'Zebra ZD421'])).toEqual({ file: 'a.pdf', role: 'label', printer: 'Zebra ZD421' });
    expect(parsePrintArgs(['a.pdf', '--role', 'label', '--split', 'a4-label-invoice'])).toMatchObject({ split: 'a4-label-invoice' });
    expect(parsePrintArgs(['a.pdf'])).toMatch(/^usage: station print FILE --role label\|document/);
    expect(parsePrintArgs(['a.pdf', '--role', 'sticker'])).toMatch(/--role must be label or document/);
    expect(parsePrintArgs(['a.pdf', '--colour'])).toMatch(/unknown option --colour/);
  });

  it.runIf(requireTool('pdfinfo'))('fits a landscape label to 4x6 and files it on the folder printer', async () => {
    const file = join(dir, 'label.pdf');
    await writeFile(file, await labelPdf(2, { width: 432, height: 288 }));
    const code = await printFile({ file, role: 'label', printer: folder.name }, deps(), io);
    expect(lines.err).toEqual([]);
    expect(code).toBe(EXIT_PRINTED);
    expect(lines.out.at(-1)).toMatch(/ done: Printed on Label printer 'Save as PDF \(folder\)'$/);
    const [saved] = await readdir(join(dir, 'out'));
    const info = await pdfInfo(new Uint8Array(await readFile(join(dir, 'out', saved))));
    expect(info.pages).toBe(2);
    expect(info.sizes.every((s) => s.width === 288 && s.height === 432)).toBe(true);
  });

  it('refuses a file that is not a PDF, and a role without a printer', async () => {
    const text = join(dir, 'notes.txt');
    await writeFile(text, 'hello');
    expect(await printFile({ file: text, role: 'document', printer: folder.name }, deps(), io)).toBe(EXIT_USAGE);
    expect(lines.err.at(-1)).toBe(`${text} is not a PDF`);
    const file = join(dir, 'label.pdf');
    await writeFile(file, await labelPdf(1, { width: 288, height: 432 }));
    expect(await printFile({ file, role: 'label' }, deps(), io)).toBe(EXIT_USAGE);
    expect(lines.err.at(-1)).toBe('No label printer is set: pass --printer NAME or choose one in the settings');
    expect(await printFile({ file, role: 'label', printer: folder.name, split: 'a4-label-invoice' }, deps(), io)).toBe(EXIT_USAGE);
    expect(lines.err.at(-1)).toMatch(/^No document printer is set/);
  });

  it('leaves a job for a missing printer queued and says so with exit code 75', async () => {
    const file = join(dir, 'label.pdf');
    await writeFile(file, await labelPdf(1, { width: 288, height: 432 }));
    const code = await printFile({ file, role: 'label', printer: 'Zebra' }, { ...deps(), waitMs: 200 }, io);
    expect(code).toBe(EXIT_WAITING);
    expect(lines.err.at(-1)).toMatch(/is still waiting: Label printer 'Zebra' is missing/);
    expect(queue.list()[0].state).toBe('waiting');
  });

  it('validates printer settings at the boundary', () => {
    expect(parsePrinterSettings({ label: { printer: 'Zebra', role: 'label' } }).label).toEqual({ printer: 'Zebra', role: 'label', media: 'label-4x6in', copies: 1 });
    expect(() => parsePrinterSettings({ label: { printer: 'Zebra', role: 'document' } })).toThrow();
    expect(() => parsePrinterSettings({ document: { printer: 'Office\u0007', role: 'document' } })).toThrow(/control characters/);
    expect(() => parsePrinterSettings({ split: 'a5-something' })).toThrow();
    const custom = parsePrinterSettings({ split: { name: 'shop-a4', page: { width: 595, height: 842 }, labelRegion: { x: 0, y: 421, width: 595, height: 421 } } });
    expect(custom.split).toMatchObject({ name: 'shop-a4' });
  });
});
