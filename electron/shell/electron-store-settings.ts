// The SettingsStore of the desktop app on top of electron-store: the same zod schema and the same
// whole-value validation as the JSON file store (electron/station/settings/settings-store.ts),
// with electron-store doing the atomic write in the app's data folder. main.ts creates the
// electron-store instance (it needs Electron's app paths) and passes it in; anything with the
// same `store` property (conf, which electron-store extends) works here in plain Node.
import type { StationSettings } from '../../shared/settings.js';
import { BaseSettingsStore, validateSettings } from '../station/settings/settings-store.js';

/** The part of electron-store (and conf) this adapter uses: the whole value, read and replaced. */
export interface WholeValueStore {
  store: Record<string, unknown>;
  /** The file behind it, for messages. */
  readonly path?: string;
}

export class ElectronStoreSettingsStore extends BaseSettingsStore {
  constructor(private readonly backing: WholeValueStore) {
    // An older file gains new fields with their defaults; invalid values are refused with
    // sentences naming the file, as with the JSON file store.
    super(validateSettings(backing.store, `The settings file ${backing.path ?? ''} has invalid values`.replace('  ', ' ')));
  }

  protected persist(settings: StationSettings): void {
    this.backing.store = structuredClone(settings) as unknown as Record<string, unknown>;
  }
}
