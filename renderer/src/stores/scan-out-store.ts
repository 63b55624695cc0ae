// The scan-out check at the truck: the parcels the manifest lists, ticked off one scan at a time
// (the shipment id barcode or the tracking id of the label), with what is still missing and any
// parcel scanned that is not on the list. It lives on this desk only; nothing is sent.
import { create } from 'zustand';
import type { ArgsOf, ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';

export type LoadingParcel = ResultOf<'handover.loadingList'>['parcels'][number];

interface ScanOutState {
  /** undefined: no check running. */
  parcels?: LoadingParcel[];
  capped: boolean;
  /** Shipment ids ticked, in the order they went onto the truck. */
  loaded: string[];
  /** Codes scanned that are not on the list, newest first. */
  strangers: string[];
  loading: boolean;
}

const initial = (): ScanOutState => ({ parcels: undefined, capped: false, loaded: [], strangers: [], loading: false });
export const useScanOutStore = create<ScanOutState>()(() => initial());
export const resetScanOutStore = () => useScanOutStore.setState(initial());

/** The station the running check writes its steps to (the audit trail in Activity). */
let journalTo: StationApi | undefined;

function journalStep(step: ArgsOf<'activity.scanOut'>): void {
  journalTo?.invoke('activity.scanOut', step).catch((e: unknown) => say('error', `This loading step is not in the activity log: ${errorWords(e)}`));
}

export async function startScanOut(api: StationApi): Promise<void> {
  journalTo = api;
  useScanOutStore.setState({ ...initial(), loading: true });
  try {
    const list = await api.invoke('handover.loadingList', {});
    useScanOutStore.setState({ parcels: list.parcels, capped: list.capped, loading: false });
    const n = list.parcels.length;
    say('info', n === 0 ? 'Nothing is ready to dispatch, so nothing goes onto the truck yet.' : `Scan each parcel as it goes onto the truck: ${n} ${n === 1 ? 'parcel' : 'parcels'} to load.`);
  } catch (e) {
    useScanOutStore.setState({ loading: false });
    say('error', `The loading list could not be read: ${errorWords(e)}`);
    playSound('failure');
  }
}

export function stopScanOut(): void {
  const { parcels, loaded } = useScanOutStore.getState();
  if (parcels) {
    say('info', `Loading check closed: ${loaded.length} of ${parcels.length} loaded.`);
    journalStep({ event: 'closed', loaded: loaded.length, total: parcels.length, missing: parcels.map((p) => p.shipmentId).filter((id) => !loaded.includes(id)) });
  }
  journalTo = undefined;
  resetScanOutStore();
}

/** A scan at the truck: ticks its parcel off, or says why not. */
export function scanOut(code: string): void {
  const { parcels, loaded, strangers } = useScanOutStore.getState();
  if (!parcels) return;
  const value = code.trim().toUpperCase();
  const parcel = parcels.find((p) => p.shipmentId.toUpperCase() === value || p.trackingId?.toUpperCase() === value);
  if (!parcel) {
    useScanOutStore.setState({ strangers: [code.trim(), ...strangers.filter((s) => s !== code.trim())] });
    say('error', `${code.trim()} is not on the manifest: keep it off the truck and give it to the lead.`);
    journalStep({ event: 'notOnManifest', code: code.trim().slice(0, 128) });
    playSound('failure');
    return;
  }
  if (loaded.includes(parcel.shipmentId)) {
    say('info', `${parcel.shipmentId} is already ticked off as loaded.`);
    return;
  }
  const next = [...loaded, parcel.shipmentId];
  useScanOutStore.setState({ loaded: next });
  const left = parcels.length - next.length;
  journalStep({ event: 'loaded', shipmentId: parcel.shipmentId, code: code.trim().slice(0, 128), loaded: next.length, total: parcels.length });
  say('ok', left === 0 ? `${parcel.shipmentId} loaded. All ${parcels.length} parcels are on the truck.` : `${parcel.shipmentId} loaded: ${next.length} of ${parcels.length}; ${left} still to load.`);
  playSound('success');
}
