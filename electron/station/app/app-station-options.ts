// What the composition roots (Electron, browser mode, the CLI, tests) pass to createAppStation,
// and what they get back.
import type { Clock } from '../packing/ist-dates.js';
import type { PortInfo } from '../devices/port-discovery.js';
import type { SerialOpener } from '../devices/serial-port-opener.js';
import type { PrinterBackend } from '../printing/printer-backend.js';
import type { SecretStore } from '../settings/secret-store.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { MovableScale } from './demo-scale.js';
import type { Dispatcher, EventHub } from './dispatcher.js';
import type { DemoMarketplace, FetchFor } from './marketplace-session.js';
import type { StationAppContext } from './station-app-context.js';
import type { WarehouseTuning } from './warehouse-link.js';

/** Simulated devices of demo mode: profiles for their ports, and how to stop them. */
export interface DemoSimulators {
  profiles: Record<string, unknown>[];
  /** The simulated scale, moved when a parcel is "placed" at the desk (demo-scale.ts). */
  scale?: MovableScale;
  stop(): Promise<void>;
}

/**
 * Device profiles of demo mode's simulators carry ids with this prefix, so that leaving the
 * Sandbox removes them instead of leaving devices that can never connect.
 */
export const DEMO_DEVICE_ID_PREFIX = 'demo-';

/** What the composition roots pass for demo mode: the embedded sandbox and the pty simulators. */
export interface DemoProviders {
  startMarketplace(): Promise<DemoMarketplace>;
  startSimulators?(): Promise<DemoSimulators>;
}

export interface AppStationOptions {
  dataDir: string;
  /** JsonFileSettingsStore in Node, an electron-store adapter in Electron. */
  settings: SettingsStore;
  /** FileSecretStore over safeStorage in Electron, over the node cipher in Node. */
  secrets: SecretStore;
  /** undici with a pinned CA in Node (the default); Electron's net.fetch in production. */
  fetchFor?: FetchFor;
  /** CUPS or the Windows spooler; the folder printer is always there. */
  printerBackend?: PrinterBackend;
  /** Where the folder printer files PDFs (default DATA_DIR/printed). */
  printFolder?: string;
  /** serialport in production; tests may pass their own. */
  openSerial?: SerialOpener;
  listPorts?: () => Promise<PortInfo[]>;
  demo?: DemoProviders;
  /** Defaults to the marketplace's clock (the sandbox's in demo mode). */
  clock?: Clock;
  version?: string;
  /** One line per notable event of start-up (never a secret). */
  log?: (line: string) => void;
  printPollIntervalMs?: number;
  deviceReconnectIntervalMs?: number;
  /** The warehouse database from the command line (`--warehouse`); else STATION_WAREHOUSE_URL, else Setup. */
  warehouseUrl?: string;
  /** Where STATION_WAREHOUSE_URL is read (process.env by default). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Told every secret value the station reads outside the secret store (the database password), for log redaction. */
  onSecret?: (value: string) => void;
  warehouseTuning?: WarehouseTuning;
  /** The full reconciliation's interval while push notifications come in (tests shorten it). */
  pushReconcileMs?: number;
  /** Where the push subscription URL is shown the one time it is made (stdout by default; never the log). */
  announce?: (line: string) => void;
}

export interface AppStation {
  dispatcher: Dispatcher;
  hub: EventHub;
  context: StationAppContext;
  start(): Promise<void>;
  stop(): Promise<void>;
}
