// The station settings, the app's facts (version, locations, transport) and the sign-in status,
// as the Setup screen shows them. Holds no secret: the app secret goes straight from the sign-in
// form to 'auth.signInSelfAccess' and tokens never leave the main process.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import type { StationSettings } from '../../../shared/settings.js';
import { errorWords } from '../app/errors.js';
import { tr } from '../i18n/i18n.js';

type AppInfo = ResultOf<'app.info'>;
type SignInView = ResultOf<'auth.signOut'>;

interface SettingsState {
  settings?: StationSettings;
  info?: AppInfo;
  signIn?: SignInView;
  loadError?: string;
  load(api: StationApi): Promise<void>;
  /** Sends a change; resolves to the settings as the station saved them (it may refuse with words). */
  update(api: StationApi, patch: Record<string, unknown>): Promise<StationSettings>;
  setSignIn(view: SignInView): void;
}

export const useSettingsStore = create<SettingsState>((set) => ({
  async load(api) {
    try {
      const [settings, info] = await Promise.all([api.invoke('settings.get', {}), api.invoke('app.info', {})]);
      set({ settings, info, signIn: info.signIn, loadError: undefined });
    } catch (e) {
      set({ loadError: tr('settings.loadFailed', { reason: errorWords(e) }) });
    }
  },
  async update(api, patch) {
    const settings = await api.invoke('settings.update', patch);
    set({ settings });
    return settings;
  },
  setSignIn(view) {
    set((s) => ({ signIn: view, info: s.info ? { ...s.info, signIn: view } : s.info }));
  },
}));
