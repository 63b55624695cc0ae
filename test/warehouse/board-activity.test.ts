// Activity for the whole warehouse against a real PostgreSQL: every desk's records, shipped by
// the outboxes, in the desk's sentences, newest first, with desk and operator; a search narrows
// them by any word, a desk's name included.
import { describe, expect, it } from 'vitest';
import { warehouseActivity } from '../../electron/station/warehouse/board-activity.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

describe.runIf(requirePostgres())("the whole warehouse's activity", () => {
  const wh = useWarehouseDatabase();

  it("lists every desk's records newest first with desk and operator, and searches them", async () => {
    const pool = await wh.freshPool();
    const clock = manualClock(new Date('2026-11-24T04:30:00Z'));
    const d1 = await recordingDesk(pool, 'Desk 1', clock);
    const d2 = await recordingDesk(pool, 'Desk 2', clock);
    try {
      await d1.pack('Asha', ['S1']);
      clock.advance(60_000);
      await d2.pack('Ravi', ['S2', 'S3'], { status: 'failed' });
      clock.advance(60_000);
      const open = await d1.open('Asha', 'S4');
      await d1.ship();
      await d2.ship();
      const all = await warehouseActivity(pool, { limit: 50 });
      expect(all.map((e) => [e.desk, e.operator, e.shipmentIds, e.status ?? null])).toEqual([
        ['Desk 1', 'Asha', ['S4'], null],
        ['Desk 2', 'Ravi', ['S2', 'S3'], 'failed'],
        ['Desk 1', 'Asha', ['S1'], 'ok'],
      ]);
      expect(all[2].text).toMatch(/S1/);
      expect(all[0].text).toMatch(/^Opened S4/);
      expect((await warehouseActivity(pool, { limit: 50, text: 'desk 2' })).map((e) => e.shipmentIds)).toEqual([['S2', 'S3']]);
      expect(await warehouseActivity(pool, { limit: 1 })).toHaveLength(1);
      await open.close();
    } finally {
      await d1.close();
      await d2.close();
    }
  });
});
