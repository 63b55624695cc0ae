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
// Leases are the database's time (now(), the statement's transaction start): a desk whose clock is
// hours off can neither take over a lease that still runs nor stretch its own. Desks are keyed by
// their identity (desk-ref.ts): two desks of one name never hold each other's claims.
import type { Clock } from '../packing/ist-dates.js';
import { istParts } from '../packing/ist-dates.js';
import { inTransaction, withClient, type WarehouseClient, type WarehousePool } from './warehouse-pool.js';
import { claimWaveRows, type NamedStatement } from './wave-claims.js';
import { deskKey, ownedBy, owns, type DeskKey, type DeskRef } from './desk-ref.js';
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
  desk_id?: string | null;
  /** The lease runs at the database's now() (SINGLE_LOCK). */
  live?: boolean;
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

/** SQL: the end of a lease of `param` milliseconds from the database's now(). */
export const leaseEnd = (param: string): string => `now() + ${param}::float8 * interval '1 millisecond'`;

// A scan's claim, as named prepared statements (claim-plans.ts readies them on each connection).
const SINGLE_INSERT = (shipmentId: string, desk: DeskKey, operator: string, leaseMs: number): NamedStatement => ({
  name: 'station-claim-insert',
  text: `INSERT INTO claims (shipment_id, desk, desk_id, operator, claimed_at, lease_until) VALUES ($1, $2, $3, $4, now(), ${leaseEnd('$5')})
         ON CONFLICT (shipment_id) DO NOTHING RETURNING ${CLAIM_COLUMNS}`,
  values: [shipmentId, desk.name, desk.id, operator, leaseMs],
});
export const SINGLE_LOCK = (shipmentId: string): NamedStatement => ({
  name: 'station-claim-lock',
  text: `SELECT ${CLAIM_COLUMNS}, desk_id, lease_until > now() AS live FROM claims WHERE shipment_id = $1 FOR UPDATE`,
  values: [shipmentId],
});
const SINGLE_TAKE = (shipmentId: string, desk: DeskKey, operator: string, keepClaimedAt: boolean, leaseMs: number): NamedStatement => ({
  name: 'station-claim-take',
  text: `UPDATE claims SET desk = $2, desk_id = $3, operator = $4, claimed_at = CASE WHEN $5::boolean THEN claimed_at ELSE now() END,
         lease_until = ${leaseEnd('$6')}, wave_id = NULL
         WHERE shipment_id = $1 RETURNING ${CLAIM_COLUMNS}`,
  values: [shipmentId, desk.name, desk.id, operator, keepClaimedAt, leaseMs],
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

  /** The desk's own times, for what it remembers of waves (never for a lease: those are the database's). */
  private times(): { now: Date; until: Date } {
    const now = this.options.clock.now();
    return { now, until: new Date(now.getTime() + this.leaseMs) };
  }

  /** Claims one shipment for the desk, or says who holds it. The same desk claiming again renews. */
  async claim(shipmentId: string, deskRef: DeskRef, operator: string): Promise<ClaimResult> {
    const desk = deskKey(deskRef);
    // A shipment the warehouse has never seen (most scans) is claimed by its one insert, in a
    // single round trip; the insert waits for another desk inserting the same id this instant.
    const inserted = await withClient(this.pool, (client) => client.query<ClaimRow>(SINGLE_INSERT(shipmentId, desk, operator, this.leaseMs)));
    if (inserted.rows[0]) return { ok: true, claim: toClaim(inserted.rows[0]) };
    // Claim rows are never deleted, so the row that refused the insert is there to lock.
    return inTransaction(this.pool, async (client) => {
      // A scan waits for a row another desk is claiming this instant (unlike a wave, which skips
      // it): the packer is owed a definite answer, and the holder's name if it is a refusal.
      const current = (await client.query<ClaimRow>(SINGLE_LOCK(shipmentId))).rows[0];
      const sameDesk = current.desk !== null && owns(desk, current);
      const held = current.desk !== null && current.live === true && !sameDesk;
      if (current.packed_at || held) {
        const heldBy = toClaim(current);
        return { ok: false, heldBy, message: describeHolder(heldBy) };
      }
      const takenOver = current.desk !== null && !sameDesk;
      const updated = await client.query<ClaimRow>(SINGLE_TAKE(shipmentId, desk, operator, sameDesk, this.leaseMs));
      if (takenOver) await this.logEvent(client, 'taken_over', current, desk, operator);
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
  async claimWave(candidates: readonly string[], deskRef: DeskRef, operator: string, waveId: string, limit = candidates.length): Promise<string[]> {
    if (candidates.length === 0 || limit <= 0) return [];
    const desk = deskKey(deskRef);
    const { now, until } = this.times();
    const memory = this.memoryOf(desk.id);
    return withClient(this.pool, (client) => claimWaveRows(client, { candidates, desk: desk.name, deskId: desk.id, operator, waveId, limit, now, until }, memory));
  }

  private memoryOf(desk: string): WaveMemory {
    let memory = this.waveMemory.get(desk);
    if (!memory) this.waveMemory.set(desk, (memory = new WaveMemory()));
    return memory;
  }

  /** Extends the desk's leases; returns the ids the desk no longer holds (taken over or released). */
  async renew(shipmentIds: readonly string[], deskRef: DeskRef): Promise<string[]> {
    if (shipmentIds.length === 0) return [];
    const desk = deskKey(deskRef);
    // A claim of the desk's name from before identities is the desk's: it takes the identity on.
    const kept = await withClient(this.pool, (client) =>
      client.query<{ shipment_id: string }>(
        `UPDATE claims SET lease_until = ${leaseEnd('$4')}, desk_id = $3
         WHERE shipment_id = ANY($1::text[]) AND ${ownedBy('$3', '$2')} AND packed_at IS NULL RETURNING shipment_id`,
        [shipmentIds, desk.name, desk.id, this.leaseMs],
      ),
    );
    const held = new Set(kept.rows.map((r) => r.shipment_id));
    return shipmentIds.filter((id) => !held.has(id));
  }

  /** The desk lets go of a shipment it holds (put aside, closed). False when it did not hold it. */
  release(shipmentId: string, deskRef: DeskRef): Promise<boolean> {
    const desk = deskKey(deskRef);
    return inTransaction(this.pool, async (client) => {
      const row = (await client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND ${ownedBy('$3', '$2')} AND packed_at IS NULL FOR UPDATE`, [shipmentId, desk.name, desk.id])).rows[0];
      if (!row) return false;
      await client.query('UPDATE claims SET desk = NULL, desk_id = NULL, operator = NULL, claimed_at = NULL, lease_until = NULL, wave_id = NULL WHERE shipment_id = $1', [shipmentId]);
      await this.logEvent(client, 'released', row, null, null, desk.name);
      return true;
    });
  }

  /** A lead frees a shipment held by any desk (not a packed one); returns who held it. */
  releaseByLead(shipmentId: string, lead: string): Promise<Claim | undefined> {
    return inTransaction(this.pool, async (client) => {
      const row = (await client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND desk IS NOT NULL AND packed_at IS NULL FOR UPDATE`, [shipmentId])).rows[0];
      if (!row) return undefined;
      await client.query('UPDATE claims SET desk = NULL, desk_id = NULL, operator = NULL, claimed_at = NULL, lease_until = NULL, wave_id = NULL WHERE shipment_id = $1', [shipmentId]);
      await this.logEvent(client, 'released_by_lead', row, null, null, lead);
      return toClaim(row);
    });
  }

  /**
   * Records that the desk packed the shipment: the claim becomes permanent. Refused (false) when
   * the desk does not hold it any more: its lease expired and another desk took it over.
   */
  async markPacked(shipmentId: string, deskRef: DeskRef): Promise<boolean> {
    const desk = deskKey(deskRef);
    const result = await withClient(this.pool, (client) =>
      client.query(`UPDATE claims SET packed_at = now() WHERE shipment_id = $1 AND ${ownedBy('$3', '$2')} AND packed_at IS NULL`, [shipmentId, desk.name, desk.id]),
    );
    this.memoryOf(desk.id).notePacked([shipmentId]);
    return result.rowCount === 1;
  }

  /** Who holds a shipment now (an expired lease is no hold); undefined when nobody does. */
  async holder(shipmentId: string): Promise<Claim | undefined> {
    const row = (
      await withClient(this.pool, (client) =>
        client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = $1 AND desk IS NOT NULL AND (packed_at IS NOT NULL OR lease_until > now())`, [shipmentId]),
      )
    ).rows[0];
    return row ? toClaim(row) : undefined;
  }

  /**
   * Records a pack found at the marketplace with this desk's invoice number after the desk was
   * interrupted before recording it: the claim becomes permanent in this desk's name, whoever
   * holds it now (the pack is proof of who packed it).
   */
  async recordPackedBy(shipmentId: string, deskRef: DeskRef, operator: string): Promise<void> {
    const desk = deskKey(deskRef);
    await withClient(this.pool, (client) =>
      client.query(
        `INSERT INTO claims (shipment_id, desk, desk_id, operator, claimed_at, lease_until, packed_at) VALUES ($1, $2, $3, $4, now(), now(), now())
         ON CONFLICT (shipment_id) DO UPDATE SET desk = $2, desk_id = $3, operator = $4, packed_at = now() WHERE claims.packed_at IS NULL`,
        [shipmentId, desk.name, desk.id, operator],
      ),
    );
  }

  /** Who holds each of these shipments now (expired leases are no hold). */
  async holders(shipmentIds: readonly string[]): Promise<Claim[]> {
    if (shipmentIds.length === 0) return [];
    const rows = await withClient(this.pool, (client) =>
      client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE shipment_id = ANY($1::text[]) AND desk IS NOT NULL AND (packed_at IS NOT NULL OR lease_until > now())`, [shipmentIds]),
    );
    return rows.rows.map(toClaim);
  }

  private async logEvent(client: WarehouseClient, event: string, previous: ClaimRow, desk: DeskKey | null, operator: string | null, byWhom?: string): Promise<void> {
    await client.query(
      `INSERT INTO claim_events (shipment_id, event, desk, desk_id, operator, previous_desk, previous_operator, by_whom, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [previous.shipment_id, event, desk?.name ?? null, desk?.id ?? null, operator, previous.desk, previous.operator, byWhom ?? desk?.name ?? null],
    );
  }
}
