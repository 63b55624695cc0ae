// The shell's remaining pieces on real libraries where they run in Node: the CSP text, settings
// through `conf` (the library electron-store extends, so the adapter sees the same object shape),
// log redaction through electron-log's Node logger writing a real file, and the menu.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import nodeLog from 'electron-log/node';
import { describe, expect, it } from 'vitest';
import { injectCspMeta, parseCsp, rendererCsp } from '../../electron/shell/csp.js';
import { ElectronStoreSettingsStore } from '../../electron/shell/electron-store-settings.js';
import { installLogRedaction, REDACTED, SecretRegistry, watchedSecretStore } from '../../electron/shell/log-redaction.js';
import { aboutText, appMenuTemplate, type MenuItem } from '../../electron/shell/menu-template.js';
import { electronBinary } from '../../electron/shell/electron-runtime.js';
import { MemorySecretStore } from '../../electron/station/settings/secret-store.js';
import { JsonFileSettingsStore } from '../../electron/station/settings/settings-store.js';

describe('CSP', () => {
  it('allows scripts from the app only: no inline, no eval, no plug-ins, no frames, no foreign connections', () => {
    const csp = parseCsp(rendererCsp());
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain('*');
      expect(sources.filter((s) => s.startsWith('http')), name).toEqual([]);
      expect(sources, name).not.toContain("'unsafe-inline'");
    }
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.has('frame-ancestors')).toBe(false);
    expect(parseCsp(rendererCsp({ header: true, connect: ['ws://127.0.0.1:1'] })).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:1']);
  });

  it('goes into index.html as its meta tag, replacing an older one', () => {
    const html = '<!doctype html><html><head>\n<meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src *" /></head></html>';
    const out = injectCspMeta(html, rendererCsp());
    expect(out.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(out).toContain(`content="${rendererCsp()}"`);
    expect(injectCspMeta('<html><head><title>x</title></head></html>', "script-src 'self'")).toMatch(/<head>\s*<meta http-equiv="Content-Security-Policy" content="script-src 'self'" \/>/);
    expect(() => injectCspMeta('<html></html>', 'x')).toThrow(/no <head>/);
  });
});

describe('settings through electron-store (conf)', () => {
  it('validates with the station schema, persists, and shares the file format with the CLI', () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-conf-'));
    const store = new ElectronStoreSettingsStore(new Conf({ cwd: dir, configName: 'settings', projectName: 'packing-station' }));
    expect(store.get().desk.name).toBe('Desk 1');
    store.update({ desk: { name: 'Desk 7' }, compactMode: true });
    expect(() => store.update({ marketplace: { baseUrl: 'http://market.example' } })).toThrow(/https:\/\//);
    expect(store.get().marketplace.baseUrl).toBeUndefined();

    const reopened = new ElectronStoreSettingsStore(new Conf({ cwd: dir, configName: 'settings', projectName: 'packing-station' }));
    expect(reopened.get()).toMatchObject({ desk: { name: 'Desk 7' }, compactMode: true });
    // The headless CLI reads the same settings.json.
    expect(JsonFileSettingsStore.open(join(dir, 'settings.json')).get().desk.name).toBe('Desk 7');
  });

  it('refuses a file with invalid values in words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-conf-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ sounds: { volume: 7 } }));
    expect(() => new ElectronStoreSettingsStore(new Conf({ cwd: dir, configName: 'settings', projectName: 'packing-station' }))).toThrow(/Volume goes from 0 to 1/);
  });
});

describe('log redaction', () => {
  it('no secret reaches the log file: known values, bearer and basic credentials, OAuth parameters, secret keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-log-'));
    const file = join(dir, 'main.log');
    const log = nodeLog.create({ logId: `redaction-${Date.now()}` });
    log.transports.console.level = false;
    log.transports.file.resolvePathFn = () => file;
    const registry = new SecretRegistry();
    installLogRedaction(log as any, registry);
    const secrets = watchedSecretStore(new MemorySecretStore(), registry);
    secrets.set('marketplace.appSecret', 'app-secret-0123456789');
    secrets.set('tokens.abc', JSON.stringify({ accessToken: 'access-token-ABCDEFGH', refreshToken: 'refresh-token-IJKLMNOP', accessExpiresAt: 1 }));

    log.info('signing in with app-secret-0123456789 and access-token-ABCDEFGH');
    log.info({ headers: { authorization: 'Bearer whatever-123456' }, appSecret: 'x', nested: [{ note: 'refresh-token-IJKLMNOP' }] });
    log.warn('GET https://m.example/oauth/token?grant_type=refresh_token&refresh_token=unknown-value-1&code=unknown-code');
    log.error(new Error('failed: Basic dXNlcjpwYXNzd29yZA== rejected'));
    log.info('plain line with nothing secret');

    const text = readFileSync(file, 'utf8');
    for (const secret of ['app-secret-0123456789', 'access-token-ABCDEFGH', 'refresh-token-IJKLMNOP', 'whatever-123456', 'unknown-value-1', 'unknown-code', 'dXNlcjpwYXNzd29yZA']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain(REDACTED);
    expect(text).toContain('grant_type=refresh_token');
    expect(text).toContain('plain line with nothing secret');
  });
});

describe('log redaction of the application credentials', () => {
  it('masks a bare base64 appId:secret, known or not, and keeps the address and application id readable', () => {
    const registry = new SecretRegistry();
    const secrets = watchedSecretStore(new MemorySecretStore(), registry);
    // The application secret as the station stores it: bound to its address, mode and application id.
    secrets.set('marketplace.appSecret', JSON.stringify({ format: 'bound-1', origin: 'https://api.example.com', mode: 'selfAccess', appId: 'app-id-42', secret: 'app-secret-0123456789' }));
    const known = Buffer.from('app-id-42:app-secret-0123456789').toString('base64');
    const unknown = Buffer.from('someone-else:pass-word-99').toString('base64url');
    const line = registry.redact(`sent ${known} to https://api.example.com for app-id-42; then ${unknown}; checksum aGVsbG8gd29ybGQgYWdhaW4=`);
    expect(line).not.toContain(known);
    expect(line).not.toContain(unknown);
    expect(line).toContain('https://api.example.com');
    expect(line).toContain('app-id-42');
    // A base64 word that is not a credential pair stays.
    expect(line).toContain('aGVsbG8gd29ybGQgYWdhaW4=');
    expect(line.split(REDACTED).length - 1).toBe(2);
  });
});

describe('menu', () => {
  const labels = (items: MenuItem[]) => items.map((i) => i.label ?? i.role ?? i.type);
  it('File: Quit; View: Reload, compact mode, zoom; Help: About with the version', () => {
    const toggled: boolean[] = [];
    let about = 0;
    const menu = appMenuTemplate({ appName: 'Packing Station', platform: 'linux', compact: false, dev: false, actions: { toggleCompact: (c) => toggled.push(c), about: () => about++ } });
    expect(labels(menu)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(labels(menu[0].submenu!)).toEqual(['quit']);
    const view = menu[2].submenu!;
    expect(labels(view)).toEqual(['reload', 'Compact mode', 'separator', 'resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen']);
    view[1].click!({ checked: true });
    menu[3].submenu![0].click!({});
    expect([toggled, about]).toEqual([[true], 1]);
    expect(aboutText({ appName: 'Packing Station', version: '0.1.0', electron: '41.7.1', dataDir: '/d' })).toMatch(/^Packing Station 0\.1\.0\nElectron 41\.7\.1\nData folder: \/d$/);
  });

  it('offers developer tools only in a development build', () => {
    const find = (dev: boolean) => appMenuTemplate({ appName: 'P', platform: 'win32', compact: false, dev, actions: { toggleCompact() {}, about() {} } })[2].submenu!.some((i) => i.role === 'toggleDevTools');
    expect([find(false), find(true)]).toEqual([false, true]);
  });
});

describe('Electron runtime detection', () => {
  it('is the executable the electron package names, when it exists', () => {
    expect(electronBinary(() => '/opt/electron/electron', () => true)).toBe('/opt/electron/electron');
    expect(electronBinary(() => '/opt/electron/electron', () => false)).toBeUndefined();
    expect(
      electronBinary(() => {
        throw new Error('Electron failed to install correctly');
      }),
    ).toBeUndefined();
  });
});
