// The folder printer: desks without a printer get every job as a PDF in a folder.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderBackend } from '../../electron/station/printing/folder-backend.js';
import { PrinterRefusedError } from '../../electron/station/printing/printer-backend.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folder-backend-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('folder printer', () => {
  it('files one PDF per copy, named by time and title, and never outside its folder', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out'), now: () => new Date('2026-11-21T10:00:00Z') });
    const source = join(dir, 'in.pdf');
    await writeFile(source, '%PDF-1.7 test');
    const { jobId } = await folder.print(source, { printer: folder.name, title: '../../etc/passwd\nOrder 5', copies: 2 });
    const files = (await readdir(join(dir, 'out'))).sort();
    expect(files).toEqual(['2026-11-21T10-00-00-000Z _.._etc_passwd Order 5 (copy 1).pdf', '2026-11-21T10-00-00-000Z _.._etc_passwd Order 5 (copy 2).pdf']);
    expect(await readFile(join(dir, 'out', files[0]), 'utf8')).toBe('%PDF-1.7 test');
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['out', 'in.pdf']));
    expect((await folder.jobStatus(jobId)).state).toBe('completed');
  });

  it('is always listed and idle, and reports other printer names as missing', async () => {
    const folder = new FolderBackend({ directory: join(dir, 'out') });
    expect(await folder.list()).toEqual([expect.objectContaining({ name: folder.name, backend: 'folder', state: 'idle' })]);
    expect(await folder.printerStatus('Zebra')).toEqual({ state: 'missing', message: 'not installed', sentence: { key: 'station.print.printer.notInstalled' } });
    await expect(folder.print(join(dir, 'x.pdf'), { printer: 'Zebra', title: 'x' })).rejects.toBeInstanceOf(PrinterRefusedError);
  });
});
