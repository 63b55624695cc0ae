// The scan-out check at the truck: the shipments the manifest lists, each parcel as packed ticked
// off by its own scan (the box slip's code names its box; the label, on box 1, ticks box 1), or
// by the lead by hand when a slip will not scan, with what is still missing and anything scanned
// that is not on the list. It lives on this desk only; nothing is sent but the journal's steps.
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
 * label's barcode (shipment id or tracking id) is on box 1, so it ticks box 1 of any shipment.
 */
export function scanOut(code: string): void {
  const { parcels, strangers } = useScanOutStore.getState();
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
  tick(parcel, slip?.box ?? 1, { code: scanned.slice(0, 128) });
}

/**
 * The lead ticks off a box whose slip will not scan (after the confirmation on the screen): it
 * counts as loaded, and the activity log keeps that it was ticked off by hand, and by whom.
 */
export function tickOffByLead(shipmentId: string, box: number): void {
  const parcel = useScanOutStore.getState().parcels?.find((p) => p.shipmentId === shipmentId);
  if (!parcel || box < 1 || box > boxCount(parcel)) return;
  tick(parcel, box, { byLead: true });
}

function tick(parcel: LoadingParcel, box: number, how: { code: string } | { byLead: true }): void {
  const { parcels = [], loaded } = useScanOutStore.getState();
  const total = boxCount(parcel);
  const key = boxKey(parcel.shipmentId, box);
  const name = total > 1 ? tr('dispatch.say.boxName', { id: parcel.shipmentId, box, total }) : parcel.shipmentId;
  if (loaded.includes(key)) {
    say('info', tr('dispatch.say.already', { name }));
    return;
  }
  const next = [...loaded, key];
  useScanOutStore.setState({ loaded: next });
  const totals = boxTotals(parcels, next);
  const missingWords = (missing: number[]) => (missing.length === 0 ? '' : tr('dispatch.say.missingBoxes', { boxes: missing.join(', ') }));
  const ofShipment = total > 1 ? tr('dispatch.say.ofShipment', { have: boxesLoaded(parcel, next).length, total, missing: missingWords(boxesMissing(parcel, next)) }) : '';
  const left = totals.boxes - totals.loaded;
  if ('code' in how) journalStep({ event: 'loaded', shipmentId: parcel.shipmentId, code: how.code, loaded: totals.loaded, total: totals.boxes });
  else journalStep({ event: 'tickedByLead', shipmentId: parcel.shipmentId, box, of: total, loaded: totals.loaded, total: totals.boxes });
  say('ok', left === 0 ? tr('dispatch.say.loadedAll', { name, of: ofShipment, boxes: totals.boxes }) : tr('dispatch.say.loadedLeft', { name, of: ofShipment, loaded: totals.loaded, boxes: totals.boxes, left }));
  playSound('success');
}
