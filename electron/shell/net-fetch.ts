// Which fetch the desktop app's marketplace client uses. The real marketplace goes through
// Electron's net.fetch: it honours the system's proxy settings and certificate store, as a
// warehouse network expects. The embedded sandbox, whose CA the station pins, goes through undici
// (net.fetch cannot pin a CA per request, and the sandbox is on loopback, never behind a proxy).
import type { FetchLike } from '../station/api/http.js';
import { createNodeFetch } from '../station/api/http.js';
import type { FetchFor } from '../station/app/marketplace-session.js';

/** The part of Electron's `net` module used here (structurally compatible with it). */
export interface NetLike {
  fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal }): Promise<{
    status: number;
    headers: { get(name: string): string | null };
    arrayBuffer(): Promise<ArrayBuffer>;
  }>;
}

export function netFetchFor(net: NetLike): FetchFor {
  const fetch: FetchLike = (url, init) => net.fetch(url, init);
  return (caPem) => (caPem ? createNodeFetch({ caPem }) : { fetch, close: async () => undefined });
}
