// The `station` command: parse, pick the data dir and the marketplace, open the station, settle
// what an interrupted run left open, run the command, close everything. Exit codes: 0 done,
// 1 the marketplace refused or something failed, 2 bad input (before any call is made).
import { resolve } from 'node:path';
import { MarketplaceError } from '../api/errors.js';
import { ConnectionError, sandboxInfoConnection, settingsConnection, type Connection } from '../composition/connection.js';
import { dataPaths, defaultDataDir } from '../composition/data-dir.js';
import { JournalInUseError } from '../journal/journal-lock.js';
import { SettingsError } from '../settings/settings-store.js';
import { openStation, openStores, reconcileOnStart, type Station, type StationStores } from '../station.js';
import type { RetryPolicy } from '../api/retry.js';
import { EXIT_FAILED, EXIT_USAGE, parseCli, type Invocation } from './cli-args.js';
import { createOutput, type CliIo, type Output } from './cli-io.js';
import { CLI_LOG_FILE, openRedactedLog } from '../composition/redacted-log.js';
import { barcodesCommand } from './barcodes-commands.js';
import { deviceCommand, printCommand } from './device-bridge.js';
import { embeddedSandboxConnection } from './embedded-sandbox.js';
import { listingsCommand } from './listing-commands.js';
import { login, storeLoginSettings } from './login-command.js';
import { returnsCommand, selfShipCommand } from './returns-commands.js';
import * as shipments from './shipment-commands.js';
import { warehouseCommand } from './warehouse-commands.js';
import { receiveCommand } from './receive-command.js';
import { terminalPrompt, warehousePasswordInput } from './warehouse-password-input.js';
import { warehousePasswordFor } from '../warehouse/warehouse-password.js';

type Handler = (station: Station, inv: Invocation, out: Output) => Promise<number>;

const HANDLERS: Record<string, Handler> = {
  login,
  'shipments list': shipments.shipmentsList,
  'shipments show': shipments.shipmentsShow,
  pack: shipments.pack,
  labels: shipments.labels,
  dispatch: shipments.dispatch,
  manifest: shipments.manifest,
  handover: shipments.handover,
  cancel: shipments.cancel,
};

function handlerFor(command: string): Handler {
  if (HANDLERS[command]) return HANDLERS[command];
  if (command.startsWith('returns ')) return returnsCommand;
  if (command.startsWith('selfship ')) return selfShipCommand;
  if (command.startsWith('listings ')) return listingsCommand;
  throw new Error(`No handler for ${command}`);
}

export interface RunCliOptions {
  env?: NodeJS.ProcessEnv;
  /** Tests pass fast retries; the default is the client's own policy. */
  retry?: RetryPolicy;
  /** Ends a long-running command (`receive`); by default SIGINT or SIGTERM. */
  until?: Promise<void>;
  /** Asks for the warehouse password (tests); by default the terminal's, when stdin is one. */
  prompt?: (question: string) => Promise<string | undefined>;
}

/** --sandbox-info wins; then a real marketplace from the settings; else the embedded sandbox. */
async function connect(stores: StationStores, inv: Invocation): Promise<Connection> {
  if (inv.sandboxInfo) return sandboxInfoConnection(resolve(inv.sandboxInfo));
  if (stores.settings.get().marketplace.mode !== 'sandbox') return settingsConnection(stores.settings, stores.secrets);
  return embeddedSandboxConnection(dataPaths(stores.dataDir).sandbox);
}

export async function runCli(argv: readonly string[], io: CliIo, options: RunCliOptions = {}): Promise<number> {
  const parsed = parseCli(argv);
  if (!parsed.ok) {
    if (parsed.help) {
      io.stdout(parsed.usage);
      return 0;
    }
    io.stderr(`station: ${parsed.message}\n${parsed.usage}`);
    return EXIT_USAGE;
  }
  const inv = parsed.invocation;
  const dataDir = resolve(inv.dataDir ?? defaultDataDir(options.env ?? process.env));
  // Every line on stderr is also kept in logs/station.log, both masked as the app's log is.
  const file = openRedactedLog(dataDir, CLI_LOG_FILE);
  file.learn((options.env ?? process.env).STATION_APP_SECRET);
  const raw = io;
  io = {
    stdout: (line) => raw.stdout(line),
    stderr: (line) => {
      file.line(line);
      raw.stderr(file.redact(line));
    },
  };
  const out = createOutput(io, inv.json);

  if (['devices list', 'scale read', 'scanner listen'].includes(inv.command)) return deviceCommand(inv, io);

  const env = options.env ?? process.env;
  let station: Station | undefined;
  let connection: Connection | undefined;
  try {
    const stores = openStores(dataDir);
    // The log learns every value the desk's secret store holds before it writes a line.
    file.watch(stores.secrets);
    file.line(`station ${argv.join(' ')}`);
    // The password stored for that very server needs no prompt.
    const stored = inv.warehouse !== undefined && warehousePasswordFor(stores.secrets, inv.warehouse) !== undefined;
    const given = await warehousePasswordInput({ env, cliUrl: inv.warehouse, passwordFile: inv.warehousePasswordFile, prompt: stored ? undefined : (options.prompt ?? terminalPrompt()) });
    if ('problem' in given) {
      io.stderr(`station: ${given.problem}`);
      return EXIT_USAGE;
    }
    const warehousePassword = given.password;
    if (inv.command === 'print') return await printCommand(inv, io, dataDir, stores.settings.get().printers);
    if (inv.command.startsWith('barcodes ')) return await barcodesCommand(inv, out, dataDir);
    if (inv.command === 'claims release' || inv.command.startsWith('warehouse ')) return await warehouseCommand(stores, inv, out, env, warehousePassword);
    if (inv.command === 'receive') return await receiveCommand(stores, inv, out, { env, warehousePassword, until: options.until });
    if (inv.command === 'login') {
      const problem = await storeLoginSettings(stores, inv, out);
      if (problem) {
        io.stderr(`station: ${problem}`);
        return EXIT_USAGE;
      }
    }
    connection = await connect(stores, inv);
    station = await openStation({ stores, connection, retry: options.retry, warehouseUrl: inv.warehouse, warehousePassword, env });
    // Every start settles first what an interrupted run left open (journal intents).
    out.note(await reconcileOnStart(station));
    return await handlerFor(inv.command)(station, inv, out);
  } catch (e) {
    if (e instanceof ConnectionError || e instanceof SettingsError || e instanceof JournalInUseError) {
      io.stderr(`station: ${e.message}`);
      return EXIT_USAGE;
    }
    if (e instanceof MarketplaceError) {
      io.stderr(`station: ${e.message}${e.code ? ` (${e.code})` : ''}`);
      return EXIT_FAILED;
    }
    io.stderr(`station: ${(e as Error)?.stack ?? String(e)}`);
    return EXIT_FAILED;
  } finally {
    // The station closes its connection; without one (it failed to open) close it here.
    await (station ? station.close() : connection?.close());
  }
}
