// Which warehouse database this desk uses, if any: `station --warehouse postgres://...` wins over
// STATION_WAREHOUSE_URL, which wins over the settings (Setup). No address: the desk works alone,
// exactly as without warehouse mode. The password is a secret: in the settings' address and in
// --warehouse (the process list shows it) it is refused; from the environment it is taken out of
// the address; a stored one is handed out only for the server it was entered for
// (warehouse-password.ts). It goes to the caller's secret registry for log redaction and is
// never shown (displayUrl masks it).
import type { StationSettings } from '../../../shared/settings.js';
import { WarehouseUrl } from '../../../shared/settings.js';
import type { SecretStore } from '../settings/secret-store.js';
import { keyedError } from '../../../shared/i18n/station-sentences.js';
import { passwordOfUrl, redactWarehouseUrl, type WarehouseConnectionOptions } from './warehouse-pool.js';
import { forgetMovedWarehousePassword, storeWarehousePassword, warehousePasswordFor } from './warehouse-password.js';

export { WAREHOUSE_PASSWORD_SECRET } from './warehouse-password.js';
export const WAREHOUSE_URL_ENV = 'STATION_WAREHOUSE_URL';

export type WarehouseConfig =
  | { enabled: false }
  | {
      enabled: true;
      /** The desk's name in claims, journal records and the invoice series (settings desk.name). */
      desk: string;
      /** The desk's identity, made once at install (desk-identity.ts); absent only where no data folder is at hand. */
      deskId?: string;
      registration: string;
      source: 'command line' | typeof WAREHOUSE_URL_ENV | 'settings';
      connection: WarehouseConnectionOptions;
      /** The address with any password masked, for screens and logs. */
      displayUrl: string;
    };

export interface WarehouseConfigSources {
  settings: StationSettings;
  env: Readonly<Record<string, string | undefined>>;
  /** The value of `--warehouse`, when given. */
  cliUrl?: string;
  /** A password given for this run (the command's STATION_WAREHOUSE_PASSWORD, file or prompt). */
  password?: string;
  /** The desk's identity (desk-identity.ts), made only when warehouse mode is on. */
  deskId?: () => string;
  secrets: SecretStore;
  /** Told the password, so log redaction can mask it wherever it appears. */
  onSecret?: (value: string) => void;
}

/** The address without its password, and the password. */
export function splitWarehousePassword(url: string): { url: string; password?: string } {
  const password = passwordOfUrl(url);
  if (!password) return { url };
  const parsed = new URL(url);
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/**
 * The address and password a person typed in Setup, stored: the address in the settings, the
 * password as a secret bound to that address. A new address without a new password forgets the
 * old one: it was entered for another server.
 */
export function storeWarehouseAddress(typed: string, password: string | undefined, secrets: SecretStore): string {
  const split = splitWarehousePassword(typed.trim());
  const secret = password || split.password;
  const checked = WarehouseUrl.safeParse(split.url);
  if (!checked.success) throw new Error(checked.error.issues[0].message);
  if (secret) storeWarehousePassword(secrets, checked.data, secret);
  else forgetMovedWarehousePassword(secrets, checked.data);
  return checked.data;
}

export function resolveWarehouseConfig(sources: WarehouseConfigSources): WarehouseConfig {
  const { settings, env, cliUrl, secrets, onSecret } = sources;
  if (cliUrl && passwordOfUrl(cliUrl)) throw keyedError('INVALID_SETTINGS', 'warehouse.db.passwordOnCommandLine');
  const fromEnv = env[WAREHOUSE_URL_ENV]?.trim();
  const [raw, source] = cliUrl?.trim()
    ? [cliUrl.trim(), 'command line' as const]
    : fromEnv
      ? [fromEnv, WAREHOUSE_URL_ENV as typeof WAREHOUSE_URL_ENV]
      : [settings.warehouse.url, 'settings' as const];
  if (!raw) return { enabled: false };
  const split = splitWarehousePassword(raw);
  const password = split.password ?? sources.password ?? warehousePasswordFor(secrets, split.url);
  if (password) onSecret?.(password);
  const w = settings.warehouse;
  return {
    enabled: true,
    desk: settings.desk.name,
    ...(sources.deskId ? { deskId: sources.deskId() } : {}),
    registration: w.registration,
    source,
    displayUrl: redactWarehouseUrl(raw),
    connection: {
      url: split.url,
      ...(password ? { password } : {}),
      ...(w.sslMode !== 'auto' ? { sslMode: w.sslMode } : {}),
      ...(w.caFile ? { caFile: w.caFile } : {}),
    },
  };
}
