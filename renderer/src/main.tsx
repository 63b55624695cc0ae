// The renderer's entry: the real transport (Electron IPC or the browser-mode WebSocket) and the app.
import './zod-jitless.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { connectStation, onConnectionStatus, pageMayUseStation } from './transport/station.js';
import { BoardApp } from './screens/warehouse/board-app.js';
import './theme/theme.css';
import './i18n/scripts.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The board-only host serves its page at /?board (electron/host/board-mode.ts). */}
    {new URLSearchParams(window.location.search).has('board') ? (
      <BoardApp station={connectStation()} transportStatus={onConnectionStatus} probeAccess={pageMayUseStation} />
    ) : (
      <App station={connectStation()} transportStatus={onConnectionStatus} probeAccess={pageMayUseStation} />
    )}
  </StrictMode>,
);
