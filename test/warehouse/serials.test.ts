// The serial/IMEI register against a real PostgreSQL: a serial packed anywhere is refused
// everywhere with where, by whom and when; a retried pack is accepted; desks racing with the same
// IMEI: exactly one wins.
import { describe, expect, it } from 'vitest';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import { SerialRegistry } from '../../electron/station/warehouse/serials.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const IMEI_A = '356938035643809';
const IMEI_B = '490154203237518';

describe.runIf(requirePostgres())('warehouse serial register', () => {
  const wh = useWarehouseDatabase();

  it('refuses an IMEI packed at another desk, saying where and when, and records nothing of that shipment', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 42));
    const pool = await wh.freshPool();
    const registry = new SerialRegistry(pool, clock);
    expect(await registry.register('S1', 'Desk 3', 'Asha', [{ serial: IMEI_A, sku: 'PHONE-1' }])).toEqual({ ok: true, registered: 1 });
    clock.advance(3_600_000);
    const refused = await registry.register('S2', 'Desk 4', 'Ravi', [{ serial: IMEI_B }, { serial: ` ${IMEI_A} ` }]);
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.message).toBe(`Serial ${IMEI_A} was already packed at Desk 3 by Asha on 24 Nov 2026, 10:42 IST (shipment S1).`);
    expect(await registry.lookup([IMEI_B])).toEqual([]); // all or none
    expect(await registry.lookup([IMEI_A])).toMatchObject([{ shipmentId: 'S1', desk: 'Desk 3', sku: 'PHONE-1' }]);
  });

  it('accepts the same serials again for the same shipment, and refuses one scanned twice in a shipment', async () => {
    const registry = new SerialRegistry(await wh.freshPool(), manualClock(new Date()));
    expect(await registry.register('S1', 'Desk 1', 'Asha', [{ serial: 'SN-1' }, { serial: 'SN-2' }])).toEqual({ ok: true, registered: 2 });
    expect(await registry.register('S1', 'Desk 1', 'Asha', [{ serial: 'sn-1' }, { serial: 'SN-2' }, { serial: 'SN-3' }])).toEqual({ ok: true, registered: 1 });
    const twice = await registry.register('S4', 'Desk 1', 'Asha', [{ serial: 'SN-9' }, { serial: 'sn-9' }]);
    expect(twice.ok === false && twice.message).toMatch(/SN-9 was scanned twice/);
    expect(await registry.unregister('S1')).toBe(3);
    expect(await registry.register('S5', 'Desk 2', 'Ravi', [{ serial: 'SN-1' }])).toEqual({ ok: true, registered: 1 });
  });

  it('lets exactly one of 12 desks racing with the same IMEI register it', async () => {
    const url = await wh.freshUrl();
    const clock = manualClock(new Date());
    const desks = Array.from({ length: 12 }, (_, i) => ({ desk: `Desk ${i + 1}`, registry: new SerialRegistry(wh.pool({ url }), clock) }));
    const results = await Promise.all(desks.map((d) => d.registry.register(`S-${d.desk}`, d.desk, 'op', [{ serial: IMEI_A }, { serial: `OWN-${d.desk}` }])));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const rows = (await wh.pool({ url }).query('SELECT serial FROM packed_serials ORDER BY serial')).rows.map((r) => r.serial);
    // The winner's two serials; no loser left its own serial behind.
    expect(rows).toHaveLength(2);
    expect(rows).toContain(IMEI_A);
  });
});
