// A wave's bulk claim: up to `limit` of the wave's candidates that no other desk holds, most
// urgent first (the candidates' order), so desks running waves at once split the work.
//
// One statement per round, repeated until the wave has its share or nothing is left; both halves
// of it see the same snapshot and take disjoint candidates (rows that exist, ids that do not):
// 1. Existing rows that are free (never held, released, or a lease that expired) are locked with
//    FOR UPDATE SKIP LOCKED and claimed: a row another desk is claiming this instant is skipped,
//    never waited for. A takeover is recorded in claim_events.
// 2. Candidates the warehouse has never seen get their row by being claimed: only as many as the
//    wave still needs after step 1, and none another desk is picking at the same moment, so desks
//    starting together each insert their own handful of rows instead of all meeting on the same
//    thousands. A row another desk inserted meanwhile is left to it (ON CONFLICT DO NOTHING).
//
// The statement is a named prepared statement (claim-plans.ts): each connection parses it once,
// and a desk's connections have it ready before the desk's first wave.
import type { WarehouseClient } from './warehouse-pool.js';

/** The advisory lock class of wave picks (two-key form; the one-key migration lock is apart). */
export const WAVE_PICK_LOCK_CLASS = 0x57415645;

/** Rounds before the wave settles for what it has (each round claims or ends). */
const MAX_ROUNDS = 16;

/** pg's query config of a named prepared statement: parsed once per connection, then reused. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

export interface WaveClaimRequest {
  candidates: readonly string[];
  desk: string;
  operator: string;
  waveId: string;
  limit: number;
  now: Date;
  until: Date;
}

// The picks of step 2 are the first candidates without a row that no other desk is picking this
// very moment: a transaction-scoped advisory try-lock per id is to rows not yet inserted what SKIP
// LOCKED is to existing ones. The OFFSET 0 fence keeps the lock after the NOT EXISTS (only missing
// ids are ever locked) and the LIMIT stops locking once the wave has its share. Inserted in id
// order, so two desks meeting on a row in the rare race wait instead of deadlocking.
const WAVE_CLAIM_SQL = `WITH candidate AS (SELECT id, pos FROM unnest($1::text[]) WITH ORDINALITY AS c(id, pos)),
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
    SELECT shipment_id, 'taken_over', $2, $3, prev_desk, prev_operator, $2, $4 FROM taken WHERE prev_desk IS NOT NULL AND prev_desk <> $2),
  picks AS (
    SELECT id FROM (
      SELECT id, pos FROM unnest($1::text[]) WITH ORDINALITY AS c(id, pos)
      WHERE NOT EXISTS (SELECT 1 FROM claims WHERE shipment_id = c.id) OFFSET 0) missing
    WHERE pg_try_advisory_xact_lock($8, hashtext(id))
    LIMIT greatest($7 - (SELECT count(*) FROM free), 0)),
  inserted AS (
    INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until, wave_id)
    SELECT id, $2, $3, $4, $5, $6 FROM picks ORDER BY id
    ON CONFLICT (shipment_id) DO NOTHING RETURNING shipment_id)
  SELECT ARRAY(SELECT shipment_id FROM taken) AS taken, (SELECT count(*) FROM picks)::int AS picked,
    ARRAY(SELECT shipment_id FROM inserted) AS inserted`;

/** The wave's claim statement, by name (prepared once per connection). */
export function waveClaimStatement(request: WaveClaimRequest): NamedStatement {
  const { candidates, desk, operator, now, until, waveId, limit } = request;
  return { name: 'station-wave-claim', text: WAVE_CLAIM_SQL, values: [candidates, desk, operator, now, until, waveId, limit, WAVE_PICK_LOCK_CLASS] };
}

/** The newly claimed ids, in candidate order. */
export async function claimWaveRows(client: WarehouseClient, request: WaveClaimRequest): Promise<string[]> {
  const ids = [...new Set(request.candidates)];
  const got = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS && got.size < request.limit; round += 1) {
    const result = await client.query<{ taken: string[]; picked: number; inserted: string[] }>(waveClaimStatement({ ...request, candidates: ids, limit: request.limit - got.size }));
    const { taken, picked, inserted } = result.rows[0]!;
    for (const id of [...taken, ...inserted]) got.add(id);
    // Nothing free among the rows and nothing new to insert: the wave has all it can get. (Picks
    // another desk inserted first, in the rare race, are looked at again by the next round.)
    if (picked === 0 && taken.length === 0) break;
  }
  return ids.filter((id) => got.has(id));
}
