// The warehouse series as the desk uses it: numbers are allocated in the database (or from the
// outage block), and what became of each number (used, given back, void) is recorded there. A
// pack the marketplace took must never fail because the database went away between the number
// and the answer, so a settlement that cannot reach the database waits here and is sent again
// when the link is back (catchUp). A desk killed before it could send them settles its numbers
// at the next start (DeskWarehouse.settleLeftReservations).
import type { InvoiceAssignment, InvoiceNumbering, InvoiceRequest, InvoiceReservation } from './invoice-numbering.js';
import type { WarehouseInvoiceSeries } from './warehouse-invoice-series.js';
import { WarehouseUnreachableError } from './warehouse-pool.js';

/** `shipmentIds[i]`: the shipment of `numbers[i]`, when known. */
type Settlement =
  | { kind: 'used'; numbers: string[]; shipmentIds?: string[] }
  | { kind: 'landed'; numbers: string[]; shipmentIds: string[] }
  | { kind: 'void' | 'refused'; numbers: string[]; reason: string; shipmentIds?: string[] };

export class SettlingNumbering implements InvoiceNumbering {
  readonly givesBackRefused = true;
  private readonly waiting: Settlement[] = [];

  constructor(private readonly series: WarehouseInvoiceSeries) {}

  reserve(orderId: string, shipmentId?: string): Promise<InvoiceAssignment> {
    return this.series.reserve(orderId, shipmentId);
  }

  reserveMany(requests: readonly InvoiceRequest[]): Promise<InvoiceAssignment[]> {
    return this.series.reserveMany(requests);
  }

  markUsed(invoiceNumber: string, shipmentId?: string): Promise<void> {
    return this.settle({ kind: 'used', numbers: [invoiceNumber], ...(shipmentId ? { shipmentIds: [shipmentId] } : {}) });
  }

  markUsedMany(invoiceNumbers: readonly string[], shipmentIds?: readonly string[]): Promise<void> {
    return invoiceNumbers.length === 0 ? Promise.resolve() : this.settle({ kind: 'used', numbers: [...invoiceNumbers], ...(shipmentIds ? { shipmentIds: [...shipmentIds] } : {}) });
  }

  markVoid(invoiceNumber: string, reason: string): Promise<void> {
    return this.settle({ kind: 'void', numbers: [invoiceNumber], reason });
  }

  markRefused(invoiceNumber: string, reason: string, shipmentId?: string): Promise<void> {
    return this.settle({ kind: 'refused', numbers: [invoiceNumber], reason, ...(shipmentId ? { shipmentIds: [shipmentId] } : {}) });
  }

  markLanded(invoiceNumber: string, shipmentId: string): Promise<void> {
    return this.settle({ kind: 'landed', numbers: [invoiceNumber], shipmentIds: [shipmentId] });
  }

  pending(): Promise<InvoiceReservation[]> {
    return this.series.pending();
  }

  /** Settlements waiting for the database. */
  get backlog(): number {
    return this.waiting.reduce((n, s) => n + s.numbers.length, 0);
  }

  /** Sends the waiting settlements in order; stops at the first that still cannot reach the database. */
  async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      await this.send(this.waiting[0]);
      this.waiting.shift();
    }
  }

  private async settle(s: Settlement): Promise<void> {
    // Keep the order: a number given back before it is used again must reach the database first.
    if (this.waiting.length > 0) {
      this.waiting.push(s);
      return;
    }
    try {
      await this.send(s);
    } catch (error) {
      if (!(error instanceof WarehouseUnreachableError)) throw error;
      this.waiting.push(s);
    }
  }

  private send(s: Settlement): Promise<void> {
    if (s.kind === 'used') return this.series.markUsedMany(s.numbers, s.shipmentIds);
    if (s.kind === 'landed') return this.series.markLanded(s.numbers[0], s.shipmentIds[0]);
    if (s.kind === 'void') return this.series.markVoid(s.numbers[0], s.reason);
    return this.series.markRefused(s.numbers[0], s.reason, s.shipmentIds?.[0]);
  }
}
