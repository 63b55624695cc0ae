// The renderer's StationApi: Electron's preload bridge when present, otherwise the browser-mode
// WebSocket on the page's own origin (electron/host), with the launch token from the page URL.
import type { StationApi } from '../../../shared/contract.js';
import { createStationClient, type MessagePortLike } from '../../../shared/contract/client.js';

declare global {
  interface Window {
    station?: StationApi;
  }
}

function webSocketPort(url: string): MessagePortLike {
  const socket = new WebSocket(url);
  const queue: string[] = [];
  socket.addEventListener('open', () => queue.splice(0).forEach((m) => socket.send(m)));
  return {
    send(message) {
      const text = JSON.stringify(message);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else queue.push(text);
    },
    onMessage(listener) {
      socket.addEventListener('message', (e) => listener(JSON.parse(String(e.data))));
    },
    onClose(listener) {
      socket.addEventListener('close', listener);
    },
  };
}

export function connectStation(): StationApi {
  if (window.station) return window.station;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/station?token=${encodeURIComponent(token)}`;
  return createStationClient(webSocketPort(url));
}
