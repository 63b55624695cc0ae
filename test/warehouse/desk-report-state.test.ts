// The desk's own state in its reports to the board, through the real desk handlers over a
// sandbox and a real PostgreSQL: the shipment a packer scanned open, the operator, and the
// approved shipments the Queue screen listed, as the board then shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../electron/station/app/handlers/desk-handlers.js';
import { queueHandlers } from '../../electron/station/app/handlers/queue-handlers.js';
import { deskReportState } from '../../electron/station/app/handlers/board-handlers.js';
import { readBoard } from '../../electron/station/warehouse/board-figures.js';
import { startDeskReports, type DeskReports } from '../../electron/station/warehouse/desk-presence-reports.js';
import { startHandlerHarness, type HandlerHarness } from '../support/handler-context.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';

describe.runIf(requirePostgres())("the desk's state in its board reports", () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let h: HandlerHarness;
  let reports: DeskReports | undefined;

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    h = await startHandlerHarness(sb, (ctx) => ({ ...deskHandlers(ctx), ...queueHandlers(ctx) }));
  });
  afterAll(async () => {
    reports?.stop();
    await h?.close();
    await sb?.close();
  });

  it('reports the open shipment, the operator and the listed backlog', async () => {
    const pool = await wh.freshPool();
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 3, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } });
    const ids = created.json.shipmentIds as string[];
    reports = startDeskReports({ pool, desk: 'Desk 1', hub: h.ctx.hub, read: () => deskReportState(h.ctx), intervalMs: 3_600_000 });
    expect(deskReportState(h.ctx)).toEqual({ operator: 'Asha' });

    const view = await h.api.invoke('desk.scan', { raw: ids[0], source: 'serial' });
    expect(view.session?.shipmentId).toBe(ids[0]);
    // The scan's desk.changed event sends a heartbeat at once, without waiting for the next beat.
    await until('the open shipment on the board', async () => (await readBoard(pool)).desks[0]?.currentShipment === ids[0]);
    const listed = await h.api.invoke('queue.list', { type: 'preDispatch' });
    expect(listed.rows.map((r) => r.shipmentId)).toEqual(expect.arrayContaining(ids));
    await reports.settled();

    const board = await readBoard(pool);
    expect(board.desks).toEqual([expect.objectContaining({ desk: 'Desk 1', operator: 'Asha', currentShipment: ids[0] })]);
    const b = board.backlog;
    expect(b.overdue + b.dueSoon + b.today + b.later).toBe(listed.rows.filter((r) => r.status === 'APPROVED').length);
    expect(b.overdue + b.dueSoon + b.today + b.later).toBeGreaterThanOrEqual(ids.length);
    expect(b.reportedBy).toBe('Desk 1');
    expect(reports.problem()).toBeUndefined();
  });
});
