// Which printers the desk has, and which backend drives each. The folder printer is always
// there, so a desk without printers can still pack (and print later from the folder).
import { CupsBackend } from './cups-backend.js';
import { FolderBackend } from './folder-backend.js';
import type { ExecFileFn, PrinterBackend, PrinterInfo } from './printer-backend.js';
import type { PrinterRole, PrinterSettings } from './printer-settings.js';
import { loadPdfToPrinter, WindowsBackend, type PdfToPrinterModule } from './windows-backend.js';

export interface DiscoveredPrinter extends PrinterInfo {
  /** The role the settings give it, if any. */
  role?: PrinterRole;
  /** A guess from the name for printers without a role: label printers announce themselves. */
  suggestedRole: PrinterRole;
}

const LABEL_PRINTER_NAME = /label|zebra|\bzd\d|\bgk4|\bgx4|dymo|rollo|godex|\btsc\b|xprinter|munbyn|brother[ _-]?ql|4x6|100x150/i;

export function suggestRole(name: string): PrinterRole {
  return LABEL_PRINTER_NAME.test(name) ? 'label' : 'document';
}

export class PrinterDirectory {
  constructor(
    /** CUPS or the Windows spooler; absent where neither exists. */
    private readonly platform: PrinterBackend | undefined,
    readonly folder: FolderBackend,
  ) {}

  /** Every printer, the platform's first. A platform that fails to answer lists nothing. */
  async discover(settings: PrinterSettings = {}): Promise<DiscoveredPrinter[]> {
    const platform = this.platform ? await this.platform.list().catch(() => []) : [];
    const all = [...platform, ...(await this.folder.list())];
    return all.map((printer) => {
      const role = settings.label?.printer === printer.name ? 'label' : settings.document?.printer === printer.name ? 'document' : undefined;
      return { ...printer, role, suggestedRole: role ?? suggestRole(printer.name) };
    });
  }

  /** The backend for a printer name. Unknown names go to the platform, which reports them missing. */
  backendFor(printer: string): PrinterBackend {
    if (printer === this.folder.name || !this.platform) return this.folder;
    return this.platform;
  }
}

export interface PlatformDeps {
  platform: NodeJS.Platform;
  execFile: ExecFileFn;
  env?: NodeJS.ProcessEnv;
  loadWindowsModule?: () => Promise<PdfToPrinterModule>;
}

export async function platformBackend(deps: PlatformDeps): Promise<PrinterBackend> {
  if (deps.platform === 'win32') return new WindowsBackend(await (deps.loadWindowsModule ?? loadPdfToPrinter)());
  return new CupsBackend({ execFile: deps.execFile, env: deps.env });
}
