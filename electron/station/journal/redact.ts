// Secrets never reach the journal (it is also the audit trail people read and export). Callers
// pass summaries without secrets; this is the second line of defence for a careless summary.
const SECRET_KEY = /(token|secret|password|passwd|authori[sz]ation|cookie|api[-_]?key|credential)/i;
export const REDACTED = '[redacted]';

/** A deep copy with the value of every secret-looking key replaced by "[redacted]". */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner);
    return out;
  }
  return value;
}
