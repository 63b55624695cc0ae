// What becomes of a pack's invoice number once the marketplace answered. A pack it took: the
// number is used, by that shipment. A pack it refused, in warehouse mode: the refusal may mean
// that another desk packed the shipment first (a claim whose lease ran out while that desk's pack
// was in flight; spec § Shipment "Other facts": a shipment not APPROVED is refused), so the
// refusal alone does not free the number: the shipment is read back, and
// - packed (by anyone) with this number: the number is used by that shipment;
// - packed with another number: this one is void, with the reason, and that other number, when
//   it is one of the series still reserved for the shipment, is used by it;
// - still APPROVED: the number is given back for the next pack (README rule: no gap), unless the
//   caller cannot exclude a pack with it still in flight (`mayGiveBack`: a number a stopped desk
//   left, reserved moments ago); it then stays reserved for the shipment, settled later;
// - no longer approved (cancelled) or gone: void, with the reason;
// - the read failed, or the invoice of a packed shipment cannot be read yet: the number stays
//   reserved for the shipment (its next pack reuses it; the desk's next start settles it).
// The desk's own series keeps a refused pack's number for the retry, as it always did.
import type { InvoiceWire } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import type { InvoiceNumbering } from '../warehouse/invoice-numbering.js';
import type { DeskInvoices } from './desk-claims.js';
import { tookEffect } from './reconcile.js';

/** The reads the settlement needs of the marketplace. */
export interface ShipmentReadBack {
  getShipments(lookup: { shipmentIds: string[] }): Promise<ShipmentWire[]>;
  invoicesJson(shipmentIds: string[]): Promise<InvoiceWire[]>;
}

/** A shipment and the invoice number its pack carried. */
export interface PackNumber {
  shipmentId: string;
  invoiceNumber: string;
}

/** The outcome for each number, for tests and the desk's log. */
export type RefusedSettlement = 'used' | 'given back' | 'void' | 'kept';

/** The shared series: the one that gives numbers back (the desk's own keeps them for the retry). */
function sharedSeries(invoices: DeskInvoices): InvoiceNumbering | undefined {
  return 'givesBackRefused' in invoices && invoices.givesBackRefused ? invoices : undefined;
}

/**
 * The marketplace took these packs: each number is used by its shipment. The shared series
 * records the shipment on the number's row (whatever became of the reservation meanwhile).
 */
export async function markNumbersUsed(invoices: DeskInvoices, packed: readonly PackNumber[]): Promise<void> {
  if (packed.length === 0) return;
  const shared = sharedSeries(invoices);
  if (shared) await shared.markUsedMany(packed.map((p) => p.invoiceNumber), packed.map((p) => p.shipmentId));
  // Shipments of one order share the order's reservation in the desk's own series.
  else await invoices.markUsedMany([...new Set(packed.map((p) => p.invoiceNumber))]);
}

const invoiceNumberOf = (inv: InvoiceWire): string | undefined => inv.invoiceNumber ?? inv.InvoiceNumber;

/** A shipment whose pack got no answer in any round of a batch (wave-batch.ts): its last send may still land. */
export const NO_ANSWER_CODE = 'NO_ANSWER';

/**
 * The numbers of a batch's shipments that were not packed: read back and settled as refused
 * (below), except those whose pack got no answer in any round: a slow marketplace may still pack
 * them with their numbers, so those stay reserved for their shipments (the desk's next pack of
 * one reuses it; its next start settles it once no pack can land: warehouse/left-reservations.ts).
 */
export async function settleNotPacked(
  invoices: DeskInvoices,
  orders: ShipmentReadBack,
  notPacked: readonly PackNumber[],
  failed: readonly { shipmentId: string; code: string }[],
  reason: string,
): Promise<Map<string, RefusedSettlement>> {
  const unanswered = new Set(failed.filter((f) => f.code === NO_ANSWER_CODE).map((f) => f.shipmentId));
  return settleRefusedNumbers(invoices, orders, notPacked.filter((n) => !unanswered.has(n.shipmentId)), reason);
}

/**
 * Settles the numbers of definitely refused packs by the marketplace's state. `local`: the desk's
 * own series, where a refused number stays with the shipment (nothing to do). Never rejects on a
 * failed read: the numbers then stay reserved.
 */
export async function settleRefusedNumbers(invoices: DeskInvoices, orders: ShipmentReadBack, refused: readonly PackNumber[], reason: string): Promise<Map<string, RefusedSettlement>> {
  const shared = sharedSeries(invoices);
  return shared ? settleByMarketplace(shared, orders, refused, reason) : new Map();
}

/**
 * The read-back itself, for a refused pack and for a number a stopped desk left reserved
 * (warehouse/left-reservations.ts): what the marketplace shows of each shipment decides, as the
 * header says. `givenBack`: the reason recorded on a number given back. Also, a shipment packed
 * with another number of this series still reserved for it (a desk that stopped after its pack
 * landed) has that number recorded used, so it does not stay open. `mayGiveBack`: false for a
 * number whose pack may still be in flight (a still-approved shipment then keeps it: 'kept');
 * packed, cancelled or gone settle it whatever it says, since no pack can change those.
 */
export async function settleByMarketplace(
  shared: InvoiceNumbering,
  orders: ShipmentReadBack,
  numbers: readonly PackNumber[],
  givenBack: string,
  mayGiveBack: (n: PackNumber) => boolean = () => true,
): Promise<Map<string, RefusedSettlement>> {
  const out = new Map<string, RefusedSettlement>();
  for (let i = 0; i < numbers.length; i += MAX_IDS_PER_REQUEST) {
    const batch = numbers.slice(i, i + MAX_IDS_PER_REQUEST);
    const found = await orders.getShipments({ shipmentIds: batch.map((r) => r.shipmentId) }).catch(() => undefined);
    if (!found) {
      for (const r of batch) out.set(r.invoiceNumber, 'kept');
      continue;
    }
    const byId = new Map(found.map((s) => [s.shipmentId, s]));
    const packed = batch.filter((r) => {
      const s = byId.get(r.shipmentId);
      return s !== undefined && tookEffect('pack', s);
    });
    const onInvoice = new Map<string, string | undefined>();
    if (packed.length > 0) {
      const read = await orders.invoicesJson(packed.map((r) => r.shipmentId)).catch(() => [] as InvoiceWire[]);
      for (const inv of read) onInvoice.set(inv.shipmentId, invoiceNumberOf(inv));
    }
    for (const r of batch) {
      const s = byId.get(r.shipmentId);
      if (s && tookEffect('pack', s)) {
        const number = onInvoice.get(r.shipmentId);
        if (number === r.invoiceNumber) {
          await shared.markUsed(r.invoiceNumber, r.shipmentId);
          out.set(r.invoiceNumber, 'used');
        } else if (number) {
          await shared.markVoid(r.invoiceNumber, `Not packed with this number: shipment ${r.shipmentId} was packed with ${number}.`);
          await shared.markLanded?.(number, r.shipmentId);
          out.set(r.invoiceNumber, 'void');
        } else out.set(r.invoiceNumber, 'kept');
      } else if (s && s.orderItems.every((x) => x.status === 'APPROVED')) {
        if (!mayGiveBack(r)) {
          out.set(r.invoiceNumber, 'kept');
          continue;
        }
        await shared.markRefused(r.invoiceNumber, givenBack, r.shipmentId);
        out.set(r.invoiceNumber, 'given back');
      } else {
        await shared.markVoid(r.invoiceNumber, s ? `Not packed: shipment ${r.shipmentId} is no longer approved.` : `Not packed: shipment ${r.shipmentId} is gone at the marketplace.`);
        out.set(r.invoiceNumber, 'void');
      }
    }
  }
  return out;
}
