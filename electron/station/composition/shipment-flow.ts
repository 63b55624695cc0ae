// The single-shipment (or few-shipment) flow of the headless station, in the fewest sequential
// round trips: identify (get by id) -> product facts (listing) -> pack -> poll until PACKED ->
// labels -> ready to dispatch. Every mutating call is journaled before it leaves; an answer that
// is lost is settled by reading the shipments, never by sending again blindly (spec § Shipment:
// the state table says which states mean an operation took effect).
import { MAX_LABEL_GENERATION_MS } from '../../../shared/api/limits.js';
import type { PackShipmentRequest, ShipmentProcessingResult } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { buildPackRequest, PackInputError, parcelsFromListing } from '../packing/pack-request.js';
import { parcelsNote } from '../packing/parcels-as-packed.js';
import type { ShipmentOp } from '../packing/reconcile.js';
import { checkActionable } from '../packing/shipment-checks.js';
import type { DeskClaims } from '../packing/desk-claims.js';
import { sendHeld } from '../packing/held-pack.js';
import { markNumbersUsed, settleNotPacked, type PackNumber } from '../packing/pack-invoice-numbers.js';
import type { Station } from '../station.js';
import { applyWithReconcile, waitForDocuments } from '../packing/wave-batch.js';

export interface FlowResult {
  packed: string[];
  skipped: { shipmentId: string; reason: string }[];
  failed: { shipmentId: string; code: string; message: string }[];
  labels?: Uint8Array;
  dispatched: string[];
}

export interface FlowOptions {
  dispatch: boolean;
  /** Fetch the merged label PDF of the packed shipments. */
  labels: boolean;
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  progress?: (line: string) => void;
  /** Pack despite a WEIGHT_ANOMALY_WARNING (sdk-facts § 7 ignoreWarning): the operator checked the listing's weight. */
  ignoreWeightWarning?: boolean;
}

/**
 * A shipment operation for ids through the journal; a lost or ambiguous answer is reconciled by
 * reading state and only what did not take effect is sent again (at most `rounds` times). The
 * same steps a wave uses (packing/wave-batch.ts).
 */
export function applyJournaled(
  station: Station,
  op: ShipmentOp,
  ids: string[],
  send: (ids: string[]) => Promise<ShipmentProcessingResult[]>,
  failed: FlowResult['failed'],
  rounds = 4,
  recorded?: (batch: string[]) => Record<string, unknown>,
): Promise<string[]> {
  return applyWithReconcile(station, op, ids, send, failed, undefined, rounds, recorded);
}

/** Waits through the station's label watcher until documents are ready: PACKED or later. */
export function waitUntilPacked(station: Station, ids: string[], options: Pick<FlowOptions, 'maxWaitMs'> = {}): Promise<{ ready: string[]; shipments: Map<string, ShipmentWire> }> {
  return waitForDocuments(station, ids, options.maxWaitMs ?? MAX_LABEL_GENERATION_MS);
}

/** Packs the given shipments with their listings' package sizes, then labels and dispatch. */
export async function packShipments(station: Station, shipmentIds: string[], options: FlowOptions): Promise<FlowResult> {
  const result: FlowResult = { packed: [], skipped: [], failed: [], dispatched: [] };
  const ids = [...new Set(shipmentIds)];
  const found = await station.client.orders.getShipments({ shipmentIds: ids });
  const byId = new Map(found.map((s) => [s.shipmentId, s]));
  for (const id of ids) if (!byId.has(id)) result.failed.push({ shipmentId: id, code: 'NOT_FOUND', message: `No shipment ${id} for this seller.` });
  const missing = await station.facts.load(found.flatMap((s) => s.orderItems.map((i) => i.sku)));

  const requests = new Map<string, PackShipmentRequest>();
  const invoiceOf = new Map<string, string>();
  let packable: ShipmentWire[] = [];
  for (const shipment of found) {
    const reason = refusal(station, shipment, missing);
    if (reason) result.skipped.push({ shipmentId: shipment.shipmentId, reason });
    else packable.push(shipment);
  }
  if (station.warehouse) packable = await claimForCommand(station, station.warehouse, packable, result);
  for (const shipment of packable) {
    try {
      const invoice = await station.numbering.reserve(shipment.orderItems[0].orderId, shipment.shipmentId);
      const parcels = parcelsFromListing(shipment, station.facts.of)!;
      const lines = shipment.orderItems.map((i) => ({ ...i, serialized: false, serials: [] }));
      const request = buildPackRequest({ shipment, lines, parcels, facts: station.facts.of, invoice, at: station.clock.now(), transitionYear: station.settings.get().taxTransitionYear });
      requests.set(shipment.shipmentId, options.ignoreWeightWarning ? { ...request, ignoreWarning: true } : request);
      if (invoice.invoiceNumber) invoiceOf.set(shipment.shipmentId, invoice.invoiceNumber);
    } catch (e) {
      if (!(e instanceof PackInputError)) throw e;
      result.skipped.push({ shipmentId: shipment.shipmentId, reason: e.message });
    }
  }
  if (requests.size === 0) return result;

  // Warehouse mode: only shipments whose claim outlasts the pack are sent (held-pack.ts).
  result.packed = await applyJournaled(station, 'pack', [...requests.keys()], (batch) => sendHeld(station.warehouse, station.client.orders, batch, requests), result.failed, undefined, (batch) =>
    parcelsNote(batch.flatMap((id) => requests.get(id) ?? [])),
  );
  const numbered = (ids: string[]): PackNumber[] => ids.flatMap((shipmentId) => (invoiceOf.has(shipmentId) ? [{ shipmentId, invoiceNumber: invoiceOf.get(shipmentId)! }] : []));
  await markNumbersUsed(station.numbering, numbered(result.packed));
  if (station.warehouse) {
    await station.warehouse.packed(result.packed);
    const notPacked = [...requests.keys()].filter((x) => !result.packed.includes(x));
    // Read back first: not packed here may mean packed by another desk, with this very number.
    await settleNotPacked(station.numbering, station.client.orders, numbered(notPacked), result.failed, 'The marketplace did not pack the shipment.');
    for (const id of notPacked) await station.warehouse.release(id);
  }
  options.progress?.(`Packed ${result.packed.length} of ${requests.size}; waiting for labels.`);
  const { ready } = await waitUntilPacked(station, result.packed, options);
  for (const id of result.packed.filter((x) => !ready.includes(x))) {
    result.failed.push({ shipmentId: id, code: 'LABEL_NOT_READY', message: 'Packed, but its label was not ready in time; print it later with `station labels`.' });
  }
  if (ready.length === 0) return result;
  if (options.labels) result.labels = await station.client.orders.labels(ready);
  if (options.dispatch) {
    // Dispatch names one location per request (spec § POST /v3/shipments/dispatch).
    for (const location of new Set(ready.map((id) => byId.get(id)!.locationId))) {
      const here = ready.filter((id) => byId.get(id)!.locationId === location);
      result.dispatched.push(...(await applyJournaled(station, 'dispatch', here, (batch) => station.client.orders.dispatch(batch, location), result.failed)));
    }
  }
  return result;
}

/** Warehouse mode: the command claims what it packs, like a desk; what another desk holds is left out, said. */
async function claimForCommand(station: Station, claims: DeskClaims, shipments: ShipmentWire[], result: FlowResult): Promise<ShipmentWire[]> {
  if (shipments.length === 0) return shipments;
  const { claimed, refused } = await claims.claimMany(shipments.map((s) => s.shipmentId), station.who.operator, `${station.who.desk}-command`);
  result.skipped.push(...refused);
  const fresh = claimed.length > 0 ? await station.client.orders.getShipments({ shipmentIds: claimed }) : [];
  const out: ShipmentWire[] = [];
  for (const s of fresh) {
    if (s.orderItems.every((i) => i.status === 'APPROVED')) out.push(s);
    else {
      result.skipped.push({ shipmentId: s.shipmentId, reason: 'No longer approved: packed at another desk meanwhile.' });
      await claims.release(s.shipmentId);
    }
  }
  return out;
}

function refusal(station: Station, shipment: ShipmentWire, missing: string[]): string | undefined {
  const refused = checkActionable(shipment, { now: station.clock.now().getTime(), locationId: shipment.locationId });
  if (refused) return refused.text;
  const noListing = shipment.orderItems.find((i) => missing.includes(i.sku));
  if (noListing) return `No listing found for SKU ${noListing.sku}: its tax code and package size are unknown.`;
  const serialized = shipment.orderItems.find((i) => station.facts.of(i.sku)?.serialized);
  if (serialized) return `Needs the packer: ${serialized.sku} requires IMEI/serial capture at the desk (pack it in the app).`;
  if (!parcelsFromListing(shipment, station.facts.of)) return 'The listing has no package dimensions and weight; weigh and measure it at the desk.';
  return undefined;
}
