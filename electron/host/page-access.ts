// Who may drive the station from a browser page. The page address carries a token once: the
// first load trades it for a cookie (HttpOnly, SameSite=Strict, named after the port) and is
// sent on to the same address without it, so the token stays out of the address bar, the
// history and screenshots. The token is derived from a per-install key kept in the data folder
// (0600), not drawn per launch: a tab left open keeps working when the station restarts on the
// same port, and a page of another origin still has nothing to present.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { writeFileDurably } from '../station/journal/durable-file.js';

export const PAGE_KEY_FILE = 'browser-mode.key';
/** A desk is used for weeks at a time; a browser restart should not need the printed address again. */
export const PAGE_COOKIE_MAX_AGE_S = 30 * 86_400;

/** The install's key (created on first use, readable by the seller's account only). */
export function pageKey(dataDir: string): string {
  const path = join(dataDir, PAGE_KEY_FILE);
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(key)) return key;
  }
  const key = randomBytes(32).toString('hex');
  writeFileDurably(path, `${key}\n`, 0o600);
  return key;
}

/** The token of this install on this port: the same after every restart on the same port. */
export function pageToken(key: string, port: number): string {
  return createHmac('sha256', key).update(`packing-station browser mode, port ${port}`).digest('base64url').slice(0, 32);
}

export function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Cookies are shared by every port of a host: the name keeps two stations on one machine apart. */
export const cookieName = (port: number) => `station-${port}`;

export function cookieValue(headers: IncomingHttpHeaders, port: number): string | undefined {
  const name = cookieName(port);
  for (const part of String(headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setCookieHeader(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${PAGE_COOKIE_MAX_AGE_S}`;
}

/** The request's own address without the token, where the first load is sent on to. */
export function withoutToken(url: string): string {
  const u = new URL(url, 'http://host');
  u.searchParams.delete('token');
  const search = u.searchParams.toString();
  return `${u.pathname}${search ? `?${search}` : ''}${u.hash}`;
}
