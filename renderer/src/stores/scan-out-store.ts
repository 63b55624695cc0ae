// The scan-out check at the truck: the shipments the manifest lists, each box ticked off by its
// own scan (the label's shipment id or tracking id for a single box, the box slip's code for each
// box of a multi-package shipment), with what is still missing and anything scanned that is not
// on the list. It lives on this desk only; nothing is sent.
import { create } from 'zustand';
import type { ArgsOf, ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { tr } from '../i18n/i18n.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';
import { parseBoxCode } from '../../../shared/box-codes.js';

export type LoadingParcel = ResultOf<'handover.loadingList'>['parcels'][number];

interface ScanOutState {
  /** undefined: no check running. */
  parcels?: LoadingParcel[];
  capped: boolean;
  /** Boxes ticked (shipment id and box number), in the order they went onto the truck. */
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
  journalTo?.invoke('activity.scanOut', step).catch((e: unknown) => say('error', tr('dispatch.say.notInLog', { reason: errorWords(e) })));
}

export async function startScanOut(api: StationApi): Promise<void> {
  journalTo = api;
  useScanOutStore.setState({ ...initial(), loading: true });
  try {
    const list = await api.invoke('handover.loadingList', {});
    useScanOutStore.setState({ parcels: list.parcels, capped: list.capped, loading: false });
    const n = list.parcels.length;
    const boxes = boxTotals(list.parcels, []).boxes;
    say('info', n === 0 ? tr('dispatch.say.nothingToLoad') : tr('dispatch.say.scanEachBox', { boxes: boxesWord(boxes), count: n }));
  } catch (e) {
    useScanOutStore.setState({ loading: false });
    say('error', tr('dispatch.say.listFailed', { reason: errorWords(e) }));
    playSound('failure');
  }
}

export function stopScanOut(): void {
  const { parcels, loaded } = useScanOutStore.getState();
  if (parcels) {
    const boxes = boxTotals(parcels, loaded).boxes;
    say('info', tr('dispatch.say.closed', { loaded: loaded.length, boxes }));
    journalStep({ event: 'closed', loaded: loaded.length, total: boxes, missing: parcels.filter((p) => boxesMissing(p, loaded).length > 0).map((p) => p.shipmentId) });
  }
  journalTo = undefined;
  resetScanOutStore();
}

/** The boxes of a parcel on the list: one per package of its shipment. */
export const boxCount = (p: LoadingParcel): number => Math.max(1, p.packages);

/** Box numbers (1-based) of `p` ticked so far, in box order. */
export function boxesLoaded(p: LoadingParcel, loaded: readonly string[]): number[] {
  const n = boxCount(p);
  return Array.from({ length: n }, (_, i) => i + 1).filter((box) => loaded.includes(boxKey(p.shipmentId, box)));
}

/** Box numbers of `p` still to load. */
export function boxesMissing(p: LoadingParcel, loaded: readonly string[]): number[] {
  const have = boxesLoaded(p, loaded);
  return Array.from({ length: boxCount(p) }, (_, i) => i + 1).filter((box) => !have.includes(box));
}

/** Every box of the list, and those loaded. */
export function boxTotals(parcels: readonly LoadingParcel[], loaded: readonly string[]): { boxes: number; loaded: number } {
  return { boxes: parcels.reduce((a, p) => a + boxCount(p), 0), loaded: loaded.length };
}

const boxKey = (shipmentId: string, box: number) => `${shipmentId}#${box}`;
const boxesWord = (n: number) => tr('dispatch.say.boxes', { count: n });

function refuse(text: string): void {
  say('error', text);
  playSound('failure');
}

/**
 * A scan at the truck: ticks one box off, or says why not. A box slip's code names its box; the
 * label's barcode (shipment id or tracking id) is on one box only, so it ticks a single-box
 * shipment and, for a shipment of several boxes, says to scan each box's slip instead.
 */
export function scanOut(code: string): void {
  const { parcels, loaded, strangers } = useScanOutStore.getState();
  if (!parcels) return;
  const scanned = code.trim();
  const value = scanned.toUpperCase();
  const slip = parseBoxCode(value);
  const parcel = parcels.find((p) => p.shipmentId.toUpperCase() === (slip?.shipmentId ?? value) || (!slip && p.trackingId?.toUpperCase() === value));
  if (!parcel) {
    useScanOutStore.setState({ strangers: [scanned, ...strangers.filter((s) => s !== scanned)] });
    refuse(tr('dispatch.say.notOnManifest', { code: scanned }));
    journalStep({ event: 'notOnManifest', code: scanned.slice(0, 128) });
    return;
  }
  const total = boxCount(parcel);
  if (slip && slip.of !== total) {
    refuse(tr('dispatch.say.wrongBoxCount', { code: scanned, box: slip.box, of: slip.of, id: parcel.shipmentId, boxes: boxesWord(total) }));
    return;
  }
  const missingWords = (missing: number[]) => (missing.length === 0 ? '' : tr('dispatch.say.missingBoxes', { boxes: missing.join(', ') }));
  if (!slip && total > 1) {
    const have = boxesLoaded(parcel, loaded).length;
    refuse(tr('dispatch.say.labelOnOne', { id: parcel.shipmentId, boxes: boxesWord(total), total, have, missing: missingWords(boxesMissing(parcel, loaded)) }));
    return;
  }
  const box = slip?.box ?? 1;
  const key = boxKey(parcel.shipmentId, box);
  const name = total > 1 ? tr('dispatch.say.boxName', { id: parcel.shipmentId, box, total }) : parcel.shipmentId;
  if (loaded.includes(key)) {
    say('info', tr('dispatch.say.already', { name }));
    return;
  }
  const next = [...loaded, key];
  useScanOutStore.setState({ loaded: next });
  const totals = boxTotals(parcels, next);
  const ofShipment = total > 1 ? tr('dispatch.say.ofShipment', { have: boxesLoaded(parcel, next).length, total, missing: missingWords(boxesMissing(parcel, next)) }) : '';
  const left = totals.boxes - totals.loaded;
  journalStep({ event: 'loaded', shipmentId: parcel.shipmentId, code: scanned.slice(0, 128), loaded: totals.loaded, total: totals.boxes });
  say('ok', left === 0 ? tr('dispatch.say.loadedAll', { name, of: ofShipment, boxes: totals.boxes }) : tr('dispatch.say.loadedLeft', { name, of: ofShipment, loaded: totals.loaded, boxes: totals.boxes, left }));
  playSound('success');
}
