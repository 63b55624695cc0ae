// The control API's token (README § Control API): another local process must not be able to
// drive a desk's demo marketplace, so every /sandbox/ call carries X-Sandbox-Control with this
// token. It is kept in the state directory (0600), so it stays the same across restarts of the
// same directory; a sandbox without a state directory gets a fresh one per start.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The request header that carries the token. */
export const CONTROL_TOKEN_HEADER = 'x-sandbox-control';
/** File of the token inside the state directory. */
export const CONTROL_TOKEN_FILE = 'control-token';
/** Random bytes of a token: 256 bits, base64url. */
const TOKEN_BYTES = 32;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function newControlToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The state directory's token, made on first use; a damaged file is replaced by a new token. */
export function loadOrCreateControlToken(stateDir: string | undefined): string {
  if (!stateDir) return newControlToken();
  const file = join(stateDir, CONTROL_TOKEN_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (TOKEN_RE.test(stored)) {
      chmodSync(file, 0o600);
      return stored;
    }
  }
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const token = newControlToken();
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${token}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return token;
}

/** Constant-time comparison of a presented token with the expected one. */
export function controlTokenMatches(expected: string, presented: string | string[] | undefined): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}
