// The desk's words about a shipment's progress: what each parcel still needs, how it measures,
// and the next step for the packer. Pure, on the session's state (pack-session.ts).
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { sentence } from '../../../shared/i18n/station-sentences.js';
import type { PackSessionState, Parcel, Words } from './pack-session.js';

/**
 * Weighed and measured for real. A listing's package size is only what the box should be: the
 * parcels of a multi-package shipment open with it filled in, yet each box is still weighed and
 * measured at the desk before the pack (what the courier weighs is what was declared).
 */
export function isMeasured(p: Parcel): boolean {
  return p.dimensions !== undefined && p.weightKg !== undefined && p.weightSource !== 'listing' && p.dimensionsSource !== 'listing';
}

/** What a parcel still needs, in words (undefined when nothing). */
export function stillNeeds(p: Parcel): KeyedSentence | undefined {
  const weight = p.weightKg === undefined || p.weightSource === 'listing';
  const size = p.dimensions === undefined || p.dimensionsSource === 'listing';
  if (weight && size) return sentence('station.pack.needsWeightAndSize');
  if (weight) return sentence('station.pack.needsWeight');
  if (size) return sentence('station.pack.needsSize');
  return undefined;
}

export function unitsLeft(state: PackSessionState): number {
  return state.lines.reduce((a, l) => a + (l.quantity - l.verified), 0);
}

export function progressWords(state: PackSessionState, lead?: KeyedSentence): Words {
  const said = lead ? [lead] : [];
  const left = unitsLeft(state);
  if (state.phase === 'serial') {
    const owed = state.lines.find((l) => l.orderItemId === state.serialFor);
    const title = owed?.title ?? '';
    return [...said, owed?.imei ? sentence('station.pack.scanOwedImei', { title }) : sentence('station.pack.scanOwedSerial', { title })];
  }
  if (left > 0) return [...said, sentence('station.pack.unitsLeft', { count: left })];
  if (state.phase === 'measuring') {
    const n = state.parcels.length;
    const listed = state.parcels.some((p) => p.weightSource === 'listing' || p.dimensionsSource === 'listing');
    if (n === 1) return [...said, sentence('station.pack.measureParcel')];
    const done = state.parcels.filter(isMeasured).length;
    if (done > 0) return [...said, sentence('station.pack.measureRest', { done, total: n })];
    return [...said, listed ? sentence('station.pack.measureEachListed', { total: n }) : sentence('station.pack.measureEach', { total: n })];
  }
  return [...said, sentence('station.pack.readyEnter')];
}

export function describeParcel(p: Parcel): KeyedSentence {
  const d = p.dimensions;
  const size = d ? { length: d.length, breadth: d.breadth, height: d.height } : undefined;
  if (size && p.weightKg !== undefined) return sentence('station.pack.sizeWeight', { ...size, kg: p.weightKg });
  if (size) return sentence('station.pack.sizeOnly', size);
  if (p.weightKg !== undefined) return sentence('station.pack.weightOnly', { kg: p.weightKg });
  return sentence('station.pack.notMeasured');
}
