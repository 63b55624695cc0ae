// What the desk and the wave ask of the warehouse when the desk runs in warehouse mode
// (warehouse/desk-warehouse.ts implements it over PostgreSQL). A desk without a database has
// none of it and packs exactly as before. Kept here, beside its callers, so the packing code
// depends on this shape and not on the database.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { SaidWords } from '../../../shared/i18n/station-sentences.js';
import type { InvoiceSeries } from './invoice-series.js';
import type { InvoiceNumbering } from '../warehouse/invoice-numbering.js';

/** `sentence`: the refusal as a catalogue key, for a desk that says it in its own language. */
/** A shipment a bulk claim did not get, and why: English, and the same words as keys for the desk. */
export interface ClaimRefusal {
  shipmentId: string;
  reason: string;
  sentences?: KeyedSentence[];
}

export type ClaimAnswer = { ok: true } | { ok: false; text: string; sentence?: KeyedSentence };

export interface PackedSerialIn {
  serial: string;
  sku?: string;
}

export interface DeskClaims {
  /** Claims the shipment for this desk (a lease renewed while it is open); a refusal says who holds it or why claims wait. */
  claim(shipmentId: string, operator: string): Promise<ClaimAnswer>;
  /** False once the desk lost the claim (a lead released it, or its lease ran out and another desk took it). */
  holds(shipmentId: string): boolean;
  /**
   * Just before a pack: renews the claims in the database and returns the ids the desk still
   * holds (while the database is away: those it holds as far as it knows).
   */
  confirm(shipmentIds: readonly string[]): Promise<string[]>;
  /**
   * Just before a pack is sent: the ids whose lease lasts long enough for the pack to land (the
   * lease is renewed first when it runs low). The others must not be sent: their lease lapsed
   * (another desk may take them over) or cannot be renewed while the database is away.
   */
  ensureLease(shipmentIds: readonly string[]): Promise<string[]>;
  /** The desk lets go (put aside, closed, not packed). Never rejects: an unreachable database lets the lease run out. */
  release(shipmentId: string): Promise<void>;
  /** Where a serial scanned for this shipment was already packed, in words; undefined when it is free (or cannot be checked now). */
  serialPackedElsewhere(serial: string, shipmentId: string): Promise<SaidWords | undefined>;
  /** Registers the shipment's serials just before the pack, all or none; a conflict comes back in words. */
  reserveSerials(shipmentId: string, operator: string, serials: readonly PackedSerialIn[]): Promise<SaidWords | undefined>;
  /** The marketplace refused the pack: the shipment's serials are free again. */
  releaseSerials(shipmentId: string): Promise<void>;
  /** The marketplace took the pack: the claim becomes permanent (recorded later when the database is away). */
  packed(shipmentIds: readonly string[]): Promise<void>;
  /** A wave's bulk claim: the ids this desk now holds, the others with why they were left out. */
  claimMany(shipmentIds: readonly string[], operator: string, waveId: string): Promise<{ claimed: string[]; refused: ClaimRefusal[] }>;
  /** Told when the desk loses a claim it held. */
  onLost(listener: (shipmentIds: string[]) => void): () => void;
}

/** The invoice numbers the desk and the wave use: the desk's own series, or the warehouse's behind the async interface. */
export type DeskInvoices = InvoiceSeries | InvoiceNumbering;
