// The app's own state: which screen is showing, what the station said about itself (sandbox,
// sign-in), the settings the shell needs (compact mode, sounds, scanner timing), the connection
// to the station, and the status line: the latest outcome, in words.
import { create } from 'zustand';
import type { ResultOf } from '../../../shared/contract.js';
import type { SignInView } from '../../../shared/contract/setup.js';
import { defaultSettings, type StationSettings } from '../../../shared/settings.js';
import { msgKey, tr } from '../i18n/i18n.js';

export type ScreenId = 'pack' | 'queue' | 'print' | 'dispatch' | 'returns' | 'listings' | 'activity' | 'setup' | 'warehouse';
export type Tone = 'ok' | 'error' | 'info';
export type Connection = 'connecting' | 'online' | 'lost';

export interface StatusMessage {
  tone: Tone;
  text: string;
  /** Increases with every message, so the same words said twice are still announced. */
  seq: number;
  /** The catalogue key of the words when they are a screen's hint: shown in the language of the moment. */
  key?: string;
}

/**
 * What the status line says on arriving at a screen. A message belongs to the screen it was said
 * on: leaving the screen leaves its message behind, so nobody reads the Pack screen's last word
 * while working the Queue.
 */
export const SCREEN_HINTS: Record<ScreenId, string> = {
  pack: msgKey('hint.pack'),
  queue: msgKey('hint.queue'),
  print: msgKey('hint.print'),
  dispatch: msgKey('hint.dispatch'),
  returns: msgKey('hint.returns'),
  listings: msgKey('hint.listings'),
  activity: msgKey('hint.activity'),
  setup: msgKey('hint.setup'),
  warehouse: msgKey('hint.warehouse'),
};

interface AppState {
  screen: ScreenId;
  info?: ResultOf<'app.info'>;
  signIn?: SignInView;
  settings: StationSettings;
  connection: Connection;
  /** Increases on every reconnect: screens reload what they show. */
  epoch: number;
  status: StatusMessage;
  /** Scans made while the station was away, waiting to be sent in order. */
  scansWaiting: number;
  /** The station answers but refuses this page (browser mode: the page's token is missing or old). */
  pageDenied: boolean;
  go(screen: ScreenId): void;
  say(tone: Tone, text: string): void;
  setInfo(info: ResultOf<'app.info'>): void;
  setSignIn(signIn: SignInView): void;
  /** Screens that change settings (Setup) hand the new settings here, so the shell follows. */
  setSettings(settings: StationSettings): void;
  setConnection(connection: Connection): void;
  setScansWaiting(waiting: number): void;
  setPageDenied(denied: boolean): void;
}

const initial = () => ({
  screen: 'pack' as ScreenId,
  info: undefined,
  signIn: undefined,
  settings: defaultSettings(),
  connection: 'connecting' as Connection,
  epoch: 0,
  status: { tone: 'info' as Tone, text: tr('app.connecting'), seq: 0 },
  scansWaiting: 0,
  pageDenied: false,
});

export const useAppStore = create<AppState>()((set, get) => ({
  ...initial(),
  go: (screen) => {
    if (screen === get().screen) return;
    set({ screen, status: { tone: 'info', text: tr(SCREEN_HINTS[screen]), key: SCREEN_HINTS[screen], seq: get().status.seq + 1 } });
  },
  say: (tone, text) => set({ status: { tone, text, seq: get().status.seq + 1 } }),
  setInfo: (info) => set({ info, signIn: info.signIn }),
  setSignIn: (signIn) => set({ signIn }),
  setSettings: (settings) => set({ settings }),
  setScansWaiting: (scansWaiting) => set({ scansWaiting }),
  setPageDenied: (pageDenied) => set({ pageDenied }),
  setConnection: (connection) => {
    const was = get().connection;
    if (was === connection) return;
    set({ connection, epoch: connection === 'online' && was === 'lost' ? get().epoch + 1 : get().epoch });
  },
}));

/** Back to the start (tests render the app many times in one file). */
export function resetAppStore(): void {
  useAppStore.setState(initial());
}

/** The status line, from anywhere (stores, the scan router). */
export function say(tone: Tone, text: string): void {
  useAppStore.getState().say(tone, text);
}
