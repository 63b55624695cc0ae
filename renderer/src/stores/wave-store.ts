// The wave's preview and "what is packed and waiting" for the wave panel: both read the
// marketplace through the station and change nothing there. Refusals land in the status line
// in words, with the failure sound.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { msgKey, tr } from '../i18n/i18n.js';
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
    // Only the keys that do something now: Ctrl+Enter is named when there is something to pack.
    const aside = plan.putAside.length > 0 ? tr('pack.wave.say.aside', { n: plan.putAside.length }) : '';
    const keys = plan.pack.length > 0 ? tr('pack.wave.say.keysPack') : plan.putAside.length > 0 ? tr('pack.wave.say.keysAside') : tr('pack.wave.say.keysBack');
    say('info', tr('pack.wave.say.preview', { pack: plan.pack.length, left: plan.skipped.length, aside, keys }));
  } catch (e) {
    say('error', tr('pack.wave.say.previewFailed', { reason: errorWords(e) }));
    playSound('failure');
  } finally {
    useWaveStore.setState({ previewing: false });
  }
}

/** Closes the preview; `backedOut`: the packer went back (Esc), so the status line says nothing was packed. */
export function closePreview(backedOut = false): void {
  if (!useWaveStore.getState().plan) return;
  useWaveStore.setState({ plan: undefined });
  if (backedOut) say('info', tr('pack.wave.say.previewClosed'));
}

type Skipped = WavePlan['skipped'][number];

/** What the station says of a shipment found by the wave's search but not in the shipments confirmed. */
const NOT_CONFIRMED = msgKey('station.wave.notConfirmed');

/**
 * The wave's left-out shipments as the confirmed preview explained them. The wave packs only what
 * the packer confirmed, so the station names everything else "not in the confirmed wave"; for a
 * shipment the preview itself left out, its reason there is the truth (it needs a packer: an
 * IMEI to scan, a parcel to weigh…), and "not in the confirmed wave" stays for a shipment that
 * became ready after the preview.
 */
export function asPreviewed(skipped: readonly Skipped[], previewed: readonly Skipped[]): Skipped[] {
  const why = new Map(previewed.map((s) => [s.shipmentId, s]));
  return skipped.map((s) => {
    const before = why.get(s.shipmentId);
    return before && s.sentences?.[0]?.key === NOT_CONFIRMED ? { ...s, reason: before.reason, sentences: before.sentences } : s;
  });
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
