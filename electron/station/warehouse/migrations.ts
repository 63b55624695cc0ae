// Versioned migrations of the warehouse database: numbered SQL steps (migrations/NNNN-*.ts),
// applied in order, each in its own transaction, and recorded in schema_migrations. The lead runs
// migrate() (`station warehouse migrate`, `npm run warehouse-trial`) with the login that owns the
// tables; a PostgreSQL advisory lock makes runs at once wait for one another, so each step runs
// exactly once, and a re-run applies nothing. A desk never runs DDL: it checks the version
// (checkSchema) and, when the database is behind, says the lead must migrate.
import claims from './migrations/0001-claims.js';
import invoiceNumbers from './migrations/0002-invoice-numbers.js';
import serials from './migrations/0003-serials.js';
import journalRecords from './migrations/0004-journal-records.js';
import board from './migrations/0010-board.js';
import pushNotifications from './migrations/0011-push-notifications.js';
import operators from './migrations/0015-operators.js';
import claimsOpen from './migrations/0020-claims-open.js';
import invoiceNumbersOpenPerDesk from './migrations/0021-invoice-numbers-open-per-desk.js';
import deskRoleAndIdentity from './migrations/0022-desk-role-and-identity.js';
import { withClient, type WarehousePool } from './warehouse-pool.js';
import { keyedError } from '../../../shared/i18n/station-sentences.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [claims, invoiceNumbers, serials, journalRecords, board, pushNotifications, operators, claimsOpen, invoiceNumbersOpenPerDesk, deskRoleAndIdentity];

/** PostgreSQL's insufficient_privilege. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** Key of the advisory lock held while migrating (any constant unique to this application). */
export const MIGRATION_LOCK_KEY = 0x5057_4d31; // "PWM1"

export interface MigrationReport {
  /** Versions this call applied, in order. */
  applied: number[];
  /** The schema version after the call. */
  version: number;
}

function checkOrder(migrations: readonly Migration[]): void {
  // Versions only grow; a range may be left for steps added later (they apply when they arrive).
  migrations.forEach((m, i) => {
    const before = i === 0 ? 0 : migrations[i - 1].version;
    if (!Number.isInteger(m.version) || m.version <= before) throw new Error(`Warehouse migration "${m.name}" has version ${m.version}; versions must grow (after ${before}).`);
  });
}

export async function migrate(pool: WarehousePool, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  checkOrder(migrations);
  return withClient(pool, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      const newest = Math.max(0, ...done);
      const known = migrations.at(-1)?.version ?? 0;
      if (newest > known) {
        throw keyedError('WAREHOUSE_SCHEMA_NEWER', 'warehouse.db.schemaNewer', { version: newest, known });
      }
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw Object.assign(new Error(`Warehouse migration ${m.version} (${m.name}) failed: ${(error as Error).message}`), { cause: error, code: (error as { code?: string }).code });
        }
        applied.push(m.version);
      }
      return { applied, version: known };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  });
}

/**
 * The desk's check at start: the schema it needs, without changing anything. Behind: the lead
 * must run `station warehouse migrate`; newer: this desk must be updated. Returns the version.
 */
export async function checkSchema(pool: WarehousePool, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const known = migrations.at(-1)?.version ?? 0;
  return withClient(pool, async (client) => {
    const table = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows[0].t;
    let version = 0;
    try {
      if (table) version = Number((await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0].v ?? 0);
    } catch (error) {
      // Before migration 22 a desk's role has no right to read it: the database is older than roles.
      if ((error as { code?: string }).code === INSUFFICIENT_PRIVILEGE) throw keyedError('WAREHOUSE_SCHEMA_BEHIND', 'warehouse.db.schemaBehindUnreadable');
      throw error;
    }
    if (version > known) throw keyedError('WAREHOUSE_SCHEMA_NEWER', 'warehouse.db.schemaNewer', { version, known });
    if (version < known) throw keyedError('WAREHOUSE_SCHEMA_BEHIND', 'warehouse.db.schemaBehind', { version, known });
    return version;
  });
}
