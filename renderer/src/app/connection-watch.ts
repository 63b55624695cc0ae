// Notices when the station stops answering and when it answers again, whatever the transport
// (IPC, WebSocket): the transport saying it is disconnected, a call that fails with DISCONNECTED,
// or a heartbeat that gets no answer, means the connection is lost; a heartbeat that is answered
// again means it is back.
//
// Scans made while the station is away are not lost: they wait here, in the order they were
// made, and are sent one by one when it is back (their callers get the answers then). A scan
// that was already on its way when the connection dropped may or may not have arrived; it is
// refused in words rather than sent twice.
import type { StationApi } from '../../../shared/contract.js';
import { CONTRACT_ERRORS, StationError } from '../../../shared/contract.js';
import type { Connection } from '../stores/app-store.js';

/** Commands that wait for the station instead of failing while it is away: the packer's scans. */
export const HELD_WHILE_OFFLINE: ReadonlySet<string> = new Set(['desk.scan']);

export type TransportStatus = 'connecting' | 'connected' | 'disconnected';

export interface ConnectionWatchOptions {
  onChange: (connection: Connection) => void;
  heartbeatMs?: number;
  /** How long the station may take to answer a heartbeat before it counts as lost. */
  timeoutMs?: number;
  /** The transport's own view (the WebSocket opening and closing), noticed at once. */
  transportStatus?: (listener: (status: TransportStatus) => void) => () => void;
  /** How many scans wait for the station (0 once they were all sent). */
  onWaiting?: (waiting: number) => void;
  /** While lost: false when the station is up but refuses this page (a wrong or missing page token). */
  probeAccess?: () => Promise<boolean>;
  onDenied?: (denied: boolean) => void;
}

export interface WatchedStation {
  api: StationApi;
  /** Starts the heartbeat; returns the function that stops it. */
  start(): () => void;
}

interface Held {
  command: string;
  args: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const isDisconnected = (e: unknown) => e instanceof StationError && e.code === CONTRACT_ERRORS.disconnected;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StationError(CONTRACT_ERRORS.disconnected, 'The station did not answer.')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

export function watchConnection(inner: StationApi, options: ConnectionWatchOptions): WatchedStation {
  const { onChange, heartbeatMs = 10_000, timeoutMs = 8_000 } = options;
  let lost = false;
  let beat: (() => void) | undefined;
  const held: Held[] = [];
  let flushing = false;
  const waiting = () => options.onWaiting?.(held.length);

  const markLost = () => {
    if (lost) return;
    lost = true;
    onChange('lost');
    beat?.();
  };

  /** Sends the waiting scans in order; stops (keeping the rest) if the station goes away again. */
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (!lost && held.length > 0) {
        const next = held[0];
        try {
          next.resolve(await inner.invoke(next.command as never, next.args as never));
        } catch (e) {
          if (isDisconnected(e)) {
            next.reject(new StationError(CONTRACT_ERRORS.disconnected, 'The station went away while this scan was being sent. Check the shipment on screen before scanning it again.'));
            held.shift();
            waiting();
            markLost();
            return;
          }
          next.reject(e);
        }
        held.shift();
        waiting();
      }
    } finally {
      flushing = false;
    }
  };

  const heartbeat = async () => {
    try {
      await withTimeout(inner.invoke('app.info', {}), timeoutMs);
      if (lost) lost = false;
      options.onDenied?.(false);
      onChange('online');
      void flush();
    } catch (e) {
      if (isDisconnected(e)) {
        markLost();
        if (options.probeAccess) options.onDenied?.(!(await options.probeAccess().catch(() => true)));
      }
    }
  };

  const api: StationApi = {
    invoke: (command, args) => {
      // Behind earlier waiting scans too, so the order is the packer's.
      if (HELD_WHILE_OFFLINE.has(command) && (lost || held.length > 0)) {
        return new Promise((resolve, reject) => {
          held.push({ command, args, resolve: resolve as (v: unknown) => void, reject });
          waiting();
        });
      }
      return inner.invoke(command, args).catch((e: unknown) => {
        if (isDisconnected(e)) markLost();
        throw e;
      });
    },
    subscribe: (event, listener) => inner.subscribe(event, listener),
  };
  return {
    api,
    start() {
      let stopped = false;
      let inFlight = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const loop = async () => {
        timer = undefined;
        inFlight = true;
        await heartbeat();
        inFlight = false;
        // While lost, try again sooner: the packer is waiting.
        if (!stopped && timer === undefined) timer = setTimeout(loop, lost ? Math.min(2_000, heartbeatMs) : heartbeatMs);
      };
      const now = () => {
        if (stopped || inFlight) return;
        if (timer !== undefined) clearTimeout(timer);
        void loop();
      };
      beat = () => {
        if (inFlight) return;
        if (timer !== undefined) clearTimeout(timer);
        if (!stopped) timer = setTimeout(loop, Math.min(2_000, heartbeatMs));
      };
      const unwatch = options.transportStatus?.((status) => {
        if (status === 'disconnected') markLost();
        // Back: ask at once instead of waiting for the next beat.
        else if (status === 'connected' && lost) now();
      });
      void loop();
      return () => {
        stopped = true;
        unwatch?.();
        if (timer !== undefined) clearTimeout(timer);
      };
    },
  };
}
