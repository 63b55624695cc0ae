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
  // A password inside an address (postgres://station:password@host).
  [/([a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s/]+@/gi, `$1${REDACTED}@`],
  [/("?(?:access_?token|refresh_?token|app_?secret|client_?secret|password|authorization)"?\s*[:=]\s*"?)[^"',}\s]+/gi, `$1${REDACTED}`],
];

/** A bare base64 word long enough to hold `id:secret`. */
const BARE_BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])/g;

/** Unknown credentials too: a base64 word that decodes to printable `id:secret` is masked. */
function looksLikeCredentialPair(word: string): boolean {
  const decoded = Buffer.from(word.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  return /^[\x21-\x39\x3b-\x7e]{2,}:[\x21-\x7e]{6,}$/.test(decoded);
}

/** The secret values seen in this process, to mask them literally. */
export class SecretRegistry {
  private readonly values = new Set<string>();

  add(value: string | undefined): void {
    if (!value) return;
    if (value.length >= MIN_KNOWN_SECRET_LENGTH) this.values.add(value);
    // Tokens and the bound application secret are stored as JSON: each secret-named value inside
    // is a secret on its own (an address or an application id next to it is not).
    if (value.startsWith('{')) {
      let parsed: Record<string, unknown> | undefined;
      try {
        parsed = JSON.parse(value) as Record<string, unknown>;
      } catch {
        /* not JSON after all */
      }
      for (const [key, inner] of Object.entries(parsed ?? {})) if (typeof inner === 'string' && SECRET_KEY.test(key)) this.add(inner);
      // spec § Authentication 3: the credentials travel as base64(appId:secret); that form is secret too.
      if (typeof parsed?.appId === 'string' && typeof parsed.secret === 'string') this.addCredentialPair(parsed.appId, parsed.secret);
    }
  }

  private addCredentialPair(appId: string, secret: string): void {
    const pair = Buffer.from(`${appId}:${secret}`);
    this.values.add(pair.toString('base64'));
    this.values.add(pair.toString('base64url'));
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a value containing another is masked whole.
    for (const secret of [...this.values].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out.replace(BARE_BASE64, (word) => (looksLikeCredentialPair(word) ? REDACTED : word));
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
