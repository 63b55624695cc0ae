// The receiver's secret path token: the marketplace's subscription is made for
// https://<the seller's host>/push/<token>, so only someone who was shown the URL can post a
// notification (the interface defines no signature: spec § Events leaves delivery "not shown").
// It is kept with the desk's other secrets (sealed, 0600), never logged, and shown once, when it
// is made, for the subscription.
import { randomBytes } from 'node:crypto';
import type { SecretStore } from '../settings/secret-store.js';

export const PUSH_TOKEN_SECRET = 'push.pathToken';
/** 32 random bytes: guessing it is not a way in. */
const TOKEN_BYTES = 32;
/** The path prefix before the token. */
export const PUSH_PATH_PREFIX = '/push/';

export interface PushToken {
  token: string;
  /** Made by this call: the only time the full URL is shown. */
  created: boolean;
}

/** The stored token, or a new one (stored) when there is none or `renew` asks for one. */
export function pushToken(secrets: SecretStore, renew = false): PushToken {
  const stored = secrets.get(PUSH_TOKEN_SECRET);
  if (stored && !renew) return { token: stored, created: false };
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  secrets.set(PUSH_TOKEN_SECRET, token);
  return { token, created: true };
}

export const pushPath = (token: string): string => `${PUSH_PATH_PREFIX}${token}`;
