// Setup -> Warehouse's "Test connection": one connection with the typed settings, then what
// happened in words a person can act on: connected (and the schema version), nothing listening,
// wrong password, a certificate that cannot be checked, a database newer than this desk.
import pg from 'pg';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { MIGRATIONS } from './migrations.js';
import { poolConfig, redactWarehouseUrl, type WarehouseConnectionOptions } from './warehouse-pool.js';
import { connectionFailureSentence } from './warehouse-problem-words.js';

export interface ConnectionTestResult {
  ok: boolean;
  text: string;
  /** The same words as a catalogue key, for the desk's language. */
  sentence: KeyedSentence;
}

const result = (ok: boolean, sentence: KeyedSentence): ConnectionTestResult => ({ ok, text: englishSentence(sentence), sentence });

export async function testWarehouseConnection(options: WarehouseConnectionOptions): Promise<ConnectionTestResult> {
  let config: pg.ClientConfig;
  try {
    config = poolConfig({ connectTimeoutMs: 5_000, ...options });
  } catch (error) {
    const carried = (error as { sentence?: KeyedSentence }).sentence;
    return carried ? result(false, carried) : result(false, keyed('warehouse.db.failed', { detail: (error as Error).message }));
  }
  const where = { host: config.host ?? '', port: config.port ?? 5432, user: config.user ?? '', database: config.database ?? '' };
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    return result(false, connectionFailureSentence(error, where));
  }
  try {
    const table = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows[0].t;
    const version = table ? Number((await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0].v ?? 0) : 0;
    // Versions grow with gaps (numbers kept per feature): the newest this desk knows is the last one's.
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    const address = redactWarehouseUrl(options.url);
    if (version > known) return result(false, keyed('warehouse.db.test.newer', { address, version, known }));
    // A desk never migrates: until the lead does, a desk cannot use it.
    if (version < known) return result(false, keyed('warehouse.db.test.older', { address, version, known }));
    return result(true, keyed('warehouse.db.test.current', { address, version }));
  } catch (error) {
    return result(false, connectionFailureSentence(error, where));
  } finally {
    await client.end().catch(() => undefined);
  }
}
