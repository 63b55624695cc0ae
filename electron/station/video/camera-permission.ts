// The camera is granted to the app's page only while packing video has a camera chosen in Setup
// (ARCHITECTURE.md § Security defaults): read from the settings at every request, so choosing
// "None" closes it again without a restart.
import type { SettingsStore } from '../settings/settings-store.js';

export function cameraConfigured(settings: Pick<SettingsStore, 'get'>): () => boolean {
  return () => settings.get().video.cameraId.trim() !== '';
}
