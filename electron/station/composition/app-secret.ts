// The application secret is bound to the connection it was entered for: the marketplace's origin,
// the access mode and the application id. It is only ever handed out for that same connection,
// so changing the address or the mode (through the contract, the settings file or anything else)
// can never send `Basic base64(appId:secret)` to another host (spec § Authentication 3: the
// secret authenticates the seller's application to the marketplace, and to nobody else). A
// connection that moves elsewhere forgets the secret and the tokens; the seller signs in anew.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import { z } from 'zod';
import type { SecretStore } from '../settings/secret-store.js';
import { readSecretRecord } from '../settings/secret-record.js';
import { tokenSecretName } from './secret-token-vault.js';

/** The secret name of the application secret (spec § Authentication 3: Application ID + Secret). */
export const APP_SECRET_NAME = 'marketplace.appSecret';

export interface SecretBinding {
  origin: string;
  mode: 'selfAccess' | 'thirdParty';
  appId: string;
}

const Bound = z.object({
  format: z.literal('bound-1'),
  origin: z.string(),
  mode: z.enum(['selfAccess', 'thirdParty']),
  appId: z.string(),
  secret: z.string().min(1),
});

/** The connection the settings describe, or undefined for the sandbox or an incomplete one. */
export function bindingOf(marketplace: { mode: string; baseUrl?: string; appId?: string }): SecretBinding | undefined {
  if (marketplace.mode !== 'selfAccess' && marketplace.mode !== 'thirdParty') return undefined;
  if (!marketplace.baseUrl || !marketplace.appId) return undefined;
  let origin: string;
  try {
    origin = new URL(marketplace.baseUrl).origin;
  } catch {
    return undefined;
  }
  return { origin, mode: marketplace.mode, appId: marketplace.appId };
}

function sameBinding(a: SecretBinding, b: SecretBinding): boolean {
  return a.origin === b.origin && a.mode === b.mode && a.appId === b.appId;
}

const readBound = (secrets: SecretStore) => readSecretRecord(secrets, APP_SECRET_NAME, Bound);

export function storeAppSecret(secrets: SecretStore, binding: SecretBinding, secret: string): void {
  secrets.set(APP_SECRET_NAME, JSON.stringify({ format: 'bound-1', ...binding, secret }));
}

/** The secret, only for the very connection it was entered for. */
export function appSecretFor(secrets: SecretStore, binding: SecretBinding | undefined): string | undefined {
  const stored = readBound(secrets);
  if (!stored || !binding) return undefined;
  return sameBinding(stored, binding) ? stored.secret : undefined;
}

/** Why there is no secret for `binding`, in words for the seller. */
export function missingSecretText(secrets: SecretStore, binding: SecretBinding | undefined, signIn: string): string {
  const stored = secrets.get(APP_SECRET_NAME) !== undefined;
  if (stored && binding && !appSecretFor(secrets, binding)) {
    return `The marketplace address or access mode changed since the application secret was entered, and the secret is only ever sent to the address it was entered for. ${signIn}`;
  }
  return `No application secret is stored. ${signIn}`;
}

/** Why there is no secret for `binding`, as a catalogue key, followed by what to do (`then`). */
export function missingSecretSentence(secrets: SecretStore, binding: SecretBinding | undefined, then: KeyedSentence): KeyedSentence {
  const stored = secrets.get(APP_SECRET_NAME) !== undefined;
  if (stored && binding && !appSecretFor(secrets, binding)) return keyed('signin.trouble.secretMoved', undefined, { then });
  return keyed('signin.trouble.noSecret', undefined, { then });
}

/**
 * After the connection settings changed: when they no longer name the connection the stored
 * secret belongs to, forget that secret and its tokens. The sandbox has its own secret, so
 * switching to it forgets nothing. Returns true when something was forgotten.
 */
export function forgetMovedCredentials(secrets: SecretStore, marketplace: { mode: string; baseUrl?: string; appId?: string }): boolean {
  if (marketplace.mode === 'sandbox') return false;
  const text = secrets.get(APP_SECRET_NAME);
  if (text === undefined) return false;
  const stored = readBound(secrets);
  const now = bindingOf(marketplace);
  if (stored && now && sameBinding(stored, now)) return false;
  if (stored) secrets.delete(tokenSecretName(stored.origin, stored.appId));
  secrets.delete(APP_SECRET_NAME);
  return true;
}
