// Which warehouse database this desk uses, if any: `station --warehouse postgres://...` wins over
// STATION_WAREHOUSE_URL, which wins over the settings (Setup). No address: the desk works alone,
// exactly as without warehouse mode. The password is a secret: in the settings' address it is
// refused; from the command line or the environment it is taken out of the address, handed to
// the caller's secret registry for log redaction, and never shown (displayUrl masks it).
import type { StationSettings } from '../../../shared/settings.js';
import { WarehouseUrl } from '../../../shared/settings.js';
import type { SecretStore } from '../settings/secret-store.js';
import { passwordOfUrl, redactWarehouseUrl, type WarehouseConnectionOptions } from './warehouse-pool.js';

export const WAREHOUSE_URL_ENV = 'STATION_WAREHOUSE_URL';
/** Name of the database password in the desk's SecretStore. */
export const WAREHOUSE_PASSWORD_SECRET = 'warehouse.password';

export type WarehouseConfig =
  | { enabled: false }
  | {
      enabled: true;
      /** The desk's name in claims, journal records and the invoice series (settings desk.name). */
      desk: string;
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

/** The address and password a person typed in Setup, stored: the address in the settings, the password as a secret. */
export function storeWarehouseAddress(typed: string, password: string | undefined, secrets: SecretStore): string {
  const split = splitWarehousePassword(typed.trim());
  const secret = password || split.password;
  if (secret) secrets.set(WAREHOUSE_PASSWORD_SECRET, secret);
  const checked = WarehouseUrl.safeParse(split.url);
  if (!checked.success) throw new Error(checked.error.issues[0].message);
  return checked.data;
}

export function resolveWarehouseConfig(sources: WarehouseConfigSources): WarehouseConfig {
  const { settings, env, cliUrl, secrets, onSecret } = sources;
  const fromEnv = env[WAREHOUSE_URL_ENV]?.trim();
  const [raw, source] = cliUrl?.trim()
    ? [cliUrl.trim(), 'command line' as const]
    : fromEnv
      ? [fromEnv, WAREHOUSE_URL_ENV as typeof WAREHOUSE_URL_ENV]
      : [settings.warehouse.url, 'settings' as const];
  if (!raw) return { enabled: false };
  const split = splitWarehousePassword(raw);
  const password = split.password ?? secrets.get(WAREHOUSE_PASSWORD_SECRET);
  if (password) onSecret?.(password);
  const w = settings.warehouse;
  return {
    enabled: true,
    desk: settings.desk.name,
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
