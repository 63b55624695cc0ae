// Setup -> Warehouse's "Test connection": one connection with the typed settings, then what
// happened in words a person can act on: connected (and the schema version), nothing listening,
// wrong password, a certificate that cannot be checked, a database newer than this desk.
import pg from 'pg';
import { MIGRATIONS } from './migrations.js';
import { poolConfig, redactWarehouseUrl, type WarehouseConnectionOptions } from './warehouse-pool.js';

export interface ConnectionTestResult {
  ok: boolean;
  text: string;
}

const CERT_CODES = /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE)$/;

/** The failure of a connection attempt in words (SQLSTATE codes: PostgreSQL manual, Appendix A). */
export function describeConnectionFailure(error: unknown, where: { host: string; port: number; user: string; database: string }): string {
  const e = (error ?? {}) as { code?: string; message?: string; errors?: { code?: string; message?: string }[] };
  const code = e.code ?? e.errors?.[0]?.code ?? '';
  const message = e.message || e.errors?.map((x) => x.message).join('; ') || String(error);
  const at = `${where.host}:${where.port}`;
  if (code === 'ECONNREFUSED') return `Refused: nothing answers at ${at}. Check that PostgreSQL runs there and listens on that port (listen_addresses, the firewall).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The name ${where.host} is not known on this network. Check the address.`;
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || /timeout/i.test(message)) return `No answer from ${at} in time: the machine cannot be reached from this desk (network, firewall).`;
  if (code === '28P01') return `Wrong password for the database user ${where.user}. Type the password again.`;
  if (code === '28000') return `The database does not let ${where.user} in from this desk (${message}). Ask for an entry in pg_hba.conf for this machine.`;
  if (code === '3D000') return `There is no database ${where.database} at ${at}. Check the name at the end of the address.`;
  if (CERT_CODES.test(code) || /certificate/i.test(message)) {
    return `Certificate problem: the database's certificate could not be checked (${message}). Give the CA file of the CA that signed it, or check that the address uses the name in the certificate.`;
  }
  if (/does not support SSL/i.test(message)) return `The database at ${at} does not offer TLS. Turn TLS on at the server (ssl = on), or use TLS off only for a database on this machine.`;
  return `The connection failed: ${message}`;
}

export async function testWarehouseConnection(options: WarehouseConnectionOptions): Promise<ConnectionTestResult> {
  let config: pg.ClientConfig;
  try {
    config = poolConfig({ connectTimeoutMs: 5_000, ...options });
  } catch (error) {
    return { ok: false, text: (error as Error).message };
  }
  const where = { host: config.host ?? '', port: config.port ?? 5432, user: config.user ?? '', database: config.database ?? '' };
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    return { ok: false, text: describeConnectionFailure(error, where) };
  }
  try {
    const table = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows[0].t;
    const version = table ? Number((await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0].v ?? 0) : 0;
    // Versions grow with gaps (numbers kept per feature): the newest this desk knows is the last one's.
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    const address = redactWarehouseUrl(options.url);
    if (version > known) return { ok: false, text: `Connected to ${address}, but its schema (version ${version}) is newer than this desk knows (${known}). Update this desk's Packing Station first.` };
    if (version < known) return { ok: true, text: `Connected to ${address}. The schema is at version ${version}; this desk brings it to ${known} when it connects.` };
    return { ok: true, text: `Connected to ${address} (schema version ${version}, up to date).` };
  } catch (error) {
    return { ok: false, text: describeConnectionFailure(error, where) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
