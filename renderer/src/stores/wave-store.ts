// The wave's preview and "what is packed and waiting" for the wave panel: both read the
// marketplace through the station and change nothing there. Refusals land in the status line
// in words, with the failure sound.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';

export type WavePlan = ResultOf<'wave.preview'>;
export type PackedWaiting = ResultOf<'desk.packedWaiting'>;

interface WaveUiState {
  /** The preview on screen, waiting for the packer's confirmation. */
  plan?: WavePlan;
  previewing: boolean;
  waiting?: PackedWaiting;
}

export const useWaveStore = create<WaveUiState>()(() => ({ previewing: false }));

export function resetWaveStore(): void {
  useWaveStore.setState({ plan: undefined, previewing: false, waiting: undefined }, true);
}

export async function previewWave(api: StationApi, sku: string | undefined): Promise<void> {
  if (useWaveStore.getState().previewing) return;
  useWaveStore.setState({ previewing: true });
  try {
    const plan = await api.invoke('wave.preview', sku ? { sku } : {});
    useWaveStore.setState({ plan });
    say('info', `Wave preview: ${plan.pack.length} to pack, ${plan.skipped.length} left out${plan.putAside.length > 0 ? `, ${plan.putAside.length} put aside` : ''}. Ctrl+Enter packs, Esc goes back.`);
  } catch (e) {
    say('error', `The wave preview failed: ${errorWords(e)}`);
    playSound('failure');
  } finally {
    useWaveStore.setState({ previewing: false });
  }
}

export function closePreview(): void {
  useWaveStore.setState({ plan: undefined });
}

export async function loadPackedWaiting(api: StationApi): Promise<void> {
  try {
    const waiting = await api.invoke('desk.packedWaiting', {});
    useWaveStore.setState({ waiting: Array.isArray(waiting?.ready) ? waiting : undefined });
  } catch {
    // The count is a hint on a button; "Dispatch packed" itself says what went wrong.
    useWaveStore.setState({ waiting: undefined });
  }
}
