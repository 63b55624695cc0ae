// The warehouse database connection: one pg Pool per desk, made from a postgres:// URL and TLS
// options. Every warehouse service takes this pool as a parameter and runs its work through
// withClient()/inTransaction() here, so that a database that is away always surfaces as one
// typed error (WarehouseUnreachableError) the desk can put into words, never as a crash: the
// pool's own 'error' events (an idle connection cut by a restart) are caught here too.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { keyedError } from '../../../shared/i18n/station-sentences.js';

/** How long a desk waits for a connection before saying the database is unreachable (pg counts
 * the wait for a free connection of the pool in it too: keep a desk's calls few at a time). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** A statement not answered in this time is a lost link (a cut cable does not refuse, it hangs). */
export const DEFAULT_QUERY_TIMEOUT_MS = 15_000;
/** Connections per desk: a desk does one thing at a time, plus the outbox and lease renewals. */
export const DEFAULT_POOL_SIZE = 4;
const REDACTED = '[redacted]';

/**
 * 'verify-full': TLS with the server's certificate checked against the system's or the given CA
 * and its name; 'disable': no TLS (refused for anything but this machine). libpq's 'require'
 * and 'verify-ca' are read as 'verify-full': a desk never trusts a certificate it cannot check.
 */
export type WarehouseSslMode = 'disable' | 'verify-full';

export interface WarehouseConnectionOptions {
  /** postgres://user[:password]@host[:port]/database[?sslmode=...] */
  url: string;
  /** Overrides the URL's sslmode; by default TLS is on except for localhost. */
  sslMode?: WarehouseSslMode;
  /** PEM file of the CA that signed the server's certificate (a private CA). */
  caFile?: string;
  /** The password when it is not in the URL (it is kept with the desk's secrets). */
  password?: string;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  max?: number;
  /** Connections kept open while idle (pg closes idle ones after 10 s otherwise). */
  keepOpen?: number;
  /** Run on every new connection before the pool hands it out; must not reject (claim-plans.ts). */
  onConnect?: (client: pg.ClientBase) => Promise<void>;
  /** Told of every pool error not tied to a query (an idle connection lost). */
  onIdleError?: (error: WarehouseUnreachableError) => void;
}

/** The database could not be reached or the link broke; `message` is a sentence for the desk. */
export class WarehouseUnreachableError extends Error {
  override readonly name = 'WarehouseUnreachableError';
  constructor(readonly reason: string) {
    super(`warehouse database unreachable: ${reason}`);
  }
}

const LINK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now).
const LINK_SQLSTATE = /^(08|57P0[123])/;
const LINK_MESSAGE = /(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|Query read timeout)/i;

/** True when the error means "the database is not there", as opposed to a refused statement. */
export function isLinkFailure(error: unknown): boolean {
  if (error instanceof WarehouseUnreachableError) return true;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (LINK_CODES.has(e.code) || LINK_SQLSTATE.test(e.code))) return true;
  if (Array.isArray(e.errors) && e.errors.some(isLinkFailure)) return true; // AggregateError (IPv4 + IPv6)
  return typeof e.message === 'string' && LINK_MESSAGE.test(e.message);
}

/** A link failure becomes a WarehouseUnreachableError; anything else is rethrown unchanged. */
export function asWarehouseError(error: unknown): unknown {
  if (error instanceof WarehouseUnreachableError || !isLinkFailure(error)) return error;
  const e = error as { code?: string; message?: string; errors?: { message?: string }[] };
  const text = e.message || e.errors?.map((x) => x.message).join('; ') || e.code || 'no answer';
  return new WarehouseUnreachableError(text);
}

/** The URL with its password replaced, for logs and screens. */
export function redactWarehouseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = REDACTED;
    return parsed.toString().replace(encodeURIComponent(REDACTED), REDACTED);
  } catch {
    return url.replace(/(\/\/[^:/@]*:)[^@]*@/, `$1${REDACTED}@`);
  }
}

/** The password in a URL, if any (to hand to the secret store and the log redaction). */
export function passwordOfUrl(url: string): string | undefined {
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '']);

/** The pg config for the options: TLS settings resolved, the password kept out of the URL. */
export function poolConfig(options: WarehouseConnectionOptions): pg.PoolConfig {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw keyedError('INVALID_SETTINGS', 'warehouse.db.notAddress', { address: redactWarehouseUrl(options.url) });
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw keyedError('INVALID_SETTINGS', 'warehouse.db.notPostgres', { protocol: `${url.protocol}//` });
  }
  const urlMode = url.searchParams.get('sslmode');
  const local = LOCAL_HOSTS.has(url.hostname);
  const mode: WarehouseSslMode = options.sslMode ?? (urlMode === 'disable' ? 'disable' : urlMode ? 'verify-full' : local ? 'disable' : 'verify-full');
  if (mode === 'disable' && !local) {
    throw keyedError('INVALID_SETTINGS', 'warehouse.db.tlsOff', { host: url.hostname });
  }
  const password = options.password ?? passwordOfUrl(options.url);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 5432,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    user: decodeURIComponent(url.username) || undefined,
    password,
    ssl: mode === 'disable' ? false : { rejectUnauthorized: true, ...(options.caFile ? { ca: readFileSync(options.caFile, 'utf8') } : {}) },
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    keepAlive: true,
    max: options.max ?? DEFAULT_POOL_SIZE,
    ...(options.keepOpen ? { min: Math.min(options.keepOpen, options.max ?? DEFAULT_POOL_SIZE) } : {}),
    application_name: 'packing-station',
    ...(options.onConnect ? { onConnect: options.onConnect } : {}),
  };
}

/** A pool whose idle-connection errors are reported, not thrown into the event loop. */
export function createWarehousePool(options: WarehouseConnectionOptions): pg.Pool {
  const pool = new pg.Pool(poolConfig(options));
  pool.on('error', (error) => {
    const typed = asWarehouseError(error);
    options.onIdleError?.(typed instanceof WarehouseUnreachableError ? typed : new WarehouseUnreachableError(String((typed as Error).message)));
  });
  return pool;
}

export type WarehousePool = pg.Pool;
export type WarehouseClient = pg.PoolClient;

/** Runs fn with one connection; link failures become WarehouseUnreachableError. */
export async function withClient<T>(pool: WarehousePool, fn: (client: WarehouseClient) => Promise<T>): Promise<T> {
  let client: WarehouseClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw asWarehouseError(error);
  }
  // Errors on a checked-out client are also thrown to its query; this keeps them off the loop.
  const onError = (): void => undefined;
  client.on('error', onError);
  let broken: unknown;
  try {
    return await fn(client);
  } catch (error) {
    if (isLinkFailure(error)) broken = error;
    throw asWarehouseError(error);
  } finally {
    client.off('error', onError);
    // A connection that failed is destroyed, not returned to the pool for the next caller.
    client.release(broken ? (broken as Error) : undefined);
  }
}

/** Runs fn inside BEGIN/COMMIT (ROLLBACK on any error). */
export function inTransaction<T>(pool: WarehousePool, fn: (client: WarehouseClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
