// The renderer's side of a message transport: correlates calls with replies and fans events out
// to subscribers. The WebSocket and in-memory transports use it; Electron's preload offers the
// same StationApi directly over IPC.
import type { ArgsOf, CommandName, EventName, PayloadOf, ResultOf, StationApi } from '../contract.js';
import { CONTRACT_ERRORS, StationError } from './define.js';
import { ToRendererMessage, type CallMessage } from './wire.js';

export interface MessagePortLike {
  send(message: CallMessage): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called when the connection is lost; pending calls fail with DISCONNECTED. */
  onClose?(listener: () => void): void;
}

export function createStationClient(port: MessagePortLike): StationApi {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  port.onMessage((raw) => {
    const parsed = ToRendererMessage.safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.t === 'event') {
      for (const fn of listeners.get(msg.name) ?? []) fn(msg.payload);
      return;
    }
    const call = pending.get(msg.id);
    if (!call) return;
    pending.delete(msg.id);
    if (msg.ok) call.resolve(msg.value);
    else call.reject(new StationError(msg.error.code, msg.error.message, msg.error.sentence, msg.error.sentences));
  });
  port.onClose?.(() => {
    for (const call of pending.values()) call.reject(new StationError(CONTRACT_ERRORS.disconnected, 'The connection to the station was lost. It reconnects by itself; try again in a moment.'));
    pending.clear();
  });

  return {
    invoke<C extends CommandName>(command: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
      const id = nextId++;
      return new Promise<ResultOf<C>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        port.send({ t: 'call', id, command, args });
      });
    },
    subscribe<E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void): () => void {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const fn = listener as (payload: unknown) => void;
      set.add(fn);
      return () => set!.delete(fn);
    },
  };
}

/** A connected pair of ports in one process: the in-memory transport of tests. */
export function createMemoryPorts(): { client: MessagePortLike; server: { send(message: unknown): void; onMessage(listener: (message: unknown) => void): void } } {
  const toServer = new Set<(m: unknown) => void>();
  const toClient = new Set<(m: unknown) => void>();
  // Messages are cloned and delivered asynchronously, as a real transport would.
  const deliver = (set: Set<(m: unknown) => void>, m: unknown) => queueMicrotask(() => set.forEach((fn) => fn(structuredClone(m))));
  return {
    client: { send: (m) => deliver(toServer, m), onMessage: (fn) => void toClient.add(fn) },
    server: { send: (m) => deliver(toClient, m), onMessage: (fn) => void toServer.add(fn) },
  };
}
