// Dispatch and handover: what was marked ready to dispatch at this desk (by scan or for the
// whole wave), the handover counts per vendor group, and cancellations.
import { create } from 'zustand';
import type { ArgsOf, ResultOf, StationApi } from '../../../shared/contract.js';
import { deskWords } from '../app/desk-words.js';
import { errorWords } from '../app/errors.js';
import { tr } from '../i18n/i18n.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';

/** `cancel`: the outcome of a cancellation, listed apart from the shipments marked ready to dispatch. */
export type ShipmentResult = ResultOf<'dispatch.scan'> & { at: number; cancel?: boolean };
export type HandoverCount = ResultOf<'handover.counts'>[number];

interface DispatchState {
  results: ShipmentResult[];
  counts: HandoverCount[];
  countsError?: string;
}

const initial = (): DispatchState => ({ results: [], counts: [], countsError: undefined });

export const useDispatchStore = create<DispatchState>()(() => initial());

export function resetDispatchStore(): void {
  useDispatchStore.setState(initial());
}

function record(results: ResultOf<'dispatch.scan'>[], cancel = false): void {
  const at = Date.now();
  useDispatchStore.setState((s) => ({ results: [...results.map((r) => ({ ...r, at, ...(cancel ? { cancel } : {}) })), ...s.results].slice(0, 200) }));
}

export async function loadHandover(api: StationApi): Promise<void> {
  try {
    useDispatchStore.setState({ counts: await api.invoke('handover.counts', {}), countsError: undefined });
  } catch (e) {
    useDispatchStore.setState({ countsError: tr('dispatch.say.countsFailed', { reason: errorWords(e) }) });
  }
}

export async function dispatchScan(api: StationApi, args: ArgsOf<'dispatch.scan'>): Promise<void> {
  try {
    const r = await api.invoke('dispatch.scan', args);
    record([r]);
    say(r.ok ? 'ok' : 'error', deskWords(r));
    playSound(r.ok ? 'success' : 'failure');
    if (r.ok) void loadHandover(api);
  } catch (e) {
    say('error', errorWords(e));
    playSound('failure');
  }
}

export async function dispatchWholeWave(api: StationApi): Promise<void> {
  try {
    const results = await api.invoke('desk.dispatchWave', {});
    record(results);
    const failed = results.filter((r) => !r.ok);
    if (results.length === 0) say('info', tr('dispatch.say.nothingPacked'));
    else if (failed.length === 0) say('ok', tr('dispatch.say.waveMarked', { count: results.length }));
    else say('error', tr('dispatch.say.waveFailed', { marked: results.length - failed.length, failed: failed.length, problem: deskWords(failed[0]!) }));
    playSound(failed.length > 0 ? 'failure' : results.length > 0 ? 'success' : 'none');
    void loadHandover(api);
  } catch (e) {
    say('error', errorWords(e));
    playSound('failure');
  }
}

export async function printManifest(api: StationApi, vendorGroupCode: string): Promise<void> {
  try {
    await api.invoke('handover.printManifest', { vendorGroupCode });
    say('ok', tr('dispatch.say.manifestPrinting', { group: vendorGroupCode }));
  } catch (e) {
    say('error', tr('dispatch.say.manifestFailed', { reason: errorWords(e) }));
    playSound('failure');
  }
}

/** The dialog's words, or undefined when there is nothing to confirm (the reason is on the status line). */
export async function cancelPreview(api: StationApi, shipmentId: string): Promise<string | undefined> {
  try {
    const preview = await api.invoke('dispatch.cancelPreview', { shipmentId });
    if (preview.cancellable) return deskWords(preview);
    say('error', deskWords(preview));
    playSound('failure');
    return undefined;
  } catch (e) {
    say('error', errorWords(e));
    playSound('failure');
    return undefined;
  }
}

export async function cancelShipment(api: StationApi, args: ArgsOf<'dispatch.cancel'>): Promise<boolean> {
  try {
    const r = await api.invoke('dispatch.cancel', args);
    record([r], true);
    say(r.ok ? 'ok' : 'error', deskWords(r));
    if (!r.ok) playSound('failure');
    return r.ok;
  } catch (e) {
    say('error', errorWords(e));
    playSound('failure');
    return false;
  }
}
