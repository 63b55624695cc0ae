// Warehouse mode: a pack leaves the desk only for shipments whose claim outlasts it. A lease that
// lapses while a pack is on its way lets another desk take the shipment over and pack it too
// (the marketplace refuses the second; each desk packs with its own invoice number, and the one
// not packed is given back or voided: warehouse-invoice-series.ts), so the lease is checked, and
// renewed when it runs low, just before each send (retries included).
import type { PackShipmentRequest, ShipmentProcessingResult } from '../../../shared/api/pack.js';
import { englishSentence, sentence } from '../../../shared/i18n/station-sentences.js';
import type { DeskClaims } from './desk-claims.js';

/** The refusal code of a shipment the desk did not send because its claim lapsed. */
export const CLAIM_LAPSED = 'CLAIM_LAPSED';

/**
 * Packs the shipments still safely held; the others are answered as refused here, without
 * reaching the marketplace. Without claims (a desk alone) everything is sent.
 */
export async function sendHeld(
  claims: Pick<DeskClaims, 'ensureLease'> | undefined,
  orders: { pack(requests: PackShipmentRequest[]): Promise<ShipmentProcessingResult[]> },
  ids: readonly string[],
  requests: ReadonlyMap<string, PackShipmentRequest>,
): Promise<ShipmentProcessingResult[]> {
  const held = claims ? new Set(await claims.ensureLease(ids)) : new Set(ids);
  const sent = ids.filter((id) => held.has(id));
  const answers = sent.length > 0 ? await orders.pack(sent.map((id) => requests.get(id)!)) : [];
  const lapsed = ids
    .filter((id) => !held.has(id))
    .map((shipmentId): ShipmentProcessingResult => ({ shipmentId, processingStatus: 'FAILURE', errorCode: CLAIM_LAPSED, errorMessage: englishSentence(sentence('station.wave.lostClaim')) }));
  return [...answers, ...lapsed];
}
