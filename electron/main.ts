// Composition root of the desktop app. Only this file and preload.ts import 'electron'.
import { app, BrowserWindow } from 'electron';

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  void win.loadFile(new URL('../renderer/index.html', import.meta.url).pathname);
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
