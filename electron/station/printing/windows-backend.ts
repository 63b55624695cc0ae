// Windows printing through pdf-to-printer (SumatraPDF under the hood). Thin on purpose: it
// cannot run on the Linux build machines, so everything it decides is in the queue above it.
// pdf-to-printer waits until SumatraPDF has handed the job to the spooler and gives no job id
// or spooler state, so a resolved print() counts as printed.
import { cleanTitle, PrinterRefusedError, type BackendJobStatus, type PrinterBackend, type PrinterInfo, type PrintRequest, type PrinterStatus } from './printer-backend.js';

/** The part of pdf-to-printer this backend uses (injected: the module only loads on Windows). */
export interface PdfToPrinterModule {
  getPrinters(): Promise<{ deviceId: string; name: string; paperSizes: string[] }[]>;
  getDefaultPrinter(): Promise<{ deviceId: string; name: string } | null>;
  print(pdf: string, options?: { printer?: string; copies?: number; paperSize?: string; scale?: 'noscale' | 'shrink' | 'fit'; silent?: boolean }): Promise<void>;
}

export async function loadPdfToPrinter(): Promise<PdfToPrinterModule> {
  return (await import('pdf-to-printer')) as unknown as PdfToPrinterModule;
}

export class WindowsBackend implements PrinterBackend {
  readonly kind = 'windows' as const;
  private sequence = 0;

  constructor(private readonly module: PdfToPrinterModule) {}

  async list(): Promise<PrinterInfo[]> {
    const [printers, preferred] = await Promise.all([this.module.getPrinters(), this.module.getDefaultPrinter().catch(() => null)]);
    return printers.map((p) => ({ name: p.name, backend: 'windows', isDefault: p.name === preferred?.name, state: 'idle', message: 'ready' }));
  }

  async printerStatus(name: string): Promise<PrinterStatus> {
    const printers = await this.module.getPrinters();
    return printers.some((p) => p.name === name) ? { state: 'idle', message: 'ready' } : { state: 'missing', message: 'not installed' };
  }

  async print(file: string, request: PrintRequest): Promise<{ jobId: string }> {
    if ((await this.printerStatus(request.printer)).state === 'missing') throw new PrinterRefusedError('missing', 'not installed');
    // Pages are already fitted to the media; 'noscale' stops Sumatra shrinking them again.
    await this.module.print(file, { printer: request.printer, copies: request.copies ?? 1, paperSize: request.media?.windowsPaper, scale: 'noscale', silent: true });
    this.sequence += 1;
    return { jobId: `windows-${Date.now()}-${this.sequence}-${cleanTitle(request.title, 20)}` };
  }

  async jobStatus(_jobId: string): Promise<BackendJobStatus> {
    return { state: 'completed', message: 'sent to the Windows spooler' };
  }
}
