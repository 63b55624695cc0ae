// The desk's operator directory. A desk alone keeps its list in its own file. In warehouse mode
// the list is the warehouse's (the operators table, migration 0015): every desk reads and writes
// there, so a badge printed at one desk signs in at every desk, badge codes are unique across the
// warehouse, and a rename or a retirement reaches every desk. The desk's file is its copy of that
// list, refreshed at every look-up and every SYNC_INTERVAL_MS: while the database is away the
// operators it knows still sign in (badge or PIN), and adding or changing operators waits.
import type { WarehousePool } from '../warehouse/warehouse-pool.js';
import {
  changedOperator,
  newOperator,
  OperatorError,
  publicOf,
  StoredOperator,
  type OperatorChange,
  type OperatorDirectory,
  type OperatorFile,
  type PublicOperator,
} from './operator-directory.js';

/** How often the desk's copy is refreshed while nothing asks (renames and retirements elsewhere). */
export const SYNC_INTERVAL_MS = 30_000;
/** A new badge that happens to be taken at another desk is drawn again, at most this often. */
const BADGE_DRAWS = 5;
/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

export interface SharedOperatorsDeps {
  /** This desk's file: its own list, or its copy of the warehouse's. */
  cache: OperatorFile;
  /** The warehouse database of this desk (undefined: the desk works alone); `online` as last seen. */
  warehouse: () => { pool: WarehousePool; online: boolean } | undefined;
  /** The desk's name, recorded with the operators it adds. */
  desk: () => string;
  now: () => Date;
  log: (line: string) => void;
  /** The list changed from elsewhere (another desk). */
  onChange: () => void;
}

interface OperatorRow {
  id: string;
  name: string;
  badge: string;
  pin_hash: string;
  language: string | null;
  retired: boolean;
  added_at: Date;
}

const fromRow = (r: OperatorRow): StoredOperator =>
  StoredOperator.parse({ id: r.id, name: r.name, badge: r.badge, pinHash: r.pin_hash, ...(r.language ? { language: r.language } : {}), retired: r.retired, addedAt: r.added_at.toISOString() });

const violated = (e: unknown, index: string) => (e as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION && (e as { constraint?: string }).constraint === index;

export class SharedOperators implements OperatorDirectory {
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The pool this desk's own operators were offered to (once per connection). */
  private sharedWith: WarehousePool | undefined;
  private unread = false;

  constructor(private readonly deps: SharedOperatorsDeps) {}

  list(): PublicOperator[] {
    return this.deps.cache.list();
  }

  /** Refreshes the copy now and every SYNC_INTERVAL_MS. */
  start(): void {
    void this.refresh();
    this.timer ??= setInterval(() => void this.refresh(), SYNC_INTERVAL_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Takes the warehouse's list as the desk's copy; false when there is no database or it did not
   * answer (the copy stays as it was). The first time on a connection, operators only this desk
   * knows (added before warehouse mode) are offered to the warehouse first.
   */
  async refresh(): Promise<boolean> {
    const link = this.deps.warehouse();
    // Away: the copy answers at once rather than after a connection timeout.
    if (!link?.online) return false;
    try {
      if (this.sharedWith !== link.pool) await this.shareOwn(link.pool);
      const { rows } = await link.pool.query<OperatorRow>('SELECT id, name, badge, pin_hash, language, retired, added_at FROM operators ORDER BY added_at, id');
      if (this.deps.cache.replace(rows.map(fromRow))) this.deps.onChange();
      this.unread = false;
      return true;
    } catch (e) {
      // Said once per outage, not at every look-up.
      if (!this.unread) this.deps.log(`Operators: the warehouse list could not be read (${(e as Error).message}); this desk signs in the operators it knows.`);
      this.unread = true;
      return false;
    }
  }

  private async shareOwn(pool: WarehousePool): Promise<void> {
    const own = this.deps.cache.records();
    for (const o of own) {
      const { rowCount } = await pool.query(
        `INSERT INTO operators (id, name, badge, pin_hash, language, retired, added_at, added_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT DO NOTHING`,
        [o.id, o.name, o.badge, o.pinHash, o.language ?? null, o.retired, o.addedAt, this.deps.desk()],
      );
      if (rowCount === 0) {
        const known = await pool.query('SELECT 1 FROM operators WHERE id = $1', [o.id]);
        if (known.rowCount === 0) this.deps.log(`Operators: ${o.name} of this desk is not in the warehouse list: the warehouse has an active operator of that name (or that badge). Add them again in Setup -> Operators under another name.`);
      }
    }
    this.sharedWith = pool;
  }

  /** The database for a change, or a refusal in words: changes need every desk to agree. */
  private online(): WarehousePool | undefined {
    const link = this.deps.warehouse();
    if (!link) return undefined;
    if (!link.online) throw new OperatorError('WAREHOUSE_AWAY', 'Operators are shared through the warehouse database, which cannot be reached now. Add or change operators when it is back.');
    return link.pool;
  }

  async add(name: string, pin: string, language?: string): Promise<PublicOperator> {
    const pool = this.online();
    if (!pool) return this.deps.cache.add(name, pin, language);
    for (let draw = 1; ; draw++) {
      const taken = new Set(this.deps.cache.records().map((o) => o.badge));
      const o = newOperator(name, pin, language, taken, this.deps.now());
      try {
        await pool.query(
          `INSERT INTO operators (id, name, badge, pin_hash, language, retired, added_at, added_by, updated_at)
           VALUES ($1, $2, $3, $4, $5, false, $6, $7, $6)`,
          [o.id, o.name, o.badge, o.pinHash, o.language ?? null, o.addedAt, this.deps.desk()],
        );
        await this.refresh();
        return publicOf(o);
      } catch (e) {
        if (violated(e, 'operators_active_name')) throw new OperatorError('NAME_TAKEN', name);
        if (!violated(e, 'operators_badge') || draw >= BADGE_DRAWS) throw e;
      }
    }
  }

  async update(id: string, change: OperatorChange): Promise<PublicOperator> {
    const pool = this.online();
    if (!pool) return this.deps.cache.update(id, change);
    const { rows } = await pool.query<OperatorRow>('SELECT id, name, badge, pin_hash, language, retired, added_at FROM operators WHERE id = $1', [id]);
    if (!rows[0]) throw new OperatorError('NO_SUCH_OPERATOR', `There is no operator ${id}.`);
    const next = changedOperator(fromRow(rows[0]), change);
    try {
      await pool.query('UPDATE operators SET name = $2, pin_hash = $3, language = $4, retired = $5, updated_at = $6 WHERE id = $1', [
        id,
        next.name,
        next.pinHash,
        next.language ?? null,
        next.retired,
        this.deps.now().toISOString(),
      ]);
    } catch (e) {
      if (violated(e, 'operators_active_name')) throw new OperatorError('NAME_TAKEN', next.name);
      throw e;
    }
    await this.refresh();
    return publicOf(next);
  }

  /** Read fresh from the warehouse when it answers, else from the desk's copy. */
  async byBadge(badge: string): Promise<PublicOperator | undefined> {
    await this.refresh();
    return this.deps.cache.byBadge(badge);
  }

  async checkPin(id: string, pin: string): Promise<PublicOperator | undefined> {
    await this.refresh();
    return this.deps.cache.checkPin(id, pin);
  }
}
