// The hardening of the app's windows, with small fakes of Electron's webContents and session.
import { describe, expect, it } from 'vitest';
import { applyPermissionPolicy, authWindowOptions, decidePermission, guardWebContents, mainWindowOptions } from '../../electron/shell/window-guards.js';
import { isOwnOriginOrPage, isOwnPage, type OwnPage } from '../../electron/shell/ipc-bridge.js';
import { FakeWebContents } from './electron-fakes.js';

const page: OwnPage = { kind: 'file', indexUrl: 'file:///opt/Packing%20Station/resources/app.asar/out/renderer/index.html' };

describe('window options', () => {
  it('the app window is isolated, sandboxed, without Node or webviews, with only our preload', () => {
    const o = mainWindowOptions({ preloadPath: '/app/out/preload/preload.cjs', title: 'Packing Station' });
    expect(o.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      preload: '/app/out/preload/preload.cjs',
    });
  });

  it('the sign-in window is as hardened, has no preload and a separate session', () => {
    const o = authWindowOptions();
    expect(o.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(o.webPreferences).not.toHaveProperty('preload');
    expect(o.webPreferences.partition).toBe('station-auth');
  });
});

describe('navigation and window guards', () => {
  it('prevents navigation to any other page and denies window.open', () => {
    const contents = new FakeWebContents();
    const refused: string[] = [];
    guardWebContents(contents, { onRefused: (what, url) => refused.push(`${what} ${url}`) });
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.openHandler!({ url: 'https://evil.example/popup' })).toEqual({ action: 'deny' });
    const webview = { prevented: false, preventDefault() { this.prevented = true; } };
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
    expect(refused).toEqual(['navigation https://evil.example/', 'navigation file:///etc/passwd', 'window https://evil.example/popup', 'webview ']);
  });

  it('lets through only the navigations a caller allows', () => {
    const contents = new FakeWebContents();
    guardWebContents(contents, { allowNavigation: (url) => url.startsWith('https://market.example/') });
    expect(contents.navigate('will-navigate', 'https://market.example/login')).toBe(false);
    expect(contents.navigate('will-navigate', 'https://market.example.evil.com/login')).toBe(true);
  });
});

describe('permissions', () => {
  const closed = { cameraAllowed: () => false, isOwnPage: (url: string) => isOwnOriginOrPage(url, page) };
  const open = { ...closed, cameraAllowed: () => true };

  it('denies every request: notifications, geolocation, the camera while packing video is off', () => {
    for (const permission of ['notifications', 'geolocation', 'media', 'clipboard-read', 'openExternal', 'hid', 'serial']) {
      expect(decidePermission(closed, permission, page.indexUrl, ['video']), permission).toBe(false);
    }
  });

  it('the camera hook: video only, own page only, and only when the setting allows it', () => {
    expect(decidePermission(open, 'media', page.indexUrl, ['video'])).toBe(true);
    expect(decidePermission(open, 'media', page.indexUrl, ['video', 'audio'])).toBe(false);
    expect(decidePermission(open, 'media', page.indexUrl, [])).toBe(false);
    expect(decidePermission(open, 'media', 'https://evil.example/', ['video'])).toBe(false);
    expect(decidePermission(open, 'geolocation', page.indexUrl)).toBe(false);
  });

  it('is installed as both the request and the check handler of the session', () => {
    let request: any;
    let check: any;
    applyPermissionPolicy({ setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) }, closed);
    const answers: boolean[] = [];
    request({}, 'notifications', (granted: boolean) => answers.push(granted), { requestingUrl: page.indexUrl });
    request({}, 'media', (granted: boolean) => answers.push(granted), { requestingUrl: page.indexUrl, mediaTypes: ['video'] });
    expect(answers).toEqual([false, false]);
    expect(check({}, 'notifications', 'file://', {})).toBe(false);
  });
});

describe('own page', () => {
  it('is the index.html of the app, not just any file:// page', () => {
    expect(isOwnPage(page.indexUrl, page)).toBe(true);
    expect(isOwnPage(`${page.indexUrl}?x=1#/queue`, page)).toBe(true);
    expect(isOwnPage('file:///tmp/evil.html', page)).toBe(false);
    expect(isOwnPage('https://evil.example/', page)).toBe(false);
    expect(isOwnPage(undefined, page)).toBe(false);
    expect(isOwnPage('not a url', page)).toBe(false);
  });

  it('in development is the dev server origin only', () => {
    const dev: OwnPage = { kind: 'dev', origin: 'http://localhost:5173' };
    expect(isOwnPage('http://localhost:5173/#/pack', dev)).toBe(true);
    expect(isOwnPage('http://localhost:5174/', dev)).toBe(false);
    expect(isOwnPage('http://127.0.0.1:5173/', dev)).toBe(false);
  });
});
