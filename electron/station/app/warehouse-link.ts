// The app's link to the warehouse database: which one (command line, environment, Setup), the
// DeskWarehouse of this desk started and stopped with the station, and started again when Setup
// changes the address, TLS, registration or desk name (no restart needed). No address: nothing
// is built and the desk works alone, exactly as without warehouse mode.
import type { StationSettings } from '../../../shared/settings.js';
import type { JournalSource } from '../warehouse/journal-outbox.js';
import type { Clock } from '../packing/ist-dates.js';
import type { SecretStore } from '../settings/secret-store.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { DeskWarehouse } from '../warehouse/desk-warehouse.js';
import { resolveWarehouseConfig, type WarehouseConfig } from '../warehouse/warehouse-config.js';
import { warehousePasswordFor } from '../warehouse/warehouse-password.js';
import { deskIdentity } from '../warehouse/desk-identity.js';
import type { WarehouseView } from '../../../shared/contract/warehouse-desk.js';
import type { WarehouseConnectionOptions, WarehousePool } from '../warehouse/warehouse-pool.js';
import type { DeskClaims } from '../packing/desk-claims.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { awayReasonSentence, warehouseProblemSentence } from '../warehouse/warehouse-problem-words.js';

/** Timings a test shortens (leases of seconds instead of 90 s). */
export interface WarehouseTuning {
  leaseMs?: number;
  outboxIntervalMs?: number;
  catchUpIntervalMs?: number;
  outageBlockSize?: number;
  /** Connection settings the configuration does not carry (tests: a short connect timeout). */
  connectTimeoutMs?: number;
}

export interface WarehouseLinkOptions {
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  journal: () => JournalSource;
  env: Readonly<Record<string, string | undefined>>;
  /** `--warehouse postgres://...` of the command line that started the app. */
  cliUrl?: string;
  /** Told the database password, for the log redaction's registry. */
  onSecret?: (value: string) => void;
  tuning?: WarehouseTuning;
  log: (line: string) => void;
  /** Told when the link was (re)built or dropped: the desk is rebuilt with the new one. */
  onChange: () => void;
  /** Told when the database went away or came back (the view changed). */
  onStatus: () => void;
  /** A pool factory (tests); by default the configuration's. */
  pool?: () => WarehousePool;
  /** Starts this desk's reports to the lead's board (heartbeat, backlog) on the link's pool. */
  reports?: (pool: WarehousePool, desk: string, deskId?: string) => { stop(): void };
  /** Follows the warehouse's push notifications on the link's pool (push/desk-push-sources.ts). */
  pushes?: (pool: WarehousePool, connection: WarehouseConnectionOptions) => { stop(): Promise<void> };
}

/** The settings that decide the link: a change of any of them rebuilds it. */
const linkKey = (s: StationSettings): string => JSON.stringify([s.warehouse, s.desk.name, s.invoiceSeries]);

export class WarehouseLink {
  private desk: DeskWarehouse | undefined;
  private reports: { stop(): void } | undefined;
  private pushes: { stop(): Promise<void> } | undefined;
  private config: WarehouseConfig = { enabled: false };
  private key: string | undefined;
  private problem: string | undefined;
  private problemSentence: KeyedSentence | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: WarehouseLinkOptions) {}

  current(): DeskWarehouse | undefined {
    return this.desk;
  }

  /**
   * The desk's claims: the warehouse's, or, when warehouse mode is set but cannot start (no seller
   * registration), claims that refuse with the reason, so the desk never packs on its own numbers
   * while other desks share one series.
   */
  claims(): DeskClaims | undefined {
    if (this.desk) return this.desk;
    if (!this.config.enabled || !this.problem) return undefined;
    const sentence = keyed('warehouse.db.cannotStart', undefined, { problem: this.problemSentence ?? keyed('warehouse.db.failed', { detail: this.problem }) });
    return refusingClaims(englishSentence(sentence), sentence);
  }

  /** Builds and starts the link for the current settings (none without an address). */
  start(): Promise<void> {
    return this.serial(() => this.rebuild(true));
  }

  /** Called on every settings change: rebuilds only when a setting of the link changed. */
  settingsChanged(): Promise<void> {
    return this.serial(() => this.rebuild(false));
  }

  /** Rebuilds with the current settings and password even when none of them changed (a new password). */
  reconnect(): Promise<void> {
    return this.serial(() => this.rebuild(true));
  }

  stop(): Promise<void> {
    return this.serial(async () => {
      this.stopReports();
      await this.desk?.stop();
      this.desk = undefined;
    });
  }

  view(): WarehouseView {
    // Stored for the address in use: a password of another server is none (Setup asks for it again).
    const url = this.config.enabled ? this.config.connection.url : this.options.settings.get().warehouse.url;
    const passwordStored = !!url && warehousePasswordFor(this.options.secrets, url) !== undefined;
    if (this.config.enabled && !this.desk && this.problem) {
      return { enabled: true, passwordStored, source: this.config.source, desk: this.config.desk, address: this.config.displayUrl, online: false, problem: this.problem, ...this.problemSaid(), outageNumbers: 0, unrecorded: 0, outboxWaiting: 0 };
    }
    if (!this.config.enabled || !this.desk) return { enabled: false, passwordStored };
    const s = this.desk.status();
    return {
      enabled: true,
      passwordStored,
      source: this.config.source,
      desk: s.desk,
      address: s.address,
      online: s.online && !this.problem,
      ...(s.reason ? { reason: s.reason, reasonSentence: awayReasonSentence(s.reason) } : {}),
      ...(this.problem ? { problem: this.problem, ...this.problemSaid() } : {}),
      ...(s.schemaVersion ? { schemaVersion: s.schemaVersion } : {}),
      outageNumbers: s.outageNumbers,
      unrecorded: s.unrecorded,
      outboxWaiting: s.outbox.waiting,
    };
  }

  private problemSaid(): { problemSentence?: KeyedSentence } {
    return this.problemSentence ? { problemSentence: this.problemSentence } : {};
  }

  private stopReports(): void {
    this.reports?.stop();
    this.reports = undefined;
    void this.pushes?.stop();
    this.pushes = undefined;
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async rebuild(force: boolean): Promise<void> {
    const settings = this.options.settings.get();
    const key = linkKey(settings);
    if (!force && key === this.key) return;
    this.key = key;
    const { env, cliUrl, secrets, onSecret } = this.options;
    let config: WarehouseConfig;
    let refused: unknown;
    try {
      config = resolveWarehouseConfig({ settings, env, cliUrl, secrets, onSecret, deskId: () => deskIdentity(this.options.dataDir) });
    } catch (error) {
      // A password on the command line, a damaged identity file: warehouse mode is meant, so the
      // desk does not pack on its own numbers; every claim is refused with the reason.
      refused = error;
      config = { enabled: true, desk: settings.desk.name, registration: settings.warehouse.registration, source: cliUrl ? 'command line' : 'settings', displayUrl: '', connection: { url: '' } };
    }
    const before = this.desk;
    this.stopReports();
    this.desk = undefined;
    this.problem = undefined;
    this.problemSentence = undefined;
    await before?.stop().catch(() => undefined);
    this.config = config;
    if (refused) {
      this.problem = (refused as Error).message;
      this.problemSentence = (refused as { sentence?: KeyedSentence }).sentence ?? keyed('warehouse.db.failed', { detail: this.problem });
      this.options.log(`Warehouse mode cannot start: ${this.problem}`);
      this.options.onChange();
      return;
    }
    if (!config.enabled) {
      if (before) this.options.log('Warehouse mode is off: this desk works alone.');
      this.options.onChange();
      return;
    }
    const t = this.options.tuning ?? {};
    if (t.connectTimeoutMs) config.connection.connectTimeoutMs = t.connectTimeoutMs;
    let desk: DeskWarehouse;
    try {
      desk = new DeskWarehouse({
        config,
        journal: this.options.journal(),
        clock: this.options.clock,
        dataDir: this.options.dataDir,
        invoicePrefix: settings.invoiceSeries.prefix,
        autoInvoicing: settings.invoiceSeries.autoInvoicing,
        leaseMs: t.leaseMs,
        outboxIntervalMs: t.outboxIntervalMs,
        catchUpIntervalMs: t.catchUpIntervalMs,
        outageBlockSize: t.outageBlockSize,
        pool: this.options.pool?.(),
        log: this.options.log,
        onStatusChange: this.options.onStatus,
      });
    } catch (error) {
      // A setting the database cannot work without (the seller registration): said in Setup, every
      // claim refused with it, the desk not stopped.
      this.problem = (error as Error).message;
      this.problemSentence = warehouseProblemSentence(error, config.connection.url);
      this.options.log(`Warehouse mode cannot start: ${this.problem}`);
      this.options.onChange();
      return;
    }
    this.desk = desk;
    try {
      await desk.start();
      this.reports = this.options.reports?.(desk.pool, config.desk, config.deskId);
      this.pushes = this.options.pushes?.(desk.pool, config.connection);
      this.options.log(`Warehouse mode: ${config.desk} on ${config.displayUrl}${desk.status().online ? '' : ' (unreachable for now)'}.`);
    } catch (error) {
      // A database that refuses (wrong password, newer schema) keeps the desk from packing on its
      // own numbers: every claim fails with this reason until Setup fixes it.
      this.problem = (error as Error).message;
      this.problemSentence = warehouseProblemSentence(error, config.connection.url);
      this.options.log(`Warehouse database refused this desk: ${this.problem}`);
    }
    this.options.onChange();
  }
}

/** Claims that refuse every shipment with one reason (warehouse mode set, not startable). */
function refusingClaims(text: string, sentence: KeyedSentence): DeskClaims {
  return {
    claim: async () => ({ ok: false, text, sentence }),
    holds: () => false,
    confirm: async () => [],
    ensureLease: async () => [],
    release: async () => undefined,
    serialPackedElsewhere: async () => undefined,
    reserveSerials: async () => ({ text, sentences: [sentence] }),
    releaseSerials: async () => undefined,
    packed: async () => undefined,
    claimMany: async (ids) => ({ claimed: [], refused: ids.map((shipmentId) => ({ shipmentId, reason: text, sentences: [sentence] })) }),
    onLost: () => () => undefined,
  };
}
