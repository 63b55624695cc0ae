// The IPC transport, both ends, with fakes of ipcMain / ipcRenderer wired to each other and the
// real dispatcher: the preload's two functions, the sender check, events, and the renderer's
// StationApi rebuilt from the preload's plain replies.
import { describe, expect, it } from 'vitest';
import { Dispatcher, EventHub } from '../../electron/station/app/dispatcher.js';
import { bindIpc, type IpcInvokeEventLike, type OwnPage } from '../../electron/shell/ipc-bridge.js';
import { createPreloadApi } from '../../electron/shell/preload-api.js';
import { ipcStation } from '../../renderer/src/transport/ipc-station.js';
import { IPC_CALL, IPC_EVENT } from '../../shared/contract/wire.js';
import { StationError } from '../../shared/contract/define.js';

const page: OwnPage = { kind: 'file', indexUrl: 'file:///app/out/renderer/index.html' };

function wire(frameUrl: () => string | null, senderId = () => 1) {
  const handlers = new Map<string, (event: IpcInvokeEventLike, message: unknown) => Promise<unknown>>();
  const rendererListeners = new Map<string, (event: unknown, message: unknown) => void>();
  const sent: unknown[] = [];
  const ipcMain = { handle: (ch: string, fn: any) => void handlers.set(ch, fn), removeHandler: (ch: string) => void handlers.delete(ch) };
  const ipcRenderer = {
    invoke: async (ch: string, message: unknown) => {
      const url = frameUrl();
      // Electron clones what crosses; so does this fake.
      return structuredClone(await handlers.get(ch)!({ senderFrame: url === null ? null : { url }, sender: { id: senderId() } }, structuredClone(message)));
    },
    on: (ch: string, fn: any) => void rendererListeners.set(ch, fn),
  };
  const hub = new EventHub();
  const seen: unknown[] = [];
  const dispatcher = new Dispatcher({
    'app.info': (_a, ctx) => ({ version: '1.0.0', sandbox: false, signIn: { mode: 'selfAccess', signedIn: false, text: 'Not signed in.' }, locations: [], transport: ctx.transport }),
    'desk.scan': (args) => {
      seen.push(args);
      throw new StationError('NOT_FOUND', 'No shipment with that code.');
    },
  });
  const unbind = bindIpc({
    ipcMain,
    dispatcher,
    hub,
    page,
    isOwnContents: (id) => id === 1,
    eventTarget: () => ({ isDestroyed: () => false, send: (ch, m) => (sent.push(m), rendererListeners.get(ch)?.({}, structuredClone(m))) }),
  });
  const bridge = createPreloadApi(ipcRenderer);
  return { bridge, api: ipcStation(bridge), hub, handlers, unbind, seen, sent };
}

describe('IPC transport', () => {
  it('the preload exposes exactly invoke and subscribe', () => {
    const { bridge } = wire(() => page.indexUrl);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
  });

  it('a call from the app page round-trips; station errors come back as StationError', async () => {
    const { api, seen } = wire(() => page.indexUrl);
    expect(await api.invoke('app.info', {})).toMatchObject({ version: '1.0.0', transport: 'ipc' });
    const err = await api.invoke('desk.scan', { raw: 'SH1', source: 'typed' }).catch((e) => e);
    expect(err).toBeInstanceOf(StationError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: 'No shipment with that code.' });
    expect(seen).toEqual([{ raw: 'SH1', source: 'typed' }]);
  });

  it('refuses with FORBIDDEN a foreign page, a vanished frame, another window', async () => {
    let url: string | null = 'https://evil.example/';
    let sender = 1;
    const { api, seen } = wire(() => url, () => sender);
    await expect(api.invoke('desk.scan', { raw: 'SH1', source: 'typed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    url = 'file:///tmp/other.html';
    await expect(api.invoke('desk.scan', { raw: 'SH1', source: 'typed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    url = null;
    await expect(api.invoke('app.info', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    url = page.indexUrl;
    sender = 2;
    await expect(api.invoke('app.info', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(seen).toEqual([]);
  });

  it('hub events reach subscribers; unsubscribing stops them; unbinding removes the handler', async () => {
    const { api, hub, handlers, unbind } = wire(() => page.indexUrl);
    const got: number[] = [];
    const off = api.subscribe('device.weight', (p) => got.push(p.weightKg));
    hub.emit('device.weight', { deviceId: 's', weightKg: 1.5, stable: true });
    off();
    hub.emit('device.weight', { deviceId: 's', weightKg: 2, stable: true });
    expect(got).toEqual([1.5]);
    unbind();
    expect(handlers.has(IPC_CALL)).toBe(false);
  });

  it('ignores malformed event messages in the preload', () => {
    const listeners = new Map<string, any>();
    const bridge = createPreloadApi({ invoke: async () => undefined, on: (ch, fn) => void listeners.set(ch, fn) });
    const got: unknown[] = [];
    bridge.subscribe('device.weight', (p) => got.push(p));
    for (const bad of [null, 'x', { t: 'reply' }, { t: 'event', name: 5 }]) listeners.get(IPC_EVENT)({}, bad);
    listeners.get(IPC_EVENT)({}, { t: 'event', name: 'device.weight', payload: 1 });
    expect(got).toEqual([1]);
  });

  it('the renderer refuses a reply it cannot read', async () => {
    const api = ipcStation({ invoke: async () => ({ nonsense: true }), subscribe: () => () => {} });
    await expect(api.invoke('app.info', {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
