// A desk in warehouse mode: the services of this folder put together for one desk, and the
// DeskClaims the pack desk and the wave call (packing/desk-claims.ts). Built when a database is
// configured (warehouse-config.ts); a desk without one never builds it. Start: pool, the schema
// checked (the lead migrates it, never a desk), the desk's name taken for its identity, the outage
// block topped up, the lease keeper renewing the desk's claims, the outbox shipping its journal.
// While the database is away (warehouse-pool.ts: WarehouseUnreachableError) the desk keeps what
// it can prove safe: claims it already holds stay held and are packed, with numbers of its
// outage block; new claims wait with the reason; packs and serials are recorded when the link
// is back; the outbox catches up on its own.
import { join } from 'node:path';
import type { ClaimAnswer, ClaimRefusal, DeskClaims, PackedSerialIn } from '../packing/desk-claims.js';
import type { Clock } from '../packing/ist-dates.js';
import type { ShipmentReadBack } from '../packing/pack-invoice-numbers.js';
import { WARM_CONNECTIONS, warmClaimPlans, warmPool } from './claim-plans.js';
import { ClaimService, DEFAULT_LEASE_MS, describeHolder } from './claims.js';
import { holderSentence } from './holder-words.js';
import { englishSentence, keyed, saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { JournalOutbox, type JournalSource } from './journal-outbox.js';
import { LeftNumbers } from './left-reservations.js';
import { LeaseKeeper } from './lease-keeper.js';
import { checkSchema } from './migrations.js';
import { takeDeskName } from './desk-presence.js';
import { deskKey, type DeskRef } from './desk-ref.js';
import { OutagePacks } from './outage-packs.js';
import { fileOutageBlockStore } from './outage-block.js';
import { SerialRegistry } from './serials.js';
import { CHECK_THE_UNIT, packedSerialSentence, REMOVE_THAT_SERIAL } from './serial-words.js';
import type { WarehouseConfig } from './warehouse-config.js';
import { SettlingNumbering } from './settling-numbering.js';
import { WarehouseInvoiceSeries } from './warehouse-invoice-series.js';
import { asWarehouseError, createWarehousePool, WarehouseUnreachableError, type WarehousePool } from './warehouse-pool.js';
import { awayReasonSentence } from './warehouse-problem-words.js';

/** How often a desk retries what waits for the database (packs to record, the outage block). */
export const DEFAULT_CATCH_UP_INTERVAL_MS = 5_000;
/** The file of the desk's outage invoice block, in its data folder. */
export const OUTAGE_BLOCK_FILE = 'warehouse-outage-block.json';

export type EnabledWarehouse = Extract<WarehouseConfig, { enabled: true }>;

export interface DeskWarehouseOptions {
  config: EnabledWarehouse;
  journal: JournalSource;
  clock: Clock;
  dataDir: string;
  invoicePrefix: string;
  autoInvoicing: boolean;
  leaseMs?: number;
  outboxIntervalMs?: number;
  catchUpIntervalMs?: number;
  outageBlockSize?: number;
  /** A pool made elsewhere (tests); by default one from the configuration. */
  pool?: WarehousePool;
  log?: (line: string) => void;
  /** Told when the database goes away or comes back. */
  onStatusChange?: () => void;
  /** How long after the start's settlement the left numbers it kept are settled again (left-reservations.ts). */
  leftNumbersDelayMs?: number;
}

export interface WarehouseStatus {
  desk: string;
  address: string;
  online: boolean;
  /** Why the database is away, in words. */
  reason?: string;
  schemaVersion?: number;
  outageNumbers: number;
  /** Packs (and invoice numbers) of an outage not yet recorded in the database. */
  unrecorded: number;
  outbox: { waiting: number; lastError?: string };
}

/** The one sentence a desk shows while new claims wait, as a catalogue key (the reason said in the desk's language where it is a common one). */
export function claimsWaitSentence(reason: string): KeyedSentence {
  return keyed('station.claim.waitsForDatabase', undefined, { reason: awayReasonSentence(reason) });
}

export function claimsWaitText(reason: string): string {
  return englishSentence(claimsWaitSentence(reason));
}

export class DeskWarehouse implements DeskClaims {
  readonly pool: WarehousePool;
  readonly claims: ClaimService;
  readonly keeper: LeaseKeeper;
  /** The shared series itself (outage block, pending numbers). */
  readonly series: WarehouseInvoiceSeries;
  /** What packs use: the series, with settlements that wait while the database is away. */
  readonly invoices: SettlingNumbering;
  readonly serials: SerialRegistry;
  readonly outbox: JournalOutbox;
  private readonly desk: DeskRef;
  private readonly leaseMs: number;
  private readonly ownPool: boolean;
  private readonly lostListeners = new Set<(ids: string[]) => void>();
  /** Packed at the marketplace while the database was away: recorded as packed when it is back. */
  private readonly outagePacks: OutagePacks;
  /** When each held claim's lease runs out as far as this desk knows (its last claim or renewal). */
  private readonly leaseEnds = new Map<string, number>();
  private linkError: string | undefined;
  private schemaVersion: number | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private catchingUp: Promise<void> | undefined;
  private readonly left: LeftNumbers;

  constructor(private readonly options: DeskWarehouseOptions) {
    const { config, clock } = options;
    this.desk = config.deskId ? { id: config.deskId, name: config.desk } : config.desk;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.ownPool = !options.pool;
    this.pool = options.pool ?? createWarehousePool({ ...config.connection, keepOpen: WARM_CONNECTIONS, onConnect: warmClaimPlans, onIdleError: (e) => this.wentAway(e) });
    this.claims = new ClaimService(this.pool, { clock, leaseMs: options.leaseMs });
    this.keeper = new LeaseKeeper(this.claims, { desk: this.desk, leaseMs: options.leaseMs, onLost: (ids) => this.lost(ids), onRenewed: (ids) => this.leased(ids) });
    this.series = new WarehouseInvoiceSeries(this.pool, {
      clock,
      desk: this.desk,
      registration: config.registration,
      prefix: options.invoicePrefix,
      autoInvoicing: options.autoInvoicing,
      outageBlock: { store: fileOutageBlockStore(join(options.dataDir, OUTAGE_BLOCK_FILE)), size: options.outageBlockSize },
      onClash: (text) => options.log?.(text),
    });
    this.invoices = new SettlingNumbering(this.series);
    this.serials = new SerialRegistry(this.pool, clock);
    this.outagePacks = new OutagePacks({
      desk: this.desk,
      claims: this.claims,
      serials: this.serials,
      online: (work) => this.online(work),
      recorded: (id) => this.keeper.drop(id),
      log: options.log,
    });
    this.outbox = new JournalOutbox(this.pool, { desk: this.desk, journal: options.journal, intervalMs: options.outboxIntervalMs });
    this.left = new LeftNumbers({
      pending: () => this.online(() => this.series.pending()),
      invoices: this.invoices,
      recordPacked: (id) => this.online(() => this.claims.recordPackedBy(id, this.desk, '')),
      clock,
      holding: () => this.keeper.holding(),
      delayMs: options.leftNumbersDelayMs,
      log: options.log,
    });
  }

  /**
   * Checks the schema and starts the keeper, the outbox and the catch-up timer. A database that cannot be
   * reached does not stop the desk: it starts in the outage state and says why; a database that
   * refuses (wrong password, a schema behind or newer) is an error the caller shows.
   */
  async start(): Promise<void> {
    try {
      this.schemaVersion = await checkSchema(this.pool);
      await takeDeskName(this.pool, deskKey(this.desk));
      await this.series.refillOutageBlock();
      // The desk's first claim (a scan, a wave) then finds a connection with its plans ready.
      await warmPool(this.pool);
      this.linkError = undefined;
    } catch (error) {
      const typed = asWarehouseError(error);
      if (!(typed instanceof WarehouseUnreachableError)) throw typed;
      this.wentAway(typed);
    }
    this.keeper.start();
    this.outbox.start();
    this.timer = setInterval(() => void this.catchUp(), this.options.catchUpIntervalMs ?? DEFAULT_CATCH_UP_INTERVAL_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.left.stop();
    this.keeper.stop();
    // What waits for the database (numbers, packs of an outage) gets one more try before the desk closes.
    await this.catchingUp;
    await this.catchUp();
    await this.outbox.stop();
    await this.outbox.flush();
    if (this.ownPool) await this.pool.end().catch(() => undefined);
  }

  status(): WarehouseStatus {
    const outbox = this.outbox.status();
    const reason = this.linkError ?? this.keeper.status().lastError?.replace(/^warehouse database unreachable: /, '');
    return {
      desk: this.options.config.desk,
      address: this.options.config.displayUrl,
      online: reason === undefined,
      ...(reason ? { reason } : {}),
      ...(this.schemaVersion ? { schemaVersion: this.schemaVersion } : {}),
      outageNumbers: this.series.outageBlockStatus().available,
      unrecorded: this.outagePacks.size + this.invoices.backlog,
      outbox: { waiting: outbox.waiting, ...(outbox.lastError ? { lastError: outbox.lastError } : {}) },
    };
  }

  async claim(shipmentId: string, operator: string): Promise<ClaimAnswer> {
    try {
      const r = await this.online(() => this.claims.claim(shipmentId, this.desk, operator));
      if (!r.ok) {
        const sentence = keyed('warehouse.claim.notHere', undefined, { holder: holderSentence(r.heldBy) });
        return { ok: false, text: englishSentence(sentence), sentence };
      }
      this.keeper.hold(shipmentId);
      this.leased([shipmentId]);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      // Held since before the outage (put back on screen after a restart, say): still ours while its lease lasts.
      if (this.safelyHeld(shipmentId)) return { ok: true };
      const waits = claimsWaitSentence(error.reason);
      return { ok: false, text: englishSentence(waits), sentence: waits };
    }
  }

  holds(shipmentId: string): boolean {
    return this.keeper.holding().includes(shipmentId);
  }

  async confirm(shipmentIds: readonly string[]): Promise<string[]> {
    const mine = shipmentIds.filter((id) => this.holds(id));
    if (mine.length === 0) return [];
    try {
      const lost = new Set(await this.online(() => this.claims.renew(mine, this.desk)));
      for (const id of lost) this.keeper.drop(id);
      if (lost.size > 0) this.lost([...lost]);
      const kept = mine.filter((id) => !lost.has(id));
      this.leased(kept);
      return kept;
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      // Provably ours only while the lease this desk last got lasts: after that another desk may take it over.
      return mine.filter((id) => this.safelyHeld(id));
    }
  }

  async ensureLease(shipmentIds: readonly string[]): Promise<string[]> {
    // Enough lease left (a third: a pack's answer comes well within it): no round trip.
    const low = shipmentIds.filter((id) => !this.safelyHeld(id));
    if (low.length === 0) return [...shipmentIds];
    const renewed = new Set(await this.confirm(low));
    return shipmentIds.filter((id) => !low.includes(id) || (renewed.has(id) && this.safelyHeld(id)));
  }

  async release(shipmentId: string): Promise<void> {
    this.keeper.drop(shipmentId);
    this.leaseEnds.delete(shipmentId);
    // Unreachable: the lease runs out on its own.
    await this.online(() => this.claims.release(shipmentId, this.desk)).catch(() => undefined);
  }

  async serialPackedElsewhere(serial: string, shipmentId: string): Promise<SaidWords | undefined> {
    try {
      const found = await this.online(() => this.serials.lookup([serial]));
      const other = found.find((p) => p.shipmentId !== shipmentId);
      return other ? saying(packedSerialSentence(other), CHECK_THE_UNIT) : undefined;
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      // Checked against this desk's shift only; the register is written when the link is back.
      return undefined;
    }
  }

  async reserveSerials(shipmentId: string, operator: string, serials: readonly PackedSerialIn[]): Promise<SaidWords | undefined> {
    if (serials.length === 0) return undefined;
    try {
      const r = await this.online(() => this.serials.register(shipmentId, this.options.config.desk, operator, serials));
      return r.ok ? undefined : saying(...r.sentences, REMOVE_THAT_SERIAL);
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      this.outagePacks.holdSerials(shipmentId, operator, serials);
      return undefined;
    }
  }

  async releaseSerials(shipmentId: string): Promise<void> {
    this.outagePacks.forgetSerials(shipmentId);
    await this.online(() => this.serials.unregister(shipmentId)).catch(() => undefined);
  }

  packed(shipmentIds: readonly string[]): Promise<void> {
    return this.outagePacks.add(shipmentIds);
  }

  async claimMany(shipmentIds: readonly string[], operator: string, waveId: string): Promise<{ claimed: string[]; refused: ClaimRefusal[] }> {
    if (shipmentIds.length === 0) return { claimed: [], refused: [] };
    let claimed: string[];
    let why: KeyedSentence;
    const refusal = (shipmentId: string, said: KeyedSentence): ClaimRefusal => ({ shipmentId, reason: englishSentence(said), sentences: [said] });
    try {
      const fresh = new Set(await this.online(() => this.claims.claimWave(shipmentIds, this.desk, operator, waveId)));
      // Those this desk already holds (an earlier wave of it that stopped) are its own to pack.
      claimed = shipmentIds.filter((id) => fresh.has(id) || this.holds(id));
      this.leased(claimed);
      why = sentence('station.claim.heldElsewhere');
      // Who holds them, in the words a packer reads at the desk.
      const others = shipmentIds.filter((id) => !fresh.has(id) && !this.holds(id));
      const held = new Map((others.length > 0 ? await this.online(() => this.claims.holders(others)).catch(() => []) : []).map((c) => [c.shipmentId, c]));
      const got = new Set(claimed);
      for (const id of claimed) this.keeper.hold(id);
      return {
        claimed,
        refused: shipmentIds
          .filter((id) => !got.has(id))
          .map((shipmentId) => {
            const holder = held.get(shipmentId);
            return holder ? { shipmentId, reason: describeHolder(holder), sentences: [holderSentence(holder)] } : refusal(shipmentId, why);
          }),
      };
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      claimed = shipmentIds.filter((id) => this.safelyHeld(id));
      why = claimsWaitSentence(error.reason);
    }
    for (const id of claimed) this.keeper.hold(id);
    const got = new Set(claimed);
    return { claimed, refused: shipmentIds.filter((id) => !got.has(id)).map((shipmentId) => refusal(shipmentId, why)) };
  }

  onLost(listener: (ids: string[]) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /**
   * Numbers this desk left unsettled when it stopped mid-pack (left-reservations.ts); run at start,
   * after the journal's open intents are settled. Those kept (a pack with them may still be in
   * flight) are settled again by a later pass once the grace has passed. Returns how many it settled.
   */
  settleLeftReservations(orders: ShipmentReadBack, keep: ReadonlySet<string>): Promise<number> {
    return this.left.atStart(orders, keep);
  }

  // --- Outage and catching up --------------------------------------------------------------

  /**
   * Runs a database call, keeping the desk's view of the link up to date; link failures come back
   * typed. Only calls that reach the database go through here (a success means it answered).
   */
  private async online<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (this.linkError !== undefined) {
        this.linkError = undefined;
        this.options.log?.('Warehouse database reachable again: catching up.');
        this.options.onStatusChange?.();
        void this.catchUp();
      }
      return result;
    } catch (error) {
      const typed = asWarehouseError(error);
      if (typed instanceof WarehouseUnreachableError) this.wentAway(typed);
      throw typed;
    }
  }

  private leased(ids: readonly string[]): void {
    const until = this.options.clock.now().getTime() + this.leaseMs;
    for (const id of ids) this.leaseEnds.set(id, until);
  }

  /**
   * Held, and with enough of its lease left that no other desk can take it over before a pack
   * sent now has reached the marketplace: a third of a lease (30 s of the default 90 s).
   */
  private safelyHeld(shipmentId: string): boolean {
    const end = this.leaseEnds.get(shipmentId);
    return this.holds(shipmentId) && end !== undefined && end - this.options.clock.now().getTime() > this.leaseMs / 3;
  }

  private wentAway(error: WarehouseUnreachableError): void {
    const first = this.linkError === undefined;
    this.linkError = error.reason;
    if (!first) return;
    this.options.log?.(`Warehouse database unreachable (${error.reason}): claimed shipments go on with the outage invoice numbers; new claims wait.`);
    this.options.onStatusChange?.();
  }

  private lost(ids: string[]): void {
    for (const listener of this.lostListeners) listener(ids);
  }

  /** Records packs and serials of the outage, and tops the outage block up again. Never rejects. */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        if (this.invoices.backlog > 0) await this.online(() => this.invoices.flush());
        await this.outagePacks.record();
        if (this.outagePacks.size === 0 && this.invoices.backlog === 0 && this.linkError === undefined) await this.online(() => this.series.refillOutageBlock());
      } catch {
        // Still away: the next tick tries again.
      } finally {
        this.catchingUp = undefined;
      }
    })();
    return this.catchingUp;
  }
}
