// The browser-mode page token: traded for an HttpOnly, SameSite=Strict cookie on the first load
// and dropped from the address; the same after a restart on the same port (a per-install key
// kept 0600 in the data folder), so an open tab reconnects; another port or install gets another
// one; a page without it is told so.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_PATH } from '../../electron/host/host-server.js';
import { PAGE_KEY_FILE, pageKey, pageToken } from '../../electron/host/page-access.js';
import { nextMessage, openSocket, startTestHost, testStation } from './host-fixtures.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function host(options: { key?: string; port?: number } = {}) {
  const h = await startTestHost(testStation(), options);
  open.push(h);
  return h;
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

  it('the first load trades it for an HttpOnly SameSite=Strict cookie and sends the page on without it', async () => {
    const h = await host({ key: 'a'.repeat(64) });
    const first = await fetch(`${h.origin}/?token=${h.token}&screen=queue`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/?screen=queue');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^station-${h.port}=${h.token};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const wrong = await fetch(`${h.origin}/?token=not-it`, { redirect: 'manual' });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toMatch(/Open the address the station printed/);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('the cookie opens the WebSocket; a cookie of another port, or none, does not', async () => {
    const h = await host({ key: 'b'.repeat(64) });
    const ws = await openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: h.origin, cookie: `other=1; station-${h.port}=${h.token}` });
    open.push({ close: () => ws.terminate() });
    ws.send(JSON.stringify({ t: 'call', id: 1, command: 'app.info', args: {} }));
    expect((await nextMessage(ws, (m) => m.id === 1)).ok).toBe(true);
    await expect(openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: h.origin, cookie: `station-${h.port + 1}=${h.token}` })).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: h.origin })).rejects.toMatchObject({ status: 403 });
    // And a foreign page with the cookie (a browser would not send a SameSite=Strict one, but still) is refused by Origin.
    await expect(openSocket(`ws://127.0.0.1:${h.port}/station`, { origin: 'http://evil.example', cookie: `station-${h.port}=${h.token}` })).rejects.toMatchObject({ status: 403 });
  });

  it('a restarted host on the same port takes the cookie of the open tab', async () => {
    const key = 'c'.repeat(64);
    const first = await host({ key });
    const { port, token } = first;
    await first.close();
    const again = await host({ key, port });
    expect(again.token).toBe(token);
    const ws = await openSocket(`ws://127.0.0.1:${port}/station`, { origin: again.origin, cookie: `station-${port}=${token}` });
    open.push({ close: () => ws.terminate() });
    const access = await fetch(`${again.origin}${ACCESS_PATH}`, { headers: { cookie: `station-${port}=${token}` } });
    expect(access.status).toBe(204);
    const refused = await fetch(`${again.origin}${ACCESS_PATH}`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toMatch(/open the address the station printed/);
  });
});
