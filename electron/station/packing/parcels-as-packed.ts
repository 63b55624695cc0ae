// The parcels of a packed shipment, as the packer packed them: how many, and each one's measured
// size and weight. The box slips, the loading list at the truck and its counts all ask here, so a
// shipment packed as one box is one parcel everywhere, however many order lines it holds.
//
// The truth is what the pack request sent (spec § POST /v3/shipments/labels: one element of
// subShipments[] per parcel, with its dimensions), kept in the journal with the pack's intent
// (`request.parcels`). A shipment this desk did not pack (another desk, the seller's dashboard)
// falls back to the marketplace's record: one parcel per sub-shipment (spec § Concepts), sized
// by its packages. The listing's sizes are the last resort, only where nothing measured exists.
import { z } from 'zod';
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { boxCode } from '../../../shared/box-codes.js';
import { packageTitles } from '../../../shared/package-titles.js';
import type { JournalCursor, JournalTail } from '../journal/journal-cursor.js';
import type { JournalRecord } from '../journal/records.js';
import type { ProductFacts } from './pack-session.js';

/** One parcel as the pack request sent it. */
export const SentParcel = z.object({
  subShipmentId: z.string().min(1),
  length: z.number().positive(),
  breadth: z.number().positive(),
  height: z.number().positive(),
  weightKg: z.number().nonnegative(),
});
export type SentParcel = z.infer<typeof SentParcel>;

/** What a pack intent keeps of its requests: the parcels sent, per shipment. */
const SentNote = z.record(z.string(), z.array(SentParcel).min(1));

/** A parcel of a packed shipment, numbered as the slips and the truck number it. */
export interface PackedParcel {
  /** 1-based. */
  box: number;
  of: number;
  /** The slip's barcode ("SH…-2OF3"), shared/box-codes.ts. */
  code: string;
  subShipmentId?: string;
  title: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
  /** Where the size and weight come from: the pack as sent, the marketplace's record, the listing. */
  source: 'packed' | 'record' | 'listing';
}

/** The parcels one pack request element sends, in its order. */
export function sentParcels(request: PackShipmentRequest): SentParcel[] {
  return (request.subShipments ?? []).flatMap((s) => {
    const d = s.dimensions;
    const weightKg = d?.weight ?? d?.width;
    const parcel = SentParcel.safeParse({ subShipmentId: s.subShipmentId ?? s.subShipment, length: d?.length, breadth: d?.breadth, height: d?.height, weightKg });
    return parcel.success ? [parcel.data] : [];
  });
}

/** The note a pack intent carries (`request.parcels`), so the parcels outlive the request. */
export function parcelsNote(requests: Iterable<PackShipmentRequest>): { parcels: Record<string, SentParcel[]> } {
  const parcels: Record<string, SentParcel[]> = {};
  for (const r of requests) {
    const sent = sentParcels(r);
    if (sent.length > 0) parcels[r.shipmentId] = sent;
  }
  return { parcels };
}

type Box = { length: number; breadth: number; height: number; weight?: number };
type RecordPackage = ShipmentWire['subShipments'][number]['packages'][number];

/**
 * The parcels of `shipment`: those the pack sent when known, else one per sub-shipment of the
 * marketplace's record. `listing` sizes a parcel only when neither has a measurement.
 */
export function parcelsOf(shipment: ShipmentWire, sent?: readonly SentParcel[], listing?: (sku: string) => ProductFacts | undefined): PackedParcel[] {
  const subs = shipment.subShipments;
  const subOf = (id: string | undefined, n: number) => subs.find((s) => s.subShipmentId === id) ?? subs[n];
  const titleOf = (sub: (typeof subs)[number] | undefined, n: number) => (sub ? packageTitles(sub.packages.map((p) => p.packageTitle ?? p.packageSku ?? p.packageId)) : `${n + 1}`);
  const of = sent && sent.length > 0 ? sent.length : Math.max(1, subs.length);
  const numbered = (n: number) => ({ box: n + 1, of, code: boxCode(shipment.shipmentId, n + 1, of) });
  if (sent && sent.length > 0) {
    return sent.map((p, n) => {
      const sub = subOf(p.subShipmentId, n);
      return { ...numbered(n), subShipmentId: p.subShipmentId, title: titleOf(sub, n), dimensions: { length: p.length, breadth: p.breadth, height: p.height }, weightKg: p.weightKg, source: 'packed' as const };
    });
  }
  const facts = listing?.(shipment.orderItems[0]?.sku ?? '');
  return Array.from({ length: of }, (_, n) => {
    const sub = subs[n];
    const recorded = boxOfPackages(sub?.packages ?? []);
    // A multi-package listing sizes one package per sub-shipment; otherwise the largest package.
    const listed = subs.length > 1 ? facts?.packages?.[n] : largest(facts?.packages ?? []);
    const box = recorded ?? listed;
    return {
      ...numbered(n),
      ...(sub ? { subShipmentId: sub.subShipmentId } : {}),
      title: titleOf(sub, n),
      ...(box ? { dimensions: { length: box.length, breadth: box.breadth, height: box.height } } : {}),
      ...(box?.weight !== undefined ? { weightKg: box.weight } : {}),
      source: recorded ? ('record' as const) : ('listing' as const),
    };
  });
}

/** One parcel holding the record's packages: the largest one's sides, every unit's weight. */
function boxOfPackages(packages: readonly RecordPackage[]): Box | undefined {
  const boxes: Box[] = [];
  let weight = 0;
  let weighed = true;
  for (const p of packages) {
    const d = p.dimensions;
    if (!d) return undefined;
    boxes.push({ length: d.length, breadth: d.breadth, height: d.height });
    if (d.weight === undefined) weighed = false;
    else weight += d.weight * Math.max(1, p.quantity ?? 1);
  }
  const big = largest(boxes);
  return big && { ...big, ...(weighed ? { weight: Math.round(weight * 1000) / 1000 } : {}) };
}

function largest<T extends Box>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of items) if (!best || p.length * p.breadth * p.height > best.length * best.breadth * best.height) best = p;
  return best;
}

/** The journal as this reader follows it: only the lines written since its last read. */
export interface PackJournal {
  recordsSince(after: number, cursor?: JournalCursor): Promise<JournalTail>;
}

/** Shipments remembered at most: about a quarter of a year of a busy desk's packs. */
export const MAX_REMEMBERED_SHIPMENTS = 100_000;

/**
 * The parcels this desk's packs sent, read from the journal's pack intents. It follows the
 * journal (each call reads only what was written since), so a pack just sent, a wave's batch
 * and a reprint days later all find the same parcels, before and after a restart. A pack the
 * marketplace refused does not count: the parcels of the pack before it (if any) stay.
 */
export class ParcelsAsPacked {
  private readonly sent = new Map<string, { intentId: string; parcels: SentParcel[] }[]>();
  private readonly targets = new Map<string, string[]>();
  private cursor: JournalCursor | undefined;
  private after = 0;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly journal: PackJournal,
    private readonly limit = MAX_REMEMBERED_SHIPMENTS,
  ) {}

  /** The parcels the pack of each shipment sent, for those this desk's journal holds. */
  async sentFor(shipmentIds: readonly string[]): Promise<Map<string, SentParcel[]>> {
    await this.catchUp();
    const out = new Map<string, SentParcel[]>();
    for (const id of shipmentIds) {
      const last = this.sent.get(id)?.at(-1);
      if (last) out.set(id, last.parcels);
    }
    return out;
  }

  /** The parcels of each shipment (in the order given), as parcelsOf says. */
  async of(shipments: readonly ShipmentWire[], listing?: (sku: string) => ProductFacts | undefined): Promise<Map<string, PackedParcel[]>> {
    const sent = await this.sentFor(shipments.map((s) => s.shipmentId));
    return new Map(shipments.map((s) => [s.shipmentId, parcelsOf(s, sent.get(s.shipmentId), listing)]));
  }

  private catchUp(): Promise<void> {
    // One read at a time: two readers must not both apply the same lines.
    this.reading = this.reading.then(async () => {
      const tail = await this.journal.recordsSince(this.after, this.cursor);
      for (const record of tail.records) this.apply(record);
      this.cursor = tail.cursor;
      this.after = tail.records.at(-1)?.seq ?? this.after;
    });
    return this.reading;
  }

  private apply(record: JournalRecord): void {
    if (record.type === 'intent' && record.op === 'pack') {
      const note = SentNote.safeParse(record.request.parcels);
      if (!note.success) return;
      for (const [id, parcels] of Object.entries(note.data)) {
        const kept = this.sent.get(id) ?? [];
        this.sent.delete(id); // re-inserted last: the oldest shipments are forgotten first
        this.sent.set(id, [...kept.slice(-1), { intentId: record.id, parcels }]);
      }
      this.targets.set(record.id, Object.keys(note.data));
      this.forgetOldest();
    } else if (record.type === 'outcome') {
      const ids = this.targets.get(record.intentId);
      if (!ids || record.status === 'unknown') return;
      this.targets.delete(record.intentId);
      if (record.status === 'ok') return;
      // A batch names the shipments refused; a single pack's refusal is its one shipment's.
      const named = record.result?.failed;
      const refused = Array.isArray(named) ? ids.filter((id) => named.includes(id)) : ids;
      for (const id of refused) {
        const left = (this.sent.get(id) ?? []).filter((s) => s.intentId !== record.intentId);
        if (left.length > 0) this.sent.set(id, left);
        else this.sent.delete(id);
      }
    }
  }

  private forgetOldest(): void {
    for (const id of this.sent.keys()) {
      if (this.sent.size <= this.limit) break;
      this.sent.delete(id);
    }
    // Intents whose outcome never came are few; bound them the same way.
    for (const id of this.targets.keys()) {
      if (this.targets.size <= this.limit) break;
      this.targets.delete(id);
    }
  }
}
