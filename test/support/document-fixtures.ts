// Small builders of the records the documents print: a seller with one location in Karnataka,
// and packed shipments whose buyer, payment, items, packages and serial numbers a test can vary.
import { formatId } from '../../shared/api/ids.js';
import type { Address, LocationRec, OrderItemRec, PackRecord, Seller, ShipmentRec } from '../../electron/sandbox/world/model.js';

export function address(overrides: Partial<Address> = {}): Address {
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    addressLine1: '14, 3rd Cross, Indiranagar',
    addressLine2: 'Near the metro station',
    city: 'Bengaluru',
    stateName: 'Karnataka',
    stateCode: 'KA',
    pincode: '560038',
    contactNumber: '9876543210',
    email: 'asha@example.in',
    ...overrides,
  };
}

export const BUYER_IN_MAHARASHTRA: Partial<Address> = {
  firstName: 'Vikram',
  lastName: 'Deshpande',
  addressLine1: 'Flat 902, Sea Breeze Towers',
  addressLine2: 'Bandra West',
  city: 'Mumbai',
  stateName: 'Maharashtra',
  stateCode: 'MH',
  pincode: '400050',
};

export function location(overrides: Partial<LocationRec> = {}): LocationRec {
  return {
    locationId: 'LOC0001',
    name: 'Peenya warehouse',
    address: address({
      firstName: '',
      lastName: '',
      addressLine1: 'Plot 22, Peenya Industrial Area',
      addressLine2: '2nd Phase',
      city: 'Bengaluru',
      pincode: '560058',
      contactNumber: '8040001111',
      email: 'dispatch@example.in',
    }),
    ...overrides,
  };
}

export function seller(overrides: Partial<Seller> = {}): Seller {
  const loc = location();
  return {
    sellerId: 'seller-1',
    name: 'Kaveri Electronics',
    locations: [loc],
    autoInvoicing: false,
    username: 'kaveri',
    password: 'not-a-real-password',
    invoiceCounter: 1,
    ...overrides,
  };
}

export interface ItemSpec {
  title?: string;
  sku?: string;
  quantity?: number;
  /** Line amount the buyer pays (priceComponents.totalPrice). */
  totalPrice?: number;
  taxRate?: number;
  serials?: string[][];
  paymentType?: 'COD' | 'PREPAID';
}

export interface ShipmentSpec {
  n: number;
  items?: ItemSpec[];
  buyer?: Partial<Address>;
  /** Sub-shipment dimensions measured at pack; one entry per package. */
  packages?: { length: number; breadth: number; height: number; weight?: number }[];
  packed?: boolean;
  trackingId?: string;
  shipmentType?: 'NORMAL' | 'SELF';
}

/** A shipment numbered `n` (ids SH/OD/OI derived from it), packed unless told otherwise. */
export function shipment(spec: ShipmentSpec): ShipmentRec {
  const { n } = spec;
  const shipmentId = formatId('SH', 7_000 + n);
  const orderId = formatId('OD', 5_000 + n);
  const itemSpecs = spec.items ?? [{}];
  const orderItems: OrderItemRec[] = itemSpecs.map((item, i) => {
    const total = item.totalPrice ?? 1180;
    return {
      orderItemId: formatId('OI', n * 10 + i),
      orderId,
      fsn: 'MOBABCDEFGH12345',
      sku: item.sku ?? `SKU-${n}-${i}`,
      listingId: `LST${n}${i}`,
      title: item.title ?? `Item ${i + 1} of shipment ${n}`,
      hsn: '85171300',
      quantity: item.quantity ?? 1,
      cancellationGroupId: `CG${n}`,
      isReplacement: false,
      priceComponents: { sellingPrice: total, totalPrice: total, shippingCharge: 0, customerPrice: total, emi: 0, marketplaceDiscount: 0 },
      orderDate: '2026-11-18T09:30:00.000Z',
      courierReturn: false,
      status: spec.packed === false ? 'APPROVED' : 'PACKED',
      packageIds: [],
      paymentType: item.paymentType ?? 'PREPAID',
      serviceProfile: 'NON_FBF',
      serialized: Boolean(item.serials),
      refurbished: false,
      taxCode: 'GST_18',
      mrp: total + 100,
    };
  });
  const dims = spec.packages ?? [{ length: 30, breadth: 20, height: 10, weight: 1.2 }];
  const subShipments = dims.map((_, i) => ({
    subShipmentId: `${shipmentId}-${i + 1}`,
    packages: [{ packageId: `PKG${n}${i}`, packageTitle: 'Box', packageSku: `BOX-${i}`, quantity: 1, dimensions: { length: 1, breadth: 1, height: 1, weight: 0.1 } }],
  }));
  const pack: PackRecord = {
    requestedAt: Date.parse('2026-11-20T05:00:00.000Z'),
    documentsReadyAt: Date.parse('2026-11-20T05:00:08.000Z'),
    invoiceNumber: `INV-2026-${String(n).padStart(5, '0')}`,
    invoiceDate: '2026-11-20',
    taxItems: orderItems.map((item, i) => ({ orderItemId: item.orderItemId, taxRate: itemSpecs[i].taxRate ?? 18, quantity: item.quantity })),
    serialNumbers: itemSpecs.flatMap((item, i) => (item.serials ? [{ orderItemId: orderItems[i].orderItemId, serialNumbers: item.serials }] : [])),
    subShipments: dims.map((d, i) => ({ subShipmentId: subShipments[i].subShipmentId, dimensions: d })),
  };
  return {
    shipmentId,
    sellerId: 'seller-1',
    locationId: 'LOC0001',
    shipmentType: spec.shipmentType ?? 'NORMAL',
    mps: dims.length > 1,
    hold: false,
    dispatchAfterDate: '2026-11-19T04:30:00.000Z',
    // 20:00 UTC is already the next day in IST: the label must show 22 Nov.
    dispatchByDate: '2026-11-21T20:00:00.000Z',
    updatedAt: '2026-11-20T05:00:08.000Z',
    packagingPolicy: 'DEFAULT',
    orderItems,
    forms: [],
    subShipments,
    deliveryAddress: address(spec.buyer),
    trackingId: spec.trackingId ?? `FMPC${String(880_000 + n).padStart(10, '0')}`,
    vendorGroupCode: 'VG-EKART-01',
    pack: spec.packed === false ? undefined : pack,
  };
}

/** Label / invoice input for a shipment of the default seller. */
export function documentInput(spec: ShipmentSpec): { shipment: ShipmentRec; seller: Seller; location: LocationRec } {
  const s = seller();
  return { shipment: shipment(spec), seller: s, location: s.locations[0] };
}
