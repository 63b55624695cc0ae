// Warehouse mode, opening one shipment at the desk: claim it for this desk, then read it again,
// so a shipment a desk that died had packed (before its claim was recorded as packed) is not sent
// a second time. A shipment no longer actionable gives its claim back at once.
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { MarketplaceClient } from '../api/client.js';
import type { DeskClaims } from './desk-claims.js';
import { checkActionable } from './shipment-checks.js';
import { saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';

export interface ClaimShipmentDeps {
  claims: DeskClaims;
  operator: string;
  orders: MarketplaceClient['orders'];
  now: number;
  locationId: string;
}

/** A refusal carries its keys, so the packer reads who holds the shipment in the desk's language. */
export async function claimShipment(shipment: ShipmentWire, deps: ClaimShipmentDeps): Promise<{ shipment: ShipmentWire } | SaidWords> {
  const answer = await deps.claims.claim(shipment.shipmentId, deps.operator);
  if (!answer.ok) return { text: answer.text, sentences: answer.sentence ? [answer.sentence] : [] };
  const [fresh] = await deps.orders.getShipments({ shipmentIds: [shipment.shipmentId] });
  const refusal = fresh ? checkActionable(fresh, { now: deps.now, locationId: deps.locationId }) : saying(sentence('station.claim.gone', { id: shipment.shipmentId }));
  if (!refusal) return { shipment: fresh! };
  await deps.claims.release(shipment.shipmentId);
  return { text: refusal.text, sentences: refusal.sentences };
}
