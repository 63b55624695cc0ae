// Notices when the station stops answering and when it answers again, whatever the transport
// (IPC, WebSocket): a call that fails with DISCONNECTED, or a heartbeat that gets no answer, means
// the connection is lost; a heartbeat that is answered again means it is back.
import type { StationApi } from '../../../shared/contract.js';
import { CONTRACT_ERRORS, StationError } from '../../../shared/contract.js';
import type { Connection } from '../stores/app-store.js';

export interface ConnectionWatchOptions {
  onChange: (connection: Connection) => void;
  heartbeatMs?: number;
  /** How long the station may take to answer a heartbeat before it counts as lost. */
  timeoutMs?: number;
}

export interface WatchedStation {
  api: StationApi;
  /** Starts the heartbeat; returns the function that stops it. */
  start(): () => void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StationError(CONTRACT_ERRORS.disconnected, 'The station did not answer.')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

export function watchConnection(inner: StationApi, { onChange, heartbeatMs = 10_000, timeoutMs = 8_000 }: ConnectionWatchOptions): WatchedStation {
  let lost = false;
  let beat: (() => void) | undefined;
  const markLost = () => {
    if (lost) return;
    lost = true;
    onChange('lost');
    beat?.();
  };
  const heartbeat = async () => {
    try {
      await withTimeout(inner.invoke('app.info', {}), timeoutMs);
      if (lost) lost = false;
      onChange('online');
    } catch (e) {
      if (e instanceof StationError && e.code === CONTRACT_ERRORS.disconnected) markLost();
    }
  };
  const api: StationApi = {
    invoke: (command, args) =>
      inner.invoke(command, args).catch((e: unknown) => {
        if (e instanceof StationError && e.code === CONTRACT_ERRORS.disconnected) markLost();
        throw e;
      }),
    subscribe: (event, listener) => inner.subscribe(event, listener),
  };
  return {
    api,
    start() {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const loop = async () => {
        await heartbeat();
        // While lost, try again sooner: the packer is waiting.
        if (!stopped) timer = setTimeout(loop, lost ? Math.min(2_000, heartbeatMs) : heartbeatMs);
      };
      beat = () => {
        if (timer !== undefined) clearTimeout(timer);
        if (!stopped) timer = setTimeout(loop, Math.min(2_000, heartbeatMs));
      };
      void loop();
      return () => {
        stopped = true;
        if (timer !== undefined) clearTimeout(timer);
      };
    },
  };
}
