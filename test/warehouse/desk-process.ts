// One desk as its own process, for the multi-process race (multi-desk-processes.test.ts). Reads
// its configuration as JSON from argv[2], prints one JSON line per event on stdout:
//   {"event":"claimed","ids":[...]}   (mode "die": then it waits to be killed with SIGKILL)
//   {"event":"done","packed":[...],"records":N}
// Modes "single" and "wave" go on until every shipment has left APPROVED at the marketplace, so
// they wait out the leases of a desk that died and take its shipments over.
import { createWarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { closeDesk, deskClient, drainDesk, runDeskProcess, say, type DeskConnection } from '../support/desk-process-run.js';
import { isApproved, openDesk, packOneByOne, packWaves, shuffled } from '../support/warehouse-desk.js';

export interface DeskProcessConfig extends DeskConnection {
  dbUrl: string;
  desk: string;
  mode: 'single' | 'wave' | 'die';
  ids: string[];
  leaseMs: number;
  seed: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as DeskProcessConfig;
  const client = deskClient(config);
  const pool = createWarehousePool({ url: config.dbUrl, max: 2 });
  const desk = await openDesk(pool, client, config.desk, { now: () => new Date() }, { leaseMs: config.leaseMs });
  desk.outbox.start();
  if (config.mode === 'die') {
    desk.keeper.stop();
    const ids = await desk.claims.claimWave(config.ids, desk.name, `op-${desk.name}`, `${desk.name}-wave`, 8);
    say({ event: 'claimed', ids });
    for (;;) await sleep(60_000);
  }
  for (;;) {
    if (config.mode === 'single') await packOneByOne(desk, shuffled(config.ids, config.seed));
    else await packWaves(desk, config.ids);
    const left = (await client.orders.getShipments({ shipmentIds: config.ids })).filter(isApproved);
    if (left.length === 0) break;
    await sleep(Math.min(500, config.leaseMs / 4));
  }
  await drainDesk(desk);
  say({ event: 'done', packed: desk.packed, refused: desk.refused, records: (await desk.journal.records()).length });
  await closeDesk(desk, pool, client);
}

runDeskProcess(main);
