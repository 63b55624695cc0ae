import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, StationSettings } from '../../../shared/settings.js';
import { JsonFileSettingsStore, MemorySettingsStore, SettingsError } from '../../../electron/station/settings/settings-store.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function settingsPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  dirs.push(dir);
  return join(dir, 'settings.json');
}

describe('settings schema', () => {
  it('an empty object gives usable defaults', () => {
    expect(defaultSettings()).toMatchObject({
      marketplace: { mode: 'sandbox' },
      invoiceSeries: { prefix: 'PS', autoInvoicing: false },
      rtdPolicy: 'immediate',
      taxTransitionYear: 2025,
      shiftStarts: ['06:00', '14:00', '22:00'],
    });
  });

  it('refuses an http: marketplace address with a sentence saying why', () => {
    const result = StationSettings.safeParse({ marketplace: { mode: 'selfAccess', baseUrl: 'http://api.example.com' } });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toMatch(/must start with https:\/\/, not http:\/\//);
    expect(StationSettings.safeParse({ marketplace: { baseUrl: 'https://api.example.com' } }).success).toBe(true);
  });

  it('refuses an http: redirect address and text that is no address', () => {
    expect(StationSettings.safeParse({ marketplace: { redirectUri: 'http://localhost/cb' } }).error!.issues[0].message).toMatch(/redirect address must start with https/);
    expect(StationSettings.safeParse({ marketplace: { baseUrl: 'api.example.com' } }).error!.issues[0].message).toMatch(/is not a web address/);
  });

  it('keeps device profiles as opaque objects for the device layer', () => {
    const profiles = [{ kind: 'scale', port: '/dev/ttyUSB0', protocol: 'cas' }];
    expect(StationSettings.parse({ deviceProfiles: profiles }).deviceProfiles).toEqual(profiles);
    expect(StationSettings.safeParse({ deviceProfiles: ['scale'] }).success).toBe(false);
  });
});

describe('settings store', () => {
  it('merges a patch, keeps it in the file and tells the listeners', () => {
    const path = settingsPath();
    const store = JsonFileSettingsStore.open(path);
    const seen: string[] = [];
    store.onChange((next, previous) => seen.push(`${previous.desk.name} -> ${next.desk.name}`));
    store.update({ desk: { name: 'Desk 7' }, locationId: 'LOC123', printers: { label: 'Zebra_ZD421' } });
    expect(store.get().desk).toEqual({ name: 'Desk 7', operator: '' });
    expect(seen).toEqual(['Desk 1 -> Desk 7']);
    const reopened = JsonFileSettingsStore.open(path);
    expect(reopened.get()).toMatchObject({ locationId: 'LOC123', desk: { name: 'Desk 7' }, printers: { label: 'Zebra_ZD421' } });
  });

  it('refuses an http: base URL on update, in words, and keeps the previous settings on disk', () => {
    const path = settingsPath();
    const store = JsonFileSettingsStore.open(path);
    store.update({ marketplace: { mode: 'selfAccess', baseUrl: 'https://api.example.com' } });
    const before = readFileSync(path, 'utf8');
    let error: unknown;
    try {
      store.update({ marketplace: { baseUrl: 'http://api.example.com' } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).message).toMatch(/^The settings were not saved: marketplace\.baseUrl: The marketplace address must start with https:\/\//);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(store.get().marketplace.baseUrl).toBe('https://api.example.com');
  });

  it('a listener that throws does not undo the change', () => {
    const store = new MemorySettingsStore();
    store.onChange(() => {
      throw new Error('boom');
    });
    store.update({ compactMode: true });
    expect(store.get().compactMode).toBe(true);
  });

  it('unsubscribes, and get() hands out copies that cannot change the store', () => {
    const store = new MemorySettingsStore();
    let calls = 0;
    const off = store.onChange(() => (calls += 1));
    off();
    store.update({ rtdPolicy: 'endOfWave' });
    store.get().shiftStarts.push('23:00');
    expect(calls).toBe(0);
    expect(store.get().shiftStarts).toEqual(['06:00', '14:00', '22:00']);
  });

  it('names the file and the problem when the stored settings are invalid', () => {
    const path = settingsPath();
    writeFileSync(path, JSON.stringify({ marketplace: { baseUrl: 'http://api.example.com' } }));
    expect(() => JsonFileSettingsStore.open(path)).toThrow(/settings file .*settings\.json has invalid values: marketplace\.baseUrl: .*https/);
    writeFileSync(path, '{"desk": ');
    expect(() => JsonFileSettingsStore.open(path)).toThrow(/not valid JSON/);
  });
});
