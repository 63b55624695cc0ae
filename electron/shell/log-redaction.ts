// Logs never contain secrets (ARCHITECTURE.md § Security defaults). Two lines of defence for
// every message before any log transport writes it: the exact values the secret store handed
// out or took in are replaced wherever they appear, and secret-looking shapes (bearer and basic
// credentials, OAuth parameters, secret-named keys) are masked even when unknown.
import type { SecretStore } from '../station/settings/secret-store.js';

export const REDACTED = '[redacted]';
/** Short values (a "1", a "true") would mask half the log; real secrets are long. */
const MIN_KNOWN_SECRET_LENGTH = 8;
const SECRET_KEY = /(token|secret|password|passwd|authori[sz]ation|cookie|api[-_]?key|credential|^code$)/i;

const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [/([?&#](?:access_token|refresh_token|client_secret|code|token|state)=)[^&#\s"']+/gi, `$1${REDACTED}`],
  [/("?(?:access_?token|refresh_?token|app_?secret|client_?secret|password|authorization)"?\s*[:=]\s*"?)[^"',}\s]+/gi, `$1${REDACTED}`],
];

/** The secret values seen in this process, to mask them literally. */
export class SecretRegistry {
  private readonly values = new Set<string>();

  add(value: string | undefined): void {
    if (!value) return;
    if (value.length >= MIN_KNOWN_SECRET_LENGTH) this.values.add(value);
    // Tokens are stored as JSON: each token inside is a secret on its own.
    if (value.startsWith('{')) {
      try {
        for (const inner of Object.values(JSON.parse(value) as Record<string, unknown>)) if (typeof inner === 'string') this.add(inner);
      } catch {
        /* not JSON after all */
      }
    }
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a value containing another is masked whole.
    for (const secret of [...this.values].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  }
}

/** A SecretStore that tells the registry every value passing through it. */
export function watchedSecretStore(inner: SecretStore, registry: SecretRegistry): SecretStore {
  return {
    get(name) {
      const value = inner.get(name);
      registry.add(value);
      return value;
    },
    set(name, value) {
      registry.add(value);
      inner.set(name, value);
    },
    delete: (name) => inner.delete(name),
  };
}

/** A deep copy of one logged value with every secret masked. */
export function redactLogValue(value: unknown, registry: SecretRegistry, depth = 0): unknown {
  if (typeof value === 'string') return registry.redact(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const copy = new Error(registry.redact(value.message));
    copy.name = value.name;
    copy.stack = value.stack ? registry.redact(value.stack) : undefined;
    return copy;
  }
  if (Array.isArray(value)) return value.map((v) => redactLogValue(v, registry, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactLogValue(inner, registry, depth + 1);
  return out;
}

/** The part of electron-log this setup uses (electron-log/main in the app, electron-log/node in tests). */
export interface LoggerLike {
  // electron-log's Hook takes its full LogMessage; only `data` is touched here.
  hooks: ((message: any, ...rest: any[]) => any)[];
  transports: { file?: { level?: unknown; maxSize?: number }; console?: { level?: unknown } };
}

export function installLogRedaction(log: LoggerLike, registry: SecretRegistry): void {
  log.hooks.push((message: { data: unknown[] }) => ({ ...message, data: message.data.map((d) => redactLogValue(d, registry)) }));
  // A desk runs for years: keep the log file bounded (electron-log rotates to main.old.log).
  if (log.transports.file) log.transports.file.maxSize = 5 * 1024 * 1024;
}
