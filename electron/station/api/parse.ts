// Responses are parsed with the shared zod schemas: unknown fields are tolerated (z.object strips
// them), a wrong type becomes a clear error naming the operation and the field.
// An answer to a change (pack, dispatch, cancel, returns, listings...) that does not fit is of
// unknown outcome (parseChangeAnswer), as a lost answer is: the caller reads the state back.
import type { ZodType } from 'zod';
import { MarketplaceError, unreadableChangeAnswer } from './errors.js';
import type { HttpResponse } from './http.js';

export function parseAnswer<T>(schema: ZodType<T>, value: unknown, operation: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw new MarketplaceError({
    kind: 'schema',
    message: `The marketplace answered ${operation} with an unexpected shape at ${where}: ${issue?.message ?? 'invalid'}.`,
  });
}

/** The answer of a call that may have changed something: one that does not fit leaves its outcome unknown. */
export function parseChangeAnswer<T>(schema: ZodType<T>, response: HttpResponse, operation: string): T {
  if (!response.mutating) return parseAnswer(schema, response.json, operation);
  const r = schema.safeParse(response.json);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw unreadableChangeAnswer(operation, response.status, undefined, `with an unexpected shape at ${where}`);
}
