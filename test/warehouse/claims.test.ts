// Claims against a real PostgreSQL: one holder per shipment however many desks race, refusals
// that name the desk, operator and time, leases that expire and are taken over, the lead's
// release, and waves split between desks with SKIP LOCKED.
import { describe, expect, it } from 'vitest';
import { warmPool } from '../../electron/station/warehouse/claim-plans.js';
import { ClaimService } from '../../electron/station/warehouse/claims.js';
import { LeaseKeeper } from '../../electron/station/warehouse/lease-keeper.js';
import { WINDOW_FACTOR } from '../../electron/station/warehouse/wave-window.js';
import { istInstant } from '../../electron/station/packing/ist-dates.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, passDatabaseTime, useWarehouseDatabase } from '../support/postgres-warehouse.js';

const LEASE = 60_000;

describe.runIf(requirePostgres())('warehouse claims', () => {
  const wh = useWarehouseDatabase();

  it('refuses a second desk with who holds the shipment and since when, in IST', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 10, 42, 5));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    const first = await claims.claim('S1', 'Desk 3', 'Asha');
    expect(first.ok).toBe(true);
    // The claim's time is the database's: set to the morning the refusal names.
    await pool.query("UPDATE claims SET claimed_at = $1 WHERE shipment_id = 'S1'", [istInstant(2026, 11, 24, 10, 42, 5)]);
    const second = await claims.claim('S1', 'Desk 4', 'Ravi');
    expect(second).toMatchObject({ ok: false, heldBy: { desk: 'Desk 3', operator: 'Asha' } });
    expect(second.ok === false && second.message).toBe('Shipment S1 is being packed at Desk 3 by Asha since 10:42 IST.');
    expect((await claims.holder('S1'))?.desk).toBe('Desk 3');
  });

  it('gives each shipment to exactly one of 16 desks racing for it', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    // Separate pools on the same database: each desk is its own client, as on the floor.
    const racers = Array.from({ length: 16 }, (_, i) => ({ name: `Desk ${i + 1}`, claims: new ClaimService(wh.pool({ url }), { clock, leaseMs: LEASE }) }));
    const shipments = Array.from({ length: 40 }, (_, i) => `RACE-${i}`);
    const results = await Promise.all(racers.flatMap((d) => shipments.map(async (s) => ({ desk: d.name, s, r: await d.claims.claim(s, d.name, `op-${d.name}`) }))));
    for (const s of shipments) {
      const winners = results.filter((x) => x.s === s && x.r.ok);
      expect(winners, s).toHaveLength(1);
      const losers = results.filter((x) => x.s === s && !x.r.ok);
      expect(losers).toHaveLength(15);
      for (const l of losers) expect(l.r.ok === false && l.r.heldBy.desk).toBe(winners[0].desk);
    }
    const rows = (await pool.query('SELECT shipment_id, desk FROM claims ORDER BY shipment_id')).rows;
    expect(rows).toHaveLength(40);
  });

  it('renews while the desk holds it; an expired lease is taken over and recorded; the old desk learns it lost it', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    await claims.claim('S2', 'Desk 1', 'Asha');
    await passDatabaseTime(pool, LEASE - 1_000);
    expect(await claims.renew(['S2'], 'Desk 1')).toEqual([]);
    await passDatabaseTime(pool, LEASE - 1_000);
    // Renewed: still held although more than one lease has passed since the claim.
    expect((await claims.claim('S2', 'Desk 2', 'Ravi')).ok).toBe(false);
    await passDatabaseTime(pool, 2_000); // now past the renewed lease: Desk 1 died
    const taken = await claims.claim('S2', 'Desk 2', 'Ravi');
    expect(taken).toMatchObject({ ok: true, claim: { desk: 'Desk 2', operator: 'Ravi' }, tookOverFrom: { desk: 'Desk 1', operator: 'Asha' } });
    expect(await claims.renew(['S2'], 'Desk 1')).toEqual(['S2']);
    expect(await claims.markPacked('S2', 'Desk 1')).toBe(false);
    const events = (await pool.query("SELECT event, previous_desk, desk FROM claim_events WHERE shipment_id = 'S2'")).rows;
    expect(events).toEqual([{ event: 'taken_over', previous_desk: 'Desk 1', desk: 'Desk 2' }]);
  });

  it('lets the same desk claim again, lets the lead release, and never reopens a packed shipment', async () => {
    const clock = manualClock(istInstant(2026, 11, 24, 9, 5));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    await claims.claim('S3', 'Desk 1', 'Asha');
    expect((await claims.claim('S3', 'Desk 1', 'Asha')).ok).toBe(true);
    const freed = await claims.releaseByLead('S3', 'Lead Meena');
    expect(freed).toMatchObject({ desk: 'Desk 1', operator: 'Asha' });
    expect(await claims.holder('S3')).toBeUndefined();
    expect((await claims.claim('S3', 'Desk 2', 'Ravi')).ok).toBe(true);
    expect(await claims.release('S3', 'Desk 1')).toBe(false); // Desk 1 no longer holds it
    await passDatabaseTime(pool, 60_000 * 11);
    await claims.claim('S3', 'Desk 2', 'Ravi');
    expect(await claims.markPacked('S3', 'Desk 2')).toBe(true);
    await passDatabaseTime(pool, LEASE * 10);
    await pool.query("UPDATE claims SET packed_at = $1 WHERE shipment_id = 'S3'", [istInstant(2026, 11, 24, 9, 16)]);
    const again = await claims.claim('S3', 'Desk 1', 'Asha');
    expect(again.ok === false && again.message).toBe('Shipment S3 was already packed at Desk 2 by Ravi at 09:16 IST.');
    expect(await claims.releaseByLead('S3', 'Lead Meena')).toBeUndefined();
    const events = (await pool.query("SELECT event, by_whom FROM claim_events WHERE shipment_id = 'S3' ORDER BY id")).rows;
    expect(events).toEqual([{ event: 'released_by_lead', by_whom: 'Lead Meena' }]);
  });

  it('splits a wave between desks claiming at once: every candidate taken once, no overlap', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const dbUrl = await wh.freshUrl();
    const seed = wh.pool({ url: dbUrl });
    const candidates = Array.from({ length: 300 }, (_, i) => `W-${String(i).padStart(3, '0')}`);
    // Two are already held by a desk packing singly, one is packed: no wave may take them.
    const single = new ClaimService(seed, { clock, leaseMs: LEASE });
    await single.claim('W-007', 'Desk 9', 'Asha');
    await single.claim('W-008', 'Desk 9', 'Asha');
    await single.markPacked('W-008', 'Desk 9');
    const desks = Array.from({ length: 4 }, (_, i) => ({ name: `Desk ${i + 1}`, pool: wh.pool({ url: dbUrl }), claims: undefined as unknown as ClaimService }));
    // Started desks, as on the floor: each has its connections open (DeskWarehouse.start), so
    // they claim at once rather than in the order their connections happen to come up.
    for (const d of desks) {
      await warmPool(d.pool);
      d.claims = new ClaimService(d.pool, { clock, leaseMs: LEASE });
    }
    const taken = new Map<string, string[]>();
    await Promise.all(
      desks.map(async (d) => {
        const mine: string[] = [];
        for (;;) {
          const batch = await d.claims.claimWave(candidates, d.name, 'op', `wave-${d.name}`, 10);
          if (batch.length === 0) break;
          mine.push(...batch);
        }
        taken.set(d.name, mine);
      }),
    );
    const all = [...taken.values()].flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(candidates.filter((c) => c !== 'W-007' && c !== 'W-008'));
    // Both desks got work (a split, not one desk taking all while the other waits).
    for (const mine of taken.values()) expect(mine.length).toBeGreaterThan(0);
    const holders = (await seed.query("SELECT desk FROM claims WHERE shipment_id IN ('W-007', 'W-008')")).rows.map((r) => r.desk);
    expect(holders).toEqual(['Desk 9', 'Desk 9']);
  });

  it('takes the most urgent candidates first (the order given, not the ids), new rows and existing ones alike', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    // Z-9 is known (released after a single claim); the others the warehouse has never seen.
    await claims.claim('Z-9', 'Desk 9', 'Asha');
    await claims.release('Z-9', 'Desk 9');
    const byUrgency = ['Z-9', 'M-1', 'A-5', 'Q-2', 'B-7'];
    expect(await claims.claimWave(byUrgency, 'Desk 1', 'Ravi', 'w1', 3)).toEqual(['Z-9', 'M-1', 'A-5']);
    expect(await claims.claimWave(byUrgency, 'Desk 2', 'Meena', 'w2', 3)).toEqual(['Q-2', 'B-7']);
    expect(await claims.claimWave(byUrgency, 'Desk 2', 'Meena', 'w3', 3)).toEqual([]);
  });

  it('splits never-seen candidates between 8 desks starting together, each taking its own share of the most urgent', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const dbUrl = await wh.freshUrl();
    const candidates = Array.from({ length: 2000 }, (_, i) => `N-${String(1999 - i).padStart(4, '0')}`);
    const desks = Array.from({ length: 8 }, (_, i) => ({ name: `Desk ${i + 1}`, claims: new ClaimService(wh.pool({ url: dbUrl }), { clock, leaseMs: LEASE }) }));
    const firsts = await Promise.all(desks.map((d) => d.claims.claimWave(candidates, d.name, 'op', `wave-${d.name}`, 20)));
    const all = firsts.flat();
    for (const mine of firsts) expect(mine).toHaveLength(20);
    expect(new Set(all).size).toBe(160);
    // Only the most urgent were taken: no desk went further than its first two windows (a first
    // claim's is twice as wide; wave-window.ts), never ahead to insert the whole list.
    expect(all.every((id) => candidates.indexOf(id) < 20 * WINDOW_FACTOR * 4)).toBe(true);
    const rows = await wh.pool({ url: dbUrl }).query<{ n: number }>('SELECT count(*)::int AS n FROM claims');
    expect(rows.rows[0]!.n).toBe(160);
  });

  it('lets a wave take over expired leases but not live ones', async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    await claims.claimWave(['A', 'B', 'C'], 'Desk 1', 'Asha', 'w1');
    await passDatabaseTime(pool, LEASE / 2);
    await claims.renew(['A'], 'Desk 1');
    await passDatabaseTime(pool, LEASE / 2 + 1);
    expect(await claims.claimWave(['A', 'B', 'C'], 'Desk 2', 'Ravi', 'w2')).toEqual(['B', 'C']);
    const events = (await pool.query('SELECT shipment_id, event, previous_desk, desk FROM claim_events ORDER BY shipment_id')).rows;
    expect(events).toEqual([
      { shipment_id: 'B', event: 'taken_over', previous_desk: 'Desk 1', desk: 'Desk 2' },
      { shipment_id: 'C', event: 'taken_over', previous_desk: 'Desk 1', desk: 'Desk 2' },
    ]);
  });
});

describe.runIf(requirePostgres())('lease keeper', () => {
  const wh = useWarehouseDatabase();

  it("keeps the desk's claims alive, reports one a lead released, and rides out an outage", async () => {
    const clock = manualClock(new Date('2026-11-24T05:00:00Z'));
    const pool = await wh.freshPool();
    const claims = new ClaimService(pool, { clock, leaseMs: LEASE });
    const lost: string[][] = [];
    const keeper = new LeaseKeeper(claims, { desk: 'Desk 1', leaseMs: LEASE, onLost: (ids) => lost.push(ids) });
    for (const id of ['K1', 'K2']) {
      await claims.claim(id, 'Desk 1', 'Asha');
      keeper.hold(id);
    }
    for (let i = 0; i < 5; i += 1) {
      clock.advance(LEASE / 2);
      expect(await keeper.renewNow()).toEqual([]);
    }
    expect((await claims.claim('K1', 'Desk 2', 'Ravi')).ok).toBe(false);
    await claims.releaseByLead('K2', 'Lead Meena');
    expect(await keeper.renewNow()).toEqual(['K2']);
    expect(lost).toEqual([['K2']]);
    expect(keeper.holding()).toEqual(['K1']);
    wh.cluster.stop();
    try {
      expect(await keeper.renewNow()).toEqual([]);
      expect(keeper.status().lastError).toMatch(/^warehouse database unreachable: /);
    } finally {
      wh.cluster.start();
    }
    expect(await keeper.renewNow()).toEqual([]);
    expect(keeper.status()).toEqual({ holding: 1 });
  });
});
