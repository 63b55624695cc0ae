// The desktop window's page: app://station/ serves the built renderer folder only, with the
// strict CSP as a header; the dev server address is honoured only in an unpackaged run; and the
// packaged binary has its Electron fuses flipped by electron-builder (the binary cannot be built
// here, so the configuration that asks for each fuse is what is checked).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appProtocolHandler, rendererPage } from '../../electron/shell/app-protocol.js';
import { parseCsp } from '../../electron/shell/csp.js';
import { isOwnPage } from '../../electron/shell/ipc-bridge.js';

const root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
const rendererDir = join(root, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Packing Station</title>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'not for the page');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  const handle = appProtocolHandler(rendererDir);

  it('serves the page for / and for a screen address, and the assets, with the strict CSP', async () => {
    for (const url of ['app://station/', 'app://station/queue', APP_INDEX_URL]) {
      const res = await handle({ url, method: 'GET' });
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<title>Packing Station</title>');
      const csp = parseCsp(res.headers.get('content-security-policy')!);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const js = await handle({ url: 'app://station/assets/app.js' });
    expect(js.headers.get('content-type')).toMatch(/text\/javascript/);
  });

  it('serves nothing outside the renderer folder, from another host, or for other methods', async () => {
    for (const url of ['app://station/../secret.txt', 'app://station/%2e%2e/secret.txt', 'app://station/assets/..%2f..%2fsecret.txt', 'app://other/index.html', 'app://station/missing.js']) {
      const res = await handle({ url, method: 'GET' });
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('not for the page');
    }
    expect((await handle({ url: APP_INDEX_URL, method: 'POST' })).status).toBe(405);
  });

  it('honours ELECTRON_RENDERER_URL only in an unpackaged run', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    expect(rendererPage({ isPackaged: false, env })).toEqual({ kind: 'dev', origin: 'http://localhost:5173' });
    expect(rendererPage({ isPackaged: true, env })).toEqual({ kind: 'app', indexUrl: APP_INDEX_URL });
    expect(rendererPage({ isPackaged: false, env: {} })).toEqual({ kind: 'app', indexUrl: APP_INDEX_URL });
  });

  it('counts app://station pages as the app, and nothing else', () => {
    const page = rendererPage({ isPackaged: true, env: {} });
    expect(isOwnPage('app://station/index.html', page)).toBe(true);
    expect(isOwnPage('app://station/queue#x', page)).toBe(true);
    expect(isOwnPage('app://evil/index.html', page)).toBe(false);
    expect(isOwnPage('file:///tmp/index.html', page)).toBe(false);
    expect(isOwnPage('https://station/index.html', page)).toBe(false);
  });
});

describe('electron fuses in the packaging configuration', () => {
  it('asks electron-builder to flip each hardening fuse', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    expect(pkg.build.asar).toBe(true);
    expect(pkg.build.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('the Node versions the package declares', () => {
  // electron-store 12 and conf 16 declare Node 22+; Electron runs its own Node (22+), so they are
  // used only inside the Electron process. The command line and browser mode run on the user's
  // Node, which `engines` describes: 22.13 or newer.
  it('loads electron-store only in the Electron process, and engines says Node 22.13', () => {
    const root = join(import.meta.dirname, '..', '..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe('>=22.13');
    const users: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (/\.tsx?$/.test(entry.name) && /from ['"](electron-store|conf)['"]/.test(readFileSync(path, 'utf8'))) users.push(path.slice(root.length + 1));
      }
    };
    for (const dir of ['electron', 'renderer', 'shared']) visit(join(root, dir));
    expect(users).toEqual(['electron/main.ts']);
    for (const name of ['electron-store', 'conf']) {
      expect(JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).engines.node, name).toBe('>=22');
    }
  });
});
