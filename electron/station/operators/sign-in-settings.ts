// The desk's settings as the place a sign-in is kept across restarts (settings.operators.signedIn).
import type { SettingsStore } from '../settings/settings-store.js';
import type { KeptSignIn, SignInMemory } from './desk-sign-in.js';

export function signInSettings(settings: SettingsStore): SignInMemory {
  return {
    read: () => settings.get().operators.signedIn,
    write: (kept: KeptSignIn | undefined) => void settings.update({ operators: { signedIn: kept } }),
    idleMinutes: () => settings.get().operators.idleMinutes,
  };
}
