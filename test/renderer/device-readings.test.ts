// A device's last reading in Setup is kept as what the device said, not as words: switching the
// desk's language says it again in the new language (a reading taken in English is not left
// English on a Hindi screen).
import { afterEach, describe, expect, it } from 'vitest';
import type { StationApi } from '../../shared/contract.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { readingWords, useDevicesStore } from '../../renderer/src/stores/settings-devices-store.js';

/** The station's event hub as the store subscribes to it: each event name to its listeners. */
function eventHub() {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const api = {
    subscribe(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return () => undefined;
    },
  } as unknown as StationApi;
  return { api, emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)) };
}

afterEach(() => switchLanguage('en'));

describe('a device reading in Setup', () => {
  it('taken while the desk spoke English, is said in Hindi once the desk speaks Hindi', () => {
    switchLanguage('en');
    const hub = eventHub();
    useDevicesStore.getState().watch(hub.api);
    hub.emit('device.weight', { deviceId: 'scale-1', weightKg: 1.25, stable: true });
    hub.emit('device.scan', { deviceId: 'scanner-1', raw: 'SH00000000000042' });
    const { readings } = useDevicesStore.getState();
    expect(readingWords(readings['scale-1']!)).toBe('1.250 kg, stable');
    switchLanguage('hi');
    const hindi = readingWords(useDevicesStore.getState().readings['scale-1']!);
    expect(hindi).toContain('1.250');
    expect(hindi).not.toMatch(/stable|settling/);
    expect(readingWords(useDevicesStore.getState().readings['scanner-1']!)).toContain('SH00000000000042');
  });
});
