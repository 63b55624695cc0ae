// The warehouse invoice series against a real PostgreSQL: one series per registration and year,
// numbers unique and consecutive across desks allocating at once, a refused pack's number given
// to the next pack, void numbers recorded, and the outage block used while the database is away.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvoiceSeries } from '../../electron/station/packing/invoice-series.js';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import { localInvoiceNumbering, type InvoiceNumbering } from '../../electron/station/warehouse/invoice-numbering.js';
import { fileOutageBlockStore } from '../../electron/station/warehouse/outage-block.js';
import { WarehouseInvoiceSeries } from '../../electron/station/warehouse/warehouse-invoice-series.js';
import { WarehouseUnreachableError } from '../../electron/station/warehouse/warehouse-pool.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const GSTIN = '29ABCDE1234F1Z5';
const counters = (numbers: string[]): number[] => numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
const oneTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe.runIf(requirePostgres())('warehouse invoice series', () => {
  const wh = useWarehouseDatabase();

  it('numbers like the desk series (PREFIX/2026-27/NNNNN, 16 characters) and gives a retried shipment its number back', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const series = new WarehouseInvoiceSeries(await wh.freshPool(), { clock, desk: 'Desk 1', registration: GSTIN, prefix: 'PS' });
    const local = InvoiceSeries.open({ dir: mkdtempSync(join(tmpdir(), 'inv-')), clock, prefix: 'PS', autoInvoicing: false });
    const a = await series.reserve('O1', 'S1');
    expect(a).toEqual({ orderId: 'O1', invoiceNumber: 'PS/2026-27/00001', invoiceDate: '2026-11-24' });
    expect(a.invoiceNumber).toBe(local.reserve('O1', 'S1').invoiceNumber);
    expect((await series.reserve('O1', 'S1')).invoiceNumber).toBe('PS/2026-27/00001');
    expect((await series.reserve('O2', 'S2')).invoiceNumber).toBe('PS/2026-27/00002');
    const long = new WarehouseInvoiceSeries(await wh.freshPool(), { clock, desk: 'Desk 1', registration: GSTIN, prefix: 'PSX' });
    expect((await long.reserve('O1', 'S1')).invoiceNumber).toBe('PSX/2026-27/0001');
    // The financial year turns on 1 April IST: a new series from 1.
    clock.set(istInstant(2027, 4, 1, 0, 0));
    expect((await series.reserve('O3', 'S3')).invoiceNumber).toBe('PS/2027-28/00001');
  });

  it('refuses a desk whose prefix differs from the series of the registration', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const pool = await wh.freshPool();
    await new WarehouseInvoiceSeries(pool, { clock, desk: 'Desk 1', registration: GSTIN, prefix: 'PS' }).reserve('O1', 'S1');
    const other = new WarehouseInvoiceSeries(pool, { clock, desk: 'Desk 2', registration: GSTIN, prefix: 'WH' });
    await expect(other.reserve('O2', 'S2')).rejects.toThrow(/the warehouse series of 29ABCDE1234F1Z5 for 2026-27 uses PS/);
  });

  it('gives 8 desks allocating at once unique, consecutive numbers', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const url = await wh.freshUrl();
    const desks = Array.from({ length: 8 }, (_, i) => new WarehouseInvoiceSeries(wh.pool({ url }), { clock, desk: `Desk ${i + 1}`, registration: GSTIN, prefix: 'PS' }));
    // Each desk packs one shipment after another, as at the desk; the eight desks at once.
    const perDesk = await Promise.all(
      desks.map(async (d, i) => {
        const mine: string[] = [];
        for (let j = 0; j < 25; j += 1) {
          const a = await d.reserve(`O-${i}-${j}`, `S-${i}-${j}`);
          await d.markUsed(a.invoiceNumber!);
          mine.push(a.invoiceNumber!);
        }
        return mine;
      }),
    );
    const all = perDesk.flat();
    expect(new Set(all).size).toBe(200);
    expect(counters(all)).toEqual(oneTo(200));
    const used = (await wh.pool({ url }).query("SELECT count(*)::int AS n FROM invoice_numbers WHERE status = 'used'")).rows[0].n;
    expect(used).toBe(200);
  });

  it('gives the number of a refused pack to the next pack, and keeps void numbers with their reason', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const pool = await wh.freshPool();
    const d1 = new WarehouseInvoiceSeries(pool, { clock, desk: 'Desk 1', registration: GSTIN, prefix: 'PS' });
    const d2 = new WarehouseInvoiceSeries(pool, { clock, desk: 'Desk 2', registration: GSTIN, prefix: 'PS' });
    const first = await d1.reserve('O1', 'S1');
    const second = await d1.reserve('O2', 'S2');
    await d1.markRefused(first.invoiceNumber!, 'The marketplace refused the pack: shipment on hold.');
    const next = await d2.reserve('O3', 'S3');
    expect(next.invoiceNumber).toBe(first.invoiceNumber);
    await d2.markUsed(next.invoiceNumber!);
    await d1.markVoid(second.invoiceNumber!, 'Order cancelled by the buyer.');
    await expect(d1.markUsed(second.invoiceNumber!)).rejects.toThrow(/already void/);
    const rows = (await pool.query('SELECT invoice_number, status, shipment_id, refusals, refusal_reason, void_reason FROM invoice_numbers ORDER BY counter')).rows;
    expect(rows).toEqual([
      { invoice_number: 'PS/2026-27/00001', status: 'used', shipment_id: 'S3', refusals: 1, refusal_reason: 'The marketplace refused the pack: shipment on hold.', void_reason: null },
      { invoice_number: 'PS/2026-27/00002', status: 'void', shipment_id: 'S2', refusals: 0, refusal_reason: null, void_reason: 'Order cancelled by the buyer.' },
    ]);
    expect(await d1.pending()).toEqual([]);
  });

  it('a desk that takes a shipment over reserves a number of its own: the first desk’s number stays its reservation, and is voided when the shipment is packed with another', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const pool = await wh.freshPool();
    const [d1, d2, d3] = ['Desk 1', 'Desk 2', 'Desk 3'].map((desk) => new WarehouseInvoiceSeries(pool, { clock, desk, registration: GSTIN, prefix: 'PS' }));
    // Desk 1 reserved a number for S1 (its pack may be on its way), then lost S1's claim (its
    // lease ran out) to Desk 2.
    const held = (await d1!.reserve('O1', 'S1')).invoiceNumber!;
    const taken = (await d2!.reserve('O1', 'S1')).invoiceNumber!;
    expect([held, taken]).toEqual(['PS/2026-27/00001', 'PS/2026-27/00002']);
    // Each desk's retry (or the desk after a restart) gets its own number back.
    expect((await d2!.reserve('O1', 'S1')).invoiceNumber).toBe(taken);
    expect((await d1!.reserve('O1', 'S1')).invoiceNumber).toBe(held);
    // Desk 2's pack is refused while S1 is still approved: it gives back its own number only;
    // Desk 1's number cannot be given back or voided by Desk 2.
    await d2!.markRefused(taken, 'refused', 'S1');
    await d2!.markRefused(held, 'refused', 'S1');
    await d2!.markVoid(held, 'Not packed: lost the claim.');
    // The next reservation takes the number given back, never Desk 1's.
    expect((await d3!.reserve('O2', 'S2')).invoiceNumber).toBe(taken);
    const again = (await d2!.reserve('O1', 'S1')).invoiceNumber!;
    expect(again).toBe('PS/2026-27/00003');
    // Desk 2 packs S1: Desk 1's number can never be packed with S1 now; voided with the reason.
    await d2!.markUsed(again, 'S1');
    const rows = async () => (await pool.query('SELECT invoice_number, status, desk, shipment_id, void_reason FROM invoice_numbers ORDER BY counter')).rows;
    const settled = [
      { invoice_number: held, status: 'void', desk: 'Desk 1', shipment_id: 'S1', void_reason: `Not packed with this number: shipment S1 was packed with ${again} at Desk 2.` },
      { invoice_number: taken, status: 'reserved', desk: 'Desk 3', shipment_id: 'S2', void_reason: null },
      { invoice_number: again, status: 'used', desk: 'Desk 2', shipment_id: 'S1', void_reason: null },
    ];
    expect(await rows()).toEqual(settled);
    expect(await d1!.pending()).toEqual([]);
    // Desk 1's own settlement arrives later (its pack was refused): the number stays void.
    await d1!.markVoid(held, 'Not packed with this number: shipment S1 was packed with another.');
    await d1!.markRefused(held, 'refused', 'S1');
    expect(await rows()).toEqual(settled);
  });

  it('records a number found on a packed shipment as used by it only when it is reserved for that shipment', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const pool = await wh.freshPool();
    const [d1, d2] = ['Desk 1', 'Desk 2'].map((desk) => new WarehouseInvoiceSeries(pool, { clock, desk, registration: GSTIN, prefix: 'PS' }));
    const left = (await d1!.reserve('O1', 'S1')).invoiceNumber!;
    const other = (await d1!.reserve('O2', 'S2')).invoiceNumber!;
    const own = (await d2!.reserve('O1', 'S1')).invoiceNumber!;
    // Not reserved for that shipment, or not a number of the series: left alone.
    await d2!.markLanded(other, 'S1');
    await d2!.markLanded('PS/2026-27/09999', 'S1');
    await d2!.markVoid(own, `Not packed with this number: shipment S1 was packed with ${left}.`);
    // Desk 1 stopped after its pack of S1 landed: used by S1, in Desk 1's name.
    await d2!.markLanded(left, 'S1');
    await d2!.markLanded(left, 'S1');
    const rows = (await pool.query('SELECT invoice_number, status, desk, shipment_id FROM invoice_numbers ORDER BY counter')).rows;
    expect(rows).toEqual([
      { invoice_number: left, status: 'used', desk: 'Desk 1', shipment_id: 'S1' },
      { invoice_number: other, status: 'reserved', desk: 'Desk 1', shipment_id: 'S2' },
      { invoice_number: own, status: 'void', desk: 'Desk 2', shipment_id: 'S1' },
    ]);
  });

  it('packs from its outage block while the database is away, and reports those numbers when it is back', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const url = await wh.freshUrl();
    const store = fileOutageBlockStore(join(mkdtempSync(join(tmpdir(), 'block-')), 'outage-invoices.json'));
    const desk = new WarehouseInvoiceSeries(wh.pool({ url }), { clock, desk: 'Desk 1', registration: GSTIN, prefix: 'PS', outageBlock: { store, size: 3 } });
    const other = new WarehouseInvoiceSeries(wh.pool({ url }), { clock, desk: 'Desk 2', registration: GSTIN, prefix: 'PS' });
    expect(await desk.refillOutageBlock()).toBe(3); // numbers 1 to 3 held by Desk 1
    expect((await other.reserve('O9', 'S9')).invoiceNumber).toBe('PS/2026-27/00004');
    wh.cluster.stop();
    try {
      const a = await desk.reserve('O1', 'S1');
      expect(a).toMatchObject({ invoiceNumber: 'PS/2026-27/00001', fromOutageBlock: true });
      await desk.markUsed(a.invoiceNumber!);
      const b = await desk.reserve('O2', 'S2');
      await desk.markRefused(b.invoiceNumber!, 'Refused');
      expect((await desk.reserve('O3', 'S3')).invoiceNumber).toBe('PS/2026-27/00002');
      expect((await desk.reserve('O4', 'S4')).invoiceNumber).toBe('PS/2026-27/00003');
      expect(desk.outageBlockStatus()).toEqual({ available: 0, usedOffline: 3 });
      const empty = await desk.reserve('O5', 'S5').catch((e: unknown) => e);
      expect(empty).toBeInstanceOf(WarehouseUnreachableError);
      expect((empty as Error).message).toMatch(/^warehouse database unreachable: .*used all 3 invoice numbers it keeps for an outage/);
      // Another desk without a block is told it cannot number invoices now.
      await expect(other.reserve('O6', 'S6')).rejects.toThrow(/^warehouse database unreachable: /);
    } finally {
      wh.cluster.start();
    }
    const c = await desk.reserve('O5', 'S5');
    expect(c.invoiceNumber).toBe('PS/2026-27/00005');
    const rows = (await wh.pool({ url }).query('SELECT counter, status, desk, shipment_id FROM invoice_numbers ORDER BY counter')).rows;
    expect(rows).toEqual([
      { counter: 1, status: 'used', desk: 'Desk 1', shipment_id: 'S1' },
      { counter: 2, status: 'reserved', desk: 'Desk 1', shipment_id: 'S3' },
      { counter: 3, status: 'reserved', desk: 'Desk 1', shipment_id: 'S4' },
      { counter: 4, status: 'reserved', desk: 'Desk 2', shipment_id: 'S9' },
      { counter: 5, status: 'reserved', desk: 'Desk 1', shipment_id: 'S5' },
    ]);
    expect(desk.outageBlockStatus()).toEqual({ available: 0, usedOffline: 0 });
    expect(await desk.refillOutageBlock()).toBe(3);
    expect(desk.outageBlockStatus()).toEqual({ available: 3, usedOffline: 0 });
  });

  it('lets the desk call its own file series through the same interface', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 0));
    const local = InvoiceSeries.open({ dir: mkdtempSync(join(tmpdir(), 'inv-')), clock, prefix: 'PS', autoInvoicing: false });
    const numbering: InvoiceNumbering = localInvoiceNumbering(local);
    const a = await numbering.reserve('O1', 'S1');
    await numbering.markRefused(a.invoiceNumber!, 'hold');
    expect(local.history()).toMatchObject([{ invoiceNumber: 'PS/2026-27/00001', status: 'void', voidReason: 'Not packed: hold' }]);
  });
});
