// Which shipments a wave by SKU leaves to the desk, and the words it gives: one SKU on two order
// lines is units of that SKU, not "different items".
import { describe, expect, it } from 'vitest';
import { skuWaveRefusal } from '../../../electron/station/packing/wave-plan.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';

const shipment = (items: { sku: string; quantity: number }[]) => ({ shipmentId: 'SH00000000000012', orderItems: items }) as unknown as ShipmentWire;

describe('a wave by SKU', () => {
  it('takes a single unit of the SKU', () => {
    expect(skuWaveRefusal(shipment([{ sku: 'KTC-STD-004', quantity: 1 }]), 'KTC-STD-004')).toBeUndefined();
  });
  it('names the units of one SKU on two lines, not different items', () => {
    const reason = skuWaveRefusal(shipment([{ sku: 'KTC-STD-004', quantity: 1 }, { sku: 'KTC-STD-004', quantity: 2 }]), 'KTC-STD-004');
    expect(reason?.text).toMatch(/^Holds 3 units of KTC-STD-004/);
    // The same words as a key, for the desk's language.
    expect(reason?.sentences).toEqual([{ key: 'station.wave.units', params: { n: 3, sku: 'KTC-STD-004' } }]);
  });
  it('names different items when the shipment holds another SKU', () => {
    const reason = skuWaveRefusal(shipment([{ sku: 'KTC-STD-004', quantity: 1 }, { sku: 'TSH-M-BLK-001', quantity: 1 }]), 'KTC-STD-004');
    expect(reason?.text).toMatch(/^Holds 2 different items, not only KTC-STD-004/);
    expect(reason?.sentences).toEqual([{ key: 'station.wave.mixedItems', params: { n: 2, sku: 'KTC-STD-004' } }]);
  });
});
