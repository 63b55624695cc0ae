// The browser-mode page token: traded for an HttpOnly, SameSite=Strict cookie on the first load
// and dropped from the address; the same after a restart on the same port (a per-install key
// kept 0600 in the data folder), so an open tab reconnects; another port or install gets another
// one; a page without it is told so.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_PATH } from '../../electron/host/host-server.js';
import { SESSIONS_FILE } from '../../electron/host/browser-sessions.js';
import { PAGE_KEY_FILE, pageKey, pageToken } from '../../electron/host/page-access.js';
import { nextMessage, openSocket, startTestHost, testStation } from './host-fixtures.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function host(options: { key?: string; port?: number; sessionsFile?: string } = {}) {
  const h = await startTestHost(testStation(), options);
  open.push(h);
  return h;
}

/** The session value a Set-Cookie header gives for this port. */
function sessionOf(setCookie: string, port: number): string {
  const m = new RegExp(`^station-${port}=([^;]+);`).exec(setCookie);
  if (!m) throw new Error(`no session cookie in ${setCookie}`);
  return m[1];
}

/** Opens a session on `h` as a page's first load does. */
async function session(h: { origin: string; token: string; port: number }): Promise<string> {
  return sessionOf((await fetch(`${h.origin}/?token=${h.token}`, { redirect: 'manual' })).headers.get('set-cookie')!, h.port);
}

describe('the page token', () => {
  it('is kept per install (0600) and derived per port: the same after a restart, another on another port or install', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-key-'));
    try {
      const key = pageKey(dir);
      expect(statSync(join(dir, PAGE_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(pageKey(dir)).toBe(key);
      expect(pageToken(key, 5174)).toBe(pageToken(pageKey(dir), 5174));
      expect(pageToken(key, 5175)).not.toBe(pageToken(key, 5174));
      expect(pageToken('0'.repeat(64), 5174)).not.toBe(pageToken(key, 5174));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the first load trades it for a random session in an HttpOnly SameSite=Strict cookie and sends the page on without it', async () => {
    const key = 'a'.repeat(64);
    const h = await host({ key });
    const first = await fetch(`${h.origin}/?token=${h.token}&screen=queue`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/?screen=queue');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const value = sessionOf(cookie, h.port);
    // Not the token, nor anything the key makes for a port: a page that receives the cookie learns neither.
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toBe(h.token);
    for (let p = h.port - 2; p <= h.port + 2; p++) expect(value).not.toBe(pageToken(key, p));
    expect(value).not.toContain(h.token.slice(0, 8));
    // Each load with the token is a session of its own.
    const second = sessionOf((await fetch(`${h.origin}/?token=${h.token}`, { redirect: 'manual' })).headers.get('set-cookie')!, h.port);
    expect(second).not.toBe(value);
    const wrong = await fetch(`${h.origin}/?token=not-it`, { redirect: 'manual' });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toMatch(/Open the address the station printed/);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('the session opens the WebSocket; the token as a cookie, a session of another station port, or none, does not', async () => {
    const key = 'b'.repeat(64);
    const h = await host({ key });
    const other = await host({ key });
    const value = await session(h);
    const foreign = await session(other);
    const ws = await openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: h.origin, cookie: `other=1; station-${h.port}=${value}` });
    open.push({ close: () => ws.terminate() });
    ws.send(JSON.stringify({ t: 'call', id: 1, command: 'app.info', args: {} }));
    expect((await nextMessage(ws, (m) => m.id === 1)).ok).toBe(true);
    expect((await fetch(`${h.origin}${ACCESS_PATH}`, { headers: { cookie: `station-${h.port}=${value}` } })).status).toBe(204);
    // The other port's session, under either name, opens nothing here; nor does the token as a cookie.
    for (const cookie of [`station-${h.port}=${foreign}`, `station-${other.port}=${foreign}`, `station-${h.port}=${h.token}`, '']) {
      await expect(openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: h.origin, ...(cookie ? { cookie } : {}) })).rejects.toMatchObject({ status: 403 });
      expect((await fetch(`${h.origin}${ACCESS_PATH}`, { headers: cookie ? { cookie } : {} })).status).toBe(401);
    }
    // And a foreign page with the cookie (a browser would not send a SameSite=Strict one, but still) is refused by Origin.
    await expect(openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: 'http://evil.example', cookie: `station-${h.port}=${value}` })).rejects.toMatchObject({ status: 403 });
  });

  it('a restarted host on the same port takes the session of the open tab; a new key ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-sessions-'));
    const sessionsFile = join(dir, SESSIONS_FILE);
    try {
      const key = 'c'.repeat(64);
      const first = await host({ key, sessionsFile });
      const { port, token } = first;
      const value = await session(first);
      await first.close();
      expect(statSync(sessionsFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(sessionsFile, 'utf8')).not.toContain(value);
      const again = await host({ key, port, sessionsFile });
      expect(again.token).toBe(token);
      const ws = await openSocket(`ws://127.0.0.1:${port}/station`, { origin: again.origin, cookie: `station-${port}=${value}` });
      open.push({ close: () => ws.terminate() });
      const access = await fetch(`${again.origin}${ACCESS_PATH}`, { headers: { cookie: `station-${port}=${value}` } });
      expect(access.status).toBe(204);
      const refused = await fetch(`${again.origin}${ACCESS_PATH}`);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toMatch(/open the address the station printed/);
      await again.close();
      const rotated = await host({ key: 'd'.repeat(64), port, sessionsFile });
      expect(rotated.token).not.toBe(token);
      await expect(openSocket(`ws://127.0.0.1:${port}/station`, { origin: rotated.origin, cookie: `station-${port}=${value}` })).rejects.toMatchObject({ status: 403 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
