// What became of the invoice numbers a desk reserved and never settled because it stopped
// mid-pack (killed, a power cut): the marketplace's state of each shipment decides.
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import { tookEffect } from '../packing/reconcile.js';
import type { InvoiceNumbering, InvoiceReservation } from './invoice-numbering.js';

export interface LeftReservationsDeps {
  /** The desk's reservations not yet settled (read from the database). */
  pending(): Promise<InvoiceReservation[]>;
  invoices: Pick<InvoiceNumbering, 'markUsed' | 'markRefused' | 'markVoid'>;
  /** The shipment is packed at the marketplace: its claim becomes this desk's packed one. */
  recordPacked(shipmentId: string): Promise<void>;
}

/**
 * Used when the marketplace shows the shipment packed, given back when it is still approved,
 * void when it was cancelled. Shipments in `keep` (still open at the desk) keep theirs. Returns
 * how many it settled.
 */
export async function settleLeftReservations(deps: LeftReservationsDeps, read: (ids: string[]) => Promise<ShipmentWire[]>, keep: ReadonlySet<string>): Promise<number> {
  const left = (await deps.pending()).filter((r) => r.shipmentId && !keep.has(r.shipmentId));
  let settled = 0;
  for (let i = 0; i < left.length; i += MAX_IDS_PER_REQUEST) {
    const batch = left.slice(i, i + MAX_IDS_PER_REQUEST);
    const found = new Map((await read(batch.map((r) => r.shipmentId!))).map((s) => [s.shipmentId, s]));
    for (const r of batch) {
      const s = found.get(r.shipmentId!);
      if (s && tookEffect('pack', s)) {
        await deps.invoices.markUsed(r.invoiceNumber, s.shipmentId);
        await deps.recordPacked(s.shipmentId);
      }
      else if (s && s.orderItems.every((x) => x.status === 'APPROVED')) await deps.invoices.markRefused(r.invoiceNumber, 'The desk stopped before the pack was sent; not packed.', s.shipmentId);
      else await deps.invoices.markVoid(r.invoiceNumber, s ? `Not packed: shipment ${s.shipmentId} is no longer approved (cancelled or packed without this number).` : 'Not packed: the shipment is gone at the marketplace.');
      settled++;
    }
  }
  return settled;
}
