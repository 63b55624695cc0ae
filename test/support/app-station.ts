// The app's station for tests, over real things: a real HTTPS test sandbox as the demo
// marketplace, a temp data dir, settings in memory (or a JSON file), secrets in a FileSecretStore
// with the node cipher, the folder printer in a temp dir, and the in-memory transport.
//
//   const app = await startTestAppStation();                // own sandbox, demo mode, started
//   const app = await startTestAppStation({ sandbox: sb }); // share a sandbox (not closed by close())
//   await app.api.invoke('queue.list', {});                  // through the real dispatcher
//   await app.waitForEvent('print.job', (j) => j.status === 'done');
//   app.printedFiles();                                      // PDFs the folder printer wrote
//   await app.close();
//
// Options (all optional):
//   sandbox          a TestSandbox to use; without it one is started ({shipments: 0, labelDelayMs: 0}
//                    unless sandboxOptions says otherwise) and closed by close()
//   sandboxOptions   options for that sandbox
//   settings         initial settings (merged over: label and invoice printers = the folder printer)
//   settingsFile     true: JsonFileSettingsStore in the data dir instead of MemorySettingsStore
//   dataDir          reuse a data dir (a "restart"); a temp dir otherwise (removed by close())
//   demo             false: no demo provider (the station starts signed out)
//   simulators       the demo's device simulators provider (profiles + stop)
//   start            false: do not call start() (the test calls app.station.start())
//   openSerial, listPorts, version, fetchFor: passed through to createAppStation
//
// Every event the station emits is recorded in `events` (in order), so tests can scan them (for
// secrets, say) and wait for them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, PayloadOf, StationApi } from '../../shared/contract.js';
import type { EventMessage } from '../../shared/contract/wire.js';
import { createAppStation, type AppStation, type AppStationOptions, type DemoProviders, type DemoSimulators } from '../../electron/station/app/app-station.js';
import { connectInMemory } from '../../electron/station/app/memory-transport.js';
import type { FetchFor } from '../../electron/station/app/marketplace-session.js';
import type { StationAppContext } from '../../electron/station/app/station-app-context.js';
import { dataPaths } from '../../electron/station/composition/data-dir.js';
import type { PortInfo } from '../../electron/station/devices/port-discovery.js';
import type { SerialOpener } from '../../electron/station/devices/serial-port-opener.js';
import { FOLDER_PRINTER_NAME } from '../../electron/station/printing/folder-backend.js';
import { nodeSecretCipher } from '../../electron/station/settings/node-cipher.js';
import { FileSecretStore } from '../../electron/station/settings/secret-store.js';
import { JsonFileSettingsStore, mergeSettings, MemorySettingsStore, type SettingsStore } from '../../electron/station/settings/settings-store.js';
import { defaultSettings } from '../../shared/settings.js';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from './sandbox.js';

export interface TestAppStationOptions {
  sandbox?: TestSandbox;
  sandboxOptions?: TestSandboxOptions;
  settings?: Record<string, unknown>;
  settingsFile?: boolean;
  dataDir?: string;
  demo?: boolean;
  simulators?: () => Promise<DemoSimulators>;
  start?: boolean;
  openSerial?: SerialOpener;
  listPorts?: () => Promise<PortInfo[]>;
  version?: string;
  /** How the station reaches a marketplace (tests trust their own CA everywhere with it). */
  fetchFor?: FetchFor;
  /** Warehouse mode: where STATION_WAREHOUSE_URL is read, and shorter leases and intervals. */
  env?: AppStationOptions['env'];
  warehouseTuning?: AppStationOptions['warehouseTuning'];
  /** Push notifications: the reconciliation's interval, and where the subscription URL is shown. */
  pushReconcileMs?: number;
  announce?: (line: string) => void;
}

export interface TestAppStation {
  station: AppStation;
  context: StationAppContext;
  api: StationApi;
  sandbox: TestSandbox;
  dataDir: string;
  /** Where the folder printer ("Save as PDF (folder)") files its PDFs. */
  printDir: string;
  settings: SettingsStore;
  secrets: FileSecretStore;
  /** Every event emitted so far, in order (as it crossed the in-memory transport). */
  events: EventMessage[];
  /** Lines the station logged. */
  log: string[];
  /** Resolves with the first event (already seen or coming) that matches; rejects after timeoutMs. */
  waitForEvent<E extends EventName>(name: E, match?: (payload: PayloadOf<E>) => boolean, timeoutMs?: number): Promise<PayloadOf<E>>;
  /** File names of the PDFs in the folder printer's directory. */
  printedFiles(): string[];
  /** Stops the station, closes the transport, and the sandbox and data dir it created. */
  close(): Promise<void>;
}

export async function startTestAppStation(options: TestAppStationOptions = {}): Promise<TestAppStation> {
  const ownSandbox = !options.sandbox;
  const sandbox = options.sandbox ?? (await startTestSandbox({ shipments: 0, labelDelayMs: 0, ...options.sandboxOptions }));
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'app-station-'));
  const printDir = join(dataDir, 'printed');
  const paths = dataPaths(dataDir);
  const initial = mergeSettings(defaultSettings(), {
    printers: { label: FOLDER_PRINTER_NAME, invoice: FOLDER_PRINTER_NAME },
    ...(options.settings as object),
  } as never);
  let settings: SettingsStore;
  if (options.settingsFile) {
    // A data dir that already has settings keeps them (a restart); a fresh one starts from the test's.
    const fresh = !existsSync(paths.settings);
    mkdirSync(dataDir, { recursive: true });
    const file = JsonFileSettingsStore.open(paths.settings);
    if (fresh) file.update(initial as never);
    settings = file;
  } else {
    settings = new MemorySettingsStore(initial);
  }
  const secrets = new FileSecretStore(paths.secrets, nodeSecretCipher(paths.secretKey));
  const demo: DemoProviders | undefined =
    options.demo === false
      ? undefined
      : {
          startMarketplace: async () => ({
            baseUrl: sandbox.baseUrl,
            caPem: sandbox.tls.caCert,
            selfAccess: sandbox.info.selfAccess,
            locations: sandbox.info.locations,
            sellerUsername: sandbox.info.seller.username,
            identity: `test-sandbox:${sandbox.baseUrl}`,
            now: () => sandbox.world.now(),
          }),
          startSimulators: options.simulators,
        };
  const log: string[] = [];
  const station = createAppStation({
    dataDir,
    settings,
    secrets,
    demo,
    printFolder: printDir,
    openSerial: options.openSerial,
    listPorts: options.listPorts,
    fetchFor: options.fetchFor,
    env: options.env ?? {},
    warehouseTuning: options.warehouseTuning,
    pushReconcileMs: options.pushReconcileMs,
    announce: options.announce,
    version: options.version ?? '0.0.0-test',
    log: (line) => log.push(line),
    printPollIntervalMs: 50,
    deviceReconnectIntervalMs: 100,
  });
  const events: EventMessage[] = [];
  const stopRecording = station.hub.subscribe((e) => events.push(structuredClone(e)));
  const transport = connectInMemory(station.dispatcher, station.hub);
  if (options.start !== false) await station.start();

  const waitForEvent: TestAppStation['waitForEvent'] = (name, match = () => true, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const seen = events.find((e) => e.name === name && match(e.payload as never));
      if (seen) return resolve(seen.payload as never);
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no ${name} event matched within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = station.hub.subscribe((e) => {
        if (e.name !== name || !match(e.payload as never)) return;
        clearTimeout(timer);
        off();
        resolve(e.payload as never);
      });
    });

  return {
    station,
    context: station.context,
    api: transport.api,
    sandbox,
    dataDir,
    printDir,
    settings,
    secrets,
    events,
    log,
    waitForEvent,
    printedFiles: () => {
      try {
        return readdirSync(printDir).filter((f) => f.endsWith('.pdf')).sort();
      } catch {
        return [];
      }
    },
    close: async () => {
      await station.stop();
      transport.close();
      stopRecording();
      if (ownSandbox) await sandbox.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
