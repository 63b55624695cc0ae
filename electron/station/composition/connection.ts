// Which marketplace the station talks to, and with what credentials. Three sources, chosen by
// the caller (CLI flags, app settings): a running sandbox's ready line (--sandbox-info), the
// settings + secret store of the data dir (a real marketplace), or the embedded sandbox (built by
// the CLI or the app's demo mode, since station services never import the sandbox themselves).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AppCredentials } from '../api/auth.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { SecretStore } from '../settings/secret-store.js';
import { appSecretFor, bindingOf, missingSecretText } from './app-secret.js';

export interface Connection {
  kind: 'embedded' | 'sandboxInfo' | 'settings';
  baseUrl: string;
  /** Names the marketplace for the token vault: tokens of one are never sent to another. */
  identity: string;
  /** The CA to pin for this address only (a sandbox); undefined trusts the system's CAs. */
  caPem?: string;
  mode: 'selfAccess' | 'thirdParty';
  appId: string;
  credentials: () => Promise<AppCredentials>;
  /** Seller locations known without a call (the sandbox tells them); may be empty. */
  locations: string[];
  /** The marketplace's notion of now (a sandbox clock may run ahead of the wall clock). */
  now?: () => number;
  close(): Promise<void>;
}

export { APP_SECRET_NAME } from './app-secret.js';

/** The one JSON line `npm run sandbox` prints when ready (electron/sandbox/cli.ts). */
export const SandboxReadyLine = z.looseObject({
  baseUrl: z.string().startsWith('https://', 'baseUrl must be an https:// address'),
  caCertPath: z.string().min(1),
  sellerId: z.string().optional(),
  locations: z.array(z.string()).default([]),
  selfAccess: z.object({ appId: z.string().min(1), appSecret: z.string().min(1) }),
});
export type SandboxReadyLine = z.infer<typeof SandboxReadyLine>;

export class ConnectionError extends Error {}

/** Reads a sandbox's ready line from a file and trusts exactly its CA. */
export function sandboxInfoConnection(file: string): Connection {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConnectionError(`Cannot read the sandbox info file ${file}: ${(e as Error).message}`);
  }
  const line = text.split('\n').find((l) => l.trim().startsWith('{'));
  let raw: unknown;
  try {
    raw = JSON.parse(line ?? '');
  } catch {
    throw new ConnectionError(`${file} does not hold a sandbox ready line (one JSON object, as printed by npm run sandbox).`);
  }
  const parsed = SandboxReadyLine.safeParse(raw);
  if (!parsed.success) throw new ConnectionError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const info = parsed.data;
  let caPem: string;
  try {
    caPem = readFileSync(info.caCertPath, 'utf8');
  } catch (e) {
    throw new ConnectionError(`Cannot read the sandbox CA certificate ${info.caCertPath}: ${(e as Error).message}`);
  }
  return {
    kind: 'sandboxInfo',
    baseUrl: info.baseUrl,
    identity: new URL(info.baseUrl).origin,
    caPem,
    mode: 'selfAccess',
    appId: info.selfAccess.appId,
    credentials: async () => info.selfAccess,
    locations: info.locations,
    close: async () => undefined,
  };
}

/** A real marketplace from the data dir's settings; the secret stays in the secret store. */
export function settingsConnection(settings: SettingsStore, secrets: SecretStore): Connection {
  const s = settings.get();
  const { baseUrl, appId, mode } = s.marketplace;
  if (mode === 'sandbox') throw new ConnectionError('The settings select the embedded sandbox, not a marketplace address.');
  if (!baseUrl || !appId) {
    throw new ConnectionError('No marketplace address or application id is set. Run `station login --base-url https://... --app-id ID` first.');
  }
  return {
    kind: 'settings',
    baseUrl,
    identity: new URL(baseUrl).origin,
    mode,
    appId,
    credentials: async () => {
      const binding = bindingOf({ mode, baseUrl, appId });
      const appSecret = appSecretFor(secrets, binding);
      if (!appSecret) throw new ConnectionError(missingSecretText(secrets, binding, 'Run `station login --base-url URL --app-id ID` to store it.'));
      return { appId, appSecret };
    },
    locations: s.locationId ? [s.locationId] : [],
    close: async () => undefined,
  };
}
