// The station's label watcher on a simulated clock: every waiting shipment in batched reads of at
// most 100 ids, on a steady interval while anything waits, a label seen within one interval of
// PACKED, shipments waiting for minutes asked less often, failed reads retried, deadlines kept.
import { describe, expect, it } from 'vitest';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import { simulatedTime } from '../../support/simulated-time.js';
import { LabelWatcher, LONG_WAIT_AFTER_MS, LONG_WAIT_INTERVAL_MS, WATCH_INTERVAL_MS, type WatchResult } from '../../../electron/station/packing/label-watcher.js';

/** A marketplace whose shipments become PACKED at given moments; records each read. */
function marketplace(time: { now(): number }, readyAt: Map<string, number>) {
  const reads: { at: number; ids: string[] }[] = [];
  let failNext = 0;
  return {
    reads,
    failReads: (n: number) => void (failNext = n),
    orders: {
      async getShipments(lookup: { shipmentIds: string[] }): Promise<ShipmentWire[]> {
        reads.push({ at: time.now(), ids: lookup.shipmentIds });
        if (failNext > 0) {
          failNext--;
          throw new Error('connection reset');
        }
        return lookup.shipmentIds.map(
          (shipmentId) => ({ shipmentId, orderItems: [{ status: time.now() >= (readyAt.get(shipmentId) ?? Infinity) ? 'PACKED' : 'PACKING_IN_PROGRESS' }] }) as unknown as ShipmentWire,
        );
      },
    },
  };
}

function setup(readyAt: Map<string, number>, options: { early?: number } = {}) {
  const time = simulatedTime(options);
  const mp = marketplace(time, readyAt);
  const watcher = new LabelWatcher({ orders: mp.orders as never, now: time.now, setTimer: time.setTimer, clearTimer: time.clearTimer });
  return { time, mp, watcher };
}

describe('label watcher', () => {
  it('reads every waiting shipment in batches of at most 100, once per interval', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `SH${i}`);
    const { time, mp, watcher } = setup(new Map(ids.map((id) => [id, 6_500])));
    const results = ids.map((id) => watcher.watch(id));
    await time.advance(10_000);
    const all = await Promise.all(results);
    expect(all.every((r) => r.ready)).toBe(true);
    expect(mp.reads.every((r) => r.ids.length <= MAX_IDS_PER_REQUEST)).toBe(true);
    // Ticks at 0, 750, ..., 6,750: three reads per tick (100 + 100 + 50), never per shipment.
    const ticks = [...new Set(mp.reads.map((r) => r.at))];
    expect(ticks.length).toBe(Math.floor(6_500 / WATCH_INTERVAL_MS) + 2);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).toBe(WATCH_INTERVAL_MS);
    expect(mp.reads.length).toBe(ticks.length * 3);
    expect(watcher.waiting).toBe(0);
  });

  it('a label ready at 6.5 s is seen at the next tick, not at 12.6 s', async () => {
    const { time, watcher } = setup(new Map([['SH1', 6_500]]));
    let seenAt = -1;
    const done = watcher.watch('SH1').then((r) => ((seenAt = time.now()), r));
    await time.advance(20_000);
    expect((await done).ready).toBe(true);
    expect(seenAt).toBeGreaterThanOrEqual(6_500);
    expect(seenAt - 6_500).toBeLessThanOrEqual(WATCH_INTERVAL_MS);
  });

  it('a timer firing a millisecond early still reads every waiting shipment at that tick', async () => {
    const ids = ['EARLY1', 'EARLY2', 'EARLY3'];
    const { time, mp, watcher } = setup(new Map(ids.map((id, i) => [id, 5_000 + i * 1_000])), { early: 1 });
    const seen = new Map<string, number>();
    const results = ids.map((id) => watcher.watch(id).then((r) => (seen.set(id, time.now()), r)));
    await time.advance(20_000);
    expect((await Promise.all(results)).every((r) => r.ready)).toBe(true);
    // Every tick named every shipment still waiting: none skipped a tick and waited two intervals.
    for (const read of mp.reads) expect(read.ids.length).toBe(ids.filter((id) => !seen.has(id) || seen.get(id)! >= read.at).length);
    for (const [i, id] of ids.entries()) expect(seen.get(id)! - (5_000 + i * 1_000)).toBeLessThanOrEqual(WATCH_INTERVAL_MS);
  });

  it('stops asking when nothing waits, and starts at once when something does again', async () => {
    const { time, mp, watcher } = setup(new Map([['A', 0], ['B', 90_000]]));
    const a = watcher.watch('A');
    await time.advance(0);
    expect((await a).ready).toBe(true);
    await time.advance(60_000);
    const before = mp.reads.length;
    expect(before).toBe(1);
    const b = watcher.watch('B');
    await time.advance(0);
    expect(mp.reads.length).toBe(before + 1);
    await time.advance(WATCH_INTERVAL_MS);
    expect(mp.reads.length).toBe(before + 2);
    watcher.close();
    expect(await b).toEqual({ ready: false, reason: 'closed' });
  });

  it('shipments waiting for minutes are asked every 10 s, the fresh ones at every tick', async () => {
    const { time, mp, watcher } = setup(new Map([['SLOW', 5 * 60_000], ['FRESH', 4 * 60_000]]));
    const slow = watcher.watch('SLOW');
    await time.advance(LONG_WAIT_AFTER_MS + 5_000);
    const fresh = watcher.watch('FRESH');
    const mark = mp.reads.length;
    await time.advance(LONG_WAIT_INTERVAL_MS * 3);
    const later = mp.reads.slice(mark);
    const slowReads = later.filter((r) => r.ids.includes('SLOW')).length;
    const freshReads = later.filter((r) => r.ids.includes('FRESH')).length;
    expect(slowReads).toBeGreaterThanOrEqual(2);
    expect(slowReads).toBeLessThanOrEqual(4);
    expect(freshReads).toBeGreaterThanOrEqual(Math.floor((LONG_WAIT_INTERVAL_MS * 3) / WATCH_INTERVAL_MS) - 1);
    await time.advance(5 * 60_000);
    expect((await slow).ready).toBe(true);
    expect((await fresh).ready).toBe(true);
  });

  it('a failed read is asked again at the next tick; the wait goes on', async () => {
    const { time, mp, watcher } = setup(new Map([['SH1', 0]]));
    mp.failReads(2);
    const r = watcher.watch('SH1');
    await time.advance(WATCH_INTERVAL_MS * 3);
    expect((await r).ready).toBe(true);
    expect(mp.reads.length).toBe(3);
  });

  it('gives up at the deadline and says so', async () => {
    const { time, watcher } = setup(new Map());
    let result: WatchResult | undefined;
    void watcher.watch('NEVER', { maxWaitMs: 5_000 }).then((r) => (result = r));
    await time.advance(4_000);
    expect(result).toBeUndefined();
    await time.advance(2_000);
    expect(result).toEqual({ ready: false, reason: 'timeout' });
    expect(watcher.waiting).toBe(0);
  });

  it('a wave batch asks at once even while other shipments wait on the interval', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `W${i}`);
    const { time, mp, watcher } = setup(new Map([['DESK', 60_000], ...ids.map((id) => [id, 0] as [string, number])]));
    void watcher.watch('DESK');
    await time.advance(100);
    const wave = watcher.watchAll(ids, { checkNow: true });
    await time.advance(0);
    const { ready } = await wave;
    expect(ready).toEqual(ids);
    expect(time.now()).toBe(100);
    expect(mp.reads.at(-1)!.ids).toHaveLength(MAX_IDS_PER_REQUEST);
  });
});
