// The app's push notifications put together: one DeskPushes for the station, the warehouse
// link's hook (followed while the link stands), and a desk alone's data-folder source started
// with the app. Kept here so the composition root only plugs it in.
import type { MarketplaceClient } from '../api/client.js';
import type { Journal } from '../journal/journal.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import { labelWatcherFor } from '../packing/label-watcher.js';
import type { SecretStore } from '../settings/secret-store.js';
import type { PgListeners } from '../warehouse/pg-listener.js';
import type { WarehouseConnectionOptions, WarehousePool } from '../warehouse/warehouse-pool.js';
import { followWarehousePushes, localReceiverFromEnv, startLocalPushes, type Stoppable } from './desk-push-sources.js';
import { DeskPushes } from './desk-pushes.js';
import { ReceiverStatus, receiverFromSettings } from './desk-receiver.js';
import type { PushReceiverSettings } from '../../../shared/settings.js';

export interface StationPushesOptions {
  clock: { now(): Date };
  journal: () => Journal;
  who: () => CallIdentity;
  /** The signed-in marketplace client; throws when there is none. */
  client: () => MarketplaceClient;
  dataDir: string;
  secrets: SecretStore;
  env: Readonly<Record<string, string | undefined>>;
  log: (line: string) => void;
  announce?: (line: string) => void;
  reconcileMs?: number;
  /** The desk's LISTEN connections, shared with the board. */
  listeners: PgListeners;
  /** Setup -> Live updates (settings.pushReceiver). */
  receiverSettings: () => PushReceiverSettings;
  /** The receiver's status changed (for the renderer). */
  onReceiverChange?: () => void;
}

export interface StationPushes {
  pushes: DeskPushes;
  /** WarehouseLink's hook. */
  followWarehouse(pool: WarehousePool, connection: WarehouseConnectionOptions): Stoppable;
  /** At start, for a desk without a warehouse database. */
  startAlone(): Promise<void>;
  /** Setup saved the receiver's settings: the desk alone's sources start again with them. */
  restartAlone(): Promise<void>;
  receiver: ReceiverStatus;
  stop(): Promise<void>;
}

export function stationPushes(options: StationPushesOptions): StationPushes {
  const { log } = options;
  const pushes = new DeskPushes({
    clock: options.clock,
    journal: options.journal,
    who: options.who,
    labelReady: (id) => {
      try {
        labelWatcherFor(options.client()).checkNow(id);
      } catch {
        // Not signed in: nothing waits for a label.
      }
    },
    log,
    reconcileMs: options.reconcileMs,
  });
  let alone: Stoppable | undefined;
  let running = false;
  const receiver = new ReceiverStatus(options.clock, () => options.onReceiverChange?.());
  async function startAlone(): Promise<void> {
    running = true;
    try {
      const fromEnv = localReceiverFromEnv(options.env);
      const fromSetup = fromEnv ? {} : receiverFromSettings(options.receiverSettings(), options.clock.now());
      const config = fromEnv ?? fromSetup.config;
      if (fromSetup.problem) receiver.set('failed', { problem: fromSetup.problem });
      else if (!config) receiver.set('off');
      alone = await startLocalPushes(pushes, {
        dataDir: options.dataDir,
        secrets: options.secrets,
        receiver: config,
        log,
        clock: options.clock,
        announce: options.announce ?? ((line) => process.stdout.write(`${line}\n`)),
        onOutcome: (o) => receiver.outcome(o),
        onReceiver: (r) => ('address' in r ? receiver.set(fromEnv ? 'environment' : 'listening', { address: r.address, certValidTo: fromSetup.certValidTo }) : receiver.failed(r.error)),
      });
    } catch (e) {
      log(`Push notifications: ${(e as Error).message}`);
      receiver.failed((e as Error).message);
    }
  }
  return {
    pushes,
    receiver,
    followWarehouse: (pool, connection) => {
      receiver.set(options.receiverSettings().enabled ? 'warehouse' : 'off');
      return followWarehousePushes(pushes, pool, connection, options.listeners, log);
    },
    startAlone,
    async restartAlone() {
      if (!running) {
        // The desk follows a warehouse database: its receiver runs with `station receive`.
        receiver.set(options.receiverSettings().enabled ? 'warehouse' : 'off');
        return;
      }
      await alone?.stop();
      alone = undefined;
      await startAlone();
    },
    async stop() {
      pushes.stop();
      await alone?.stop();
      alone = undefined;
    },
  };
}
