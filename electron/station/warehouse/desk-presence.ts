// What a desk tells the lead's board about itself: a heartbeat (last seen, who is signed in, the
// shipment open on the Pack screen, a printer problem) and the backlog its queue search found.
// Both are one statement, never in the packer's way: callers fire them and forget (a failure is
// returned, not thrown, so a desk without its database packs on).
import { keyedError } from '../../../shared/i18n/station-sentences.js';
import type { DeskKey } from './desk-ref.js';
import { asWarehouseError, withClient, type WarehousePool } from './warehouse-pool.js';

/** How often a desk says it is there; the board calls a desk silent after a few of these. */
export const PRESENCE_INTERVAL_MS = 15_000;
/** A desk whose heartbeat is younger than this is live: its name is not given to another desk. */
export const LIVE_DESK_MS = 3 * PRESENCE_INTERVAL_MS;

/**
 * Takes the desk's name in the warehouse for its identity, at start. A name is one desk's while
 * that desk is live (LIVE_DESK_MS, on the database's clock); a second live desk of the same name
 * (two desks left at the default "Desk 1") is refused in words until it is renamed. A name whose
 * desk went silent passes to the new one. Returns nothing; throws the refusal.
 */
export async function takeDeskName(pool: WarehousePool, desk: DeskKey, liveMs = LIVE_DESK_MS): Promise<void> {
  await withClient(pool, async (c) => {
    const taken = await c.query(
      `INSERT INTO desk_presence (desk, desk_id, last_seen) VALUES ($1, $2, now())
       ON CONFLICT (desk) DO UPDATE SET desk_id = EXCLUDED.desk_id, last_seen = now()
       WHERE desk_presence.desk_id IS NULL OR desk_presence.desk_id = EXCLUDED.desk_id
         OR desk_presence.last_seen < now() - $3::float8 * interval '1 millisecond'
       RETURNING desk`,
      [desk.name, desk.id, liveMs],
    );
    if (taken.rowCount) return;
    const other = await c.query<{ age: number }>('SELECT greatest(0, round(extract(epoch FROM now() - last_seen)))::int AS age FROM desk_presence WHERE desk = $1', [desk.name]);
    throw keyedError('WAREHOUSE_DESK_NAME_TAKEN', 'warehouse.db.sameName', { desk: desk.name, seen: other.rows[0]?.age ?? 0 });
  });
}

export interface DeskPresenceReport {
  desk: string;
  /** The desk's identity: the heartbeat never speaks for another desk's name. */
  deskId?: string;
  operator?: string;
  /** The shipment open at the desk, if any. */
  currentShipment?: string;
  /** A printer problem in words ("Label printer: out of paper"), or none. */
  printerProblem?: string;
}

export interface BacklogShipment {
  shipmentId: string;
  /** The marketplace's dispatch-by time (spec: dispatchByDate), when known. */
  dispatchBy?: Date;
}

/** Writes the desk's heartbeat. Resolves to the reason when the database could not be reached. */
export async function reportDeskPresence(pool: WarehousePool, report: DeskPresenceReport, now: Date = new Date()): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await withClient(pool, (c) =>
      c.query(
        `INSERT INTO desk_presence (desk, desk_id, operator, last_seen, current_shipment, printer_problem, printer_problem_since)
         VALUES ($1, $6, $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE $3::timestamptz END)
         ON CONFLICT (desk) DO UPDATE SET desk_id = coalesce(EXCLUDED.desk_id, desk_presence.desk_id), operator = EXCLUDED.operator, last_seen = EXCLUDED.last_seen,
           current_shipment = EXCLUDED.current_shipment, printer_problem = EXCLUDED.printer_problem,
           -- A problem that goes on keeps the time it began.
           printer_problem_since = CASE WHEN EXCLUDED.printer_problem IS NULL THEN NULL
             WHEN desk_presence.printer_problem IS NOT DISTINCT FROM EXCLUDED.printer_problem THEN desk_presence.printer_problem_since
             ELSE EXCLUDED.printer_problem_since END
         WHERE $6::text IS NULL OR desk_presence.desk_id IS NULL OR desk_presence.desk_id = $6`,
        [report.desk, report.operator ?? null, now, report.currentShipment ?? null, report.printerProblem ?? null, report.deskId ?? null],
      ),
    );
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (asWarehouseError(error) as Error).message };
  }
}

export interface BacklogReportOptions {
  /**
   * True: the list is the whole backlog (an unfiltered search), shipments not in it leave.
   * False: only these shipments are added or updated, and `gone` ones leave (a filtered view).
   */
  replace?: boolean;
  /** Shipments seen in a state that is no longer backlog (packed, cancelled...). */
  gone?: readonly string[];
}

/**
 * Tells the board which shipments wait to be packed, as this desk's queue search found them
 * (every desk searches the same marketplace account, so the latest search is the backlog).
 */
export async function reportBacklog(
  pool: WarehousePool,
  desk: string,
  shipments: readonly BacklogShipment[],
  now: Date = new Date(),
  options: BacklogReportOptions = { replace: true },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await withClient(pool, async (c) => {
      await c.query('BEGIN');
      try {
        const ids = shipments.map((s) => s.shipmentId);
        if (options.replace) await c.query('DELETE FROM backlog_shipments WHERE NOT (shipment_id = ANY($1::text[]))', [ids]);
        if (options.gone?.length) await c.query('DELETE FROM backlog_shipments WHERE shipment_id = ANY($1::text[])', [options.gone]);
        await c.query(
          `INSERT INTO backlog_shipments (shipment_id, dispatch_by, reported_by, reported_at)
           SELECT id, d, $3, $4 FROM unnest($1::text[], $2::timestamptz[]) AS x(id, d)
           ON CONFLICT (shipment_id) DO UPDATE SET dispatch_by = EXCLUDED.dispatch_by, reported_by = EXCLUDED.reported_by, reported_at = EXCLUDED.reported_at`,
          [ids, shipments.map((s) => s.dispatchBy ?? null), desk, now],
        );
        await c.query('COMMIT');
      } catch (error) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (asWarehouseError(error) as Error).message };
  }
}

export interface DeskPresenceOptions {
  pool: WarehousePool;
  /** What to report, read at each beat (the desk's current state). */
  read: () => DeskPresenceReport;
  intervalMs?: number;
  now?: () => Date;
}

/** The desk's heartbeat on a timer; beat() reports at once (after a change worth showing). */
export class DeskPresence {
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastReason: string | undefined;
  private beats = 0;

  constructor(private readonly options: DeskPresenceOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), this.options.intervalMs ?? PRESENCE_INTERVAL_MS);
    this.timer.unref?.();
    void this.beat();
  }

  async beat(): Promise<void> {
    const mine = (this.beats += 1);
    const result = await reportDeskPresence(this.options.pool, this.options.read(), this.options.now?.() ?? new Date());
    // An older beat that ends late (a connection attempt during an outage) does not speak for now.
    if (mine === this.beats) this.lastReason = result.ok ? undefined : result.reason;
  }

  /** Why the last heartbeat did not reach the database, if it did not. */
  problem(): string | undefined {
    return this.lastReason;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
