// The renderer's one StationApi: the preload's IPC bridge in the Electron window, otherwise the
// browser-mode WebSocket on the page's own origin (electron/host), authorised by the page's
// cookie. Screens get it through StationProvider (app/station-context.tsx).
import type { StationApi } from '../../../shared/contract.js';
import { ipcStation } from './ipc-station.js';
import { createWebSocketStation, stationSocketUrl, type ConnectionStatus } from './websocket-station.js';

export type { ConnectionStatus } from './websocket-station.js';

interface Connection {
  api: StationApi;
  transport: 'ipc' | 'websocket';
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

let connection: Connection | undefined;

function connect(): Connection {
  if (connection) return connection;
  if (window.station) {
    const api = ipcStation(window.station);
    connection = { api, transport: 'ipc', onStatus: (fn) => (fn('connected'), () => {}) };
  } else {
    // The first load traded the address's token for an HttpOnly cookie (electron/host/page-access.ts);
    // the browser presents it with the upgrade, so the page never holds the token itself.
    const ws = createWebSocketStation({ url: stationSocketUrl(location.href), WebSocket });
    connection = { api: ws.api, transport: 'websocket', onStatus: ws.onStatus };
  }
  // The connection state is also on the root element, for styling and for end-to-end checks.
  connection.onStatus((status) => {
    document.documentElement.dataset.station = status;
  });
  return connection;
}

/** The station, connected on first use. */
export const station: StationApi = {
  invoke: (command, args) => connect().api.invoke(command, args),
  subscribe: (event, listener) => connect().api.subscribe(event, listener),
};

/** Follows the connection: 'connected', or 'connecting' / 'disconnected' while the host is away. */
export function onConnectionStatus(listener: (status: ConnectionStatus) => void): () => void {
  return connect().onStatus(listener);
}

export function stationTransport(): 'ipc' | 'websocket' {
  return connect().transport;
}

/** Kept for callers that ask for the station explicitly. */
export function connectStation(): StationApi {
  return station;
}

/**
 * Browser mode: whether the station (when it answers at all) lets this page in. A page whose
 * cookie is missing or belongs to another install gets 401 and is told to open the printed address.
 */
export async function pageMayUseStation(): Promise<boolean> {
  if (stationTransport() !== 'websocket') return true;
  try {
    const answer = await fetch('/station/access', { cache: 'no-store', credentials: 'same-origin' });
    return answer.status !== 401;
  } catch {
    return true; // Not answering at all: offline, not refused.
  }
}
