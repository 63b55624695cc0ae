// One desk as its own process, for the multi-process race (multi-desk-processes.test.ts). Reads
// its configuration as JSON from argv[2], prints one JSON line per event on stdout:
//   {"event":"claimed","ids":[...]}   (mode "die": then it waits to be killed with SIGKILL)
//   {"event":"done","packed":[...],"records":N}
// Modes "single" and "wave" go on until every shipment has left APPROVED at the marketplace, so
// they wait out the leases of a desk that died and take its shipments over.
import { createMarketplaceClient, memoryVault } from '../../electron/station/api/client.js';
import { createNodeFetch } from '../../electron/station/api/http.js';
import { createWarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { isApproved, openDesk, packOneByOne, packWaves, shuffled } from '../support/warehouse-desk.js';

export interface DeskProcessConfig {
  baseUrl: string;
  caPem: string;
  app: { appId: string; appSecret: string };
  dbUrl: string;
  desk: string;
  mode: 'single' | 'wave' | 'die';
  ids: string[];
  leaseMs: number;
  seed: number;
}

const say = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as DeskProcessConfig;
  const node = createNodeFetch({ caPem: config.caPem });
  const client = { ...createMarketplaceClient({ baseUrl: config.baseUrl, fetch: node.fetch, mode: 'selfAccess', credentials: async () => config.app, vault: memoryVault() }), close: node.close };
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
  desk.keeper.stop();
  await desk.outbox.stop();
  const status = await desk.outbox.flush();
  if (status.lastError || status.waiting > 0) throw new Error(`outbox not caught up: ${JSON.stringify(status)}`);
  say({ event: 'done', packed: desk.packed, refused: desk.refused, records: (await desk.journal.records()).length });
  await desk.journal.close();
  await pool.end();
  await client.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
