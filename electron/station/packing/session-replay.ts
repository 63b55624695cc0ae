// The steps of an open shipment as the journal records them (a scan, a typed count, an undo, a
// removed serial, a measurement, a confirmed weight warning), and how one is applied again to the session's state: a restart
// and a reopened put-aside shipment replay exactly what the packer saw.
import { classifyScan } from '../../../shared/barcodes.js';
import { resolvedScan, type BarcodeLookup } from '../catalogue/scan-resolver.js';
import { confirmWeight } from './weight-warning.js';
import { applyCount, applyMeasurement, applyScan, removeSerial, undoLast, type Measurement, type PackSessionState, type ProductFacts, type SessionContext } from './pack-session.js';

/** The journal's kinds of step; anything else is a scan. */
export const STEP_KINDS = { count: 'count', undo: 'undo', removeSerial: 'remove-serial', measurement: 'measurement', confirmWeight: 'confirm-weight' } as const;

export interface JournaledStep {
  kind: string;
  value: string;
  raw: string;
}

export interface ReplayContext {
  barcodes?: BarcodeLookup;
  facts: (sku: string) => ProductFacts | undefined;
  serials: SessionContext;
}

export function replayStep(state: PackSessionState, step: JournaledStep, ctx: ReplayContext): PackSessionState {
  switch (step.kind) {
    case STEP_KINDS.measurement:
      return applyMeasurement(state, JSON.parse(step.value) as Measurement);
    case STEP_KINDS.count:
      return applyCount(state, Number(step.value));
    case STEP_KINDS.undo:
      return undoLast(state);
    case STEP_KINDS.removeSerial:
      return removeSerial(state, step.value);
    case STEP_KINDS.confirmWeight:
      return confirmWeight(state, step.value);
    default:
      return applyScan(state, resolvedScan(classifyScan(step.raw), ctx.barcodes, state), ctx.serials, ctx.facts);
  }
}
