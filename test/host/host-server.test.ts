// Browser mode's host over real HTTP and real WebSockets on loopback: the page with its strict
// CSP, the WebSocket refused without the host's own Origin and the launch token, calls and events
// through the real dispatcher, and garbage that must not bring the host down.
import { readdirSync } from 'node:fs';
import { dirname, basename } from 'node:path';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { RunningHost } from '../../electron/host/host-server.js';
import { parseCsp } from '../../electron/shell/csp.js';
import { builtPage, nextMessage, openSocket, startTestHost, testStation } from './host-fixtures.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function host(station = testStation(), rendererDir?: string) {
  const h = await startTestHost(station, { rendererDir });
  open.push(h);
  return { h, station };
}

function socketUrl(h: RunningHost, token = h.token) {
  return `ws://127.0.0.1:${h.port}/station?token=${encodeURIComponent(token)}`;
}

async function connect(h: RunningHost) {
  const ws = await openSocket(socketUrl(h), { origin: h.origin });
  open.push({ close: () => ws.terminate() });
  return ws;
}

/** A raw GET with a chosen Host header (fetch will not let a test set it). */
function rawGet(port: number, path: string, hostHeader: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: hostHeader } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode host: the page', () => {
  it('serves index.html with a strict CSP that allows only its own WebSocket', async () => {
    const { h } = await host();
    expect(h.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${h.port}/\\?token=[A-Za-z0-9_-]{32}$`));
    const res = await fetch(h.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<title>Packing Station</title>');
    const csp = parseCsp(res.headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${h.port}`, `ws://localhost:${h.port}`]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const asset = await fetch(`${h.origin}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toContain('console.log');
    // A screen address is the one page.
    expect(await (await fetch(`${h.origin}/queue`)).text()).toContain('<title>Packing Station</title>');
  });

  it('serves nothing outside the built renderer, and nothing but GET and HEAD', async () => {
    const dir = builtPage();
    const { h } = await host(testStation(), dir);
    const secret = readdirSync(dirname(dir)).find((f) => f.startsWith(`secret-${basename(dir).split('-').pop()}`))!;
    expect(secret).toBeTruthy();
    for (const path of [`/..%2f${secret}`, `/assets/..%2f..%2f${secret}`, '/assets/missing.js']) {
      const res = await fetch(`${h.origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('not for the page');
    }
    expect((await fetch(h.origin, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('answers only to its own loopback name (a DNS-rebound name gets nothing)', async () => {
    const { h } = await host();
    expect((await rawGet(h.port, '/', `localhost:${h.port}`)).status).toBe(200);
    const rebound = await rawGet(h.port, '/', `evil.example:${h.port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain('<title>');
  });

  it('says in words when the renderer is not built', async () => {
    const { h } = await host(testStation(), '/nonexistent/renderer');
    const res = await fetch(h.url);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });
});

describe('browser-mode host: the station WebSocket', () => {
  it('refuses a foreign Origin, no Origin, a wrong or missing token, and a foreign Host', async () => {
    const { h, station } = await host();
    const cases: [string, Record<string, string>][] = [
      [socketUrl(h), { origin: 'http://evil.example' }],
      [socketUrl(h), { origin: 'http://127.0.0.1:1' }],
      [socketUrl(h), {}],
      [socketUrl(h, 'wrong-token'), { origin: h.origin }],
      [`ws://127.0.0.1:${h.port}/station`, { origin: h.origin }],
      [socketUrl(h), { origin: h.origin, host: `evil.example:${h.port}` }],
      [`ws://127.0.0.1:${h.port}/other?token=${h.token}`, { origin: h.origin }],
    ];
    for (const [url, headers] of cases) {
      await expect(openSocket(url, headers), JSON.stringify(headers)).rejects.toMatchObject({ status: 403 });
    }
    expect(h.connections()).toBe(0);
    expect(station.calls).toEqual([]);
  });

  it('with its Origin and token, a call round-trips through the dispatcher', async () => {
    const { h, station } = await host();
    const ws = await connect(h);
    ws.send(JSON.stringify({ t: 'call', id: 7, command: 'app.info', args: {} }));
    const reply = await nextMessage(ws, (m) => m.t === 'reply');
    expect(reply).toMatchObject({ t: 'reply', id: 7, ok: true, value: { version: '9.9.9', transport: 'websocket' } });
    expect(station.calls).toEqual([{ command: 'app.info', transport: 'websocket' }]);

    ws.send(JSON.stringify({ t: 'call', id: 8, command: 'desk.pack', args: {} }));
    expect(await nextMessage(ws, (m) => m.id === 8)).toMatchObject({ ok: false, error: { code: 'NOT_READY', message: 'Scan the remaining units first.' } });
    ws.send(JSON.stringify({ t: 'call', id: 9, command: 'no.such', args: {} }));
    expect(await nextMessage(ws, (m) => m.id === 9)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
  });

  it('sends every hub event to every connected page, and stops after a page leaves', async () => {
    const { h, station } = await host();
    const a = await connect(h);
    const b = await connect(h);
    const gotA = nextMessage(a, (m) => m.t === 'event');
    const gotB = nextMessage(b, (m) => m.t === 'event');
    station.hub.emit('device.weight', { deviceId: 'scale-1', weightKg: 1.25, stable: true });
    for (const m of await Promise.all([gotA, gotB])) expect(m).toEqual({ t: 'event', name: 'device.weight', payload: { deviceId: 'scale-1', weightKg: 1.25, stable: true } });

    await new Promise<void>((resolve) => {
      a.once('close', () => resolve());
      a.close();
    });
    await expect.poll(() => h.connections()).toBe(1);
    const gotB2 = nextMessage(b, (m) => m.t === 'event');
    station.hub.emit('device.weight', { deviceId: 'scale-1', weightKg: 2, stable: false });
    expect((await gotB2).payload.weightKg).toBe(2);
  });

  it('survives garbage: not JSON, binary, calls without an id, then still answers', async () => {
    const { h } = await host();
    const ws: WebSocket = await connect(h);
    ws.send('this is not json');
    ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    ws.send(JSON.stringify({ t: 'call', command: 'app.info' }));
    ws.send(JSON.stringify(null));
    ws.send(JSON.stringify([1, 2, 3]));
    ws.send(JSON.stringify({ t: 'call', id: 1, command: 'settings.get', args: { unexpected: '\u0000'.repeat(10) } }));
    ws.send(JSON.stringify({ t: 'call', id: 2, command: 'app.info', args: {} }));
    const reply = await nextMessage(ws, (m) => m.id === 2);
    expect(reply.ok).toBe(true);
    expect(h.connections()).toBe(1);
    // A second page still connects: the host is alive.
    const other = await connect(h);
    other.send(JSON.stringify({ t: 'call', id: 3, command: 'app.info', args: {} }));
    expect((await nextMessage(other, (m) => m.id === 3)).ok).toBe(true);
  });
});
