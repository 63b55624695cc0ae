// The renderer's one StationApi: the preload's IPC bridge in the Electron window, otherwise the
// browser-mode WebSocket on the page's own origin (electron/host) with the launch token taken
// from the page address. Screens get it through StationProvider (app/station-context.tsx).
import type { StationApi } from '../../../shared/contract.js';
import { ipcStation } from './ipc-station.js';
import { createWebSocketStation, stationSocketUrl, type ConnectionStatus } from './websocket-station.js';

export type { ConnectionStatus } from './websocket-station.js';

const TOKEN_KEY = 'station.token';

/** The launch token: in the page address, or kept for this tab so a reload still connects. */
function launchToken(): string {
  const fromUrl = new URLSearchParams(location.search).get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

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
    const ws = createWebSocketStation({ url: stationSocketUrl(location.href, launchToken()), WebSocket });
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
