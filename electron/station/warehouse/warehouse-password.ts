// The warehouse database password is bound to the server it was entered for: scheme, host, port,
// user and database, as the application secret is bound to its marketplace origin
// (composition/app-secret.ts). It is only ever handed out for that same server, so a changed
// address (Setup, the settings file, --warehouse, STATION_WAREHOUSE_URL) or a connection test of
// another address never sends it anywhere else: a server there that asks for a cleartext password
// gets none. A changed address in Setup forgets it, and Setup asks for it again.
import { z } from 'zod';
import type { SecretStore } from '../settings/secret-store.js';
import { readSecretRecord } from '../settings/secret-record.js';

/** Name of the database password in the desk's SecretStore. */
export const WAREHOUSE_PASSWORD_SECRET = 'warehouse.password';

/** The server a password belongs to. */
export interface PasswordBinding {
  scheme: string;
  host: string;
  port: number;
  user: string;
  database: string;
}

const Bound = z.object({
  format: z.literal('bound-1'),
  scheme: z.string(),
  host: z.string(),
  port: z.number(),
  user: z.string(),
  database: z.string(),
  password: z.string().min(1),
});

/** The server an address names, or undefined for one that does not parse. */
export function passwordBindingOf(url: string): PasswordBinding | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  // postgres:// and postgresql:// name the same protocol; anything else is no database address.
  const scheme = u.protocol === 'postgresql:' ? 'postgres:' : u.protocol;
  const user = decodeURIComponent(u.username);
  return {
    scheme,
    host: u.hostname.toLowerCase(),
    port: u.port ? Number(u.port) : 5432,
    user,
    // libpq's rule: no database in the address means the user's name.
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || user,
  };
}

const same = (a: PasswordBinding, b: PasswordBinding): boolean =>
  a.scheme === b.scheme && a.host === b.host && a.port === b.port && a.user === b.user && a.database === b.database;

const readBound = (secrets: SecretStore) => readSecretRecord(secrets, WAREHOUSE_PASSWORD_SECRET, Bound);

/** Stores the password for the server of `url` (the address without its password). */
export function storeWarehousePassword(secrets: SecretStore, url: string, password: string): void {
  const binding = passwordBindingOf(url);
  if (!binding) return;
  secrets.set(WAREHOUSE_PASSWORD_SECRET, JSON.stringify({ format: 'bound-1', ...binding, password }));
}

/** The stored password, only for the very server it was entered for. */
export function warehousePasswordFor(secrets: SecretStore, url: string): string | undefined {
  const stored = readBound(secrets);
  const binding = passwordBindingOf(url);
  if (!stored || !binding) return undefined;
  return same(stored, binding) ? stored.password : undefined;
}

/** Forgets the stored password when it belongs to another server than `url`'s. True when forgotten. */
export function forgetMovedWarehousePassword(secrets: SecretStore, url: string): boolean {
  if (secrets.get(WAREHOUSE_PASSWORD_SECRET) === undefined) return false;
  if (url && warehousePasswordFor(secrets, url) !== undefined) return false;
  secrets.delete(WAREHOUSE_PASSWORD_SECRET);
  return true;
}
