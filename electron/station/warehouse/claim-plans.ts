// Claims are what a packer waits for (a scan at Pack, the start of each wave batch), so a desk
// readies its connections for them before anyone waits. A new PostgreSQL connection costs a
// backend start, and its first claim loads the tables' catalogue entries and parses and plans the
// statements: measured with eight desks starting at once, 7 to 60 ms to connect and 10 to 55 ms
// for the first statement, against about 2 ms for a claim on a ready connection.
//
// - Every new connection of a desk's pool runs the claim statements once, in a transaction rolled
//   back (a shipment id that cannot exist; a wave claim of one made-up id), before the pool hands
//   it out (pg-pool's onConnect hook: createWarehousePool's `onConnect`).
// - The desk opens WARM_CONNECTIONS of them at start (warmPool), so its first claim finds one
//   ready, and its pool keeps that many open while idle (createWarehousePool's `keepOpen`): pg
//   would close them after 10 s, and a scan after a quiet spell would wait for a new one.
import { SINGLE_LOCK } from './claims.js';
import type { WarehouseClient, WarehousePool } from './warehouse-pool.js';
import { openAmongStatement, waveClaimStatement } from './wave-claims.js';

/** Connections a desk opens and readies at start: a claim and the outbox or a renewal at once. */
export const WARM_CONNECTIONS = 2;

/** Candidates of the warm-up wave claim: a wave's size, so the desk's own code that sends them is
 * ready too; with a limit of 1 only the first (an id of its own) is claimed, then rolled back. */
const WARM_CANDIDATES = Array.from({ length: 1_000 }, (_, i) => `warm-up-${i}`);

const readied = new WeakSet<object>();

/**
 * Runs the claim statements once on this connection, in a transaction rolled back, so nothing
 * changes and no trigger tells the board. Never fails: before the migrations (no claims table
 * yet) or on a link that breaks, the statements are simply parsed again at their first real use.
 */
export async function warmClaimPlans(client: Pick<WarehouseClient, 'query'>): Promise<void> {
  const epoch = new Date(0);
  try {
    await client.query('BEGIN');
    try {
      await client.query(SINGLE_LOCK(''));
      // A real claim of one made-up shipment, rolled back: the first insert of a connection also
      // loads the indexes' and the trigger's entries and compiles the trigger's function, which
      // cost the first wave's claim of each connection about a third more than the next ones.
      const id = `warm-up-${process.pid}-${Math.random().toString(36).slice(2)}`;
      await client.query(waveClaimStatement({ candidates: [id, ...WARM_CANDIDATES], desk: '', operator: '', waveId: '', limit: 1, now: epoch, until: epoch }));
      await client.query(openAmongStatement([]));
      readied.add(client);
    } finally {
      await client.query('ROLLBACK');
    }
  } catch {
    // Said by the caller's own statements if the database is really away.
  }
}

/**
 * Opens `count` connections at once (the pool's onConnect readies new ones) and readies those
 * that were open before. A database that cannot be reached is not an error here: the desk's
 * status says so through its other calls.
 */
export async function warmPool(pool: WarehousePool, count = WARM_CONNECTIONS): Promise<void> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect().catch(() => undefined)));
  await Promise.all(
    clients.map(async (client) => {
      if (!client) return;
      try {
        if (!readied.has(client)) await warmClaimPlans(client);
      } finally {
        client.release();
      }
    }),
  );
}
