// What electron/preload.ts exposes as `window.station` (electron/shell/preload-api.ts): the one
// door from the page to the main process. Absent in browser mode, where the WebSocket is used.

export interface StationBridge {
  /** Resolves with the reply envelope {t: 'reply', id, ok, value | error}; never throws for station errors. */
  invoke(command: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    station?: StationBridge;
  }
}
