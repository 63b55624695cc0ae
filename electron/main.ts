// Composition root of the desktop app. Only this file and preload.ts import 'electron'; every
// decision (window hardening, navigation and permission guards, the IPC sender check, the menu,
// the sign-in window, settings and log redaction) is a plain function in electron/shell/ that
// runs in Node tests. This file wires Electron's objects into them.
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, safeStorage, session, type MenuItemConstructorOptions } from 'electron';
import log from 'electron-log/main';
import Store from 'electron-store';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateDataDir } from './station/composition/private-files.js';
import { buildStation, type BuiltStation } from './host/compose.js';
import { defaultDataDir, dataPaths } from './station/composition/data-dir.js';
import { nodeSecretCipher } from './station/settings/node-cipher.js';
import { safeStorageCipher } from './station/settings/safe-storage-cipher.js';
import { FileSecretStore } from './station/settings/secret-store.js';
import { APP_INDEX_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler, rendererPage } from './shell/app-protocol.js';
import { ElectronStoreSettingsStore } from './shell/electron-store-settings.js';
import { bindIpc, isOwnOriginOrPage, type OwnPage } from './shell/ipc-bridge.js';
import { cameraConfigured } from './station/video/camera-permission.js';
import { installLogRedaction, SecretRegistry, watchedSecretStore } from './shell/log-redaction.js';
import { aboutText, appMenuTemplate } from './shell/menu-template.js';
import { netFetchFor } from './shell/net-fetch.js';
import { signInFlow } from './shell/sign-in-flow.js';
import { applyPermissionPolicy, authWindowOptions, guardWebContents, mainWindowOptions } from './shell/window-guards.js';

const APP_NAME = 'Packing Station';
const dataDir = process.env.STATION_DATA_DIR || defaultDataDir();
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
// The dev server only in an unpackaged run; otherwise app://station/, an origin of its own (shell/app-protocol.ts).
const page: OwnPage = rendererPage({ isPackaged: app.isPackaged, env: process.env });
// Before the app is ready: app:// is a standard, secure scheme (fetch, relative URLs, its own origin).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

// The CLI and the app share one data folder (composition/data-dir.ts), whatever the product name.
mkdirSync(dataDir, { recursive: true });
app.setPath('userData', dataDir);

const registry = new SecretRegistry();
installLogRedaction(log, registry);
log.transports.file.resolvePathFn = () => join(dataDir, 'logs', 'main.log');
const say = (line: string) => log.info(line);

let mainWindow: BrowserWindow | undefined;
let station: BuiltStation | undefined;

/** safeStorage when the OS offers real protection; otherwise an owner-only key file, and the log says so. */
/** The keyring when the system has one, else a key file; each seals its own file (data-dir.ts). */
function secretStore(): FileSecretStore {
  const paths = dataPaths(dataDir);
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  if (safeStorage.isEncryptionAvailable() && backend !== 'basic_text') return new FileSecretStore(paths.secretsOsSealed, safeStorageCipher(safeStorage));
  log.warn('No system keyring is available: marketplace secrets are encrypted with a key file readable by this user only.');
  return new FileSecretStore(paths.secrets, nodeSecretCipher(paths.secretKey));
}

function createWindow(settings: ElectronStoreSettingsStore): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions({ preloadPath: fileURLToPath(new URL('../preload/preload.cjs', import.meta.url)), title: APP_NAME }));
  guardWebContents(win.webContents, { onRefused: (what, url) => log.warn(`refused ${what} to ${url}`) });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => (mainWindow = undefined));

  const template = appMenuTemplate({
    appName: APP_NAME,
    platform: process.platform,
    compact: settings.get().compactMode,
    dev: !app.isPackaged,
    actions: {
      // The station announces the change (settings.changed); the window follows without a reload.
      toggleCompact: (checked) => {
        settings.update({ compactMode: checked });
      },
      about: () =>
        void dialog.showMessageBox(win, {
          type: 'info',
          title: `About ${APP_NAME}`,
          message: aboutText({ appName: APP_NAME, version: app.getVersion(), electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node, dataDir }),
        }),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template as MenuItemConstructorOptions[]));

  void win.loadURL(page.kind === 'dev' ? page.origin : APP_INDEX_URL);
  return win;
}

async function start(): Promise<void> {
  // Files 0600 in a 0700 folder, whatever wrote them (composition/private-files.ts).
  privateDataDir(dataDir);
  if (page.kind === 'app') protocol.handle(APP_SCHEME, appProtocolHandler(rendererDir));
  const settings = new ElectronStoreSettingsStore(new Store({ cwd: dataDir, name: 'settings', clearInvalidConfig: false, configFileMode: 0o600 }));
  const secrets = watchedSecretStore(secretStore(), registry);

  // Every webContents (including the sign-in window's) refuses new windows and webviews.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  // The camera only for our page, and only while packing video has a camera chosen in Setup.
  applyPermissionPolicy(session.defaultSession, { cameraAllowed: cameraConfigured(settings), isOwnPage: (url) => isOwnOriginOrPage(url, page) });

  station = await buildStation({ dataDir, settings, secrets, version: app.getVersion(), log: say, extra: { fetchFor: netFetchFor(net), onSecret: (value) => registry.add(value) } });
  await station.start();
  const built = station;

  bindIpc({
    ipcMain,
    dispatcher: built.dispatcher,
    hub: built.hub,
    page,
    isOwnContents: (id) => mainWindow !== undefined && !mainWindow.isDestroyed() && mainWindow.webContents.id === id,
    eventTarget: () => mainWindow?.webContents,
    afterCall: signInFlow({
      openWindow: () => {
        const win = new BrowserWindow({ ...authWindowOptions(), parent: mainWindow, modal: false });
        // The marketplace's page gets no permission at all.
        applyPermissionPolicy(win.webContents.session, { cameraAllowed: () => false, isOwnPage: () => false });
        return win;
      },
      dispatcher: built.dispatcher,
      hub: built.hub,
      log: say,
    }),
    onRefused: (url) => log.warn(`refused a station call from ${url}`),
  });

  mainWindow = createWindow(settings);
  app.on('activate', () => {
    if (!mainWindow) mainWindow = createWindow(settings);
  });
}

if (!app.requestSingleInstanceLock()) {
  // One station per desk: a second start shows the first window instead.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped || !station) return;
    // Stop the station (devices, journal, the embedded sandbox's state) before the process goes.
    event.preventDefault();
    stopped = true;
    void station.stop().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log.error('The station could not start', e);
      dialog.showErrorBox(APP_NAME, `The station could not start: ${e instanceof Error ? e.message : String(e)}`);
      app.exit(1);
    });
}
