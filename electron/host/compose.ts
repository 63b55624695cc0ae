// The station both shells serve (the Electron window over IPC, browser mode over the WebSocket):
// the app's services (electron/station/app/app-station.ts) with, for demo mode, the embedded
// sandbox marketplace as their provider. Only composition roots may start the sandbox; this is
// the one place main.ts and the host share for it.
import { createAppStation, type AppStationOptions, type DemoSimulators } from '../station/app/app-station.js';
import type { Dispatcher, EventHub } from '../station/app/dispatcher.js';
import type { DemoMarketplace } from '../station/app/marketplace-session.js';
import { dataPaths } from '../station/composition/data-dir.js';
import type { SecretStore } from '../station/settings/secret-store.js';
import type { SettingsStore } from '../station/settings/settings-store.js';
import { nodeExecFile } from '../station/printing/exec-file.js';
import { platformBackend } from '../station/printing/printer-discovery.js';
import type { PrinterBackend } from '../station/printing/printer-backend.js';
import { startDemoDevices } from './demo-devices.js';
import { startDemoMarketplace } from './demo-marketplace.js';

export interface BuildStationOptions {
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  version: string;
  /** Starts the embedded marketplace; replaced in tests. */
  demo?: (sandboxDir: string) => Promise<DemoMarketplace>;
  /** Starts demo mode's simulated scale and scanner (demo-devices.ts); replaced in tests, false for none. */
  simulators?: (() => Promise<DemoSimulators>) | false;
  /** Further services for the app station (Electron's fetch, a printer backend). */
  extra?: Partial<Omit<AppStationOptions, 'dataDir' | 'settings' | 'secrets' | 'version' | 'demo' | 'log'>>;
  log?: (line: string) => void;
}

export interface BuiltStation {
  dispatcher: Dispatcher;
  hub: EventHub;
  /** True while the embedded sandbox marketplace serves this station (the UI says "Sandbox"). */
  sandbox(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function buildStation(options: BuildStationOptions): Promise<BuiltStation> {
  const sandboxDir = dataPaths(options.dataDir).sandbox;
  const startMarketplace = options.demo ?? startDemoMarketplace;
  const printerBackend = options.extra?.printerBackend ?? (await systemPrinters(options.log));
  const station = createAppStation({
    ...options.extra,
    printerBackend,
    dataDir: options.dataDir,
    settings: options.settings,
    secrets: options.secrets,
    version: options.version,
    log: options.log,
    // Demo mode (no marketplace configured): the embedded sandbox, its data in DATA_DIR/sandbox.
    demo: {
      startMarketplace: () => startMarketplace(sandboxDir),
      startSimulators: options.simulators === false ? undefined : (options.simulators ?? (() => startDemoDevices({ log: options.log }))),
    },
  });
  return {
    dispatcher: station.dispatcher,
    hub: station.hub,
    sandbox: () => station.context.isSandbox(),
    start: () => station.start(),
    stop: () => station.stop(),
  };
}

/**
 * The machine's printers: CUPS on Linux and macOS, the Windows spooler through pdf-to-printer.
 * Without them the desk still has the folder printer, and says why.
 */
async function systemPrinters(log?: (line: string) => void): Promise<PrinterBackend | undefined> {
  try {
    return await platformBackend({ platform: process.platform, execFile: nodeExecFile });
  } catch (e) {
    log?.(`System printers are not available (${(e as Error).message}); the folder printer is.`);
    return undefined;
  }
}
