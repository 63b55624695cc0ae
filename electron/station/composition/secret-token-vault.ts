// A TokenVault over the SecretStore: tokens are encrypted at rest (spec § Authentication:
// tokens must not be hard-coded; ARCHITECTURE § Security: secrets live encrypted, main process
// only), so consecutive CLI runs reuse them instead of signing in every time. Tokens are kept
// per connection (base URL + application id): tokens of one marketplace are never sent to another.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StoredTokens, TokenVault } from '../api/auth.js';
import type { SecretStore } from '../settings/secret-store.js';
import { readSecretRecord } from '../settings/secret-record.js';

const Stored = z.object({
  accessToken: z.string().min(1),
  accessExpiresAt: z.number(),
  refreshToken: z.string().optional(),
  refreshExpiresAt: z.number().optional(),
  scope: z.string(),
});

/**
 * The secret name for one connection's tokens (letters, digits and '.' only, the secret-store
 * rule). `marketplace` identifies the service: its origin, or for the embedded sandbox its state
 * folder (its port changes from run to run, its tokens do not).
 */
export function tokenSecretName(marketplace: string, appId: string): string {
  const key = createHash('sha256').update(`${marketplace}\n${appId}`).digest('hex').slice(0, 16);
  return `tokens.${key}`;
}

export function secretTokenVault(secrets: SecretStore, marketplace: string, appId: string): TokenVault {
  const name = tokenSecretName(marketplace, appId);
  return {
    async load(): Promise<StoredTokens | undefined> {
      // A damaged value only costs a new sign-in; it is never an error for the packer.
      return readSecretRecord(secrets, name, Stored);
    },
    async save(tokens: StoredTokens): Promise<void> {
      secrets.set(name, JSON.stringify(tokens));
    },
    async clear(): Promise<void> {
      secrets.delete(name);
    },
  };
}
