// The connection watch: scans made while the station is away wait in the page and are sent in
// the packer's order when it is back, a scan that was on its way when the connection dropped is
// refused in words (never sent twice), and the transport's own "disconnected" is noticed at once.
import { describe, expect, it } from 'vitest';
import { CONTRACT_ERRORS, StationError, type StationApi } from '../../shared/contract.js';
import { watchConnection, type TransportStatus } from '../../renderer/src/app/connection-watch.js';
import type { Connection } from '../../renderer/src/stores/app-store.js';

async function until(what: string, probe: () => boolean): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (probe()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never: ${what}`);
}

function fakeStation() {
  const state = { online: true, received: [] as string[], hangNext: false };
  const api = {
    invoke: async (command: string, args: { raw?: string }) => {
      if (!state.online) throw new StationError(CONTRACT_ERRORS.disconnected, 'lost');
      if (command === 'desk.scan') {
        if (state.hangNext) {
          // On the wire when the connection drops: the answer never comes.
          state.hangNext = false;
          state.online = false;
          throw new StationError(CONTRACT_ERRORS.disconnected, 'lost');
        }
        state.received.push(args.raw!);
        return { scanned: args.raw };
      }
      return { version: '1' };
    },
    subscribe: () => () => undefined,
  } as unknown as StationApi;
  return { api, state };
}

describe('connection watch', () => {
  it('holds scans made while the station is away and sends them in order when it is back', async () => {
    const { api, state } = fakeStation();
    const changes: Connection[] = [];
    const waiting: number[] = [];
    let transport: (s: TransportStatus) => void = () => undefined;
    const watched = watchConnection(api, {
      onChange: (c) => changes.push(c),
      onWaiting: (n) => waiting.push(n),
      heartbeatMs: 20,
      transportStatus: (listener) => ((transport = listener), () => undefined),
    });
    const stop = watched.start();
    await until('online', () => changes.includes('online'));

    state.online = false;
    transport('disconnected');
    expect(changes.at(-1)).toBe('lost');
    const answers = ['SH-1', 'SKU-A', 'SKU-A', 'SKU-B'].map((raw) => watched.api.invoke('desk.scan', { raw, source: 'wedge' }));
    expect(waiting.at(-1)).toBe(4);
    expect(state.received).toEqual([]);

    state.online = true;
    transport('connected');
    expect(await Promise.all(answers)).toEqual([{ scanned: 'SH-1' }, { scanned: 'SKU-A' }, { scanned: 'SKU-A' }, { scanned: 'SKU-B' }]);
    expect(state.received).toEqual(['SH-1', 'SKU-A', 'SKU-A', 'SKU-B']);
    expect(waiting.at(-1)).toBe(0);
    expect(changes.at(-1)).toBe('online');
    stop();
  });

  it('refuses a scan that was on its way when the connection dropped, and does not send it again', async () => {
    const { api, state } = fakeStation();
    const changes: Connection[] = [];
    const watched = watchConnection(api, { onChange: (c) => changes.push(c), heartbeatMs: 20 });
    const stop = watched.start();
    await until('online', () => changes.includes('online'));
    state.hangNext = true;
    await expect(watched.api.invoke('desk.scan', { raw: 'SKU-X', source: 'wedge' })).rejects.toThrow(StationError);
    expect(changes.at(-1)).toBe('lost');
    const later = watched.api.invoke('desk.scan', { raw: 'SKU-Y', source: 'wedge' });
    state.online = true;
    await expect(later).resolves.toEqual({ scanned: 'SKU-Y' });
    expect(state.received).toEqual(['SKU-Y']);
    stop();
  });

  it('other commands fail at once while the station is away (a screen says so), they do not wait', async () => {
    const { api, state } = fakeStation();
    const changes: Connection[] = [];
    const watched = watchConnection(api, { onChange: (c) => changes.push(c), heartbeatMs: 20 });
    const stop = watched.start();
    await until('online', () => changes.includes('online'));
    state.online = false;
    await expect(watched.api.invoke('queue.list', {})).rejects.toMatchObject({ code: CONTRACT_ERRORS.disconnected });
    stop();
  });

  it('tells a page the station refuses apart from a station that is down', async () => {
    const { api, state } = fakeStation();
    const denied: boolean[] = [];
    state.online = false;
    const watched = watchConnection(api, { onChange: () => undefined, heartbeatMs: 20, probeAccess: async () => false, onDenied: (d) => denied.push(d) });
    const stop = watched.start();
    await until('denied', () => denied.includes(true));
    state.online = true;
    await until('allowed again', () => denied.at(-1) === false);
    stop();
  });
});
