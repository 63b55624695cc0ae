// A secret kept as a JSON record in the SecretStore (a secret with the server it is bound to,
// tokens). One stored bare, by an older version, or not of the expected shape reads as absent:
// a bound secret is then handed out to no server, lost tokens cost only a new sign-in.
import type { z } from 'zod';
import type { SecretStore } from './secret-store.js';

/** The stored record of `name`, parsed by `shape`, or undefined when it is absent or not of that shape. */
export function readSecretRecord<T extends z.ZodType>(secrets: SecretStore, name: string, shape: T): z.infer<T> | undefined {
  const text = secrets.get(name);
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = shape.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
