// The renderer's only door to the main process. Filled in by the station contract.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('station', {});
