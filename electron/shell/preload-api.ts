// What the preload exposes as `window.station`: exactly invoke and subscribe over the one IPC
// channel prefix (ARCHITECTURE.md § The contract). Kept apart from preload.ts so it runs in Node
// tests with a fake ipcRenderer. Replies cross contextBridge as plain {ok, value | error}
// objects because Error subclasses do not survive the bridge; the renderer rebuilds
// StationError (renderer/src/transport/ipc-station.ts).

import { IPC_CALL, IPC_EVENT } from '../../shared/contract/ipc-channels.js';

// The channel names come from the zod-free ipc-channels.ts: the preload bundle stays small and
// the names cannot drift from the main side's.
export const PRELOAD_IPC_CALL = IPC_CALL;
export const PRELOAD_IPC_EVENT = IPC_EVENT;

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, message: unknown) => void): unknown;
}

export interface PreloadStationApi {
  invoke(command: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

export function createPreloadApi(ipcRenderer: IpcRendererLike): PreloadStationApi {
  let nextId = 1;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  // One IPC listener for all events, so subscribing many times never piles up IPC listeners.
  ipcRenderer.on(PRELOAD_IPC_EVENT, (_event, message) => {
    const m = message as { t?: unknown; name?: unknown; payload?: unknown } | null;
    if (!m || m.t !== 'event' || typeof m.name !== 'string') return;
    for (const fn of listeners.get(m.name) ?? []) {
      try {
        fn(m.payload);
      } catch {
        /* one faulty screen must not starve the others */
      }
    }
  });
  return {
    invoke: (command, args) => ipcRenderer.invoke(PRELOAD_IPC_CALL, { t: 'call', id: nextId++, command: String(command), args }),
    subscribe(event, listener) {
      const name = String(event);
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const fn = (payload: unknown) => listener(payload);
      set.add(fn);
      return () => void set!.delete(fn);
    },
  };
}
