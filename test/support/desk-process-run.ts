// What every warehouse desk run as its own process does around its own work (the race test's
// desks, test/warehouse/desk-process.ts, and the warehouse bench's, test/bench/warehouse-bench-desk.ts):
// a marketplace client from the JSON configuration, one JSON line per event on stdout, the outbox
// caught up before the desk says it is done, everything closed, and an exit code for the parent.
import { createMarketplaceClient, memoryVault } from '../../electron/station/api/client.js';
import { createNodeFetch } from '../../electron/station/api/http.js';
import type { WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import type { Desk, DeskClient } from './warehouse-desk.js';

/** How a desk process reaches the marketplace (the sandbox in the parent's test). */
export interface DeskConnection {
  baseUrl: string;
  caPem: string;
  app: { appId: string; appSecret: string };
}

/** One event for the parent, as a JSON line on stdout. */
export const say = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

export function deskClient(config: DeskConnection): DeskClient {
  const node = createNodeFetch({ caPem: config.caPem });
  return { ...createMarketplaceClient({ baseUrl: config.baseUrl, fetch: node.fetch, mode: 'selfAccess', credentials: async () => config.app, vault: memoryVault() }), close: node.close };
}

/** Stops the desk's lease keeper and outbox and waits until every journaled outcome reached the warehouse; throws if one did not. */
export async function drainDesk(desk: Desk): Promise<void> {
  desk.keeper.stop();
  await desk.outbox.stop();
  const status = await desk.outbox.flush();
  if (status.lastError || status.waiting > 0) throw new Error(`outbox not caught up: ${JSON.stringify(status)}`);
}

export async function closeDesk(desk: Desk, pool: WarehousePool, client: DeskClient): Promise<void> {
  await desk.journal.close();
  await pool.end();
  await client.close();
}

/** Runs the process's main: exit 0 when it ends, 1 with the stack on stderr when it throws. */
export function runDeskProcess(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
