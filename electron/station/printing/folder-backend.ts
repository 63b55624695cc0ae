// A "printer" that files PDFs into a directory: for desks without a printer (the operator prints
// later from the folder) and for tests. Always present, always idle.
import { sentence } from '../../../shared/i18n/station-sentences.js';
import { chmod, copyFile, mkdir, rename } from 'node:fs/promises';
import { basename } from 'node:path';
import { insideFolder } from '../../files/inside-folder.js';
import { cleanTitle, NOT_INSTALLED, PrinterRefusedError, type BackendJobStatus, type PrinterBackend, type PrinterInfo, type PrintRequest, type PrinterStatus } from './printer-backend.js';

export const FOLDER_PRINTER_NAME = 'Save as PDF (folder)';

export interface FolderBackendOptions {
  directory: string;
  name?: string;
  /** Makes file names unique and sortable; injected so tests control it. */
  now?: () => Date;
}

/** A title made safe as one file name component. */
export function fileNameFor(title: string): string {
  return cleanTitle(title, 80).replace(/[^A-Za-z0-9._ -]+/g, '_').replace(/^[.\s-]+/, '') || 'print';
}

export class FolderBackend implements PrinterBackend {
  readonly kind = 'folder' as const;
  readonly name: string;
  private readonly directory: string;
  private readonly now: () => Date;
  private readonly jobs = new Map<string, string>();
  private sequence = 0;

  constructor(options: FolderBackendOptions) {
    this.directory = options.directory;
    this.name = options.name ?? FOLDER_PRINTER_NAME;
    this.now = options.now ?? (() => new Date());
  }

  async list(): Promise<PrinterInfo[]> {
    return [{ name: this.name, backend: 'folder', isDefault: false, state: 'idle', message: `saves PDFs in ${this.directory}`, sentence: sentence('station.print.printer.savesIn', { folder: this.directory }) }];
  }

  async printerStatus(name: string): Promise<PrinterStatus> {
    return name === this.name ? { state: 'idle', message: 'ready' } : NOT_INSTALLED;
  }

  async print(file: string, request: PrintRequest): Promise<{ jobId: string }> {
    if (request.printer !== this.name) throw new PrinterRefusedError('missing', 'not installed');
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    this.sequence += 1;
    const jobId = `folder-${stamp}-${this.sequence}`;
    const copies = request.copies ?? 1;
    for (let copy = 1; copy <= copies; copy += 1) {
      const suffix = copies > 1 ? ` (copy ${copy})` : '';
      const target = insideFolder(this.directory, `${stamp} ${fileNameFor(request.title)}${suffix}.pdf`);
      // Copy under a temporary name, then rename: a half-written PDF never shows in the folder.
      const partial = insideFolder(this.directory, `${basename(target)}.partial`);
      await copyFile(file, partial);
      // Labels carry buyer addresses: for the seller's account only.
      await chmod(partial, 0o600);
      await rename(partial, target);
      this.jobs.set(jobId, target);
    }
    return { jobId };
  }

  async jobStatus(jobId: string): Promise<BackendJobStatus> {
    const path = this.jobs.get(jobId);
    // The copy finished inside print(); after a restart the folder still holds the file.
    return { state: 'completed', message: path ? `saved as ${path}` : 'saved' };
  }
}
