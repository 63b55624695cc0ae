// A secret stored together with the server it was entered for (JSON in the SecretStore). One
// stored bare, by an older version, or not of the expected shape is handed out to no server.
import type { z } from 'zod';
import type { SecretStore } from './secret-store.js';

/** The stored record of `name`, parsed by `shape`, or undefined when it is absent or unbound. */
export function readBoundSecret<T extends z.ZodType>(secrets: SecretStore, name: string, shape: T): z.infer<T> | undefined {
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
