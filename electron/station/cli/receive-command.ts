// `station receive --port N --tls-cert FILE --tls-key FILE [--warehouse postgres://...]`: the
// push receiver on its own, behind the seller's reverse proxy. With a warehouse database it
// stores there (the migrations are applied first) and every desk hears of each notification
// through NOTIFY; without one it stores in this data folder, where a desk on the same folder
// follows the file. The path token is made on the first run and shown that once (or again with
// --new-token, which makes a new one: the subscription must then be changed to the new URL).
import { readFileSync } from 'node:fs';
import type { StationStores } from '../station.js';
import { parseAllowList, type AllowList } from '../push/allow-list.js';
import { FileNotificationStore } from '../push/file-notification-store.js';
import type { NotificationStore } from '../push/notification-store.js';
import { PgNotificationStore } from '../push/pg-notification-store.js';
import { pushPath, pushToken } from '../push/push-token.js';
import { listenWords, startPushReceiver } from '../push/receiver-server.js';
import { checkSchema } from '../warehouse/migrations.js';
import { resolveWarehouseConfig } from '../warehouse/warehouse-config.js';
import { createWarehousePool, type WarehousePool } from '../warehouse/warehouse-pool.js';
import { EXIT_FAILED, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';

/**
 * `station receive` runs behind the seller's reverse proxy on the same computer, so it listens on
 * this computer only unless --host names another address (0.0.0.0: every address).
 */
export const DEFAULT_RECEIVE_HOST = '127.0.0.1';

export interface ReceiveOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The warehouse database password given for this run (warehouse-password-input.ts). */
  warehousePassword?: string;
  /** Ends the receiver (tests); by default SIGINT or SIGTERM. */
  until?: Promise<void>;
}

function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new Error(`The ${what} file ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}). Give the PEM file of the receiver's ${what}.`, { cause: e });
  }
}

const signals = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

export async function receiveCommand(stores: StationStores, inv: Invocation, out: Output, options: ReceiveOptions): Promise<number> {
  const o = inv.options as { port: number; 'tls-cert': string; 'tls-key': string; host?: string; allow?: string; 'trusted-proxy'?: string; 'public-url'?: string; 'new-token'?: boolean };
  let allow: AllowList | undefined;
  let proxies: AllowList | undefined;
  let cert: Buffer;
  let key: Buffer;
  try {
    allow = o.allow ? parseAllowList(o.allow) : undefined;
    proxies = o['trusted-proxy'] ? parseAllowList(o['trusted-proxy']) : undefined;
    cert = readPem(o['tls-cert'], 'certificate');
    key = readPem(o['tls-key'], 'private key');
  } catch (e) {
    out.io.stderr(`station: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const config = resolveWarehouseConfig({ settings: stores.settings.get(), env: options.env, cliUrl: inv.warehouse, password: options.warehousePassword, secrets: stores.secrets });
  let pool: WarehousePool | undefined;
  let store: NotificationStore;
  try {
    if (config.enabled) {
      pool = createWarehousePool(config.connection);
      await checkSchema(pool);
      store = new PgNotificationStore(pool);
    } else store = new FileNotificationStore(stores.dataDir);
  } catch (e) {
    await pool?.end().catch(() => undefined);
    out.io.stderr(`station: the warehouse database cannot store notifications: ${(e as Error).message}`);
    return EXIT_FAILED;
  }
  const token = pushToken(stores.secrets, o['new-token'] ?? false);
  const where = config.enabled ? `the warehouse database ${config.displayUrl}` : `this desk's data folder ${stores.dataDir}`;
  try {
    const receiver = await startPushReceiver({ port: o.port, host: o.host ?? DEFAULT_RECEIVE_HOST, cert, key, token: token.token, store, allow, trustedProxies: proxies, log: (l) => out.progress(l) });
    const base = o['public-url']?.replace(/\/+$/, '');
    const shown = token.created ? `${base ?? receiver.url.replace(/\/push\/.*$/, '')}${pushPath(token.token)}` : undefined;
    out.result({ port: receiver.port, store: config.enabled ? 'warehouse' : 'dataFolder', ...(shown ? { subscriptionUrl: shown } : {}), allow: allow?.text ?? null });
    out.line(`Receiving push notifications on ${listenWords(o.host ?? DEFAULT_RECEIVE_HOST, receiver.port)}, stored in ${where}.`);
    out.line(
      shown
        ? `Subscribe this URL with the marketplace (it is shown only now; it holds the secret path token): ${shown}`
        : 'The path token made on the first run is used (it is not shown again); --new-token makes a new one, and the subscription must then be changed to the URL it shows.',
    );
    out.line(allow ? `Only senders in ${allow.text} are taken.` : 'Every sender address is taken (no --allow given).');
    out.line('Press Ctrl+C to stop.');
    await (options.until ?? signals());
    await receiver.close();
    return 0;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    out.io.stderr(`station: the receiver cannot listen on port ${o.port}: ${code === 'EADDRINUSE' ? 'another program uses it; choose another --port' : code === 'EACCES' ? 'this account may not use it; choose a port above 1023 and let the reverse proxy forward to it' : (e as Error).message}`);
    return EXIT_FAILED;
  } finally {
    await store.close();
    await pool?.end().catch(() => undefined);
  }
}
