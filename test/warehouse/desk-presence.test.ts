// What a desk reports for the board, against a real PostgreSQL: the heartbeat (operator, open
// shipment, printer problem in the print queue's words) and the backlog read from the queue
// views the desk shows; with the database away the desk is told why and nothing throws.
import { describe, expect, it } from 'vitest';
import { EventHub } from '../../electron/station/app/dispatcher.js';
import { readBoard } from '../../electron/station/warehouse/board-figures.js';
import { printerProblemOf, startDeskReports } from '../../electron/station/warehouse/desk-presence-reports.js';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import type { QueueRow } from '../../shared/contract/queue.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';

const HOUR = 3_600_000;

function row(shipmentId: string, status: QueueRow['status'], dispatchBy: Date): QueueRow {
  const at = dispatchBy.toISOString();
  return { shipmentId, orderIds: [`OD-${shipmentId}`], skus: ['SKU1'], titles: ['Kettle'], units: 1, status, dispatchByDate: at, dispatchAfterDate: at, hold: false, mps: false, locationId: 'LOC1', updatedAt: at };
}

describe.runIf(requirePostgres())('desk reports for the board', () => {
  const wh = useWarehouseDatabase();

  it("puts the desk's heartbeat and its queue's backlog on the board", async () => {
    const pool = await wh.freshPool();
    const now = istInstant(2026, 11, 24, 10, 0);
    const hub = new EventHub();
    let state = { operator: 'Asha', currentShipment: 'SH1' as string | undefined, printerProblem: printerProblemOf([{ state: 'done', message: 'Printed' }]) };
    const reports = startDeskReports({ pool, desk: 'Desk 5', hub, read: () => state, intervalMs: HOUR, now: () => now });
    try {
      await reports.beat();
      expect((await readBoard(pool, now)).desks).toEqual([{ desk: 'Desk 5', operator: 'Asha', packsLastHour: 0, currentShipment: 'SH1', lastSeen: now.toISOString() }]);
      const stopped = "Label printer 'PDF' is stopped: start it again (CUPS) and the label prints.";
      state = { operator: 'Asha', currentShipment: undefined, printerProblem: printerProblemOf([{ state: 'done', message: 'Printed' }, { state: 'waiting', waitReason: 'stopped', message: stopped }]) };
      await reports.beat();
      expect((await readBoard(pool, now)).desks[0]).toMatchObject({ desk: 'Desk 5', printerProblem: stopped, printerProblemSince: now.toISOString() });
      expect((await readBoard(pool, now)).desks[0].currentShipment).toBeUndefined();

      // The queue shows three approved shipments and one already packed.
      hub.emit('queue.changed', { rows: [row('A1', 'APPROVED', new Date(now.getTime() - HOUR)), row('A2', 'APPROVED', new Date(now.getTime() + HOUR)), row('A3', 'APPROVED', new Date(now.getTime() + 5 * HOUR)), row('P1', 'PACKED', now)], counts: {}, capped: false, fetchedAt: now.toISOString() });
      await reports.settled();
      expect((await readBoard(pool, now)).backlog).toMatchObject({ overdue: 1, dueSoon: 1, today: 1, later: 0, reportedBy: 'Desk 5' });
      // A filtered view (one SKU) adds what it shows and removes what moved on, leaving the rest.
      hub.emit('queue.changed', { rows: [row('A2', 'PACKED', now)], counts: {}, capped: false, fetchedAt: now.toISOString() });
      await reports.settled();
      expect((await readBoard(pool, now)).backlog).toMatchObject({ overdue: 1, dueSoon: 0, today: 1 });
      expect(reports.problem()).toBeUndefined();
    } finally {
      reports.stop();
    }
  });

  it('says why when the database is away, and never throws into the desk', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url, connectTimeoutMs: 2_000 });
    const hub = new EventHub();
    const reports = startDeskReports({ pool, desk: 'Desk 6', hub, read: () => ({ operator: 'Ravi' }), intervalMs: HOUR });
    wh.cluster.stop();
    let down = true;
    try {
      await reports.beat();
      expect(reports.problem()).toMatch(/^warehouse database unreachable/);
      hub.emit('queue.changed', { rows: [row('B1', 'APPROVED', new Date())], counts: {}, capped: false, fetchedAt: new Date().toISOString() });
      await reports.settled();
      expect(reports.problem()).toMatch(/^warehouse database unreachable/);
      wh.cluster.start();
      down = false;
      // Back: the next heartbeat and the next queue view go through.
      await reports.beat();
      hub.emit('queue.changed', { rows: [row('B1', 'APPROVED', new Date())], counts: {}, capped: false, fetchedAt: new Date().toISOString() });
      await reports.settled();
      expect(reports.problem()).toBeUndefined();
      expect((await readBoard(pool)).desks.map((d) => [d.desk, d.operator])).toEqual([['Desk 6', 'Ravi']]);
      expect((await readBoard(pool)).backlog.reportedBy).toBe('Desk 6');
    } finally {
      if (down) wh.cluster.start();
      reports.stop();
    }
  });
});
