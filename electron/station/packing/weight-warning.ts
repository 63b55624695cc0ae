// WEIGHT_ANOMALY_WARNING (spec § Errors) is a warning, not a refusal: the official SDK sends the
// pack again with `ignoreWarning: true` (sdk-facts § 7). The desk does so only when the packer
// presses Enter a second time on the very readings the marketplace warned about: a parcel weighed
// or measured again is judged afresh. The confirmation is a journaled step, so a restart replays
// it; the warning alone is not, so after a restart the marketplace is asked again first.
import type { PackSessionState } from './pack-session.js';

export const WEIGHT_WARNING_CODE = 'WEIGHT_ANOMALY_WARNING';

/** The packages' weights and dimensions as one comparable value. */
export function measuredKey(session: Pick<PackSessionState, 'parcels'>): string {
  return JSON.stringify(session.parcels.map((p) => [p.dimensions ?? null, p.weightKg ?? null]));
}

/** True when the packer has confirmed these very readings after the marketplace's warning. */
export function warningConfirmed(session: PackSessionState): boolean {
  return session.weightConfirmed !== undefined && session.weightConfirmed === measuredKey(session);
}

/** The journaled confirmation applied (value: the readings confirmed). */
export function confirmWeight(session: PackSessionState, measured: string): PackSessionState {
  return { ...session, weightConfirmed: measured };
}
