// The renderer's only door to the main process: one object, `window.station`, with invoke and
// subscribe on the station's IPC channel prefix (electron/shell/preload-api.ts). Nothing else of
// Electron or Node reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './shell/preload-api.js';

contextBridge.exposeInMainWorld('station', createPreloadApi(ipcRenderer));
