// Who holds a shipment of the warehouse, as a sentence the desk says in its own language: "Shipment
// SH1 is being packed at Desk 3 by Asha since 10:42 IST." The English words stay in claims.ts
// (describeHolder) for logs and the command line; this is the same sentence as a catalogue key.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import { istParts } from '../packing/ist-dates.js';
import type { Claim } from './claims.js';

/** 10:42: the floor's clock is IST, and HH:MM reads the same in English and Hindi. */
function hhmm(at: Date): string {
  const p = istParts(at);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

export function holderSentence(claim: Claim): KeyedSentence {
  const params = { id: claim.shipmentId, desk: claim.desk, operator: claim.operator };
  if (claim.packedAt) {
    const at = { ...params, time: hhmm(claim.packedAt) };
    return claim.operator ? keyed('warehouse.claim.packedBy', at) : keyed('warehouse.claim.packed', at);
  }
  const since = { ...params, time: hhmm(claim.claimedAt) };
  return claim.operator ? keyed('warehouse.claim.beingPackedBy', since) : keyed('warehouse.claim.beingPacked', since);
}

/** A lead released the shipment: who had it, and that any desk can open it now. */
export function releasedSentence(claim: Claim): KeyedSentence {
  const params = { id: claim.shipmentId, desk: claim.desk, operator: claim.operator, time: hhmm(claim.claimedAt) };
  return claim.operator ? keyed('warehouse.claim.releasedBy', params) : keyed('warehouse.claim.released', params);
}
