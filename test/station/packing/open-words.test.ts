// What the packer reads when a shipment opens: the units in plain words, the boxes counted.
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../electron/station/packing/pack-session.js';
import { orderItem, shipment } from '../../support/shipment-wire.js';

const noFacts = () => undefined;

describe('opening a shipment', () => {
  it('asks for "its unit" when there is one, and "each of its N units" otherwise', () => {
    expect(openSession('s1', shipment({ shipmentId: 'SH1', orderItems: [orderItem({ sku: 'MUG', quantity: 1 })] }), noFacts).feedback.text).toBe('Shipment SH1 opened: scan its unit.');
    expect(openSession('s2', shipment({ shipmentId: 'SH2', orderItems: [orderItem({ sku: 'MUG', quantity: 3 })] }), noFacts).feedback.text).toBe('Shipment SH2 opened: scan each of its 3 units.');
  });
});
