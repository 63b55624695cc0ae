// What parcels a packed shipment has, read from a real journal on disk: the parcels the pack
// request sent (a desk's single pack, a wave's batch), not those of a pack the marketplace
// refused, the same after the journal is opened again (a restart); without a journaled pack, the
// marketplace record's sub-shipments, sized by its packages and never by the listing when the
// record has sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import { Journal } from '../../../electron/station/journal/journal.js';
import { parcelsNote, parcelsOf, ParcelsAsPacked } from '../../../electron/station/packing/parcels-as-packed.js';
import { shipment as shipmentWire } from '../../support/shipment-wire.js';

const clock = { now: () => new Date('2026-11-28T06:00:00Z') };
const who = { operator: 'Asha', desk: 'Desk 1' };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function openJournal(dir?: string): Promise<{ journal: Journal; dir: string }> {
  const at = dir ?? mkdtempSync(join(tmpdir(), 'parcels-journal-'));
  if (!dir) dirs.push(at);
  return { journal: await Journal.open({ dir: at, clock }), dir: at };
}

/** A pack request element of `boxes` parcels, each n cm longer than the last. */
function request(shipmentId: string, boxes: number, base = 40): PackShipmentRequest {
  return {
    shipmentId,
    subShipments: Array.from({ length: boxes }, (_, n) => ({ subShipmentId: `${shipmentId}-${n + 1}`, subShipment: `${shipmentId}-${n + 1}`, dimensions: { length: base + n, breadth: 30, height: 20, weight: 2.5 + n } })),
  };
}

async function journalPack(journal: Journal, requests: PackShipmentRequest[], outcome: { status: 'ok' | 'failed'; failed?: string[] }): Promise<void> {
  const intent = await journal.appendIntent({ op: 'pack', targets: { shipmentIds: requests.map((r) => r.shipmentId) }, request: { count: requests.length, ...parcelsNote(requests) }, ...who });
  await journal.appendOutcome({ intentId: intent.id, status: outcome.status, ...(outcome.failed ? { result: { failed: outcome.failed } } : {}) });
}

describe('the parcels a packed shipment has', () => {
  it('are those its pack sent, each with its measured size and weight, numbered with its slip code', async () => {
    const { journal } = await openJournal();
    await journalPack(journal, [request('SH1', 3)], { status: 'ok' });
    const parcels = new ParcelsAsPacked(journal);
    const shipment = shipmentWire({ shipmentId: 'SH1', subShipments: [1, 2, 3].map((n) => ({ subShipmentId: `SH1-${n}`, packages: [{ packageId: `P${n}`, packageTitle: `Part ${n}`, dimensions: { length: 10, breadth: 10, height: 10, weight: 1 } }] })) });
    const [got] = [...(await parcels.of([shipment])).values()];
    expect(got).toEqual([1, 2, 3].map((box) => expect.objectContaining({ box, of: 3, code: `SH1-${box}OF3`, title: `Part ${box}`, dimensions: { length: 39 + box, breadth: 30, height: 20 }, weightKg: 1.5 + box, source: 'packed' })));
    await journal.close();
  });

  it('a pack the marketplace refused does not count, in a batch only for the shipments it names; the journal opened again says the same', async () => {
    const { journal, dir } = await openJournal();
    await journalPack(journal, [request('SH1', 2, 50)], { status: 'ok' });
    const parcels = new ParcelsAsPacked(journal);
    expect((await parcels.sentFor(['SH1'])).get('SH1')?.map((p) => p.length)).toEqual([50, 51]);
    // Packed again with other sizes and refused: the first pack's parcels stay.
    await journalPack(journal, [request('SH1', 1, 70)], { status: 'failed' });
    // A wave's batch: SH2 refused, SH3 packed.
    await journalPack(journal, [request('SH2', 2), request('SH3', 3)], { status: 'failed', failed: ['SH2'] });
    const sent = await parcels.sentFor(['SH1', 'SH2', 'SH3']);
    expect(sent.get('SH1')?.map((p) => p.length)).toEqual([50, 51]);
    expect(sent.has('SH2')).toBe(false);
    expect(sent.get('SH3')).toHaveLength(3);
    await journal.close();

    const reopened = (await openJournal(dir)).journal;
    const after = await new ParcelsAsPacked(reopened).sentFor(['SH1', 'SH2', 'SH3']);
    expect(Object.fromEntries([...after].map(([id, p]) => [id, p.map((x) => x.length)]))).toEqual({ SH1: [50, 51], SH3: [40, 41, 42] });
    await reopened.close();
  });

  it("without a pack in the journal: one parcel per sub-shipment of the marketplace's record, sized by its packages, the listing only where the record has no size", () => {
    // One sub-shipment holding two order lines' packages: one parcel, not two.
    const twoLines = shipmentWire({ shipmentId: 'SH4', subShipments: [{ subShipmentId: 'SH4-1', packages: [
      { packageId: 'A', packageTitle: 'Polybag', quantity: 1, dimensions: { length: 30, breadth: 20, height: 5, weight: 0.3 } },
      { packageId: 'A', packageTitle: 'Polybag', quantity: 1, dimensions: { length: 30, breadth: 20, height: 5, weight: 0.3 } },
    ] }] });
    const listing = () => ({ serialized: false, refurbished: false, taxCode: 'GST_5', barcodes: [], packages: [{ length: 99, breadth: 99, height: 99, weight: 9 }] });
    expect(parcelsOf(twoLines, undefined, listing)).toEqual([expect.objectContaining({ box: 1, of: 1, title: '2 × Polybag', dimensions: { length: 30, breadth: 20, height: 5 }, weightKg: 0.6, source: 'record' })]);
    const unsized = shipmentWire({ shipmentId: 'SH5', subShipments: [{ subShipmentId: 'SH5-1', packages: [{ packageId: 'B', packageTitle: 'Carton' }] }] });
    expect(parcelsOf(unsized, undefined, listing)).toEqual([expect.objectContaining({ of: 1, dimensions: { length: 99, breadth: 99, height: 99 }, weightKg: 9, source: 'listing' })]);
  });
});

