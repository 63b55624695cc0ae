// The frame around every screen: header, the screen, the status line; and the app-wide
// listeners: scanners (serial and keyboard wedge), screen shortcuts, sign-in and device events.
import { useEffect, useLayoutEffect } from 'react';
import { useAppStore } from '../stores/app-store.js';
import { followDevices } from '../stores/devices-store.js';
import { routeScan, scanIncomplete } from '../scan/scan-router.js';
import { listenForWedgeScans } from '../scan/wedge-listener.js';
import { isBadgeCode } from '../../../shared/operators.js';
import { AppHeader } from './app-header.js';
import { errorWords } from './errors.js';
import { SCREENS, screenForKey } from './screens.js';
import { StatusLine } from './status-line.js';
import { useStation } from './station-context.js';
import { usePackingVideo } from '../video/use-packing-video.js';
import { useWarehouseModeStore } from '../screens/warehouse/warehouse-mode.js';
import { switchLanguage } from '../i18n/i18n.js';
import { useOperatorStore } from '../stores/operator-store.js';
import { useOperatorSession } from './operator-session.js';
import { useT } from '../i18n/use-t.js';

function useStationFacts() {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  useEffect(() => {
    const { setInfo, say } = useAppStore.getState();
    api.invoke('app.info', {}).then(setInfo, (e: unknown) => say('error', errorWords(e)));
    return api.subscribe('auth.changed', (signIn) => useAppStore.getState().setSignIn(signIn));
  }, [api, epoch]);
  useEffect(() => followDevices(api), [api, epoch]);
  // Settings are read once per connection and then follow the station's settings.changed event,
  // wherever the change was made (Setup, the app menu, the command line), with no reload.
  useEffect(() => {
    const { setSettings } = useAppStore.getState();
    api.invoke('settings.get', {}).then(setSettings, () => undefined);
    return api.subscribe('settings.changed', (next) => useAppStore.getState().setSettings(next));
  }, [api, epoch]);
}

function useScanners() {
  const api = useStation();
  useEffect(() => api.subscribe('device.scan', (p) => routeScan(p.raw, 'serial', Date.now(), p.doubleReadMs)), [api]);
  useEffect(
    () =>
      listenForWedgeScans(window, {
        options: () => {
          const s = useAppStore.getState().settings.scan;
          return { maxInterKeyMs: s.wedgeMaxInterKeyMs, minLength: s.wedgeMinLength, terminator: s.wedgeTerminator };
        },
        onScan: (raw) => routeScan(raw, 'wedge'),
        onIncomplete: scanIncomplete,
        // A badge signs the operator in wherever the focus is; no field keeps it.
        passOn: isBadgeCode,
      }),
    [],
  );
}

function useScreenShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = screenForKey(e);
      if (!target || (target.warehouseOnly && !useWarehouseModeStore.getState().enabled)) return;
      e.preventDefault();
      useAppStore.getState().go(target.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function AppShell() {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  useOperatorSession(api, epoch);
  useStationFacts();
  useScanners();
  useScreenShortcuts();
  usePackingVideo();
  const screen = useAppStore((s) => s.screen);
  const compact = useAppStore((s) => s.settings.compactMode);
  useEffect(() => {
    document.documentElement.classList.toggle('compact', compact);
  }, [compact]);
  // The signed-in operator's own language wins over the desk's.
  const deskLanguage = useAppStore((s) => s.settings.language);
  const language = useOperatorStore((s) => s.view?.signedIn?.language) || deskLanguage;
  // Before paint: a change of language (Setup, another window, the command line) shows at once.
  useLayoutEffect(() => switchLanguage(language), [language]);
  const { t } = useT();
  const entry = SCREENS.find((s) => s.id === screen) ?? SCREENS[0]!;
  const Screen = entry.Component;
  return (
    <div className={compact ? 'app compact' : 'app'}>
      <AppHeader />
      <main className="screen" aria-label={t(entry.label)}>
        <Screen key={entry.id} />
      </main>
      <StatusLine />
    </div>
  );
}
