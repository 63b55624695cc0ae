// A Packed notification makes the label watcher ask for that shipment at once, on a simulated
// clock: a label ready at 65 s (in the slow tail, asked every 10 s) is read at 65 s when the push
// says so, not at the next slow check; a push for a shipment nobody waits for costs nothing.
import { describe, expect, it } from 'vitest';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import { LabelWatcher, LONG_WAIT_INTERVAL_MS } from '../../electron/station/packing/label-watcher.js';
import { simulatedTime } from '../support/simulated-time.js';

function world(readyAt: number) {
  const time = simulatedTime();
  const reads: number[] = [];
  const watcher = new LabelWatcher({
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    orders: {
      getShipments: async (lookup: { shipmentIds?: string[] }) => {
        reads.push(time.now());
        return (lookup.shipmentIds ?? []).map((shipmentId) => ({ shipmentId, orderItems: [{ status: time.now() >= readyAt ? 'PACKED' : 'PACKING_IN_PROGRESS' }] }) as unknown as ShipmentWire);
      },
    } as never,
  });
  return { watcher, reads, advanceTo: time.advanceTo };
}

describe('a Packed push and the label watcher', () => {
  it('reads the shipment at once instead of at the next slow check', async () => {
    const w = world(65_000);
    let seenAt = -1;
    const done = w.watcher.watch('SH1').then((r) => ((seenAt = w.reads.at(-1)!), r));
    await w.advanceTo(65_000);
    const before = w.reads.length;
    // The last check was before 65 s; the next slow one would be up to 10 s later.
    expect(w.reads.at(-1)).toBeLessThan(65_000);
    expect(w.reads.at(-1)! + LONG_WAIT_INTERVAL_MS).toBeGreaterThan(65_000);
    w.watcher.checkNow('SH1');
    await w.advanceTo(65_000);
    expect(w.reads.length).toBe(before + 1);
    expect(w.reads.at(-1)).toBe(65_000);
    expect((await done).ready).toBe(true);
    expect(seenAt).toBe(65_000);
  });

  it('a push for a shipment nobody waits for reads nothing', async () => {
    const w = world(0);
    w.watcher.checkNow('SH9');
    await w.advanceTo(5_000);
    expect(w.reads).toEqual([]);
  });
});
