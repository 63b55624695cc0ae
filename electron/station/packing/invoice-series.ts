// Seller invoice numbers for the pack request (spec § POST /v3/shipments/labels (pack):
// invoices[].invoiceNumber is mandatory unless the seller opted for automatic invoicing;
// invoices[].invoiceDate always). Numbers run per Indian financial year, e.g. "PS/2026-27/000123".
//
// Reserve before use: a number is written durably (fsync + rename) before anyone sees it, and
// the counter only ever grows, so a crash between reserve and pack can never hand the same
// number to two orders. A reservation that was not used is kept and later marked void with a
// reason (the gap is explained, not hidden). Asking again for the same order returns its open
// reservation: a retried or crashed pack of that order sends the number it may already have
// registered with the marketplace.
//
// GST Rule 46(b) allows at most 16 characters: the counter takes the digits the prefix leaves
// ("PS/2026-27/00123"), never fewer than four, and the settings refuse a longer prefix.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvoicePrefix, MAX_INVOICE_NUMBER_LENGTH, MIN_INVOICE_COUNTER_DIGITS } from '../../../shared/settings.js';
import { writeFileDurably } from '../journal/durable-file.js';
import { indianFinancialYear, istDate, type Clock } from './ist-dates.js';

const FILE_NAME = 'invoice-series.json';
/** Settled reservations kept in the file; older ones live on in the journal. */
const KEEP_SETTLED = 500;

const Reservation = z.object({
  invoiceNumber: z.string(),
  orderId: z.string(),
  shipmentId: z.string().optional(),
  financialYear: z.string(),
  counter: z.number().int().positive(),
  reservedAt: z.iso.datetime(),
  status: z.enum(['reserved', 'used', 'void']),
  settledAt: z.iso.datetime().optional(),
  voidReason: z.string().optional(),
});
export type InvoiceReservation = z.infer<typeof Reservation>;

const SeriesFile = z.object({
  format: z.literal(1),
  /** Last counter issued per "prefix/financial year"; never decreases. */
  counters: z.record(z.string(), z.number().int().nonnegative()),
  reservations: z.array(Reservation),
});
type SeriesFile = z.infer<typeof SeriesFile>;

export interface InvoiceSeriesOptions {
  dir: string;
  clock: Clock;
  prefix: string;
  /** The marketplace numbers invoices itself: reserve() gives no number. */
  autoInvoicing: boolean;
  counterWidth?: number;
}

/** What the pack request needs for one order (spec § POST /v3/shipments/labels (pack)). */
export interface InvoiceAssignment {
  orderId: string;
  /** Absent with automatic invoicing. */
  invoiceNumber?: string;
  /** Today in IST, YYYY-MM-DD. */
  invoiceDate: string;
}

export class InvoiceSeries {
  private data: SeriesFile;
  private readonly path: string;
  private readonly prefix: string;

  private constructor(private readonly options: InvoiceSeriesOptions) {
    const prefix = InvoicePrefix.safeParse(options.prefix);
    if (!prefix.success) throw new Error(prefix.error.issues[0].message);
    this.prefix = prefix.data;
    this.path = join(options.dir, FILE_NAME);
    this.data = this.load();
  }

  static open(options: InvoiceSeriesOptions): InvoiceSeries {
    return new InvoiceSeries(options);
  }

  private load(): SeriesFile {
    if (!existsSync(this.path)) return { format: 1, counters: {}, reservations: [] };
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      raw = undefined;
    }
    const parsed = SeriesFile.safeParse(raw);
    // Never start again from 1 on a damaged file: that would reissue numbers already used.
    if (!parsed.success) {
      throw new Error(`The invoice number file ${this.path} is damaged. Restore it from a backup before packing; numbering was not reset.`);
    }
    return parsed.data;
  }

  private save(): void {
    const settled = this.data.reservations.filter((r) => r.status !== 'reserved');
    const drop = new Set(settled.slice(0, Math.max(0, settled.length - KEEP_SETTLED)));
    this.data.reservations = this.data.reservations.filter((r) => !drop.has(r));
    writeFileDurably(this.path, `${JSON.stringify(this.data, null, 1)}\n`);
  }

  /**
   * The invoice number and date for a shipment (or an order, when no shipment is named), durably
   * reserved before it is returned. Each shipment gets its own invoice: an order split into
   * several shipments is invoiced once per shipment, as each travels with its own invoice. A
   * retried pack of the same shipment gets its open reservation back.
   */
  reserve(orderId: string, shipmentId?: string): InvoiceAssignment {
    return this.reserveMany([{ orderId, shipmentId }])[0];
  }

  /** reserve() for many shipments with one durable write: a 1,000-shipment wave is one fsync. */
  reserveMany(requests: readonly { orderId: string; shipmentId?: string }[]): InvoiceAssignment[] {
    const now = this.options.clock.now();
    const invoiceDate = istDate(now);
    if (this.options.autoInvoicing) return requests.map(({ orderId }) => ({ orderId, invoiceDate }));
    const fy = indianFinancialYear(now).label;
    const added: InvoiceReservation[] = [];
    const countersBefore = { ...this.data.counters };
    const out = requests.map(({ orderId, shipmentId }) => {
      const open = this.data.reservations.find(
        (r) => r.status === 'reserved' && (shipmentId ? r.shipmentId === shipmentId : r.orderId === orderId && r.shipmentId === undefined),
      );
      if (open && open.financialYear === fy && open.invoiceNumber.startsWith(`${this.prefix}/`)) {
        return { orderId, invoiceNumber: open.invoiceNumber, invoiceDate };
      }
      if (open) {
        Object.assign(open, { status: 'void', settledAt: now.toISOString(), voidReason: 'Not used before the financial year or the prefix changed.' });
      }
      const key = `${this.prefix}/${fy}`;
      const counter = (this.data.counters[key] ?? 0) + 1;
      const width = this.options.counterWidth ?? Math.max(MIN_INVOICE_COUNTER_DIGITS, MAX_INVOICE_NUMBER_LENGTH - key.length - 1);
      const invoiceNumber = `${key}/${String(counter).padStart(width, '0')}`;
      this.data.counters[key] = counter;
      const reservation: InvoiceReservation = { invoiceNumber, orderId, shipmentId, financialYear: fy, counter, reservedAt: now.toISOString(), status: 'reserved' };
      this.data.reservations.push(reservation);
      added.push(reservation);
      return { orderId, invoiceNumber, invoiceDate };
    });
    try {
      this.save();
    } catch (error) {
      // Not on disk, so not handed out. Counters stay advanced in memory only if the next save
      // succeeds; either way a number is never reused, at worst skipped.
      this.data.reservations = this.data.reservations.filter((r) => !added.includes(r));
      this.data.counters = { ...countersBefore, ...this.data.counters };
      throw error;
    }
    return out;
  }

  /** markUsed() for many numbers with one durable write. */
  markUsedMany(invoiceNumbers: readonly string[]): void {
    const now = this.options.clock.now().toISOString();
    for (const n of new Set(invoiceNumbers)) {
      const r = this.find(n);
      if (r.status === 'used') continue;
      if (r.status !== 'reserved') throw new Error(`Invoice number ${n} is already ${r.status}; it cannot become used.`);
      Object.assign(r, { status: 'used', settledAt: now });
    }
    this.save();
  }

  /** The marketplace accepted the pack with this number. */
  markUsed(invoiceNumber: string): InvoiceReservation {
    return this.settle(this.find(invoiceNumber), 'used');
  }

  /** The number will not be used (order cancelled, packed with another number...): say why. */
  markVoid(invoiceNumber: string, reason: string): InvoiceReservation {
    if (!reason.trim()) throw new Error('Say why an invoice number is void; the gap in the series must be explained.');
    return this.settle(this.find(invoiceNumber), 'void', reason);
  }

  /** Reserved and not settled: after a crash, check these against the marketplace. */
  pending(): InvoiceReservation[] {
    return this.data.reservations.filter((r) => r.status === 'reserved').map((r) => ({ ...r }));
  }

  /** Every reservation still kept, oldest first. */
  history(): InvoiceReservation[] {
    return this.data.reservations.map((r) => ({ ...r }));
  }

  private find(invoiceNumber: string): InvoiceReservation {
    const found = this.data.reservations.find((r) => r.invoiceNumber === invoiceNumber);
    if (!found) throw new Error(`Invoice number ${invoiceNumber} was not reserved at this station.`);
    return found;
  }

  private settle(reservation: InvoiceReservation, status: 'used' | 'void', voidReason?: string): InvoiceReservation {
    if (reservation.status === status) return { ...reservation };
    if (reservation.status !== 'reserved') {
      throw new Error(`Invoice number ${reservation.invoiceNumber} is already ${reservation.status}; it cannot become ${status}.`);
    }
    Object.assign(reservation, { status, settledAt: this.options.clock.now().toISOString(), ...(voidReason ? { voidReason } : {}) });
    this.save();
    return { ...reservation };
  }
}
