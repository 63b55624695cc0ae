// The station journal: a durable, append-only record of every outbound mutating operation and
// of every scan and step of a pack session, doubling as the audit trail.
//
// Durability contract: appendIntent resolves only after the line is on disk (write + fdatasync),
// so a caller that sends its request after the promise resolves can always find the intent
// again after a crash, however abrupt. Appends are serialised in call order.
//
// Layout: journal-NNNNNN.jsonl segments in one directory; the highest index is active. When the
// active segment outgrows maxSegmentBytes a new one is started and every record that open state
// depends on (open intents, open pack sessions with their scans and the put-aside sessions they
// resume) is copied into it, keeping its seq, so the newest segment alone can restore the desk;
// readers drop the duplicates by seq.
// Old segments are removed beyond maxSegments or maxAgeDays, but never one holding the only copy
// of an open intent or session. One process writes a journal directory at a time (journal-lock.ts).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, truncateSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../packing/ist-dates.js';
import { queryAudit, type AuditEntry, type AuditFilter } from './audit-query.js';
import { writeFileDurably } from './durable-file.js';
import { readSince, type JournalCursor, type JournalTail } from './journal-cursor.js';
import { lockJournal } from './journal-lock.js';
import { damageReports, repairJournal, rotationTrouble, type JournalDamage } from './journal-repair.js';
import { JournalState, stateKeyOf } from './journal-state.js';
import type {
  IntentInput,
  IntentRecord,
  JournalRecord,
  OpenIntent,
  OpenSession,
  OutcomeInput,
  OutcomeRecord,
  ScanInput,
  ScanRecord,
  SessionInput,
  SessionRecord,
} from './records.js';
import { JournalRecord as JournalRecordSchema } from './records.js';
import { redactSecrets } from './redact.js';
import { encodeLine, listSegments, readSegment, segmentName } from './segment-file.js';
import { readSegmentMark, writeSegmentMark } from './segment-mark.js';
import { resumedRecords } from './session-lineage.js';

export const DEFAULT_MAX_SEGMENT_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_SEGMENTS = 20;
export const DEFAULT_MAX_AGE_DAYS = 90;
const DAY_MS = 86_400_000;

export interface JournalOptions {
  dir: string;
  clock: Clock;
  /** Size past which the active segment is closed and a new one started. */
  maxSegmentBytes?: number;
  /** Closed segments kept at most (the active one not counted). */
  maxSegments?: number;
  /** Closed segments whose last record is older than this are removed. */
  maxAgeDays?: number;
  /** Id of a new intent when the caller gives none. */
  newId?: () => string;
}

/** A record before the journal stamps it with seq and time. */
type Unstamped = JournalRecord extends infer R ? (R extends unknown ? Omit<R, 'seq' | 'at'> : never) : never;

interface SegmentMeta {
  index: number;
  lastAtMs: number;
  /**
   * Open-state keys (intent or session) of the records in it. Once the segment is closed only the
   * keys still open can stop its removal (safeToDrop), so the rest are let go (forgetClosedKeys):
   * a shift's thousands of settled ids are not held until the segment is pruned.
   */
  keys: Set<string>;
}

/** What opening found on disk: damage is repaired, never fatal, and reported (journal-repair.ts). */
export interface JournalHealth {
  corruptLines: number;
  /** Bytes of a torn last append that were cut off on open. */
  tornBytesCut: number;
  segments: number;
  /** What this opening found damaged and repaired, in sentences with the details. */
  damage: JournalDamage[];
}

export class Journal {
  private readonly state = new JournalState();
  private readonly segments: SegmentMeta[] = [];
  private handle: FileHandle | undefined;
  private activeBytes = 0;
  private lastSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private unlock: () => void = () => undefined;
  /** Segments removed on purpose that are newer than the oldest kept (the mark says them). */
  private pruned: number[] = [];
  /** A rotation (or mark) that failed after its record was on disk: said until one succeeds. */
  private trouble: JournalDamage | undefined;
  readonly health: JournalHealth = { corruptLines: 0, tornBytesCut: 0, segments: 0, damage: [] };

  private constructor(private readonly options: Required<JournalOptions>) {}

  /** Opens (or creates) the journal in options.dir and restores its open state. */
  static async open(options: JournalOptions): Promise<Journal> {
    const journal = new Journal({
      maxSegmentBytes: DEFAULT_MAX_SEGMENT_BYTES,
      maxSegments: DEFAULT_MAX_SEGMENTS,
      maxAgeDays: DEFAULT_MAX_AGE_DAYS,
      newId: randomUUID,
      ...options,
    });
    mkdirSync(journal.options.dir, { recursive: true, mode: 0o700 });
    journal.unlock = await lockJournal(journal.options.dir);
    try {
      await journal.load();
    } catch (error) {
      journal.unlock();
      throw error;
    }
    return journal;
  }

  private async load(): Promise<void> {
    const { dir } = this.options;
    const mark = readSegmentMark(dir);
    this.health.damage = repairJournal(dir, { maxSegmentBytes: this.options.maxSegmentBytes, now: this.options.clock.now(), mark });
    for (const d of this.health.damage) {
      if (d.kind === 'damagedLines') this.health.corruptLines += d.count;
      if (d.kind === 'tornTail') this.health.tornBytesCut += d.count;
    }
    const indexes = listSegments(dir);
    if (indexes.length === 0) {
      // After segments were lost, a new one gets the next index: an old report never names it.
      const first = (mark?.written ?? 0) + 1;
      writeFileDurably(join(dir, segmentName(first)), '');
      indexes.push(first);
    }
    this.lastSeq = mark?.seq ?? 0;
    let written = indexes[0] - 1;
    const seen = new Set<number>();
    for (const index of indexes) {
      const contents = readSegment(dir, index);
      if (contents.records.length > 0) written = index;
      const meta: SegmentMeta = { index, lastAtMs: 0, keys: new Set() };
      for (const record of contents.records) {
        meta.keys.add(stateKeyOf(record));
        meta.lastAtMs = Math.max(meta.lastAtMs, Date.parse(record.at));
        this.lastSeq = Math.max(this.lastSeq, record.seq);
        if (seen.has(record.seq)) continue; // a copy carried forward by rotation
        seen.add(record.seq);
        this.state.apply(record);
      }
      this.segments.push(meta);
      if (index === indexes[indexes.length - 1]) {
        // A crash inside an append leaves a line without its newline: cut it off, or the next
        // append would be glued to it and lost with it.
        if (contents.tornBytes > 0) {
          truncateSync(join(dir, segmentName(index)), contents.completeBytes);
          this.health.tornBytesCut = contents.tornBytes;
        }
        this.activeBytes = contents.completeBytes;
      }
    }
    this.health.segments = this.segments.length;
    for (const meta of this.segments.slice(0, -1)) this.forgetClosedKeys(meta);
    this.handle = await open(join(dir, segmentName(this.active.index)), 'a', 0o600);
    // Every segment absent now was pruned earlier or was just reported lost: neither is said again.
    this.pruned = [];
    for (let index = indexes[0] + 1; index <= written; index += 1) if (!indexes.includes(index)) this.pruned.push(index);
    writeSegmentMark(dir, { lowest: indexes[0], written, seq: this.lastSeq, pruned: this.pruned });
  }

  /** Says in the mark that the segments up to `written` hold records. */
  private mark(written: number): void {
    writeSegmentMark(this.options.dir, { lowest: this.segments[0].index, written, seq: this.lastSeq, pruned: this.pruned });
  }

  private get active(): SegmentMeta {
    return this.segments[this.segments.length - 1];
  }

  /** Records the intent durably; send the request only after this resolves. */
  appendIntent(input: Omit<IntentInput, 'id'> & { id?: string }): Promise<IntentRecord> {
    if (input.id !== undefined && this.state.hasIntent(input.id)) {
      return Promise.reject(new Error(`An operation with id ${input.id} is already open in the journal; give each operation its own id.`));
    }
    const request = redactSecrets(input.request) as Record<string, unknown>;
    return this.append({ type: 'intent', ...input, id: input.id ?? this.options.newId(), request }) as Promise<IntentRecord>;
  }

  /** Records how an operation ended ('unknown' keeps the intent open for reconciliation). */
  appendOutcome(input: OutcomeInput): Promise<OutcomeRecord> {
    const result = input.result === undefined ? undefined : (redactSecrets(input.result) as Record<string, unknown>);
    return this.append({ type: 'outcome', ...input, ...(result ? { result } : {}) }) as Promise<OutcomeRecord>;
  }

  appendScan(input: ScanInput): Promise<ScanRecord> {
    return this.append({ type: 'scan', ...input }) as Promise<ScanRecord>;
  }

  appendSession(input: SessionInput): Promise<SessionRecord> {
    return this.append({ type: 'session', ...input }) as Promise<SessionRecord>;
  }

  /** Intents without a definite outcome, oldest first. */
  openIntents(): OpenIntent[] {
    return this.state.openIntents();
  }

  /** Pack sessions not closed, each with its scans and packed steps in order. */
  openSessions(): OpenSession[] {
    return this.state.openSessions();
  }

  /**
   * False when no session of this shipment was put aside since it was last sent for packing, so
   * there is nothing to carry on from and the segments need not be read (kept in memory, O(1)).
   */
  mayHavePutAside(shipmentId: string): boolean {
    return this.state.mayHavePutAside(shipmentId);
  }

  /** Open-state keys held in memory for pruning, all segments together (bounded by the active segment's size). */
  get indexedKeys(): number {
    return this.segments.reduce((n, meta) => n + meta.keys.size, 0);
  }

  /** Seq of the newest record taken (0 when empty): readers such as an outbox poll it cheaply. */
  get lastSequence(): number {
    return this.lastSeq;
  }

  /** Every record still kept on disk, once each, in seq order (reads the segments). */
  async records(): Promise<JournalRecord[]> {
    await this.queue.catch(() => undefined);
    return this.storedRecords();
  }

  private storedRecords(): JournalRecord[] {
    const bySeq = new Map<number, JournalRecord>();
    for (const index of listSegments(this.options.dir)) {
      for (const record of readSegment(this.options.dir, index).records) {
        if (!bySeq.has(record.seq)) bySeq.set(record.seq, record);
      }
    }
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }

  /**
   * Records with a seq above `after` appended since `cursor`, reading only the bytes written since
   * (journal-cursor.ts), and the cursor for the next call: for readers that follow the journal.
   */
  async recordsSince(after: number, cursor?: JournalCursor): Promise<JournalTail> {
    await this.queue.catch(() => undefined);
    return readSince(this.options.dir, after, cursor);
  }

  /** The latest damage found and repaired on opening, newest first (the Activity screen). */
  damageReports(): JournalDamage[] {
    return [...(this.trouble ? [this.trouble] : []), ...damageReports(this.options.dir)];
  }

  /** What went wrong keeping the journal bounded since the last success, in words (undefined when nothing). */
  get rotationTrouble(): JournalDamage | undefined {
    return this.trouble;
  }

  /** The audit trail: kept records matching the filter, with what they inherit (audit-query.ts). */
  async query(filter: AuditFilter): Promise<AuditEntry[]> {
    return queryAudit(await this.records(), filter);
  }

  /** Waits for pending appends and releases the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.catch(() => undefined);
    await this.handle?.close();
    this.handle = undefined;
    this.unlock();
  }

  private append(partial: Unstamped): Promise<JournalRecord> {
    if (this.closed) return Promise.reject(new Error('The journal is closed.'));
    // Validate before taking a seq, so a bad record is refused without leaving a gap.
    const candidate = { ...partial, seq: this.lastSeq + 1, at: this.options.clock.now().toISOString() };
    const parsed = JournalRecordSchema.safeParse(candidate);
    if (!parsed.success) return Promise.reject(new Error(`Journal record refused: ${parsed.error.message}`));
    this.lastSeq += 1;
    const record = parsed.data;
    const run = this.queue.then(() => this.write(record));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(record: JournalRecord): Promise<JournalRecord> {
    const line = Buffer.from(encodeLine(record), 'utf8');
    const handle = this.handle!;
    const firstInSegment = this.activeBytes === 0;
    try {
      await handle.write(line);
      await handle.datasync();
    } catch (error) {
      // A partial line (disk full) must not swallow the next record: cut back to the last good
      // byte before anyone appends again.
      await handle.truncate(this.activeBytes).catch(() => undefined);
      throw error;
    }
    this.activeBytes += line.length;
    this.state.apply(record);
    const meta = this.active;
    meta.keys.add(stateKeyOf(record));
    meta.lastAtMs = Math.max(meta.lastAtMs, Date.parse(record.at));
    // The record is on disk: whatever goes wrong from here is said, never reported as its failure.
    try {
      if (firstInSegment) this.mark(meta.index);
      // A rotation that failed is tried again at the next append.
      if (this.activeBytes > this.options.maxSegmentBytes) await this.rotate();
      this.trouble = undefined;
    } catch (error) {
      this.trouble = rotationTrouble(this.active.index, this.options.clock.now(), error);
    }
    return record;
  }

  private async rotate(): Promise<void> {
    const { dir } = this.options;
    const carried = this.state.carriedRecords();
    // An open session that resumed a put-aside one needs that session's records too (session-lineage.ts).
    const resuming = this.state.openSessions().filter((open) => open.opened.resumes !== undefined);
    if (resuming.length > 0) {
      const have = new Set(carried.map((r) => r.seq));
      carried.push(...resumedRecords(this.storedRecords(), resuming.map((open) => open.sessionId)).filter((r) => !have.has(r.seq)));
      carried.sort((a, b) => a.seq - b.seq);
    }
    const next: SegmentMeta = { index: this.active.index + 1, lastAtMs: 0, keys: new Set() };
    for (const record of carried) {
      next.keys.add(stateKeyOf(record));
      next.lastAtMs = Math.max(next.lastAtMs, Date.parse(record.at));
    }
    const text = carried.map(encodeLine).join('');
    // The new segment appears complete or not at all: a crash here leaves the old one active.
    writeFileDurably(join(dir, segmentName(next.index)), text);
    // The new segment is opened before the old one is let go: a failure keeps appending to the old.
    const handle = await open(join(dir, segmentName(next.index)), 'a', 0o600);
    const old = this.handle;
    this.handle = handle;
    await old?.close().catch(() => undefined);
    for (const meta of this.segments) this.forgetClosedKeys(meta);
    this.segments.push(next);
    this.activeBytes = Buffer.byteLength(text);
    this.mark(text ? next.index : next.index - 1);
    this.prune();
  }

  private prune(): void {
    const { dir, maxSegments, maxAgeDays, clock } = this.options;
    const oldest = clock.now().getTime() - maxAgeDays * DAY_MS;
    const active = this.active;
    const closedSegments = this.segments.slice(0, -1);
    let excess = closedSegments.length - maxSegments;
    for (const meta of closedSegments) {
      const tooMany = excess > 0;
      const tooOld = meta.lastAtMs < oldest;
      if (!tooMany && !tooOld) continue;
      if (!this.safeToDrop(meta, active)) continue;
      // The mark learns of the removal first: a crash in between never makes it look lost.
      this.segments.splice(this.segments.indexOf(meta), 1);
      this.pruned = [...this.pruned, meta.index].filter((index) => index > this.segments[0].index);
      this.mark(this.activeBytes > 0 ? active.index : active.index - 1);
      rmSync(join(dir, segmentName(meta.index)), { force: true });
      excess -= 1;
    }
  }

  /** Keeps of a closed segment's keys only those still open: a settled intent or closed session never opens again. */
  private forgetClosedKeys(meta: SegmentMeta): void {
    for (const key of meta.keys) if (!this.isOpen(key)) meta.keys.delete(key);
  }

  private isOpen(key: string): boolean {
    return key.startsWith('i:') ? this.state.hasIntent(key.slice(2)) : this.state.hasSession(key.slice(2));
  }

  /** True unless the segment holds an open intent or session that the active one lacks. */
  private safeToDrop(meta: SegmentMeta, active: SegmentMeta): boolean {
    for (const key of meta.keys) if (this.isOpen(key) && !active.keys.has(key)) return false;
    return true;
  }
}
