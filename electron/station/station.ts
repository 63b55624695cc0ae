// The station's services built from one data dir: settings, the encrypted secret store, the
// journal, the invoice series, the marketplace client (tokens kept in the secret store) and the
// product facts cache. The CLI, the desktop app and tests build it the same way; the marketplace
// connection comes in as a parameter (see composition/connection.ts).
import { closeLabelWatcher } from './packing/label-watcher.js';
import { createMarketplaceClient, type MarketplaceClient } from './api/client.js';
import { createNodeFetch, type FetchLike } from './api/http.js';
import type { RetryPolicy } from './api/retry.js';
import { Journal } from './journal/journal.js';
import type { CallIdentity } from './journal/journaled-call.js';
import { InvoiceSeries } from './packing/invoice-series.js';
import type { Clock } from './packing/ist-dates.js';
import { ProductFactsCache } from './packing/product-facts.js';
import { reconcileOpenIntents } from './packing/reconcile.js';
import { JsonFileSettingsStore, type SettingsStore } from './settings/settings-store.js';
import { FileSecretStore } from './settings/secret-store.js';
import { nodeSecretCipher } from './settings/node-cipher.js';
import type { SecretCipher } from './settings/secret-store.js';
import { privateDataDir } from './composition/private-files.js';
import { leftUndone } from './composition/run-marker.js';
import { dataPaths } from './composition/data-dir.js';
import type { Connection } from './composition/connection.js';
import { secretTokenVault } from './composition/secret-token-vault.js';
import type { DeskInvoices } from './packing/desk-claims.js';
import { DeskWarehouse } from './warehouse/desk-warehouse.js';
import { resolveWarehouseConfig } from './warehouse/warehouse-config.js';
import { deskIdentity } from './warehouse/desk-identity.js';

export interface StationStores {
  dataDir: string;
  settings: SettingsStore;
  secrets: FileSecretStore;
}

export interface Station extends StationStores {
  connection: Connection;
  client: MarketplaceClient;
  journal: Journal;
  invoices: InvoiceSeries;
  /** Where packs take invoice numbers: the warehouse's shared series in warehouse mode, else `invoices`. */
  numbering: DeskInvoices;
  /** Warehouse mode (a database configured): claims, shared series, serials, journal outbox. */
  warehouse?: DeskWarehouse;
  facts: ProductFactsCache;
  clock: Clock;
  who: CallIdentity;
  close(): Promise<void>;
}

export interface OpenStationOptions {
  stores: StationStores;
  connection: Connection;
  retry?: RetryPolicy;
  maxConcurrent?: number;
  /** Replaces the pinned undici fetch (tests that count or disturb requests). */
  fetch?: FetchLike;
  /** `--warehouse postgres://...`; else STATION_WAREHOUSE_URL (env), else the settings. */
  warehouseUrl?: string;
  /** The database password given for this run (`station`: environment, file or prompt). */
  warehousePassword?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Told the database password (log redaction). */
  onSecret?: (value: string) => void;
}

/** Settings and secrets only: enough for `login` and for choosing the connection. */
export function openStores(dataDir: string, cipher?: SecretCipher): StationStores {
  const paths = dataPaths(dataDir);
  privateDataDir(dataDir);
  return {
    dataDir,
    settings: JsonFileSettingsStore.open(paths.settings),
    secrets: new FileSecretStore(paths.secrets, cipher ?? nodeSecretCipher(paths.secretKey)),
  };
}

export async function openStation(options: OpenStationOptions): Promise<Station> {
  const { stores, connection } = options;
  const paths = dataPaths(stores.dataDir);
  const settings = stores.settings.get();
  // The marketplace's clock decides dispatchAfterDate and the invoice date; a sandbox may run ahead.
  const now = connection.now ?? Date.now;
  const clock: Clock = { now: () => new Date(now()) };
  const node = options.fetch ? undefined : createNodeFetch({ caPem: connection.caPem });
  const client = createMarketplaceClient({
    baseUrl: connection.baseUrl,
    fetch: options.fetch ?? node!.fetch,
    mode: connection.mode,
    credentials: connection.credentials,
    vault: secretTokenVault(stores.secrets, connection.identity, connection.appId),
    clock: now,
    retry: options.retry,
    maxConcurrent: options.maxConcurrent,
  });
  const journal = await Journal.open({ dir: paths.journal, clock });
  let invoices: InvoiceSeries;
  try {
    invoices = InvoiceSeries.open({ dir: paths.invoices, clock, prefix: settings.invoiceSeries.prefix, autoInvoicing: settings.invoiceSeries.autoInvoicing });
  } catch (e) {
    await journal.close();
    await node?.close();
    throw e;
  }
  const facts = new ProductFactsCache((skus) => client.listings.get(skus));
  let warehouse: DeskWarehouse | undefined;
  const config = resolveWarehouseConfig({ settings, env: options.env ?? process.env, cliUrl: options.warehouseUrl, password: options.warehousePassword, secrets: stores.secrets, onSecret: options.onSecret, deskId: () => deskIdentity(stores.dataDir) });
  if (config.enabled) {
    warehouse = new DeskWarehouse({ config, journal, clock, dataDir: stores.dataDir, invoicePrefix: settings.invoiceSeries.prefix, autoInvoicing: settings.invoiceSeries.autoInvoicing });
    try {
      await warehouse.start();
    } catch (e) {
      await warehouse.stop().catch(() => undefined);
      await journal.close();
      await node?.close();
      throw e;
    }
  }
  return {
    ...stores,
    connection,
    client,
    journal,
    invoices,
    numbering: warehouse?.invoices ?? invoices,
    ...(warehouse ? { warehouse } : {}),
    facts,
    clock,
    who: { operator: settings.desk.operator || 'station-cli', desk: settings.desk.name },
    close: async () => {
      // The outbox ships what this run journaled before the desk lets go of the database.
      await warehouse?.stop();
      // Nothing keeps asking about labels for a station that is gone.
      closeLabelWatcher(client);
      await journal.close();
      await node?.close();
      await connection.close();
    },
  };
}

/** One line about what an interrupted run left open (every start runs it first). */
export async function reconcileOnStart(station: Station): Promise<string> {
  const before = station.journal.openIntents().length;
  let line = 'Start-up check: nothing was left open by an earlier run.';
  if (before > 0) {
    const r = await reconcileOpenIntents(station.journal, station.client.orders);
    line = `Start-up check: ${before} operation(s) left open by an interrupted run; ${r.settled} settled by reading the marketplace${r.stillOpen > 0 ? `, ${r.stillOpen} still open (not a shipment operation)` : ''}.`;
  }
  // Steps an interrupted command never began (run-marker.ts), after the open ones are settled.
  const undone = await leftUndone(station);
  if (undone.length > 0) line = [before > 0 ? line : 'Start-up check: an earlier run was interrupted.', ...undone].join('\n');
  // Damage the journal was opened with: repaired, and said (journal-repair.ts).
  const damage = station.journal.health.damage.map((d) => `The journal was damaged: ${d.text}`);
  if (damage.length > 0) line = [line.replace('nothing was left open by an earlier run.', 'no operation was left open by an earlier run, but the journal needed a repair.'), ...damage].join('\n');
  return line;
}
