// A wave's bulk claim: up to `limit` of the wave's candidates that no other desk holds, most
// urgent first (the candidates' order), so desks running waves at once split the work.
//
// Two steps, each one statement, repeated until the wave has its share or nothing is left:
// 1. Existing rows that are free (never held, released, or a lease that expired) are locked with
//    FOR UPDATE SKIP LOCKED and claimed: a row another desk is claiming this instant is skipped,
//    never waited for.
// 2. Candidates the warehouse has never seen get their row by being claimed: only as many as the
//    wave still needs, and none another desk is picking at the same moment, so desks starting
//    together each insert their own handful of rows instead of all meeting on the same thousands.
//    A row another desk inserted meanwhile is left to it (ON CONFLICT DO NOTHING).
import type { WarehouseClient } from './warehouse-pool.js';

/** The advisory lock class of wave picks (two-key form; the one-key migration lock is apart). */
export const WAVE_PICK_LOCK_CLASS = 0x57415645;

/** Rounds of the two steps before the wave settles for what it has (each round claims or ends). */
const MAX_ROUNDS = 16;

export interface WaveClaimRequest {
  candidates: readonly string[];
  desk: string;
  operator: string;
  waveId: string;
  limit: number;
  now: Date;
  until: Date;
}

/** The newly claimed ids, in candidate order. */
export async function claimWaveRows(client: WarehouseClient, request: WaveClaimRequest): Promise<string[]> {
  const { desk, operator, waveId, now, until } = request;
  const ids = [...new Set(request.candidates)];
  const got = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS && got.size < request.limit; round += 1) {
    const existing = await client.query<{ shipment_id: string }>(
      `WITH candidate AS (SELECT id, pos FROM unnest($1::text[]) WITH ORDINALITY AS c(id, pos)),
       free AS (
         SELECT c.shipment_id, c.desk AS prev_desk, c.operator AS prev_operator FROM claims c JOIN candidate ON c.shipment_id = candidate.id
         WHERE c.packed_at IS NULL AND (c.desk IS NULL OR c.lease_until <= $4)
         ORDER BY candidate.pos LIMIT $7 FOR UPDATE OF c SKIP LOCKED),
       taken AS (
         UPDATE claims c SET desk = $2, operator = $3, claimed_at = $4, lease_until = $5, wave_id = $6
         FROM free WHERE c.shipment_id = free.shipment_id
         RETURNING c.shipment_id, free.prev_desk, free.prev_operator),
       logged AS (
         INSERT INTO claim_events (shipment_id, event, desk, operator, previous_desk, previous_operator, by_whom, at)
         SELECT shipment_id, 'taken_over', $2, $3, prev_desk, prev_operator, $2, $4 FROM taken WHERE prev_desk IS NOT NULL AND prev_desk <> $2)
       SELECT shipment_id FROM taken`,
      [ids, desk, operator, now, until, waveId, request.limit - got.size],
    );
    for (const row of existing.rows) got.add(row.shipment_id);
    if (got.size >= request.limit) break;
    // The picks are the first candidates without a row that no other desk is picking this very
    // moment: a transaction-scoped advisory try-lock per id is to rows not yet inserted what SKIP
    // LOCKED is to existing ones. The OFFSET 0 fence keeps the lock after the NOT EXISTS (only
    // missing ids are ever locked) and the LIMIT stops locking once the wave has its share.
    // Inserted in id order, so two desks meeting on a row in the rare race wait instead of deadlocking.
    const fresh = await client.query<{ picked: number; claimed: string[] }>(
      `WITH picks AS (
         SELECT id FROM (
           SELECT id, pos FROM unnest($1::text[]) WITH ORDINALITY AS c(id, pos)
           WHERE NOT EXISTS (SELECT 1 FROM claims WHERE shipment_id = c.id) OFFSET 0) missing
         WHERE pg_try_advisory_xact_lock($8, hashtext(id))
         LIMIT $7),
       inserted AS (
         INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until, wave_id)
         SELECT id, $2, $3, $4, $5, $6 FROM picks ORDER BY id
         ON CONFLICT (shipment_id) DO NOTHING RETURNING shipment_id)
       SELECT (SELECT count(*) FROM picks)::int AS picked, ARRAY(SELECT shipment_id FROM inserted) AS claimed`,
      [ids, desk, operator, now, until, waveId, request.limit - got.size, WAVE_PICK_LOCK_CLASS],
    );
    const { picked, claimed } = fresh.rows[0]!;
    for (const id of claimed) got.add(id);
    // Nothing new to insert and nothing free among the rows: the wave has all it can get.
    if (picked === 0 && existing.rows.length === 0) break;
  }
  return ids.filter((id) => got.has(id));
}
