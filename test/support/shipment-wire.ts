// Shipment records as the marketplace sends them (shared/api/shipments.ts), for pure tests of
// the pack workflow. Integration tests take real ones from the sandbox instead.
import type { ShipmentWire, OrderItemWire } from '../../shared/api/shipments.js';

export function orderItem(over: Partial<OrderItemWire> & { sku: string }): OrderItemWire {
  return {
    orderItemId: 'OI0000000000000001',
    orderId: 'OD0000000000000001',
    fsn: 'MOBABCDEFGHIJKLM',
    listingId: 'LST1',
    title: over.sku,
    quantity: 1,
    priceComponents: { sellingPrice: 1000, totalPrice: 1040, shippingCharge: 40, customerPrice: 1000 },
    orderDate: '2026-11-20T10:00:00.000Z',
    status: 'APPROVED',
    ...over,
  };
}

export function shipment(over: Partial<ShipmentWire> = {}): ShipmentWire {
  return {
    shipmentId: 'SH00000000000001',
    dispatchByDate: '2026-11-22T10:00:00.000Z',
    dispatchAfterDate: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    hold: false,
    locationId: 'LOC1001',
    orderItems: [orderItem({ sku: 'TSHIRT-M' })],
    forms: [],
    subShipments: [{ subShipmentId: 'SS1', packages: [{ packageId: 'P1', packageTitle: 'Box' }] }],
    ...over,
  };
}
