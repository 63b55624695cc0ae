// Claims: a shipment open at a desk is held by that desk with a lease the desk renews while it
// is open. Another desk is refused with who holds it and since when; a lead can release it; a
// lease not renewed (the desk died) expires and the next desk takes it over. A packed shipment
// stays claimed for good, so it is never opened for packing again anywhere.
//
// Single claims lock the shipment's row (SELECT ... FOR UPDATE) so two desks racing for one
// shipment are served one after the other. Waves lock candidate rows with FOR UPDATE SKIP
// LOCKED and a limit (wave-claims.ts): two desks claiming from the same candidates at once take
// different rows.
//
// Time comes from the injected clock (desks keep NTP time), so leases can be tested without
// waiting; every comparison uses the same clock value sent with the statement.
import type { Clock } from '../packing/ist-dates.js';
import { istParts } from '../packing/ist-dates.js';
import { inTransaction, withClient, type WarehouseClient, type WarehousePool } from './warehouse-pool.js';
import { claimWaveRows, type NamedStatement } from './wave-claims.js';
import { WaveMemory } from './wave-window.js';

/** How long a claim lives without renewal; a desk renews every third of it. */
export const DEFAULT_LEASE_MS = 90_000;

export interface Claim {
  shipmentId: string;
  desk: string;
  operator: string;
  claimedAt: Date;
  leaseUntil: Date;
  waveId?: string;
  packedAt?: Date;
}

export type ClaimResult =
  | { ok: true; claim: Claim; tookOverFrom?: { desk: string; operator: string } }
  | { ok: false; heldBy: Claim; message: string };

interface ClaimRow {
  shipment_id: string;
  desk: string | null;
  operator: string | null;
  claimed_at: Date | null;
  lease_until: Date | null;
  wave_id: string | null;
  packed_at: Date | null;
}

function toClaim(row: ClaimRow): Claim {
  return {
    shipmentId: row.shipment_id,
    desk: row.desk ?? '',
    operator: row.operator ?? '',
    claimedAt: row.claimed_at ?? new Date(0),
    leaseUntil: row.lease_until ?? new Date(0),
    ...(row.wave_id ? { waveId: row.wave_id } : {}),
    ...(row.packed_at ? { packedAt: row.packed_at } : {}),
  };
}

/** The claim row's columns, named rather than *: a prepared statement keeps its result type. */
const CLAIM_COLUMNS = 'shipment_id, desk, operator, claimed_at, lease_until, wave_id, packed_at';

// A scan's claim, as named prepared statements (claim-plans.ts readies them on each connection).
const SINGLE_INSERT = (shipmentId: string, desk: string, operator: string, now: Date, until: Date): NamedStatement => ({
  name: 'station-claim-insert',
  text: `INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (shipment_id) DO NOTHING RETURNING ${CLAIM_COLUMNS}`,
  values: [shipmentId, desk, operator, now, until],
});
export const SINGLE_LOCK = (shipmentId: string): NamedStatement => ({
  name: 'station-claim-lock',
  text: `SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 FOR UPDATE`,
  values: [shipmentId],
});
const SINGLE_TAKE = (shipmentId: string, desk: string, operator: string, claimedAt: Date | null, until: Date): NamedStatement => ({
  name: 'station-claim-take',
  text: `UPDATE claims SET desk = $2, operator = $3, claimed_at = $4, lease_until = $5, wave_id = NULL
         WHERE shipment_id = $1 RETURNING ${CLAIM_COLUMNS}`,
  values: [shipmentId, desk, operator, claimedAt, until],
});

const hhmm = (at: Date): string => {
  const p = istParts(at);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

/** "being packed at Desk 3 by Asha since 10:42" (IST), or "packed at Desk 3 by Asha at 10:42". */
export function describeHolder(claim: Claim): string {
  const by = claim.operator ? ` by ${claim.operator}` : '';
  if (claim.packedAt) return `Shipment ${claim.shipmentId} was already packed at ${claim.desk}${by} at ${hhmm(claim.packedAt)} IST.`;
  return `Shipment ${claim.shipmentId} is being packed at ${claim.desk}${by} since ${hhmm(claim.claimedAt)} IST.`;
}

export interface ClaimServiceOptions {
  clock: Clock;
  leaseMs?: number;
}

export class ClaimService {
  private readonly leaseMs: number;
  /** Per desk, what its waves saw packed or held (wave-window.ts): later claims send less. */
  private readonly waveMemory = new Map<string, WaveMemory>();

  constructor(
    private readonly pool: WarehousePool,
    private readonly options: ClaimServiceOptions,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  private times(): { now: Date; until: Date } {
    const now = this.options.clock.now();
    return { now, until: new Date(now.getTime() + this.leaseMs) };
  }

  /** Claims one shipment for the desk, or says who holds it. The same desk claiming again renews. */
  async claim(shipmentId: string, desk: string, operator: string): Promise<ClaimResult> {
    const { now, until } = this.times();
    // A shipment the warehouse has never seen (most scans) is claimed by its one insert, in a
    // single round trip; the insert waits for another desk inserting the same id this instant.
    const inserted = await withClient(this.pool, (client) => client.query<ClaimRow>(SINGLE_INSERT(shipmentId, desk, operator, now, until)));
    if (inserted.rows[0]) return { ok: true, claim: toClaim(inserted.rows[0]) };
    // Claim rows are never deleted, so the row that refused the insert is there to lock.
    return inTransaction(this.pool, async (client) => {
      // A scan waits for a row another desk is claiming this instant (unlike a wave, which skips
      // it): the packer is owed a definite answer, and the holder's name if it is a refusal.
      const current = (await client.query<ClaimRow>(SINGLE_LOCK(shipmentId))).rows[0];
      const held = current.desk !== null && current.lease_until! > now && current.desk !== desk;
      if (current.packed_at || held) {
        const heldBy = toClaim(current);
        return { ok: false, heldBy, message: describeHolder(heldBy) };
      }
      const sameDesk = current.desk === desk;
      const takenOver = current.desk !== null && !sameDesk;
      const updated = await client.query<ClaimRow>(SINGLE_TAKE(shipmentId, desk, operator, sameDesk ? current.claimed_at : now, until));
      if (takenOver) await this.logEvent(client, 'taken_over', current, desk, operator, now);
      return {
        ok: true,
        claim: toClaim(updated.rows[0]),
        ...(takenOver ? { tookOverFrom: { desk: current.desk!, operator: current.operator ?? '' } } : {}),
      };
    });
  }

  /**
   * Claims up to `limit` of a wave's candidate shipments that no other desk holds, most urgent
   * (first) candidates first, skipping rows another desk is claiming at this very moment. Returns
   * the newly claimed ids in candidate order (not those the desk already held), so a desk can call
   * it until it returns none.
   */
  async claimWave(candidates: readonly string[], desk: string, operator: string, waveId: string, limit = candidates.length): Promise<string[]> {
    if (candidates.length === 0 || limit <= 0) return [];
    const { now, until } = this.times();
    const memory = this.memoryOf(desk);
    return withClient(this.pool, (client) => claimWaveRows(client, { candidates, desk, operator, waveId, limit, now, until }, memory));
  }

  private memoryOf(desk: string): WaveMemory {
    let memory = this.waveMemory.get(desk);
    if (!memory) this.waveMemory.set(desk, (memory = new WaveMemory()));
    return memory;
  }

  /** Extends the desk's leases; returns the ids the desk no longer holds (taken over or released). */
  async renew(shipmentIds: readonly string[], desk: string): Promise<string[]> {
    if (shipmentIds.length === 0) return [];
    const { until } = this.times();
    const kept = await withClient(this.pool, (client) =>
      client.query<{ shipment_id: string }>(
        'UPDATE claims SET lease_until = $3 WHERE shipment_id = ANY($1::text[]) AND desk = $2 AND packed_at IS NULL RETURNING shipment_id',
        [shipmentIds, desk, until],
      ),
    );
    const held = new Set(kept.rows.map((r) => r.shipment_id));
    return shipmentIds.filter((id) => !held.has(id));
  }

  /** The desk lets go of a shipment it holds (put aside, closed). False when it did not hold it. */
  release(shipmentId: string, desk: string): Promise<boolean> {
    const { now } = this.times();
    return inTransaction(this.pool, async (client) => {
      const row = (await client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND desk = $2 AND packed_at IS NULL FOR UPDATE`, [shipmentId, desk])).rows[0];
      if (!row) return false;
      await client.query('UPDATE claims SET desk = NULL, operator = NULL, claimed_at = NULL, lease_until = NULL, wave_id = NULL WHERE shipment_id = $1', [shipmentId]);
      await this.logEvent(client, 'released', row, null, null, now, desk);
      return true;
    });
  }

  /** A lead frees a shipment held by any desk (not a packed one); returns who held it. */
  releaseByLead(shipmentId: string, lead: string): Promise<Claim | undefined> {
    const { now } = this.times();
    return inTransaction(this.pool, async (client) => {
      const row = (await client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND desk IS NOT NULL AND packed_at IS NULL FOR UPDATE`, [shipmentId])).rows[0];
      if (!row) return undefined;
      await client.query('UPDATE claims SET desk = NULL, operator = NULL, claimed_at = NULL, lease_until = NULL, wave_id = NULL WHERE shipment_id = $1', [shipmentId]);
      await this.logEvent(client, 'released_by_lead', row, null, null, now, lead);
      return toClaim(row);
    });
  }

  /**
   * Records that the desk packed the shipment: the claim becomes permanent. Refused (false) when
   * the desk does not hold it any more: its lease expired and another desk took it over.
   */
  async markPacked(shipmentId: string, desk: string): Promise<boolean> {
    const { now } = this.times();
    const result = await withClient(this.pool, (client) =>
      client.query('UPDATE claims SET packed_at = $3 WHERE shipment_id = $1 AND desk = $2 AND packed_at IS NULL', [shipmentId, desk, now]),
    );
    this.memoryOf(desk).notePacked([shipmentId]);
    return result.rowCount === 1;
  }

  /** Who holds a shipment now (an expired lease is no hold); undefined when nobody does. */
  async holder(shipmentId: string): Promise<Claim | undefined> {
    const { now } = this.times();
    const row = (
      await withClient(this.pool, (client) =>
        client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND desk IS NOT NULL AND (packed_at IS NOT NULL OR lease_until > $2)`, [shipmentId, now]),
      )
    ).rows[0];
    return row ? toClaim(row) : undefined;
  }

  /**
   * Records a pack found at the marketplace with this desk's invoice number after the desk was
   * interrupted before recording it: the claim becomes permanent in this desk's name, whoever
   * holds it now (the pack is proof of who packed it).
   */
  async recordPackedBy(shipmentId: string, desk: string, operator: string): Promise<void> {
    const { now } = this.times();
    await withClient(this.pool, (client) =>
      client.query(
        `INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until, packed_at) VALUES ($1, $2, $3, $4, $4, $4)
         ON CONFLICT (shipment_id) DO UPDATE SET desk = $2, operator = $3, packed_at = $4 WHERE claims.packed_at IS NULL`,
        [shipmentId, desk, operator, now],
      ),
    );
  }

  /** Who holds each of these shipments now (expired leases are no hold). */
  async holders(shipmentIds: readonly string[]): Promise<Claim[]> {
    if (shipmentIds.length === 0) return [];
    const { now } = this.times();
    const rows = await withClient(this.pool, (client) =>
      client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = ANY($1::text[]) AND desk IS NOT NULL AND (packed_at IS NOT NULL OR lease_until > $2)`, [shipmentIds, now]),
    );
    return rows.rows.map(toClaim);
  }

  private async logEvent(client: WarehouseClient, event: string, previous: ClaimRow, desk: string | null, operator: string | null, at: Date, byWhom?: string): Promise<void> {
    await client.query(
      `INSERT INTO claim_events (shipment_id, event, desk, operator, previous_desk, previous_operator, by_whom, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [previous.shipment_id, event, desk, operator, previous.desk, previous.operator, byWhom ?? desk, at],
    );
  }
}
