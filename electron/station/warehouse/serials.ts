// The warehouse's register of packed serials and IMEIs: a serial packed at one desk is refused
// at every other (the table's primary key), and the refusal says where, by whom and when.
// Registering the same serials again for the same shipment (a retried pack) is accepted.
import type { Clock } from '../packing/ist-dates.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence } from '../../../shared/i18n/station-sentences.js';
import { packedSerialSentence, scannedTwiceSentence } from './serial-words.js';
import { inTransaction, withClient, type WarehousePool } from './warehouse-pool.js';

export interface PackedSerial {
  serial: string;
  sku?: string;
  shipmentId: string;
  desk: string;
  operator?: string;
  packedAt: Date;
}

export interface SerialToRegister {
  serial: string;
  sku?: string;
}

/** A refusal's `message` is English (logs); `sentences` say it again in the desk's language. */
export type SerialRegistration = { ok: true; registered: number } | { ok: false; conflicts: PackedSerial[]; message: string; sentences: KeyedSentence[] };

interface SerialRow {
  serial: string;
  sku: string | null;
  shipment_id: string;
  desk: string;
  operator: string | null;
  packed_at: Date;
}

const toPacked = (r: SerialRow): PackedSerial => ({
  serial: r.serial,
  ...(r.sku ? { sku: r.sku } : {}),
  shipmentId: r.shipment_id,
  desk: r.desk,
  ...(r.operator ? { operator: r.operator } : {}),
  packedAt: r.packed_at,
});

class SerialConflict extends Error {
  constructor(readonly conflicts: PackedSerial[]) {
    super('serial conflict');
  }
}

/** Normalised as scanned codes are compared: no surrounding spaces, upper case. */
const normalise = (serial: string): string => serial.trim().toUpperCase();

export class SerialRegistry {
  constructor(
    private readonly pool: WarehousePool,
    private readonly clock: Clock,
  ) {}

  /** Where each of these serials was packed, if anywhere (for the check at scan time). */
  async lookup(serials: readonly string[]): Promise<PackedSerial[]> {
    if (serials.length === 0) return [];
    const rows = await withClient(this.pool, (client) => client.query<SerialRow>('SELECT * FROM packed_serials WHERE serial = ANY($1::text[]) ORDER BY serial', [serials.map(normalise)]));
    return rows.rows.map(toPacked);
  }

  /**
   * Records the serials of a packed shipment, all or none: when any was packed in another
   * shipment, nothing is recorded and the answer names each conflict.
   */
  register(shipmentId: string, desk: string, operator: string, serials: readonly SerialToRegister[]): Promise<SerialRegistration> {
    const now = this.clock.now();
    const wanted = serials.map((s) => ({ ...s, serial: normalise(s.serial) }));
    const twice = wanted.find((s, i) => wanted.findIndex((o) => o.serial === s.serial) !== i);
    if (twice) {
      const said = scannedTwiceSentence(twice.serial, shipmentId);
      return Promise.resolve({ ok: false, conflicts: [], message: englishSentence(said), sentences: [said] });
    }
    return inTransaction(this.pool, async (client): Promise<SerialRegistration> => {
      const inserted = await client.query<{ serial: string }>(
        `INSERT INTO packed_serials (serial, sku, shipment_id, desk, operator, packed_at)
         SELECT s, k, $3, $4, $5, $6 FROM unnest($1::text[], $2::text[]) AS t(s, k)
         ON CONFLICT (serial) DO NOTHING RETURNING serial`,
        [wanted.map((s) => s.serial), wanted.map((s) => s.sku ?? null), shipmentId, desk, operator || null, now],
      );
      const fresh = new Set(inserted.rows.map((r) => r.serial));
      const existing = wanted.filter((s) => !fresh.has(s.serial)).map((s) => s.serial);
      if (existing.length === 0) return { ok: true, registered: fresh.size };
      const rows = (await client.query<SerialRow>('SELECT * FROM packed_serials WHERE serial = ANY($1::text[]) ORDER BY serial', [existing])).rows;
      const conflicts = rows.filter((r) => r.shipment_id !== shipmentId).map(toPacked);
      if (conflicts.length === 0) return { ok: true, registered: fresh.size };
      // All or none: throwing rolls back the serials inserted above.
      throw new SerialConflict(conflicts);
    }).catch((error: unknown) => {
      if (!(error instanceof SerialConflict)) throw error;
      const sentences = error.conflicts.map(packedSerialSentence);
      return { ok: false, conflicts: error.conflicts, message: sentences.map(englishSentence).join(' '), sentences };
    });
  }

  /** A pack undone (the marketplace refused it): the shipment's serials are free again. */
  async unregister(shipmentId: string): Promise<number> {
    const result = await withClient(this.pool, (client) => client.query('DELETE FROM packed_serials WHERE shipment_id = $1', [shipmentId]));
    return result.rowCount ?? 0;
  }
}
