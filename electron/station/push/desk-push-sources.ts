// Where a desk hears notifications from. In warehouse mode: the warehouse database, through a
// desk's LISTEN connection (pg-push-feed.ts). Alone: its own data folder, where its own receiver
// (started with the desk when STATION_PUSH_PORT and the TLS files are given) or `station receive`
// on the same folder stores them. A desk alone that has never had a receiver follows nothing, so
// it pulls exactly as before.
import { readFileSync } from 'node:fs';
import type { SecretStore } from '../settings/secret-store.js';
import type { PgListeners } from '../warehouse/pg-listener.js';
import type { WarehouseConnectionOptions, WarehousePool } from '../warehouse/warehouse-pool.js';
import { parseAllowList } from './allow-list.js';
import type { DeskPushes } from './desk-pushes.js';
import { FileNotificationStore } from './file-notification-store.js';
import { PgNotificationStore } from './pg-notification-store.js';
import { PgPushFeed } from './pg-push-feed.js';
import { pushPath, pushToken, PUSH_TOKEN_SECRET } from './push-token.js';
import { listenWords, startPushReceiver, type ReceiverOutcome } from './receiver-server.js';

export interface Stoppable {
  stop(): Promise<void>;
}

/** Follows the warehouse's notifications for as long as the desk's link to the database stands. */
export function followWarehousePushes(pushes: DeskPushes, pool: WarehousePool, connection: WarehouseConnectionOptions, listeners: PgListeners, log?: (line: string) => void): Stoppable {
  const source = pushes.addSource();
  // The desk's one LISTEN connection, shared with the board (pg-listener.ts).
  const shared = listeners.acquire(connection);
  const feed = new PgPushFeed({
    store: new PgNotificationStore(pool),
    listener: shared.listener,
    onNotification: (n) => void pushes.receive(n),
    onLink: (live) => source.setLive(live),
    log,
  });
  void feed.start();
  return {
    stop: async () => {
      source.remove();
      await feed.stop();
      await shared.release();
    },
  };
}

/** The desk's own receiver, from the environment of the app (see README "Push notifications"). */
export interface LocalReceiverConfig {
  port: number;
  /** The bind address (Setup's choice, or STATION_PUSH_HOST; 0.0.0.0 when that is not set). */
  host: string;
  certFile: string;
  keyFile: string;
  allow?: string;
  trustedProxies?: string;
  publicUrl?: string;
}

/** A desk alone is reached through the shop's router, so by default it listens on every address (and says so). */
export const DEFAULT_DESK_RECEIVER_HOST = '0.0.0.0';

export const PUSH_ENV = {
  port: 'STATION_PUSH_PORT',
  host: 'STATION_PUSH_HOST',
  cert: 'STATION_PUSH_TLS_CERT',
  key: 'STATION_PUSH_TLS_KEY',
  allow: 'STATION_PUSH_ALLOW',
  proxies: 'STATION_PUSH_TRUSTED_PROXY',
  publicUrl: 'STATION_PUSH_PUBLIC_URL',
} as const;

export function localReceiverFromEnv(env: Readonly<Record<string, string | undefined>>): LocalReceiverConfig | undefined {
  const port = env[PUSH_ENV.port];
  if (!port) return undefined;
  const certFile = env[PUSH_ENV.cert];
  const keyFile = env[PUSH_ENV.key];
  if (!certFile || !keyFile) throw new Error(`${PUSH_ENV.port} is set but ${PUSH_ENV.cert} and ${PUSH_ENV.key} (the receiver's PEM certificate and key) are not: the push receiver needs both.`);
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new Error(`${PUSH_ENV.port} must be a port number (1-65535), not "${port}".`);
  return { port: Number(port), host: env[PUSH_ENV.host] || DEFAULT_DESK_RECEIVER_HOST, certFile, keyFile, allow: env[PUSH_ENV.allow], trustedProxies: env[PUSH_ENV.proxies], publicUrl: env[PUSH_ENV.publicUrl] };
}

export interface LocalPushesOptions {
  dataDir: string;
  secrets: SecretStore;
  receiver?: LocalReceiverConfig;
  log: (line: string) => void;
  /** Where the subscription URL is shown the one time it is made (stdout: never the log). */
  announce: (line: string) => void;
  clock?: { now(): Date };
  /** Each request's outcome at the receiver. */
  onOutcome?: (outcome: ReceiverOutcome) => void;
  /** The receiver listens (its address, without the token), or could not start (why). */
  onReceiver?: (result: { address: string } | { error: string }) => void;
}

/** A desk without a database: its data folder's notifications, and its own receiver when configured. */
export async function startLocalPushes(pushes: DeskPushes, options: LocalPushesOptions): Promise<Stoppable | undefined> {
  const { receiver: config } = options;
  if (!config && options.secrets.get(PUSH_TOKEN_SECRET) === undefined) return undefined;
  const store = new FileNotificationStore(options.dataDir, options.clock ? () => options.clock!.now() : undefined);
  store.subscribe((n) => void pushes.receive(n));
  store.follow();
  const source = pushes.addSource();
  source.setLive(true);
  let receiver: { close(): Promise<void> } | undefined;
  if (config) {
    try {
      const token = pushToken(options.secrets);
      const started = await startPushReceiver({
        port: config.port,
        host: config.host,
        cert: readFileSync(config.certFile),
        key: readFileSync(config.keyFile),
        token: token.token,
        store,
        allow: config.allow ? parseAllowList(config.allow) : undefined,
        trustedProxies: config.trustedProxies ? parseAllowList(config.trustedProxies) : undefined,
        log: options.log,
        onOutcome: options.onOutcome,
        clock: options.clock,
      });
      receiver = started;
      // An address the lead can open: localhost where it listens on every address (the log says which).
      options.onReceiver?.({ address: started.url.replace(/\/push\/.*$/, '') });
      options.log(`Push notifications: this desk receives them on ${listenWords(config.host, started.port)}.`);
      if (token.created) {
        const base = config.publicUrl?.replace(/\/+$/, '') ?? started.url.replace(/\/push\/.*$/, '');
        options.announce(`Subscribe this URL with the marketplace (shown only now; it holds the secret path token): ${base}${pushPath(token.token)}`);
      }
    } catch (e) {
      options.log(`Push notifications: this desk's receiver did not start: ${(e as Error).message}. The desk pulls as before.`);
      options.onReceiver?.({ error: (e as Error).message });
    }
  }
  return {
    stop: async () => {
      source.remove();
      await receiver?.close();
      await store.close();
    },
  };
}
