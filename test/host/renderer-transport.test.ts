// The renderer's WebSocket transport (renderer/src/transport/websocket-station.ts) run in Node
// against the real host, with the `ws` client standing in for the browser's WebSocket (both
// speak the same protocol): calls, events, and reconnecting by itself after the host restarts.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningHost } from '../../electron/host/host-server.js';
import { StationError } from '../../shared/contract/define.js';
import { createWebSocketStation, stationSocketUrl, type ConnectionStatus, type WebSocketClass, type WebSocketStation } from '../../renderer/src/transport/websocket-station.js';
import { startTestHost, testStation } from './host-fixtures.js';

/** The browser sends its page's Origin by itself; `ws` needs to be told. */
function browserLikeSocket(origin: string): WebSocketClass {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { origin } });
    }
  } as unknown as WebSocketClass;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function client(h: RunningHost, token = h.token): { station: WebSocketStation; statuses: ConnectionStatus[] } {
  const station = createWebSocketStation({ url: stationSocketUrl(h.url, token), WebSocket: browserLikeSocket(h.origin), reconnectDelaysMs: [50, 100] });
  cleanups.push(() => station.close());
  const statuses: ConnectionStatus[] = [];
  station.onStatus((s) => statuses.push(s));
  return { station, statuses };
}

describe('renderer WebSocket transport against the real host', () => {
  it('builds the station address from the page address', () => {
    expect(stationSocketUrl('http://127.0.0.1:5174/?token=a+b', 'a b')).toBe('ws://127.0.0.1:5174/station?token=a%20b');
    expect(stationSocketUrl('https://desk.example/app', 't')).toBe('wss://desk.example/station?token=t');
  });

  it('calls and events go through; station errors come back as StationError', async () => {
    const st = testStation();
    const h = await startTestHost(st);
    cleanups.push(() => h.close());
    const { station, statuses } = client(h);
    // A call made before the socket opens waits for it.
    const info = await station.api.invoke('app.info', {});
    expect(info).toMatchObject({ version: '9.9.9', transport: 'websocket' });
    expect(statuses).toEqual(['connecting', 'connected']);

    const err = await station.api.invoke('desk.pack', {}).catch((e) => e);
    expect(err).toBeInstanceOf(StationError);
    expect(err).toMatchObject({ code: 'NOT_READY' });

    const weights: number[] = [];
    station.api.subscribe('device.weight', (p) => weights.push(p.weightKg));
    st.hub.emit('device.weight', { deviceId: 's', weightKg: 3.5, stable: true });
    await expect.poll(() => weights).toEqual([3.5]);
  });

  it('a wrong token never connects (the host refuses it) and calls fail with DISCONNECTED', async () => {
    const h = await startTestHost(testStation());
    cleanups.push(() => h.close());
    const { station, statuses } = client(h, 'not-the-token');
    const err = await station.api.invoke('app.info', {}).catch((e) => e);
    expect(err).toMatchObject({ code: 'DISCONNECTED' });
    expect(statuses).not.toContain('connected');
    expect(h.connections()).toBe(0);
  });

  it('reconnects by itself after the host restarts, and events flow again', async () => {
    const st = testStation();
    const first = await startTestHost(st);
    const { port, token } = first;
    const { station, statuses } = client(first);
    await station.api.invoke('app.info', {});

    await first.close();
    await expect.poll(() => station.status()).toBe('disconnected');
    // While the host is away a call fails in words instead of hanging.
    await expect(station.api.invoke('app.info', {})).rejects.toMatchObject({ code: 'DISCONNECTED' });

    const second = await startTestHost(st, { port, token });
    cleanups.push(() => second.close());
    await expect.poll(() => station.status(), { timeout: 5000 }).toBe('connected');
    expect(await station.api.invoke('app.info', {})).toMatchObject({ version: '9.9.9' });
    expect(statuses.filter((s) => s === 'connected').length).toBe(2);

    const got: number[] = [];
    station.api.subscribe('device.weight', (p) => got.push(p.weightKg));
    st.hub.emit('device.weight', { deviceId: 's', weightKg: 7, stable: true });
    await expect.poll(() => got).toEqual([7]);
    // The call made while the host was away was dropped, never run later unasked.
    expect(st.calls.length).toBe(2);
  });

  it('close() stops for good: no reconnect, the host sees the page leave', async () => {
    const h = await startTestHost(testStation());
    cleanups.push(() => h.close());
    const { station } = client(h);
    await station.api.invoke('app.info', {});
    expect(h.connections()).toBe(1);
    station.close();
    await expect.poll(() => h.connections()).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    expect(h.connections()).toBe(0);
    await expect(station.api.invoke('app.info', {})).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });
});
