// Demo mode's scale acts out the desk: when every unit of the open shipment is verified the
// packer "places the parcel" and the simulated scale moves to its weight (and settles there, as a
// real scale does); when the shipment is packed or put aside the parcel comes off. Without this
// the demo's scale reads 0.000 kg forever and nobody sees the live weight flow.
import type { DeskView } from '../../../shared/contract/desk.js';

export interface MovableScale {
  setWeight(kg: number): void;
}

/** A box with no listed weight: the carton's own weight plus a plausible weight per unit. */
const EMPTY_BOX_KG = 0.15;
const UNIT_KG = 0.35;

/** What the parcel of an open session weighs on the demo scale; 0 while no parcel is on it. */
export function demoParcelKg(view: DeskView): number {
  const s = view.session;
  if (!s || (s.phase !== 'measuring' && s.phase !== 'ready')) return 0;
  const listed = s.parcels.filter((p) => p.source === 'listing' && p.weightKg !== undefined);
  if (listed.length > 0) return round3(listed.reduce((a, p) => a + (p.weightKg ?? 0), 0));
  const units = s.lines.reduce((a, l) => a + l.quantity, 0);
  return round3(EMPTY_BOX_KG + UNIT_KG * units);
}

const round3 = (kg: number) => Math.round(kg * 1000) / 1000;

/** Follows the desk's changes and moves the scale only when the parcel goes on or comes off. */
export function followDeskWithDemoScale(scale: () => MovableScale | undefined): (view: DeskView) => void {
  let placed: { sessionId: string; kg: number } | undefined;
  return (view) => {
    const kg = demoParcelKg(view);
    const sessionId = view.session?.sessionId;
    if (kg > 0 && sessionId && placed?.sessionId !== sessionId) {
      placed = { sessionId, kg };
      scale()?.setWeight(kg);
    } else if (kg === 0 && placed) {
      placed = undefined;
      scale()?.setWeight(0);
    }
  };
}
