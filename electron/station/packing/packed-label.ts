// A packed shipment's label scanned at Pack. The label carries the courier's tracking id besides
// the shipment, order and order item ids; the search has no filter by tracking id (spec § search),
// so packed shipments of the location are read with their shipping details, which carry it. A
// packed shipment is not opened again: the desk says when, by whom and where its label printed,
// from the journal, and offers to print the label again.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { saying, sentence, type SaidWords } from '../../../shared/i18n/station-sentences.js';
import type { OrdersClient } from '../api/orders-client.js';
import type { JournalRecord } from '../journal/records.js';
import { LABEL_PRINTED } from '../journal/desk-history.js';
import { formatIstDisplay } from './ist-dates.js';
import { searchSellerPacked } from './seller-search.js';

/** Pages of packed shipments read when looking for a tracking id; a location packs fewer between pickups. */
const TRACKING_SCAN_PAGES = 10;
/** Item states whose shipment has a label to scan and is not handed over yet. */
const LABELLED_STATES = ['PACKED', 'READY_TO_DISPATCH'] as const;

/** The packed shipment at this location whose label carries this tracking id, if any. */
export async function shipmentByTracking(orders: Pick<OrdersClient, 'searchPages' | 'shippingDetails'>, code: string, locationId: string): Promise<ShipmentWire | undefined> {
  const wanted = code.toUpperCase();
  const filter = { type: 'preDispatch' as const, states: [...LABELLED_STATES], locationId };
  let pages = 0;
  for await (const page of searchSellerPacked(orders, { filter, pagination: { pageSize: 20 } })) {
    if (page.length > 0) {
      const details = await orders.shippingDetails(page.map((s) => s.shipmentId));
      const hit = details.find((d) => d.trackingId?.toUpperCase() === wanted);
      if (hit) return page.find((s) => s.shipmentId === hit.shipmentId);
    }
    if (++pages >= TRACKING_SCAN_PAGES) break;
  }
  return undefined;
}

/** True when the shipment is past packing: its label exists and scanning it again means "this one is done". */
export function isPacked(shipment: ShipmentWire): boolean {
  return shipment.orderItems.length > 0 && shipment.orderItems.every((i) => (LABELLED_STATES as readonly string[]).includes(i.status) || i.status === 'PACKING_IN_PROGRESS');
}

/** What the journal knows of a shipment's pack and label: when, by whom, at which desk, on which printer. */
export function packedHistory(records: readonly JournalRecord[], shipmentId: string): { packedAt?: string; operator?: string; desk?: string; printer?: string; printedAt?: string } {
  const packIntents = new Map<string, { at: string; operator: string; desk: string }>();
  const found: ReturnType<typeof packedHistory> = {};
  for (const r of records) {
    if (r.type === 'intent' && r.op === 'pack' && r.targets.shipmentIds?.includes(shipmentId)) packIntents.set(r.id, { at: r.at, operator: r.operator, desk: r.desk });
    if (r.type === 'outcome' && r.status === 'ok' && packIntents.has(r.intentId)) {
      const intent = packIntents.get(r.intentId)!;
      Object.assign(found, { packedAt: intent.at, operator: intent.operator, desk: intent.desk });
    }
    if (r.type === 'session' && r.event === 'closed' && r.reason === LABEL_PRINTED && r.shipmentId === shipmentId && r.printer) {
      Object.assign(found, { printer: r.printer, printedAt: r.at });
    }
  }
  return found;
}

/** The desk's words for a packed shipment scanned again, ending with the reprint key. */
export function packedWords(records: readonly JournalRecord[], shipment: ShipmentWire): SaidWords {
  const id = shipment.shipmentId;
  const h = packedHistory(records, id);
  const when = (at: string) => formatIstDisplay(new Date(at));
  const words: KeyedSentence[] = [];
  // A desk nobody signed in to packs under the desk's own name: said once, not "Desk 1 at Desk 1".
  const byDesk = !h.operator || h.operator === h.desk;
  if (h.packedAt) {
    const at = { id, when: when(h.packedAt), desk: h.desk ?? '' };
    words.push(byDesk ? sentence('station.pack.packedAtDesk', at) : sentence('station.pack.packedBy', { ...at, operator: h.operator ?? '' }));
  }
  words.push(h.printer && h.printedAt ? sentence('station.pack.labelPrintedOn', { printer: h.printer, when: when(h.printedAt) }) : sentence('station.pack.labelNotPrintedHere'));
  words.push(sentence('station.pack.reprintOffer'));
  return saying(...words);
}
