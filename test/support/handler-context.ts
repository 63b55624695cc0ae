// An AppContext made of real pieces over a real test sandbox: the station client (pinned CA,
// tokens from the token endpoint), a journal and an invoice series in a temp dir, the product
// facts cache, a PackDesk, memory settings and a print queue over the folder printer. The
// handlers under test are reached through the real dispatcher and the in-memory transport, so
// every argument and result crosses the contract's schemas as it does in the app.
import { englishSentence } from '../../shared/i18n/station-sentences.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StationApi } from '../../shared/contract.js';
import { StationError } from '../../shared/contract/define.js';
import type { AppContext } from '../../electron/station/app/app-context.js';
import { ClaimStore } from '../../electron/station/returns/claim-store.js';
import { Dispatcher, EventHub, type Handlers } from '../../electron/station/app/dispatcher.js';
import { connectInMemory } from '../../electron/station/app/memory-transport.js';
import { Journal } from '../../electron/station/journal/journal.js';
import { InvoiceSeries } from '../../electron/station/packing/invoice-series.js';
import type { Clock } from '../../electron/station/packing/ist-dates.js';
import { PackDesk } from '../../electron/station/packing/pack-desk.js';
import { ProductFactsCache } from '../../electron/station/packing/product-facts.js';
import { BarcodeCatalogue } from '../../electron/station/catalogue/barcode-catalogue.js';
import { CatalogueFile } from '../../electron/station/catalogue/catalogue-file.js';
import { FolderBackend, FOLDER_PRINTER_NAME } from '../../electron/station/printing/folder-backend.js';
import { MemoryJobStore } from '../../electron/station/printing/job-store.js';
import { PrintQueue } from '../../electron/station/printing/print-queue.js';
import { MemorySecretStore } from '../../electron/station/settings/secret-store.js';
import { MemorySettingsStore } from '../../electron/station/settings/settings-store.js';
import type { TestSandbox } from './sandbox.js';
import { clientFor, quickRetry, type TestClient } from './station-client.js';

export interface HandlerHarness {
  ctx: AppContext;
  api: StationApi;
  client: TestClient;
  printQueue: PrintQueue;
  /** Where the folder printer files PDFs. */
  printedDir: string;
  /** The station's data folder of this harness (journal, invoices, returns...). */
  dir: string;
  /** Files the folder printer has written so far. */
  printed(): string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  locationId?: string;
  operator?: string;
  rtdPolicy?: 'immediate' | 'endOfWave';
}

export async function startHandlerHarness(sb: TestSandbox, build: (ctx: AppContext) => Handlers, options: HarnessOptions = {}): Promise<HandlerHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'handlers-'));
  const printedDir = join(dir, 'printed');
  const clock: Clock = { now: () => new Date(sb.world.now()) };
  const locationId = options.locationId ?? sb.info.locations[0];
  const settings = new MemorySettingsStore({
    locationId,
    desk: { name: 'Desk 1', operator: options.operator ?? 'Asha' },
    rtdPolicy: options.rtdPolicy ?? 'immediate',
    printers: { label: FOLDER_PRINTER_NAME, manifest: FOLDER_PRINTER_NAME },
  });
  const client = clientFor(sb, { retry: quickRetry });
  const journal = await Journal.open({ dir: join(dir, 'journal'), clock });
  const invoices = InvoiceSeries.open({ dir: join(dir, 'invoices'), clock, prefix: 'PS', autoInvoicing: false });
  const facts = new ProductFactsCache((skus) => client.listings.get(skus));
  const folder = new FolderBackend({ directory: printedDir });
  const printQueue = new PrintQueue({
    store: new MemoryJobStore(),
    spoolDir: join(dir, 'spool'),
    backendFor: () => folder,
    clock: () => new Date(),
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    pollIntervalMs: 20,
  });
  await printQueue.start();
  const hub = new EventHub();
  const who = () => ({ operator: settings.get().desk.operator, desk: settings.get().desk.name });

  const print: AppContext['print'] = async (role, pdf, title) => {
    const named = typeof title === 'string' ? { title } : { title: englishSentence(title), titleSaid: title };
    const job = await printQueue.submit({ pdf, ...named, role, printer: FOLDER_PRINTER_NAME });
    return { jobId: job.id, printer: job.printer };
  };
  const claims = new ClaimStore({ dir: join(dir, 'returns'), exportDir: join(dir, 'claim-exports'), clock });
  const barcodes = new BarcodeCatalogue(new CatalogueFile(join(dir, 'barcodes.json')));
  let desk: PackDesk | undefined;
  const ctx: AppContext = {
    hub,
    clock,
    settings,
    secrets: new MemorySecretStore(),
    journal,
    marketplace: () => client,
    isSandbox: () => true,
    locationId: () => {
      const id = settings.get().locationId;
      if (!id) throw new StationError('NO_LOCATION', 'Choose the location this desk packs for in Settings.');
      return id;
    },
    who,
    invoices: () => invoices,
    facts: () => facts,
    barcodes: () => barcodes,
    claims: () => claims,
    desk: () =>
      (desk ??= new PackDesk({
        client,
        journal,
        facts,
        invoices,
        clock,
        who: who(),
        locationId,
        printer: { printLabels: async (pdf, job) => ({ printer: (await print('label', pdf, job.title)).printer }) },
        rtdPolicy: settings.get().rtdPolicy,
        newSessionId: randomUUID,
        barcodes,
        sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
        onChange: (view) => hub.emit('desk.changed', view),
      })),
    printQueue,
    print,
    devices: { wantWeight: () => () => undefined },
  };
  const { api, close } = connectInMemory(new Dispatcher(build(ctx)), hub);
  return {
    ctx,
    api,
    client,
    printQueue,
    printedDir,
    dir,
    printed: () => {
      try {
        return readdirSync(printedDir).filter((f) => f.endsWith('.pdf'));
      } catch {
        return [];
      }
    },
    close: async () => {
      close();
      await desk?.idle();
      printQueue.stop();
      await journal.close();
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
