// The rows of the warehouse series (table invoice_numbers, migrations/) and what the desk reads
// of them: a reservation in the shape both invoice series share (invoice-numbering.ts).
import type { InvoiceReservation } from './invoice-numbering.js';

/** One row of invoice_numbers. */
export interface NumberRow {
  invoice_number: string;
  counter: number;
  order_id: string | null;
  shipment_id: string | null;
  financial_year: string;
  status: InvoiceReservation['status'] | 'free' | 'block';
  desk: string | null;
  /** The identity of the desk that holds it (desk-ref.ts); NULL on rows from before identities. */
  desk_id?: string | null;
  reserved_at: Date | null;
  settled_at: Date | null;
  void_reason: string | null;
}

/** The counter of a number of the series: its last part. */
export function counterOf(invoiceNumber: string): number {
  return Number(invoiceNumber.slice(invoiceNumber.lastIndexOf('/') + 1));
}

/** A row as the reservation the desk reads (`pending()`). */
export function toReservation(r: NumberRow): InvoiceReservation {
  return {
    invoiceNumber: r.invoice_number,
    orderId: r.order_id ?? '',
    ...(r.shipment_id ? { shipmentId: r.shipment_id } : {}),
    financialYear: r.financial_year,
    counter: r.counter,
    reservedAt: (r.reserved_at ?? new Date(0)).toISOString(),
    status: r.status === 'used' || r.status === 'void' ? r.status : 'reserved',
    ...(r.settled_at ? { settledAt: r.settled_at.toISOString() } : {}),
    ...(r.void_reason ? { voidReason: r.void_reason } : {}),
  };
}
