// The lead's board, read from the warehouse database: per desk and per operator the packs of the
// last 60 minutes, the shipment open now, a printer problem and when the desk was last seen; the
// backlog by dispatch-by time (IST day); waves in progress. Every figure comes from what the
// desks wrote: journal records (the outbox), claims, desk_presence and backlog_shipments.
//
// A pack is a shipment of a journaled 'pack' operation whose outcome is 'ok' (every shipment of
// it) or 'failed' with a `done` list (those shipments): the same reading the desk's Activity
// screen makes of its own journal.
import type { BoardBacklog, BoardDesk, BoardOperator, BoardSnapshot, BoardWave } from '../../../shared/contract/warehouse.js';
import { istInstant, istParts } from '../packing/ist-dates.js';
import { withClient, type WarehousePool, type WarehouseClient } from './warehouse-pool.js';

export const PACK_RATE_WINDOW_MS = 60 * 60_000;
/** "Due soon": the next two hours (issue: overdue, due in 2 hours, today). */
export const DUE_SOON_MS = 2 * 60 * 60_000;
/** A desk not heard from in this long is left off the board. */
export const DESK_HORIZON_MS = 24 * 60 * 60_000;
/** An open pack session older than this is a desk that went away, not a shipment in hand. */
const OPEN_SESSION_HORIZON_MS = 12 * 60 * 60_000;

const iso = (d: Date | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);

/** The end of the IST calendar day of `now` (the next IST midnight). */
export function endOfIstDay(now: Date): Date {
  const p = istParts(now);
  return new Date(istInstant(p.year, p.month, p.day).getTime() + 24 * 60 * 60_000);
}

interface PackRow {
  desk: string;
  operator: string | null;
  packs: number;
  last_at: Date;
}

async function packsLastHour(c: WarehouseClient, now: Date): Promise<PackRow[]> {
  const from = new Date(now.getTime() - PACK_RATE_WINDOW_MS);
  const { rows } = await c.query<PackRow>(
    `WITH settled AS (
       SELECT o.desk, o.at, o.record FROM journal_records o
       WHERE o.type = 'outcome' AND o.at > $1 AND o.at <= $2 AND o.record->>'status' IN ('ok', 'failed')
     ), packs AS (
       SELECT s.desk, i.record->>'operator' AS operator, sid, s.at
       FROM settled s
       JOIN journal_records i ON i.type = 'intent' AND i.desk = s.desk AND i.record->>'id' = s.record->>'intentId' AND i.record->>'op' = 'pack'
       CROSS JOIN LATERAL jsonb_array_elements_text(CASE
         WHEN s.record->>'status' = 'ok' THEN COALESCE(i.record->'targets'->'shipmentIds', '[]'::jsonb)
         WHEN jsonb_typeof(s.record->'result'->'done') = 'array' THEN s.record->'result'->'done'
         ELSE '[]'::jsonb END) AS sid
     )
     SELECT desk, operator, count(DISTINCT sid)::int AS packs, max(at) AS last_at FROM packs GROUP BY desk, operator`,
    [from, now],
  );
  return rows;
}

interface DeskRow {
  desk: string;
  presence_operator: string | null;
  last_seen: Date | null;
  presence_current: string | null;
  printer_problem: string | null;
  printer_problem_since: Date | null;
  journal_at: Date | null;
  journal_operator: string | null;
  open_shipment: string | null;
  held_shipment: string | null;
}

async function deskRows(c: WarehouseClient, now: Date): Promise<DeskRow[]> {
  const horizon = new Date(now.getTime() - DESK_HORIZON_MS);
  const sessions = new Date(now.getTime() - OPEN_SESSION_HORIZON_MS);
  const { rows } = await c.query<DeskRow>(
    `WITH journal AS (
       SELECT desk, max(at) AS at FROM journal_records WHERE at >= $1 GROUP BY desk
     ), who AS (
       SELECT DISTINCT ON (desk) desk, record->>'operator' AS operator FROM journal_records
       WHERE at >= $1 AND type IN ('intent', 'session') AND record->>'operator' IS NOT NULL ORDER BY desk, seq DESC
     ), open_session AS (
       SELECT DISTINCT ON (o.desk) o.desk, o.record->>'shipmentId' AS shipment_id FROM journal_records o
       WHERE o.type = 'session' AND o.at >= $2 AND o.record->>'event' = 'opened'
         AND NOT EXISTS (SELECT 1 FROM journal_records c WHERE c.desk = o.desk AND c.type = 'session'
                         AND c.record->>'sessionId' = o.record->>'sessionId' AND c.record->>'event' = 'closed')
       ORDER BY o.desk, o.seq DESC
     ), held AS (
       SELECT DISTINCT ON (desk) desk, shipment_id FROM claims
       WHERE desk IS NOT NULL AND packed_at IS NULL AND lease_until > $3 AND wave_id IS NULL ORDER BY desk, claimed_at DESC
     ), desks AS (
       SELECT desk FROM desk_presence WHERE last_seen >= $1 UNION SELECT desk FROM journal UNION SELECT desk FROM held
     )
     SELECT d.desk, p.operator AS presence_operator, p.last_seen, p.current_shipment AS presence_current,
            p.printer_problem, p.printer_problem_since, j.at AS journal_at, w.operator AS journal_operator,
            s.shipment_id AS open_shipment, h.shipment_id AS held_shipment
     FROM desks d LEFT JOIN desk_presence p USING (desk) LEFT JOIN journal j USING (desk) LEFT JOIN who w USING (desk)
       LEFT JOIN open_session s USING (desk) LEFT JOIN held h USING (desk)
`,
    [horizon, sessions, now],
  );
  return rows;
}

async function backlog(c: WarehouseClient, now: Date): Promise<BoardBacklog> {
  const soon = new Date(now.getTime() + DUE_SOON_MS);
  const { rows } = await c.query<{ overdue: number; soon: number; today: number; later: number; reported_at: Date | null; reported_by: string | null }>(
    `SELECT count(*) FILTER (WHERE b.dispatch_by < $1)::int AS overdue,
            count(*) FILTER (WHERE b.dispatch_by >= $1 AND b.dispatch_by < $2)::int AS soon,
            count(*) FILTER (WHERE b.dispatch_by >= $2 AND b.dispatch_by < $3)::int AS today,
            count(*) FILTER (WHERE b.dispatch_by IS NULL OR (b.dispatch_by >= $2 AND b.dispatch_by >= $3))::int AS later,
            (SELECT max(reported_at) FROM backlog_shipments) AS reported_at,
            (SELECT reported_by FROM backlog_shipments ORDER BY reported_at DESC LIMIT 1) AS reported_by
     FROM backlog_shipments b
     WHERE NOT EXISTS (SELECT 1 FROM claims c WHERE c.shipment_id = b.shipment_id AND c.packed_at IS NOT NULL)`,
    [now, soon, endOfIstDay(now)],
  );
  const r = rows[0];
  return {
    overdue: r.overdue,
    dueSoon: r.soon,
    today: r.today,
    later: r.later,
    ...(r.reported_at ? { reportedAt: iso(r.reported_at) } : {}),
    ...(r.reported_by ? { reportedBy: r.reported_by } : {}),
  };
}

async function waves(c: WarehouseClient, now: Date): Promise<BoardWave[]> {
  const { rows } = await c.query<{ wave_id: string; desk: string; operator: string | null; open: number; packed: number; started: Date | null }>(
    `SELECT wave_id, desk, max(operator) AS operator,
            count(*) FILTER (WHERE packed_at IS NULL AND lease_until > $1)::int AS open,
            count(*) FILTER (WHERE packed_at IS NOT NULL)::int AS packed, min(claimed_at) AS started
     FROM claims WHERE wave_id IS NOT NULL AND desk IS NOT NULL
     GROUP BY wave_id, desk
     HAVING count(*) FILTER (WHERE packed_at IS NULL AND lease_until > $1) > 0
     ORDER BY min(claimed_at), wave_id`,
    [now],
  );
  return rows.map((r) => ({ waveId: r.wave_id, desk: r.desk, ...(r.operator ? { operator: r.operator } : {}), open: r.open, packed: r.packed, ...(r.started ? { startedAt: iso(r.started) } : {}) }));
}

const later = (a: Date | null | undefined, b: Date | null | undefined): Date | undefined => (!a ? (b ?? undefined) : !b ? a : a > b ? a : b);

/** Puts the figures together (pure: the rows in, the board out). */
export function boardFrom(now: Date, desks: DeskRow[], packs: PackRow[], backlogFigures: BoardBacklog, waveRows: BoardWave[]): BoardSnapshot {
  const packsOfDesk = new Map<string, number>();
  for (const p of packs) packsOfDesk.set(p.desk, (packsOfDesk.get(p.desk) ?? 0) + p.packs);
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  const boardDesks: BoardDesk[] = [...desks].sort((a, b) => byName(a.desk, b.desk)).map((d) => {
    const operator = d.presence_operator ?? d.journal_operator ?? undefined;
    const current = d.presence_current ?? d.open_shipment ?? d.held_shipment ?? undefined;
    return {
      desk: d.desk,
      ...(operator ? { operator } : {}),
      ...(later(d.last_seen, d.journal_at) ? { lastSeen: iso(later(d.last_seen, d.journal_at)) } : {}),
      packsLastHour: packsOfDesk.get(d.desk) ?? 0,
      ...(current ? { currentShipment: current } : {}),
      ...(d.printer_problem ? { printerProblem: d.printer_problem, printerProblemSince: iso(d.printer_problem_since) } : {}),
    };
  });
  const operators = new Map<string, { desks: Set<string>; packs: number; lastSeen?: Date }>();
  const entry = (name: string) => operators.get(name) ?? operators.set(name, { desks: new Set(), packs: 0 }).get(name)!;
  for (const p of packs) {
    if (!p.operator) continue;
    const o = entry(p.operator);
    o.desks.add(p.desk);
    o.packs += p.packs;
    o.lastSeen = later(o.lastSeen, p.last_at);
  }
  for (const d of boardDesks) {
    if (!d.operator) continue;
    const o = entry(d.operator);
    o.desks.add(d.desk);
    o.lastSeen = later(o.lastSeen, d.lastSeen ? new Date(d.lastSeen) : undefined);
  }
  const boardOperators: BoardOperator[] = [...operators.entries()]
    .map(([operator, o]) => ({ operator, desks: [...o.desks].sort(byName), packsLastHour: o.packs, ...(o.lastSeen ? { lastSeen: iso(o.lastSeen) } : {}) }))
    .sort((a, b) => b.packsLastHour - a.packsLastHour || a.operator.localeCompare(b.operator));
  return { generatedAt: now.toISOString(), desks: boardDesks, operators: boardOperators, backlog: backlogFigures, waves: waveRows };
}

/** Reads the whole board in one repeatable-read transaction (one consistent picture). */
export async function readBoard(pool: WarehousePool, now: Date = new Date()): Promise<BoardSnapshot> {
  return withClient(pool, async (c) => {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const [desks, packs, b, w] = [await deskRows(c, now), await packsLastHour(c, now), await backlog(c, now), await waves(c, now)];
      await c.query('COMMIT');
      return boardFrom(now, desks, packs, b, w);
    } catch (error) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
