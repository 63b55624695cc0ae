// A wave's bulk claim sends the database a window of its candidates, not all of them: what the
// desk saw packed is never sent again, what it saw held is looked at again once after the rest
// (a lease that ran out, a claim released), and the most urgent free candidates are still taken
// first. The statements sent are observed on a real connection; the claims are read back.
import { describe, expect, it } from 'vitest';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { claimWaveRows, type NamedStatement } from '../../electron/station/warehouse/wave-claims.js';
import { WaveMemory, WINDOW_FACTOR } from '../../electron/station/warehouse/wave-window.js';
import type { WarehouseClient } from '../../electron/station/warehouse/warehouse-pool.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, passDatabaseTime, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const LEASE = 60_000;
const candidates = Array.from({ length: 2000 }, (_, i) => `C-${String(i).padStart(4, '0')}`);

describe.runIf(requirePostgres())('wave claim windows', () => {
  const wh = useWarehouseDatabase();

  it('sends a window of the candidates, never those it saw packed, and looks at the held ones again once', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const other = new ClaimService(pool, { clock, leaseMs: LEASE });
    // Another desk holds the 100 most urgent; 50 of them it has packed.
    expect(await other.claimWave(candidates.slice(0, 100), 'Desk 2', 'Ravi', 'w2', 100)).toHaveLength(100);
    for (const id of candidates.slice(0, 50)) expect(await other.markPacked(id, 'Desk 2')).toBe(true);

    const memory = new WaveMemory();
    const sent: string[][] = [];
    const client = await pool.connect();
    // The desk's connection, with every candidate list it is sent noted on the way.
    const watched: WarehouseClient = Object.assign(Object.create(client) as WarehouseClient, {
      query: (statement: NamedStatement) => {
        if (statement.name === 'station-wave-claim') sent.push([...(statement.values[0] as string[])]);
        return client.query(statement);
      },
    });
    const times = () => ({ now: clock.now(), until: new Date(clock.now().getTime() + LEASE) });
    const claim = (limit: number) => claimWaveRows(watched, { candidates, desk: 'Desk 1', operator: 'Asha', waveId: 'w1', limit, ...times() }, memory);
    try {
      // The first free ones after those held: 100..119, in a few windows, far from 2,000 ids;
      // the desk's first claim sends a window twice as wide (desks starting together).
      expect(await claim(20)).toEqual(candidates.slice(100, 120));
      expect(sent.flat().length).toBeLessThan(20 * WINDOW_FACTOR * 4);
      expect(sent[0]).toEqual(candidates.slice(0, 20 * WINDOW_FACTOR * 2));

      // The next claim skips all it saw taken (its own 20 included) and starts at the first unseen.
      sent.length = 0;
      expect(await claim(20)).toEqual(candidates.slice(120, 140));
      expect(sent[0]![0]).toBe('C-0120');
      expect(sent.flat().filter((id) => id < 'C-0120')).toEqual([]);

      // Desk 2 releases one it held, packs the rest of its share, and takes all but the last
      // ten of the queue.
      expect(await other.release('C-0070', 'Desk 2')).toBe(true);
      for (const id of candidates.slice(50, 100).filter((id) => id !== 'C-0070')) await other.markPacked(id, 'Desk 2');
      expect(await other.claimWave(candidates.slice(140, 1990), 'Desk 2', 'Ravi', 'w3', 2000)).toHaveLength(1850);
      // The unseen candidates in ever wider windows yield the last ten; then the held ones are
      // looked at again once: asked first which are still open, only the released one is sent.
      sent.length = 0;
      expect(await claim(20)).toEqual(['C-0070', ...candidates.slice(1990)]);
      expect(sent.flat().filter((id) => id < 'C-0100' && id !== 'C-0070')).toEqual([]);
      expect(sent.at(-1)).toEqual(['C-0070']);
      // Nothing left: the last claim sends nothing to be claimed.
      sent.length = 0;
      expect(await claim(20)).toEqual([]);
      expect(sent).toEqual([]);
      // A short list (a wave batch at the desk) goes in one round, held ones included; packed
      // ones it knows of are left out.
      expect(await claimWaveRows(watched, { candidates: candidates.slice(0, 80), desk: 'Desk 1', operator: 'Asha', waveId: 'w4', limit: 80, ...times() }, memory)).toEqual([]);
      expect(sent).toEqual([['C-0070']]);
    } finally {
      client.release();
    }
  });

  it('takes over a lease that ran out among the held ones, and a desk alone still takes the most urgent first', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const [d1, d2] = [new ClaimService(pool, { clock, leaseMs: LEASE }), new ClaimService(pool, { clock, leaseMs: LEASE })];
    expect(await d1.claimWave(candidates, 'Desk 1', 'Asha', 'w1', 20)).toEqual(candidates.slice(0, 20));
    expect(await d2.claimWave(candidates, 'Desk 2', 'Ravi', 'w2', 20)).toEqual(candidates.slice(20, 40));
    // Desk 1 dies; its lease runs out. Desk 2 remembers those as held, and still takes them over
    // before any candidate further down the queue.
    clock.advance(LEASE + 1);
    await passDatabaseTime(pool, LEASE + 1);
    expect(await d2.renew(candidates.slice(20, 40), 'Desk 2')).toEqual([]);
    const next = await d2.claimWave(candidates, 'Desk 2', 'Ravi', 'w3', 40);
    expect(next).toEqual([...candidates.slice(0, 20), ...candidates.slice(40, 60)].sort());
    const events = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM claim_events WHERE event = 'taken_over' AND previous_desk = 'Desk 1'");
    expect(events.rows[0]!.n).toBe(20);
  });
});
