// Claims are what a packer waits for (a scan at Pack, the start of each wave batch), so a desk
// readies its connections for them before anyone waits: a new PostgreSQL connection costs a
// backend start, and its first claim loads the tables' catalogue entries and parses and plans the
// statements; measured, that made a desk's first bulk claim 3 to 10 times its usual time.
//
// - Every new connection of a desk's pool runs the claim statements once, as no-ops (no
//   candidates; a shipment id that cannot exist), before the connection serves anything else:
//   pg runs a connection's queries in order, so the caller's own statements simply follow.
// - The desk opens WARM_CONNECTIONS of them at start (warmPool), so its first claim finds one
//   ready; the pool keeps that many open while idle (warehouse-pool.ts, DEFAULT_POOL_MIN).
import { SINGLE_LOCK } from './claims.js';
import { DEFAULT_POOL_MIN, type WarehouseClient, type WarehousePool } from './warehouse-pool.js';
import { waveClaimStatement } from './wave-claims.js';

/** Connections a desk opens and readies at start: a claim and the outbox or a renewal at once. */
export const WARM_CONNECTIONS = DEFAULT_POOL_MIN;

const warming = new WeakMap<WarehouseClient, Promise<void>>();
const hooked = new WeakSet<WarehousePool>();

/** Runs the claim statements once on this connection without changing anything. */
export async function warmClaimPlans(client: WarehouseClient): Promise<void> {
  const epoch = new Date(0);
  await client.query(waveClaimStatement({ candidates: [], desk: '', operator: '', waveId: '', limit: 0, now: epoch, until: epoch }));
  await client.query(SINGLE_LOCK(''));
}

/**
 * Readies every connection the pool makes from now on. Harmless before the migrations ran (the
 * statements fail quietly there and are parsed again at their first real use).
 */
export function keepClaimPlansWarm(pool: WarehousePool): void {
  if (hooked.has(pool)) return;
  hooked.add(pool);
  pool.on('connect', (client) => {
    warming.set(client, warmClaimPlans(client).catch(() => undefined));
  });
}

/**
 * Opens `count` connections at once and waits until each is ready for claims. A database that
 * cannot be reached is not an error here: the desk's status says so through its other calls.
 */
export async function warmPool(pool: WarehousePool, count = WARM_CONNECTIONS): Promise<void> {
  keepClaimPlansWarm(pool);
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect().catch(() => undefined)));
  await Promise.all(
    clients.map(async (client) => {
      if (!client) return;
      try {
        await (warming.get(client) ?? warmClaimPlans(client).catch(() => undefined));
      } finally {
        client.release();
      }
    }),
  );
}
