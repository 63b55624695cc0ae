// One invoice series per seller registration (GSTIN) and Indian financial year, shared by every
// desk through the warehouse database (GST: one consecutive series per registration and year).
//
// Allocation runs in a transaction holding the series row (SELECT ... FOR UPDATE), so numbers
// are unique across desks and consecutive. Rules, each number accounted for by a row:
// - a number reserved for a shipment belongs to the desk that reserved it: a retried pack of the
//   same shipment at that desk (or after its restart) gets it back; a desk that took the
//   shipment's claim over gets a number of its own, so a number whose pack may still be in
//   flight is never packed or given back by another desk (one number, at most one shipment);
// - a number of a pack the marketplace refused is given back (status 'free') and the next pack
//   of any desk takes the lowest free number before a new one, so refusals leave no gap; only
//   while it is still the desk's reservation of that shipment (packing/pack-invoice-numbers.ts
//   reads the shipment back first: packed by another desk, it is not given back);
// - a number the marketplace took is used by its shipment, whatever became of its reservation;
//   the same transaction voids every other number still reserved for that shipment (a packed
//   shipment is not APPROVED, so the marketplace refuses any other pack of it: spec § Shipment
//   "Other facts"), so a number left by a desk that stopped never stays open;
// - a number that will never be used (order cancelled) is void, with the reason;
// - each desk holds a small block for outages (status 'block'); numbers of it used while the
//   database was away are reported back when it returns. Blocks make numbers consecutive per
//   series but not in date order across desks.
import { indianFinancialYear, istDate, type Clock } from '../packing/ist-dates.js';
import { formatInvoiceNumber, type InvoiceAssignment, type InvoiceNumbering, type InvoiceRequest, type InvoiceReservation } from './invoice-numbering.js';
import type { OfflineUse, OutageBlockStore } from './outage-block.js';
import { keyedError } from '../../../shared/i18n/station-sentences.js';
import { counterOf, toReservation, type NumberRow } from './invoice-number-rows.js';
import { deskKey, ownedBy, owns, type DeskKey, type DeskRef } from './desk-ref.js';
import { inTransaction, withClient, WarehouseUnreachableError, type WarehouseClient, type WarehousePool } from './warehouse-pool.js';

/** Numbers a desk keeps for an outage: a few hours of one desk's packing. */
export const DEFAULT_OUTAGE_BLOCK_SIZE = 50;

export interface WarehouseInvoiceSeriesOptions {
  clock: Clock;
  /** The desk (its identity and name): a number it holds is keyed by its identity. */
  desk: DeskRef;
  /** The seller's GST registration (GSTIN) the series belongs to. */
  registration: string;
  prefix: string;
  autoInvoicing?: boolean;
  counterWidth?: number;
  outageBlock?: { store: OutageBlockStore; size?: number };
  /** Told, in words, when a number turns out to be on two shipments (for the desk's log). */
  onClash?: (text: string) => void;
}

export interface WarehouseInvoiceAssignment extends InvoiceAssignment {
  /** Taken from the desk's outage block while the database was away. */
  fromOutageBlock?: true;
}


export class WarehouseInvoiceSeries implements InvoiceNumbering {
  readonly givesBackRefused = true;

  constructor(
    private readonly pool: WarehousePool,
    private readonly options: WarehouseInvoiceSeriesOptions,
  ) {
    if (!options.registration.trim()) throw keyedError('INVALID_SETTINGS', 'warehouse.db.needGstin');
  }

  private get me(): DeskKey {
    return deskKey(this.options.desk);
  }

  private get fy(): string {
    return indianFinancialYear(this.options.clock.now()).label;
  }

  reserve(orderId: string, shipmentId?: string): Promise<WarehouseInvoiceAssignment> {
    return this.reserveMany([{ orderId, shipmentId }]).then((all) => all[0]);
  }

  async reserveMany(requests: readonly InvoiceRequest[]): Promise<WarehouseInvoiceAssignment[]> {
    const now = this.options.clock.now();
    const invoiceDate = istDate(now);
    if (this.options.autoInvoicing) return requests.map(({ orderId }) => ({ orderId, invoiceDate }));
    try {
      await this.reportOfflineUse();
      return await inTransaction(this.pool, (client) => this.allocate(client, requests, now));
    } catch (error) {
      if (error instanceof WarehouseUnreachableError && this.options.outageBlock) return this.fromBlock(requests, now, error);
      throw error;
    }
  }

  private async allocate(client: WarehouseClient, requests: readonly InvoiceRequest[], now: Date): Promise<WarehouseInvoiceAssignment[]> {
    const { registration } = this.options;
    const me = this.me;
    const fy = this.fy;
    await this.lockSeries(client, fy);
    const invoiceDate = istDate(now);
    const out: WarehouseInvoiceAssignment[] = [];
    for (const { orderId, shipmentId } of requests) {
      // Only this desk's own open number comes back. Another desk's number for the shipment (its
      // claim lapsed and this desk took it over) may be on a pack still in flight: it stays that
      // desk's reservation, settled by that desk or voided when the shipment is packed with
      // another number (use()).
      const open = (
        await client.query<NumberRow>(
          `SELECT * FROM invoice_numbers WHERE registration = $1 AND financial_year = $2 AND status = 'reserved' AND ${ownedBy('$6', '$5')}
             AND (($3::text IS NOT NULL AND shipment_id = $3) OR ($3::text IS NULL AND shipment_id IS NULL AND order_id = $4))
           ORDER BY counter LIMIT 1`,
          [registration, fy, shipmentId ?? null, orderId, me.name, me.id],
        )
      ).rows[0];
      if (open) {
        // Stamped again: its pack goes out now, and a start-up gives back only a number whose
        // last pack has had time to land (left-reservations.ts, IN_FLIGHT_GRACE_MS).
        await client.query('UPDATE invoice_numbers SET reserved_at = $2 WHERE invoice_number = $1', [open.invoice_number, now]);
        out.push({ orderId, invoiceNumber: open.invoice_number, invoiceDate });
        continue;
      }
      const free = (
        await client.query<NumberRow>(
          "SELECT * FROM invoice_numbers WHERE registration = $1 AND financial_year = $2 AND status = 'free' ORDER BY counter LIMIT 1",
          [registration, fy],
        )
      ).rows[0];
      const invoiceNumber = free ? free.invoice_number : await this.newNumber(client, fy, 'reserved');
      await client.query(
        `UPDATE invoice_numbers SET status = 'reserved', desk = $2, desk_id = $6, order_id = $3, shipment_id = $4, reserved_at = $5, settled_at = NULL
         WHERE invoice_number = $1`,
        [invoiceNumber, me.name, orderId, shipmentId ?? null, now, me.id],
      );
      out.push({ orderId, invoiceNumber, invoiceDate });
    }
    return out;
  }

  /** Locks (creating when new) the series row: allocations of all desks run one at a time. */
  private async lockSeries(client: WarehouseClient, fy: string): Promise<{ last: number }> {
    const { registration, prefix } = this.options;
    await client.query('INSERT INTO invoice_series (registration, financial_year, prefix) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [registration, fy, prefix]);
    const row = (await client.query<{ prefix: string; last_counter: number }>('SELECT prefix, last_counter FROM invoice_series WHERE registration = $1 AND financial_year = $2 FOR UPDATE', [registration, fy])).rows[0];
    if (row.prefix !== prefix) {
      throw keyedError('INVALID_SETTINGS', 'warehouse.db.otherPrefix', { prefix, registration, fy, theirs: row.prefix });
    }
    return { last: row.last_counter };
  }

  private async newNumber(client: WarehouseClient, fy: string, status: 'reserved' | 'block'): Promise<string> {
    const { registration, prefix, counterWidth } = this.options;
    const counter = (await client.query<{ last_counter: number }>('UPDATE invoice_series SET last_counter = last_counter + 1 WHERE registration = $1 AND financial_year = $2 RETURNING last_counter', [registration, fy])).rows[0].last_counter;
    const invoiceNumber = formatInvoiceNumber(prefix, fy, counter, counterWidth);
    await client.query('INSERT INTO invoice_numbers (registration, financial_year, counter, invoice_number, status, desk, desk_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      registration, fy, counter, invoiceNumber, status, this.me.name, this.me.id,
    ]);
    return invoiceNumber;
  }

  /** `shipmentId`: the shipment the marketplace packed with the number (recorded on its row). */
  async markUsed(invoiceNumber: string, shipmentId?: string): Promise<void> {
    await this.markUsedMany([invoiceNumber], shipmentId ? [shipmentId] : undefined);
  }

  /** `shipmentIds[i]`, when given, is the shipment packed with `invoiceNumbers[i]`. */
  async markUsedMany(invoiceNumbers: readonly string[], shipmentIds?: readonly string[]): Promise<void> {
    await this.settle(invoiceNumbers, 'used', undefined, shipmentIds);
  }

  async markVoid(invoiceNumber: string, reason: string): Promise<void> {
    if (!reason.trim()) throw new Error('Say why an invoice number is void; the gap in the series must be explained.');
    await this.settle([invoiceNumber], 'void', reason);
  }

  /**
   * Gives the number back for the next pack, only while its row is still reserved by this desk
   * (and, given the shipment, for that shipment): another desk's number, or one already used or
   * voided, is left alone.
   */
  async markRefused(invoiceNumber: string, reason: string, shipmentId?: string): Promise<void> {
    await this.settle([invoiceNumber], 'free', reason, shipmentId ? [shipmentId] : undefined);
  }

  private async settle(invoiceNumbers: readonly string[], status: 'used' | 'void' | 'free', reason?: string, shipmentIds?: readonly string[]): Promise<void> {
    const now = this.options.clock.now();
    try {
      await this.reportOfflineUse();
    } catch (error) {
      if (error instanceof WarehouseUnreachableError && this.settleOffline(invoiceNumbers, status, now, reason)) return;
      throw error;
    }
    const clashes: string[] = [];
    await inTransaction(this.pool, async (client) => {
      const done = new Set<string>();
      for (const [i, n] of invoiceNumbers.entries()) {
        if (done.has(n)) continue;
        done.add(n);
        const shipmentId = shipmentIds?.[i];
        if (status === 'free') {
          // One conditional statement: the row is freed only if it is still this desk's
          // reservation (for this shipment), never one re-issued, used or voided meanwhile.
          const freed = await client.query(
            `UPDATE invoice_numbers SET status = 'free', desk = NULL, desk_id = NULL, order_id = NULL, shipment_id = NULL, reserved_at = NULL,
               refusals = refusals + 1, refusal_reason = $2
             WHERE invoice_number = $1 AND status = 'reserved' AND ${ownedBy('$5', '$3')} AND ($4::text IS NULL OR shipment_id = $4)`,
            [n, reason ?? null, this.me.name, shipmentId ?? null, this.me.id],
          );
          if (freed.rowCount === 0 && (await client.query('SELECT 1 FROM invoice_numbers WHERE invoice_number = $1', [n])).rowCount === 0) {
            throw new Error(`Invoice number ${n} was never allocated in the warehouse series.`);
          }
          continue;
        }
        const row = (await client.query<NumberRow>('SELECT * FROM invoice_numbers WHERE invoice_number = $1 FOR UPDATE', [n])).rows[0];
        if (!row) throw new Error(`Invoice number ${n} was never allocated in the warehouse series.`);
        if (status === 'used') {
          const clash = await this.use(client, row, shipmentId, now);
          if (clash) clashes.push(clash);
          continue;
        }
        if (row.status === 'void') continue;
        // Another desk's reservation is settled by that desk (its pack may still be in flight),
        // or voided when its shipment is packed with another number (use()).
        if (row.status === 'reserved' && !owns(this.me, row)) continue;
        if (row.status !== 'reserved' && row.status !== 'free' && row.status !== 'block') {
          throw new Error(`Invoice number ${n} is already ${row.status}; it cannot become ${status}.`);
        }
        await client.query('UPDATE invoice_numbers SET status = $2, settled_at = $3, void_reason = $4 WHERE invoice_number = $1', [n, status, now, reason ?? null]);
      }
    });
    for (const clash of clashes) this.options.onClash?.(clash);
  }

  /**
   * The marketplace holds a pack with this number: the row says so, whatever became of the
   * reservation meanwhile (given back, or taken for another shipment while this desk's pack was
   * in flight). Only a number already used on another shipment cannot be corrected here: that is
   * returned in words, for the desk's log. A void number stays void (its gap was explained).
   */
  private async use(client: WarehouseClient, row: NumberRow, shipmentId: string | undefined, now: Date, packedAt = this.me.name): Promise<string | undefined> {
    const n = row.invoice_number;
    const target = shipmentId ?? row.shipment_id;
    if (target) await this.voidOthersOf(client, target, n, packedAt, now);
    if (row.status === 'used') {
      return shipmentId && row.shipment_id && row.shipment_id !== shipmentId
        ? `Invoice number ${n} is on two packed shipments at the marketplace: ${row.shipment_id} and ${shipmentId}. Issue a credit note for one and invoice it again.`
        : undefined;
    }
    if (row.status === 'void' || row.status === 'block') throw new Error(`Invoice number ${n} is already ${row.status}; it cannot become used.`);
    await client.query(
      `UPDATE invoice_numbers SET status = 'used', settled_at = $2, shipment_id = $3, desk = $4
       WHERE invoice_number = $1`,
      [n, now, target, packedAt],
    );
    // Reserved for another shipment meanwhile: that shipment must not be packed with it; its
    // desk's own settlement then reports the clash if its pack went out too.
    return row.status === 'reserved' && shipmentId && row.shipment_id && row.shipment_id !== shipmentId
      ? `Invoice number ${n} was reserved for shipment ${row.shipment_id} at ${row.desk ?? 'a desk'} while shipment ${shipmentId} was packed with it; ${row.shipment_id} gets a new number at its next pack.`
      : undefined;
  }

  /**
   * The shipment is packed with `used`: any other number still reserved for it (a desk whose
   * claim lapsed mid-pack, maybe stopped since) can no longer be packed with it, since the
   * marketplace refuses a pack of a shipment that is not APPROVED (spec § Shipment "Other facts").
   * Voided here, in the transaction that records the pack, so no such number stays open.
   */
  private async voidOthersOf(client: WarehouseClient, shipmentId: string, used: string, packedAt: string, now: Date): Promise<void> {
    await client.query(
      `UPDATE invoice_numbers SET status = 'void', settled_at = $4, void_reason = $5
       WHERE registration = $1 AND shipment_id = $2 AND status = 'reserved' AND invoice_number <> $3`,
      [this.options.registration, shipmentId, used, now, `Not packed with this number: shipment ${shipmentId} was packed with ${used} at ${packedAt}.`],
    );
  }

  /**
   * The marketplace shows the shipment packed with this number, which another desk (or this
   * desk's earlier run) reserved for it and never settled: used by the shipment, recorded as
   * packed at the desk that reserved it. A number not of this series, or not reserved for that
   * shipment, is left alone.
   */
  async markLanded(invoiceNumber: string, shipmentId: string): Promise<void> {
    const now = this.options.clock.now();
    await inTransaction(this.pool, async (client) => {
      const row = (
        await client.query<NumberRow>("SELECT * FROM invoice_numbers WHERE invoice_number = $1 AND registration = $2 AND shipment_id = $3 AND status = 'reserved' FOR UPDATE", [
          invoiceNumber,
          this.options.registration,
          shipmentId,
        ])
      ).rows[0];
      if (row) await this.use(client, row, shipmentId, now, row.desk ?? this.me.name);
    });
  }

  async pending(): Promise<InvoiceReservation[]> {
    const rows = await withClient(this.pool, (client) =>
      client.query<NumberRow>(`SELECT * FROM invoice_numbers WHERE registration = $1 AND ${ownedBy('$3', '$2')} AND status = 'reserved' ORDER BY financial_year, counter`, [
        this.options.registration, this.me.name, this.me.id,
      ]),
    );
    const offline = (this.options.outageBlock?.store.load()?.used ?? []).filter((u) => u.status === 'reserved');
    return [...rows.rows.map((r) => toReservation(r)), ...offline.map((u) => ({ ...u, financialYear: this.fy, counter: counterOf(u.invoiceNumber) }))];
  }

  // --- The outage block ---------------------------------------------------------------------

  /**
   * Tops the desk's outage block up to its size (new numbers with status 'block'), after
   * reporting any offline use. Call on start and after each outage; returns how many it holds.
   */
  async refillOutageBlock(): Promise<number> {
    const block = this.options.outageBlock;
    if (!block || this.options.autoInvoicing) return 0;
    await this.reportOfflineUse();
    const fy = this.fy;
    const { registration } = this.options;
    const { name, id } = this.me;
    const numbers = await inTransaction(this.pool, async (client) => {
      await this.lockSeries(client, fy);
      // A block of an ended year can no longer be used: void it, with the reason.
      await client.query(
        `UPDATE invoice_numbers SET status = 'void', settled_at = $4, void_reason = 'Outage block of a financial year that ended; not used.'
         WHERE registration = $1 AND ${ownedBy('$5', '$2')} AND status = 'block' AND financial_year <> $3`,
        [registration, name, fy, this.options.clock.now(), id],
      );
      const held = (
        await client.query<NumberRow>(`SELECT * FROM invoice_numbers WHERE registration = $1 AND financial_year = $2 AND ${ownedBy('$4', '$3')} AND status = 'block' ORDER BY counter`, [registration, fy, name, id])
      ).rows.map((r) => r.invoice_number);
      while (held.length < (block.size ?? DEFAULT_OUTAGE_BLOCK_SIZE)) held.push(await this.newNumber(client, fy, 'block'));
      return held;
    });
    block.store.save({ format: 1, registration, financialYear: fy, available: numbers, used: [] });
    return numbers.length;
  }

  /** What the desk can tell the packer about its outage numbers. */
  outageBlockStatus(): { available: number; usedOffline: number } {
    const saved = this.options.outageBlock?.store.load();
    return { available: saved?.financialYear === this.fy ? saved.available.length : 0, usedOffline: saved?.used.length ?? 0 };
  }

  private fromBlock(requests: readonly InvoiceRequest[], now: Date, cause: WarehouseUnreachableError): WarehouseInvoiceAssignment[] {
    const store = this.options.outageBlock!.store;
    const block = store.load();
    const invoiceDate = istDate(now);
    if (!block || block.financialYear !== this.fy || block.registration !== this.options.registration) {
      throw new WarehouseUnreachableError(`${cause.reason}. This desk holds no invoice numbers for an outage, so it cannot pack until the database is back.`);
    }
    const out: WarehouseInvoiceAssignment[] = [];
    for (const { orderId, shipmentId } of requests) {
      const open = block.used.find((u) => u.status === 'reserved' && (shipmentId ? u.shipmentId === shipmentId : u.orderId === orderId && !u.shipmentId));
      if (open) {
        open.reservedAt = now.toISOString();
        out.push({ orderId, invoiceNumber: open.invoiceNumber, invoiceDate, fromOutageBlock: true });
        continue;
      }
      const invoiceNumber = block.available.shift();
      if (!invoiceNumber) {
        throw new WarehouseUnreachableError(`${cause.reason}. This desk has used all ${block.used.length} invoice numbers it keeps for an outage; packing waits for the database.`);
      }
      const use: OfflineUse = { invoiceNumber, orderId, ...(shipmentId ? { shipmentId } : {}), reservedAt: now.toISOString(), status: 'reserved' };
      block.used.push(use);
      out.push({ orderId, invoiceNumber, invoiceDate, fromOutageBlock: true });
    }
    store.save(block);
    return out;
  }

  /** Settles numbers of the outage block while the database is away; false if none are from it. */
  private settleOffline(invoiceNumbers: readonly string[], status: 'used' | 'void' | 'free', now: Date, reason?: string): boolean {
    const store = this.options.outageBlock?.store;
    const block = store?.load();
    if (!store || !block) return false;
    const uses = invoiceNumbers.map((n) => block.used.find((u) => u.invoiceNumber === n && u.status === 'reserved'));
    if (uses.some((u) => !u)) return false;
    for (const use of uses as OfflineUse[]) {
      if (status === 'free') {
        // Refused offline: the number goes back to the front of the block for the next pack.
        block.used.splice(block.used.indexOf(use), 1);
        block.available.unshift(use.invoiceNumber);
      } else {
        Object.assign(use, { status, settledAt: now.toISOString(), ...(reason ? { voidReason: reason } : {}) });
      }
    }
    block.available.sort();
    store.save(block);
    return true;
  }

  /** Tells the database what became of each number used during an outage, then forgets them. */
  private async reportOfflineUse(): Promise<void> {
    const store = this.options.outageBlock?.store;
    const block = store?.load();
    if (!store || !block || block.used.length === 0) return;
    await inTransaction(this.pool, async (client) => {
      for (const u of block.used) {
        await client.query(
          `UPDATE invoice_numbers SET status = $2, order_id = $3, shipment_id = $4, reserved_at = $5, settled_at = $6, void_reason = $7
           WHERE invoice_number = $1 AND status = 'block' AND ${ownedBy('$9', '$8')}`,
          [u.invoiceNumber, u.status, u.orderId, u.shipmentId ?? null, u.reservedAt, u.settledAt ?? null, u.voidReason ?? null, this.me.name, this.me.id],
        );
      }
    });
    store.save({ ...block, used: [] });
  }
}
