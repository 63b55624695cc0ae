// What the desk needs of an invoice series, the same methods for the desk's own file
// (packing/invoice-series.ts) and the warehouse's shared series (warehouse-invoice-series.ts),
// asynchronous because the shared one asks the database. localInvoiceNumbering() lets the desk
// call both the same way, so switching a desk to warehouse mode changes one constructor call.
import { MAX_INVOICE_NUMBER_LENGTH, MIN_INVOICE_COUNTER_DIGITS } from '../../../shared/settings.js';
import type { InvoiceAssignment, InvoiceReservation, InvoiceSeries } from '../packing/invoice-series.js';

export type { InvoiceAssignment, InvoiceReservation };

export interface InvoiceRequest {
  orderId: string;
  shipmentId?: string;
}

export interface InvoiceNumbering {
  /** True for the shared series: the desk gives a refused pack's number back (markRefused) instead of keeping it for the retry. */
  readonly givesBackRefused?: boolean;
  /** The number and date for a shipment; a retried pack of the same shipment gets the same number. */
  reserve(orderId: string, shipmentId?: string): Promise<InvoiceAssignment>;
  reserveMany(requests: readonly InvoiceRequest[]): Promise<InvoiceAssignment[]>;
  /** The marketplace accepted the pack with this number (of this shipment, when given). */
  markUsed(invoiceNumber: string, shipmentId?: string): Promise<void>;
  /** `shipmentIds[i]`, when given, is the shipment packed with `invoiceNumbers[i]`. */
  markUsedMany(invoiceNumbers: readonly string[], shipmentIds?: readonly string[]): Promise<void>;
  /** The number will never be used (order cancelled...): recorded with the reason. */
  markVoid(invoiceNumber: string, reason: string): Promise<void>;
  /**
   * The marketplace refused the pack, so no invoice was issued with this number. The desk's own
   * series voids it (recorded); the warehouse series gives it to the next pack (no gap), only
   * while it is still this desk's reservation (of this shipment, when given).
   */
  markRefused(invoiceNumber: string, reason: string, shipmentId?: string): Promise<void>;
  /** Reserved and not settled yet. */
  pending(): Promise<InvoiceReservation[]>;
  /**
   * The shared series only: the marketplace shows the shipment packed with this number, reserved
   * for it by a desk that never settled it; it becomes used by that shipment (else left alone).
   */
  markLanded?(invoiceNumber: string, shipmentId: string): Promise<void>;
}

/** The desk's own file-backed series behind the common interface. */
export function localInvoiceNumbering(series: InvoiceSeries): InvoiceNumbering {
  return {
    reserve: async (orderId, shipmentId) => series.reserve(orderId, shipmentId),
    reserveMany: async (requests) => series.reserveMany(requests),
    markUsed: async (n) => void series.markUsed(n),
    markUsedMany: async (ns) => series.markUsedMany(ns),
    markVoid: async (n, reason) => void series.markVoid(n, reason),
    markRefused: async (n, reason) => void series.markVoid(n, `Not packed: ${reason}`),
    pending: async () => series.pending(),
  };
}

/**
 * PREFIX/2026-27/NNNNN: the counter takes the digits the prefix leaves of the 16 characters GST
 * allows (CGST Rule 46(b)), never fewer than four, as the desk's own series does.
 */
export function formatInvoiceNumber(prefix: string, financialYear: string, counter: number, counterWidth?: number): string {
  const key = `${prefix}/${financialYear}`;
  const width = counterWidth ?? Math.max(MIN_INVOICE_COUNTER_DIGITS, MAX_INVOICE_NUMBER_LENGTH - key.length - 1);
  const number = `${key}/${String(counter).padStart(width, '0')}`;
  if (number.length > MAX_INVOICE_NUMBER_LENGTH) {
    throw new Error(`Invoice number ${number} would be longer than ${MAX_INVOICE_NUMBER_LENGTH} characters (GST rules); the series ${key} is full. Start a new prefix.`);
  }
  return number;
}
