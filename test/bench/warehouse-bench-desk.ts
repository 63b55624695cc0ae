// One desk of the warehouse bench as its own process (warehouse-bench.ts starts 1 to 8): it opens
// its pool, journal, outbox and marketplace client, says "ready", waits for "go" on stdin, then
// runs waves (a bulk claim with SKIP LOCKED, the pack at the marketplace, claims and invoice
// numbers settled) until no shipment is left. One JSON line per event on stdout:
//   {"event":"ready"}
//   {"event":"packed","n":20,"at":<ms when the pack's outcome was journaled>}
//   {"event":"done","packed":N,"claimMs":[...],"singleClaimMs":[...]}
// After each wave it also claims (and releases) one shipment of its own the way a packer's scan
// does, so single claims are timed while the warehouse is busy packing.
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { WARM_CONNECTIONS, warmClaimPlans, warmPool } from '../../electron/station/warehouse/claim-plans.js';
import { createWarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { closeDesk, deskClient, drainDesk, runDeskProcess, say, type DeskConnection } from '../support/desk-process-run.js';
import { isApproved, openDesk, packHeld } from '../support/warehouse-desk.js';

export interface BenchDeskConfig extends DeskConnection {
  dbUrl: string;
  desk: string;
  ids: string[];
  batch: number;
}


async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as BenchDeskConfig;
  const client = deskClient(config);
  const pool = createWarehousePool({ url: config.dbUrl, max: 3, keepOpen: WARM_CONNECTIONS, onConnect: warmClaimPlans });
  const desk = await openDesk(pool, client, config.desk, { now: () => new Date() });
  desk.outbox.start();
  // As the app's desk does (DeskWarehouse): connections opened at start, each with its claim plans ready.
  await warmPool(pool);
  await client.tokens.getAccessToken();
  // When each pack's outcome reached the journal: the moment the board's count can include it.
  let outcomeAt = 0;
  const append = desk.journal.appendOutcome.bind(desk.journal);
  desk.journal.appendOutcome = async (input) => {
    const record = await append(input);
    outcomeAt = Date.now();
    return record;
  };
  say({ event: 'ready' });
  await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));

  const claimMs: number[] = [];
  const singleClaimMs: number[] = [];
  for (let n = 0; ; n += 1) {
    const t = performance.now();
    const mine = await desk.claims.claimWave(config.ids, desk.name, `op-${desk.name}`, `${desk.name}-wave-${n}`, config.batch);
    claimMs.push(performance.now() - t);
    if (mine.length === 0) break;
    for (const id of mine) desk.keeper.hold(id);
    try {
      const before = desk.packed.length;
      const shipments = await desk.client.orders.getShipments({ shipmentIds: mine });
      await packHeld(desk, shipments.filter(isApproved));
      say({ event: 'packed', n: desk.packed.length - before, at: outcomeAt });
      const probe = `PROBE-${desk.name}-${n}`;
      const s = performance.now();
      const claim = await desk.claims.claim(probe, desk.name, `op-${desk.name}`);
      singleClaimMs.push(performance.now() - s);
      if (!claim.ok) throw new Error(`${probe} was refused: only this desk claims it`);
      await desk.claims.release(probe, desk.name);
    } finally {
      for (const id of mine) desk.keeper.drop(id);
    }
  }
  await drainDesk(desk);
  say({ event: 'done', packed: desk.packed.length, claimMs, singleClaimMs });
  await closeDesk(desk, pool, client);
}

runDeskProcess(main);
