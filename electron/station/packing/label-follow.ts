// After a pack at the desk: the label is waited for and printed, then (unless ready to dispatch
// waits for the end of the wave) the shipment is marked ready to dispatch; each stage is reported
// as the desk's label job so the screen says where the label is.
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';
import type { DeskDeps } from './pack-desk.js';
import type { LabelJob } from './desk-view.js';
import { dispatchShipments, waitAndPrint } from './pack-submit.js';

export interface LabelFollower {
  /** The label job's new state, for the desk's view. */
  report(job: LabelJob): void;
  /** Printed, and ready to dispatch waits for the end of the wave (rtdPolicy endOfWave). */
  awaitDispatch(shipmentId: string): void;
}

export async function followLabel(deps: DeskDeps, shipmentId: string, follower: LabelFollower): Promise<void> {
  const printed = await waitAndPrint(deps, shipmentId, (said, stage = 'waitingLabel') => follower.report({ shipmentId, status: stage, ...said }));
  follower.report({ shipmentId, status: printed.ok ? 'printed' : 'failed', text: printed.text, sentences: printed.sentences });
  if (!printed.ok) return;
  if (deps.rtdPolicy === 'endOfWave') {
    follower.awaitDispatch(shipmentId);
    return;
  }
  const r = await dispatchShipments(deps, [shipmentId]);
  if (r.dispatched.includes(shipmentId)) follower.report({ shipmentId, status: 'dispatched', ...saying(...printed.sentences, sentence('station.pack.readyToDispatch')) });
  else {
    const failed = r.failed[0];
    follower.report({ shipmentId, status: 'failed', ...(failed ? { text: failed.text, sentences: failed.sentences } : saying(sentence('station.pack.dispatchFailed'))) });
  }
}
