// Responses are parsed with the shared zod schemas: unknown fields are tolerated (z.object strips
// them), a wrong type becomes a clear error naming the operation and the field.
import type { ZodType } from 'zod';
import { MarketplaceError } from './errors.js';

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
