// The browser-mode transport, renderer side: the station contract over a WebSocket to
// electron/host, reconnecting by itself when the host goes away (a restart, a sleeping laptop).
// Free of DOM types on purpose: the WebSocket class comes in as a parameter, so the same code
// runs in the page (the browser's WebSocket) and in Node tests (the `ws` client) against the
// real host.
import type { StationApi } from '../../../shared/contract.js';
import { createStationClient, type MessagePortLike } from '../../../shared/contract/client.js';
import type { CallMessage } from '../../../shared/contract/wire.js';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** The part of the WebSocket API (browser or `ws`) this transport uses. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // `any` events: the browser's and `ws`'s event classes differ, and only `data` is read.
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
}
export type WebSocketClass = new (url: string) => WebSocketLike;

const OPEN = 1;
/** Waits between reconnect attempts: quick at first, then every few seconds at most. */
export const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

export interface WebSocketStationOptions {
  url: string;
  WebSocket: WebSocketClass;
  reconnectDelaysMs?: number[];
}

export interface WebSocketStation {
  api: StationApi;
  status(): ConnectionStatus;
  /** Called with every status change (and at once with the current one); returns the unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Stops for good (no more reconnects). */
  close(): void;
}

export function createWebSocketStation(options: WebSocketStationOptions): WebSocketStation {
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const messageListeners = new Set<(message: unknown) => void>();
  const closeListeners = new Set<() => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  let socket: WebSocketLike | undefined;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Calls made while (re)connecting wait here for the socket to open. On a close they are dropped
  // (their callers get DISCONNECTED): a call must never run later, unasked, after its caller gave up.
  let queue: string[] = [];

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    for (const fn of statusListeners) fn(next);
  };

  const connect = () => {
    timer = undefined;
    if (stopped) return;
    const ws = new options.WebSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('connected');
      for (const text of queue.splice(0)) ws.send(text);
    };
    ws.onmessage = (event: { data: unknown }) => {
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const fn of messageListeners) fn(message);
    };
    ws.onerror = () => {
      /* a close event always follows; reconnecting is decided there */
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      queue = [];
      for (const fn of closeListeners) fn();
      if (stopped) return;
      setStatus('disconnected');
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
      attempt++;
      timer = setTimeout(connect, delay);
    };
  };

  const port: MessagePortLike = {
    send(message: CallMessage) {
      // Closed for good: the client fails the call at once (onClose rejects what is pending).
      if (stopped) return void closeListeners.forEach((fn) => fn());
      const text = JSON.stringify(message);
      if (socket && socket.readyState === OPEN) socket.send(text);
      else queue.push(text);
    },
    onMessage: (listener) => void messageListeners.add(listener),
    onClose: (listener) => void closeListeners.add(listener),
  };

  const api = createStationClient(port);
  connect();

  return {
    api,
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      listener(status);
      return () => void statusListeners.delete(listener);
    },
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      queue = [];
      for (const fn of closeListeners) fn();
      ws?.close(1000, 'closed by the page');
      setStatus('disconnected');
    },
  };
}

/** The WebSocket address of the station on the page's own origin; a token only for programs (pages use their cookie). */
export function stationSocketUrl(pageUrl: string, token?: string): string {
  const page = new URL(pageUrl);
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}/station${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
