// The parcel a wave declares (parcelsFromListing) and the search over every service profile the
// seller packs, as pure functions: every unit's package weight counts, a listing package that
// says how many units it holds counts once per that many, and one search goes out per profile.
import { describe, expect, it } from 'vitest';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { parcelsFromListing } from '../../../electron/station/packing/pack-request.js';
import type { ProductFacts } from '../../../electron/station/packing/pack-session.js';
import { unitsHeld } from '../../../electron/station/packing/product-facts.js';
import { perServiceProfile, searchAllSellerPacked } from '../../../electron/station/packing/seller-search.js';

const facts = (packages: ProductFacts['packages']): ProductFacts => ({ serialized: false, refurbished: false, taxCode: 'GST_18', barcodes: [], packages });
const item = (sku: string, quantity: number) => ({ orderItemId: `OI-${sku}`, orderId: 'OD1', sku, quantity }) as unknown as ShipmentWire['orderItems'][number];
const shipment = (items: ShipmentWire['orderItems'], subs = 1) =>
  ({ shipmentId: 'SH1', orderItems: items, subShipments: Array.from({ length: subs }, (_, i) => ({ subShipmentId: `SH1-${i + 1}`, packages: [] })) }) as unknown as ShipmentWire;

const TEE = { length: 30, breadth: 25, height: 3, weight: 0.25 };
const SHOES = { length: 33, breadth: 22, height: 12, weight: 0.9 };
const catalogue: Record<string, ProductFacts> = {
  TEE: facts([TEE]),
  SHOES: facts([SHOES]),
  SOCKS6: facts([{ length: 20, breadth: 15, height: 10, weight: 0.6, units: 6 }]),
  SOFA: facts([{ length: 200, breadth: 90, height: 40, weight: 30 }, { length: 90, breadth: 90, height: 30, weight: 12 }]),
};
const of = (sku: string) => catalogue[sku];

describe('the weight and size a wave declares', () => {
  it('two T-shirts weigh two packages, not one', () => {
    const [p] = parcelsFromListing(shipment([item('TEE', 2)]), of)!;
    expect(p.weightKg).toBe(0.5);
    expect(p.dimensions).toEqual({ length: 30, breadth: 25, height: 3 });
  });

  it('several items: the sum of every unit, the largest package’s dimensions', () => {
    const [p] = parcelsFromListing(shipment([item('TEE', 2), item('SHOES', 1)]), of)!;
    expect(p.weightKg).toBe(1.4);
    expect(p.dimensions).toEqual({ length: 33, breadth: 22, height: 12 });
  });

  it('a listing package that holds 6 units counts once per 6 units', () => {
    expect(parcelsFromListing(shipment([item('SOCKS6', 6)]), of)![0].weightKg).toBe(0.6);
    expect(parcelsFromListing(shipment([item('SOCKS6', 7)]), of)![0].weightKg).toBe(1.2);
  });

  it('a multi-package product: each box per unit ordered', () => {
    const parcels = parcelsFromListing(shipment([item('SOFA', 2)], 2), of)!;
    expect(parcels.map((p) => p.weightKg)).toEqual([60, 24]);
  });

  it('reads how many units a package holds from its words, else one', () => {
    expect(unitsHeld('Carton: holds 6 units')).toBe(6);
    expect(unitsHeld('Pack of 2 socks')).toBe(2);
    expect(unitsHeld('Box for 12 pieces')).toBe(12);
    expect(unitsHeld('Polybag of Cotton T-Shirt (M)')).toBeUndefined();
    expect(unitsHeld('Shoe box holds 1 pair')).toBeUndefined();
  });
});

describe('the search over every service profile the seller packs', () => {
  it('one filter per profile (spec: serviceProfiles is one String, default NON_FBF)', () => {
    expect(perServiceProfile({ type: 'preDispatch' }).map((f) => f.serviceProfiles)).toEqual(['NON_FBF', 'FBF_LITE']);
    expect(perServiceProfile({ type: 'preDispatch', serviceProfiles: 'FBF_LITE' })).toHaveLength(1);
  });

  it('merges the profiles’ pages, each shipment once', async () => {
    const sent: unknown[] = [];
    const pagesOf: Record<string, string[][]> = { NON_FBF: [['SH1', 'SH2'], ['SH3']], FBF_LITE: [['SH3', 'SH4']] };
    const orders = {
      async *searchPages(req: { filter: { serviceProfiles?: unknown } }) {
        sent.push(req.filter.serviceProfiles);
        for (const page of pagesOf[req.filter.serviceProfiles as string]) yield page.map((shipmentId) => ({ shipmentId }) as ShipmentWire);
        return { capped: false };
      },
    };
    const r = await searchAllSellerPacked(orders as never, { filter: { type: 'preDispatch' } });
    expect(new Set(sent)).toEqual(new Set(['NON_FBF', 'FBF_LITE']));
    expect(r.shipments.map((s) => s.shipmentId).sort()).toEqual(['SH1', 'SH2', 'SH3', 'SH4']);
  });
});
