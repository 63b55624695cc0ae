// The lead's board computed from records seeded through real desks' journals and outboxes, claims
// and presence reports, against a real PostgreSQL: packs in the last hour per desk and operator,
// the shipment open at each desk, printer problems, last seen, the backlog in IST buckets, waves.
import { describe, expect, it } from 'vitest';
import { readBoard } from '../../electron/station/warehouse/board-figures.js';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { reportBacklog, reportDeskPresence } from '../../electron/station/warehouse/desk-presence.js';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const MIN = 60_000;

describe.runIf(requirePostgres())("the lead's board figures", () => {
  const wh = useWarehouseDatabase();

  it('counts packs of the last 60 minutes per desk and per operator, with the open shipment, printer problems and last seen', async () => {
    const pool = await wh.freshPool();
    const now = istInstant(2026, 11, 24, 10, 0); // 10:00 IST
    const clock = manualClock(new Date(now.getTime() - 2 * 60 * MIN));
    const d1 = await recordingDesk(pool, 'Desk 1', clock);
    const d2 = await recordingDesk(pool, 'Desk 2', clock);
    const d3 = await recordingDesk(pool, 'Desk 3', clock);
    try {
      // 08:00 IST: an hour and more before now, left out of the rate.
      await d1.pack('Asha', ['OLD1', 'OLD2']);
      clock.set(new Date(now.getTime() - 50 * MIN));
      await d1.pack('Asha', ['A1', 'A2']); // a wave of two, both packed
      await d1.pack('Asha', ['A3']);
      await d1.pack('Asha', ['A4'], { status: 'failed' }); // refused: not a pack
      await d1.pack('Asha', ['A5', 'A6', 'A7'], { status: 'failed', done: ['A5'] }); // one of three went through
      await d2.pack('Ravi', ['R1']);
      clock.set(new Date(now.getTime() - 20 * MIN));
      await d3.pack('Asha', ['A8']); // Asha moved to Desk 3
      const open1 = await d1.open('Meena', 'S-OPEN-1'); // Meena took over Desk 1 and opened a shipment
      const closed2 = await d2.open('Ravi', 'S-DONE-2');
      await closed2.close();
      for (const d of [d1, d2, d3]) await d.ship();
      // Desk 2 holds a claim on a shipment it scanned but did not open a session for yet.
      await new ClaimService(pool, { clock: { now: () => new Date(now.getTime() - 30_000) } }).claim('S-HELD-2', 'Desk 2', 'Ravi');
      // Desk 3 says it is there, with a printer problem since 09:50, still there at 09:55.
      await reportDeskPresence(pool, { desk: 'Desk 3', operator: 'Asha', currentShipment: 'S-PRES-3', printerProblem: 'Label printer: out of paper' }, new Date(now.getTime() - 10 * MIN));
      await reportDeskPresence(pool, { desk: 'Desk 3', operator: 'Asha', currentShipment: 'S-PRES-3', printerProblem: 'Label printer: out of paper' }, new Date(now.getTime() - 5 * MIN));
      // Desk 2 had a problem that is over.
      await reportDeskPresence(pool, { desk: 'Desk 2', operator: 'Ravi', printerProblem: 'Label printer: offline' }, new Date(now.getTime() - 30 * MIN));
      await reportDeskPresence(pool, { desk: 'Desk 2', operator: 'Ravi' }, new Date(now.getTime() - 2 * MIN));

      const board = await readBoard(pool, now);
      const desk = (name: string) => board.desks.find((d) => d.desk === name);
      expect(board.desks.map((d) => d.desk)).toEqual(['Desk 1', 'Desk 2', 'Desk 3']);
      expect(desk('Desk 1')).toEqual({ desk: 'Desk 1', operator: 'Meena', packsLastHour: 4, currentShipment: 'S-OPEN-1', lastSeen: new Date(now.getTime() - 20 * MIN).toISOString() });
      expect(desk('Desk 2')).toEqual({ desk: 'Desk 2', operator: 'Ravi', packsLastHour: 1, currentShipment: 'S-HELD-2', lastSeen: new Date(now.getTime() - 2 * MIN).toISOString() });
      expect(desk('Desk 3')).toEqual({
        desk: 'Desk 3',
        operator: 'Asha',
        packsLastHour: 1,
        currentShipment: 'S-PRES-3',
        printerProblem: 'Label printer: out of paper',
        printerProblemSince: new Date(now.getTime() - 10 * MIN).toISOString(),
        lastSeen: new Date(now.getTime() - 5 * MIN).toISOString(),
      });
      expect(board.operators).toEqual([
        { operator: 'Asha', desks: ['Desk 1', 'Desk 3'], packsLastHour: 5, lastSeen: new Date(now.getTime() - 5 * MIN).toISOString() },
        { operator: 'Ravi', desks: ['Desk 2'], packsLastHour: 1, lastSeen: new Date(now.getTime() - 2 * MIN).toISOString() },
        { operator: 'Meena', desks: ['Desk 1'], packsLastHour: 0, lastSeen: new Date(now.getTime() - 20 * MIN).toISOString() },
      ]);
      // Closing the session leaves Desk 1 with nothing open.
      await open1.close();
      await d1.ship();
      expect((await readBoard(pool, now)).desks.find((d) => d.desk === 'Desk 1')?.currentShipment).toBeUndefined();
      // 35 minutes later the 09:10 packs have left the rate; the 09:40 pack at Desk 3 has not.
      const later = await readBoard(pool, new Date(now.getTime() + 35 * MIN));
      expect(later.desks.map((d) => [d.desk, d.packsLastHour])).toEqual([
        ['Desk 1', 0],
        ['Desk 2', 0],
        ['Desk 3', 1],
      ]);
    } finally {
      for (const d of [d1, d2, d3]) await d.close();
    }
  });

  it('buckets the backlog by dispatch-by time in IST (overdue, due in 2 hours, later today, later), leaving packed shipments out', async () => {
    const pool = await wh.freshPool();
    const at = (day: number, h: number, m = 0) => istInstant(2026, 11, day, h, m);
    await reportBacklog(
      pool,
      'Desk 1',
      [
        { shipmentId: 'OVER1', dispatchBy: at(24, 9) },
        { shipmentId: 'OVER2', dispatchBy: at(23, 18) },
        { shipmentId: 'PACKED', dispatchBy: at(24, 8) },
        { shipmentId: 'SOON1', dispatchBy: at(24, 10, 0) }, // exactly now: due, not overdue
        { shipmentId: 'SOON2', dispatchBy: at(24, 11, 59) },
        { shipmentId: 'TODAY1', dispatchBy: at(24, 12, 0) },
        { shipmentId: 'TODAY2', dispatchBy: at(24, 23, 59) },
        { shipmentId: 'LATER1', dispatchBy: at(25, 0, 0) },
        { shipmentId: 'LATER2' },
      ],
      at(24, 9, 58),
    );
    const claims = new ClaimService(pool, { clock: { now: () => at(24, 9, 30) } });
    await claims.claim('PACKED', 'Desk 2', 'Ravi');
    await claims.markPacked('PACKED', 'Desk 2');
    expect((await readBoard(pool, at(24, 10))).backlog).toEqual({ overdue: 2, dueSoon: 2, today: 2, later: 2, reportedAt: at(24, 9, 58).toISOString(), reportedBy: 'Desk 1' });
    // 22:30 IST: the next two hours run past midnight, so "due soon" takes 23:59 and tomorrow's 00:00, and "today" is empty.
    expect((await readBoard(pool, at(24, 22, 30))).backlog).toMatchObject({ overdue: 5, dueSoon: 2, today: 0, later: 1 });
    // A later report replaces the backlog: shipments no longer waiting leave the board.
    await reportBacklog(pool, 'Desk 3', [{ shipmentId: 'TODAY2', dispatchBy: at(24, 23, 59) }], at(24, 10, 5));
    expect((await readBoard(pool, at(24, 10, 6))).backlog).toEqual({ overdue: 0, dueSoon: 0, today: 1, later: 0, reportedAt: at(24, 10, 5).toISOString(), reportedBy: 'Desk 3' });
  });

  it('shows waves in progress with their open and packed shipments, and not finished or expired ones', async () => {
    const pool = await wh.freshPool();
    const now = istInstant(2026, 11, 24, 10, 0);
    const claims = new ClaimService(pool, { clock: { now: () => now }, leaseMs: 90_000 });
    const ids = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'];
    expect(await claims.claimWave(ids, 'Desk 1', 'Asha', 'wave-a', 4)).toEqual(['W1', 'W2', 'W3', 'W4']);
    expect(await claims.claimWave(ids, 'Desk 2', 'Ravi', 'wave-b', 4)).toEqual(['W5', 'W6']);
    await claims.markPacked('W1', 'Desk 1');
    await claims.markPacked('W5', 'Desk 2');
    await claims.markPacked('W6', 'Desk 2'); // wave-b finished
    // Claims carry the database's time; the board is read at the test's morning: the claims are set there.
    await pool.query("UPDATE claims SET claimed_at = $1, lease_until = $1::timestamptz + interval '90 seconds' WHERE shipment_id = ANY($2::text[])", [now, ids]);
    expect((await readBoard(pool, now)).waves).toEqual([{ waveId: 'wave-a', desk: 'Desk 1', operator: 'Asha', open: 3, packed: 1, startedAt: now.toISOString() }]);
    // Its leases ran out (the desk died): no longer in progress.
    expect((await readBoard(pool, new Date(now.getTime() + 91_000))).waves).toEqual([]);
  });
});
