// Demo mode's scale acts out the desk: when every unit of the open shipment is verified the
// packer "places the parcel" and the simulated scale moves to its weight (and settles there, as a
// real scale does), box after box for a multi-package shipment; when the shipment is packed or
// put aside the parcel comes off. Without this
// the demo's scale reads 0.000 kg forever and nobody sees the live weight flow.
import type { DeskView } from '../../../shared/contract/desk.js';

export interface MovableScale {
  setWeight(kg: number): void;
}

/** A box with no listed weight: the carton's own weight plus a plausible weight per unit. */
const EMPTY_BOX_KG = 0.15;
const UNIT_KG = 0.35;

/**
 * The box on the demo scale and what it weighs: while the units are verified and a parcel still
 * needs weighing, that parcel (one box after the other for a multi-package shipment, as a packer
 * puts them on the platform); undefined while nothing is on it.
 */
export function demoParcelOnScale(view: DeskView): { key: string; kg: number } | undefined {
  const s = view.session;
  if (!s || (s.phase !== 'measuring' && s.phase !== 'ready')) return undefined;
  // The box the Pack screen measures (the first still needing its weight or its size) stays on
  // the platform until it is fully measured: a scale that moved on early would weigh it again.
  const needs = (p: (typeof s.parcels)[number]) => p.weightKg === undefined || p.weightSource === 'listing' || !p.dimensions || p.dimensionsSource === 'listing';
  const box = s.parcels.find(needs) ?? s.parcels[0];
  if (!box) return undefined;
  const key = `${s.sessionId}/${box.subShipmentId}`;
  if (box.weightKg !== undefined) return { key, kg: round3(box.weightKg) };
  if (s.parcels.length > 1) return { key, kg: round3(EMPTY_BOX_KG + UNIT_KG) };
  const units = s.lines.reduce((a, l) => a + l.quantity, 0);
  return { key, kg: round3(EMPTY_BOX_KG + UNIT_KG * units) };
}

const round3 = (kg: number) => Math.round(kg * 1000) / 1000;

/** Follows the desk's changes and moves the scale only when a parcel goes on or comes off. */
export function followDeskWithDemoScale(scale: () => MovableScale | undefined): (view: DeskView) => void {
  let placed: string | undefined;
  return (view) => {
    const on = demoParcelOnScale(view);
    if (on && on.key !== placed) {
      placed = on.key;
      scale()?.setWeight(on.kg);
    } else if (!on && placed) {
      placed = undefined;
      scale()?.setWeight(0);
    }
  };
}
