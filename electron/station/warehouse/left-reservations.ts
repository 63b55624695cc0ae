// What became of the invoice numbers a desk reserved and never settled because it stopped
// mid-pack (killed, a power cut): the marketplace's state of each shipment decides, read back
// exactly as for a refused pack (packing/pack-invoice-numbers.ts): used when the shipment is
// packed with this number, void when packed with another (another desk took the claim over and
// packed it) or cancelled or gone, given back when still approved.
import { settleByMarketplace, type ShipmentReadBack } from '../packing/pack-invoice-numbers.js';
import type { InvoiceNumbering, InvoiceReservation } from './invoice-numbering.js';

/** The reason recorded on a number given back at the desk's next start. */
export const LEFT_GIVEN_BACK = 'The desk stopped before the pack was sent; not packed.';

export interface LeftReservationsDeps {
  /** The desk's reservations not yet settled (read from the database). */
  pending(): Promise<InvoiceReservation[]>;
  invoices: InvoiceNumbering;
  /** The shipment is packed at the marketplace with this desk's number: its claim becomes this desk's packed one. */
  recordPacked(shipmentId: string): Promise<void>;
}

/**
 * Shipments in `keep` (still open at the desk) keep their numbers. Returns how many it settled;
 * a number whose shipment cannot be read (or whose invoice is not readable yet) stays reserved
 * for the next start.
 */
export async function settleLeftReservations(deps: LeftReservationsDeps, orders: ShipmentReadBack, keep: ReadonlySet<string>): Promise<number> {
  const left = (await deps.pending()).filter((r) => r.shipmentId && !keep.has(r.shipmentId)).map((r) => ({ shipmentId: r.shipmentId!, invoiceNumber: r.invoiceNumber }));
  const outcome = await settleByMarketplace(deps.invoices, orders, left, LEFT_GIVEN_BACK);
  let settled = 0;
  for (const r of left) {
    const what = outcome.get(r.invoiceNumber);
    if (what === 'used') await deps.recordPacked(r.shipmentId);
    if (what !== undefined && what !== 'kept') settled++;
  }
  return settled;
}
