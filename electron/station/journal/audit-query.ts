// The audit trail view of the journal: who did what to which shipment and when, and how much
// was packed per shift and per hour. Pure functions over records (Journal.records()), so the
// renderer's filters and the CLI's report share one meaning.
import { istInstant, istParts } from '../packing/ist-dates.js';
import type { IntentRecord, JournalRecord, OutcomeStatus } from './records.js';

export interface AuditFilter {
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  shipmentId?: string;
  operator?: string;
  op?: string;
  /** Case-insensitive substring of anything in the record. */
  text?: string;
  types?: JournalRecord['type'][];
}

/** A record with what it inherits from its intent or its pack session. */
export interface AuditEntry {
  record: JournalRecord;
  op?: string;
  operator?: string;
  desk?: string;
  shipmentIds: string[];
  /** For an outcome: the intent it answers (when still kept). */
  intent?: IntentRecord;
}

interface SessionContext {
  operator?: string;
  desk?: string;
  shipmentIds: Set<string>;
}

function sessionContexts(records: JournalRecord[]): Map<string, SessionContext> {
  const contexts = new Map<string, SessionContext>();
  const get = (id: string): SessionContext => {
    let context = contexts.get(id);
    if (!context) contexts.set(id, (context = { shipmentIds: new Set() }));
    return context;
  };
  for (const record of records) {
    if (record.type === 'session') {
      const context = get(record.sessionId);
      if (record.event === 'opened') Object.assign(context, { operator: record.operator, desk: record.desk });
      if (record.shipmentId) context.shipmentIds.add(record.shipmentId);
    } else if (record.type === 'scan' && record.kind === 'shipment') {
      // A session that scanned a shipment label but never packed it still belongs to it.
      get(record.sessionId).shipmentIds.add(record.value);
    }
  }
  return contexts;
}

/** Every record with its inherited operation, operator and shipment ids, in seq order. */
export function auditEntries(records: JournalRecord[]): AuditEntry[] {
  const intents = new Map<string, IntentRecord>();
  for (const record of records) if (record.type === 'intent') intents.set(record.id, record);
  const sessions = sessionContexts(records);
  return records.map((record): AuditEntry => {
    switch (record.type) {
      case 'intent':
        return { record, op: record.op, operator: record.operator, desk: record.desk, shipmentIds: record.targets.shipmentIds ?? [] };
      case 'outcome': {
        const intent = intents.get(record.intentId);
        return { record, intent, op: intent?.op, operator: intent?.operator, desk: intent?.desk, shipmentIds: intent?.targets.shipmentIds ?? [] };
      }
      default: {
        const context = sessions.get(record.sessionId);
        return { record, operator: context?.operator, desk: context?.desk, shipmentIds: [...(context?.shipmentIds ?? [])] };
      }
    }
  });
}

/** The audit entries matching every given criterion. */
export function queryAudit(records: JournalRecord[], filter: AuditFilter): AuditEntry[] {
  const text = filter.text?.trim().toLowerCase();
  return auditEntries(records).filter((entry) => {
    const at = Date.parse(entry.record.at);
    if (filter.from && at < filter.from.getTime()) return false;
    if (filter.to && at >= filter.to.getTime()) return false;
    if (filter.types && !filter.types.includes(entry.record.type)) return false;
    if (filter.op && entry.op !== filter.op) return false;
    if (filter.operator && entry.operator !== filter.operator) return false;
    if (filter.shipmentId && !entry.shipmentIds.includes(filter.shipmentId)) return false;
    if (text) {
      const haystack = `${JSON.stringify(entry.record)} ${entry.op ?? ''} ${entry.operator ?? ''}`.toLowerCase();
      if (!haystack.includes(text)) return false;
    }
    return true;
  });
}

/** Shift start times of day in IST, "HH:MM", e.g. ["06:00", "14:00", "22:00"]. */
export type ShiftBoundaries = readonly string[];

function boundaryMinutes(boundaries: ShiftBoundaries): number[] {
  if (boundaries.length === 0) throw new Error('At least one shift start time is needed.');
  return boundaries
    .map((text) => {
      const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
      if (!match) throw new Error(`Shift start "${text}" is not a time of day like 06:00.`);
      return Number(match[1]) * 60 + Number(match[2]);
    })
    .sort((a, b) => a - b);
}

/** The shift an instant falls in: [start, end) in real time. */
export function shiftOf(at: Date, boundaries: ShiftBoundaries): { start: Date; end: Date } {
  const starts = boundaryMinutes(boundaries);
  const p = istParts(at);
  const minute = p.hour * 60 + p.minute;
  let index = starts.findLastIndex((start) => start <= minute);
  let dayOffset = 0;
  if (index < 0) {
    // Before the first start of the day: still the last shift of yesterday (e.g. 02:00 in 22:00).
    index = starts.length - 1;
    dayOffset = -1;
  }
  const startMin = starts[index];
  const start = istInstant(p.year, p.month, p.day + dayOffset, Math.floor(startMin / 60), startMin % 60);
  const endMin = index + 1 < starts.length ? starts[index + 1] : starts[0] + 24 * 60;
  const end = new Date(start.getTime() + (endMin - startMin) * 60_000);
  return { start, end };
}

export type OperationTally = Record<OutcomeStatus | 'open', number>;

export interface ShiftSummary {
  start: Date;
  end: Date;
  /** Shipments packed, at the desk and in waves (accepted pack operations). */
  packed: number;
  scans: number;
  /** Of the scans, those the desk refused (wrong item, bad IMEI...). */
  refused: number;
  /** Per operation: how the intents started in this shift ended ("open": no outcome yet). */
  operations: Record<string, OperationTally>;
}

function finalStatuses(records: JournalRecord[]): Map<string, OutcomeStatus> {
  const status = new Map<string, OutcomeStatus>();
  for (const record of records) {
    if (record.type !== 'outcome') continue;
    // A definite answer is final; a later 'unknown' never overrides it.
    if (record.status !== 'unknown' || !status.has(record.intentId)) status.set(record.intentId, record.status);
  }
  return status;
}

/**
 * Every shipment the marketplace accepted a pack for, once, at the time of its pack request: the
 * desk's packs and the waves' alike (both are journaled 'pack' operations). A batch that failed
 * in part names what failed (result.failed) or, when reconciled, what was done (result.done).
 */
export function packedShipments(records: JournalRecord[]): { shipmentId: string; at: Date; operator: string }[] {
  const intents = new Map<string, IntentRecord>();
  const done = new Map<string, { shipmentId: string; at: Date; operator: string }>();
  for (const record of records) {
    if (record.type === 'intent' && record.op === 'pack') intents.set(record.id, record);
    if (record.type !== 'outcome') continue;
    const intent = intents.get(record.intentId);
    if (!intent) continue;
    const targets = intent.targets.shipmentIds ?? [];
    const result = record.result ?? {};
    let ids: string[] = [];
    if (Array.isArray(result.done)) ids = result.done.map(String);
    else if (record.status === 'ok') ids = targets;
    else if (record.status === 'failed' && Array.isArray(result.failed)) ids = targets.filter((id) => !(result.failed as unknown[]).includes(id));
    // A repeated pack of a packed shipment is refused as a duplicate: it was packed before.
    else if (record.errorCode === 'DUPLICATE_PACK_REQUEST') ids = targets;
    for (const shipmentId of ids) if (!done.has(shipmentId)) done.set(shipmentId, { shipmentId, at: new Date(intent.at), operator: intent.operator });
  }
  return [...done.values()];
}

/** Activity per shift, oldest first; shifts without activity are left out. */
export function countsPerShift(records: JournalRecord[], boundaries: ShiftBoundaries, range: { from?: Date; to?: Date } = {}): ShiftSummary[] {
  const statuses = finalStatuses(records);
  const shifts = new Map<number, ShiftSummary>();
  const shiftAt = (at: Date): ShiftSummary => {
    const { start, end } = shiftOf(at, boundaries);
    let shift = shifts.get(start.getTime());
    if (!shift) shifts.set(start.getTime(), (shift = { start, end, packed: 0, scans: 0, refused: 0, operations: {} }));
    return shift;
  };
  for (const { at } of packedShipments(records)) {
    if ((range.from && at < range.from) || (range.to && at >= range.to)) continue;
    shiftAt(at).packed += 1;
  }
  for (const record of queryAudit(records, range).map((entry) => entry.record)) {
    const counts = record.type === 'intent' || (record.type === 'scan' && record.kind !== 'measurement');
    if (!counts) continue;
    const shift = shiftAt(new Date(record.at));
    if (record.type === 'scan') {
      shift.scans += 1;
      if (record.refused !== undefined) shift.refused += 1;
    } else if (record.type === 'intent') {
      const tally = (shift.operations[record.op] ??= { ok: 0, failed: 0, unknown: 0, open: 0 });
      tally[statuses.get(record.id) ?? 'open'] += 1;
    }
  }
  return [...shifts.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

function istHourStart(at: Date): Date {
  const p = istParts(at);
  return istInstant(p.year, p.month, p.day, p.hour);
}

/**
 * Shipments packed per IST clock hour, at the desk and in waves. With both from and to, every hour of the range is listed
 * (zeros included, for a chart); otherwise only hours with packs.
 */
export function packsPerHour(records: JournalRecord[], range: { from?: Date; to?: Date } = {}): { hourStart: Date; packed: number }[] {
  const hours = new Map<number, number>();
  if (range.from && range.to) {
    for (let t = istHourStart(range.from).getTime(); t < range.to.getTime(); t += 3_600_000) hours.set(t, 0);
  }
  for (const { at } of packedShipments(records)) {
    if (range.from && at < range.from) continue;
    if (range.to && at >= range.to) continue;
    const hour = istHourStart(at).getTime();
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  return [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([hour, packed]) => ({ hourStart: new Date(hour), packed }));
}
