// The cookie a browser-mode page holds: a random session value handed out when the page presents
// the token, never the token itself. Cookies are not kept apart by port, so any page served on
// another port of this computer receives them: such a page learns one session of this port
// (which opens nothing on any other port, and goes with its expiry or a new key), never the token
// that made it. Sessions are kept as SHA-256 digests in browser-sessions.json (0600), with the
// key's fingerprint, so an open tab carries on across a restart, and a new key ends them all.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileDurably } from '../station/journal/durable-file.js';
import { PAGE_COOKIE_MAX_AGE_S } from './page-access.js';

export const SESSIONS_FILE = 'browser-sessions.json';
/** The lead's board served alone runs beside a desk on the same folder: its sessions have a file of their own. */
export const BOARD_SESSIONS_FILE = 'board-sessions.json';
/** Sessions kept at once: past it the oldest go (their tabs are asked to open the address again). */
export const MAX_BROWSER_SESSIONS = 200;
/** 32 random bytes: a session cannot be guessed. */
const SESSION_BYTES = 32;

const Stored = z.object({
  keyId: z.string(),
  sessions: z.array(z.object({ digest: z.string(), port: z.number().int(), expiresAt: z.number() })),
});
type Stored = z.infer<typeof Stored>;

const digestOf = (value: string) => createHash('sha256').update(value).digest('hex');

export class BrowserSessions {
  private readonly keyId: string;
  private sessions: Stored['sessions'] = [];

  /** `file` undefined: kept in memory only (a launch token that does not outlive the run). */
  constructor(
    key: string,
    private readonly file: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.keyId = digestOf(`browser-sessions:${key}`).slice(0, 16);
    if (!file || !existsSync(file)) return;
    try {
      const stored = Stored.parse(JSON.parse(readFileSync(file, 'utf8')));
      // Made under another key: that key was replaced, and its sessions end with it.
      if (stored.keyId === this.keyId) this.sessions = stored.sessions;
    } catch {
      // A damaged file: every tab opens the printed address again.
    }
  }

  /** A new session for a page that presented the token on `port`: the cookie's value. */
  open(port: number): string {
    const value = randomBytes(SESSION_BYTES).toString('base64url');
    const now = this.now();
    this.sessions = [...this.sessions.filter((s) => s.expiresAt > now), { digest: digestOf(value), port, expiresAt: now + PAGE_COOKIE_MAX_AGE_S * 1000 }].slice(-MAX_BROWSER_SESSIONS);
    this.save();
    return value;
  }

  /** Whether `value` is a live session of `port`. */
  valid(port: number, value: string | undefined): boolean {
    if (!value) return false;
    const digest = digestOf(value);
    const now = this.now();
    // Digests of equal length compared as strings: the value itself is never compared.
    return this.sessions.some((s) => s.port === port && s.digest === digest && s.expiresAt > now);
  }

  private save(): void {
    if (this.file) writeFileDurably(this.file, `${JSON.stringify({ keyId: this.keyId, sessions: this.sessions })}\n`, 0o600);
  }
}
