// The desk's journal shipped to the warehouse database as an outbox. The journal on the desk
// stays the source of truth; this copies its records to journal_records, keyed by (desk, seq),
// so a record sent twice (a retry after a cut link, a restart) is stored once. It runs beside
// the desk, never in its way: appends never wait for it, a flush never throws, and while the
// database is away it only notes why and catches up on a later tick.
import type { JournalCursor, JournalTail } from '../journal/journal-cursor.js';
import type { JournalRecord } from '../journal/records.js';
import { asWarehouseError, withClient, type WarehousePool } from './warehouse-pool.js';
import { deskKey, ownedBy, type DeskRef } from './desk-ref.js';

/** How often the outbox looks for new records (and retries after an outage). */
export const DEFAULT_OUTBOX_INTERVAL_MS = 2_000;
/** Records per INSERT: a desk back from a long outage catches up in steps of this size. */
export const OUTBOX_BATCH = 500;

/** What the outbox reads: the station journal (journal.ts) provides both. */
export interface JournalSource {
  readonly lastSequence: number;
  /** The records above `after` written since `cursor` (all kept ones without it), and the next cursor. */
  recordsSince(after: number, cursor?: JournalCursor): Promise<JournalTail>;
}

export interface OutboxStatus {
  /** Highest seq of this desk known to be in the database (0 before the first success). */
  shippedThrough: number;
  /** Records taken by the journal and not yet in the database. */
  waiting: number;
  /** Why the last attempt failed ("warehouse database unreachable: ..."), cleared on success. */
  lastError?: string;
  lastShippedAt?: Date;
}

export interface JournalOutboxOptions {
  /** The desk (identity and name): its records are one per (identity, seq). */
  desk: DeskRef;
  journal: JournalSource;
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
}

export class JournalOutbox {
  private shipped: number | undefined;
  /**
   * Where the last read of the journal stopped: each send reads only what was written since, so a
   * pack costs the same at the end of a shift as at its start (the whole journal is read once, on
   * the first send after a start, to find what the database lacks).
   */
  private cursor: JournalCursor | undefined;
  /** Read past the cursor but not yet stored (a batch failed): sent first next time. */
  private pending: JournalRecord[] = [];
  private inflight: Promise<OutboxStatus> | undefined;
  private again = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastError: string | undefined;
  private lastShippedAt: Date | undefined;

  constructor(
    private readonly pool: WarehousePool,
    private readonly options: JournalOutboxOptions,
  ) {}

  /** Ships on a timer until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs ?? DEFAULT_OUTBOX_INTERVAL_MS);
    this.timer.unref?.();
    this.kick();
  }

  /** Ship soon, without waiting (call after an append). */
  kick(): void {
    void this.flush();
  }

  status(): OutboxStatus {
    const shippedThrough = this.shipped ?? 0;
    return {
      shippedThrough,
      waiting: Math.max(0, this.options.journal.lastSequence - shippedThrough),
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(this.lastShippedAt ? { lastShippedAt: this.lastShippedAt } : {}),
    };
  }

  /** Ships every record not yet in the database. Never rejects: a failure is in the status. */
  flush(): Promise<OutboxStatus> {
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    this.inflight = this.run().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async run(): Promise<OutboxStatus> {
    do {
      this.again = false;
      try {
        await this.shipNew();
        this.lastError = undefined;
      } catch (error) {
        const typed = asWarehouseError(error) as Error;
        this.lastError = typed.message;
        break;
      }
    } while (this.again);
    return this.status();
  }

  private async shipNew(): Promise<void> {
    const { journal } = this.options;
    const desk = deskKey(this.options.desk);
    if (this.shipped === undefined) {
      // Batches commit in seq order, so the highest seq stored means all below it are stored.
      const row = await withClient(this.pool, (c) => c.query<{ seq: string | null }>(`SELECT max(seq) AS seq FROM journal_records WHERE ${ownedBy('$2', '$1')}`, [desk.name, desk.id]));
      this.shipped = Number(row.rows[0].seq ?? 0);
    }
    if (journal.lastSequence <= this.shipped && this.pending.length === 0) return;
    const after = this.shipped;
    const read = await journal.recordsSince(Math.max(after, this.pending.at(-1)?.seq ?? 0), this.cursor);
    this.cursor = read.cursor;
    this.pending = [...this.pending.filter((r) => r.seq > after), ...read.records];
    const fresh = this.pending;
    const size = this.options.batchSize ?? OUTBOX_BATCH;
    for (let i = 0; i < fresh.length; i += size) {
      const batch = fresh.slice(i, i + size);
      await withClient(this.pool, (c) =>
        c.query(
          `INSERT INTO journal_records (desk, desk_id, seq, type, at, record)
           SELECT $1, $6, s, t, a, r::jsonb FROM unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::text[]) AS x(s, t, a, r)
           ON CONFLICT DO NOTHING`,
          [desk.name, batch.map((r) => r.seq), batch.map((r) => r.type), batch.map((r) => r.at), batch.map((r) => JSON.stringify(r)), desk.id],
        ),
      );
      this.shipped = batch[batch.length - 1].seq;
      this.pending = fresh.slice(i + size);
      this.lastShippedAt = this.options.now?.() ?? new Date();
    }
  }

  /** Stops the timer and waits for a flush under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.inflight;
  }
}
