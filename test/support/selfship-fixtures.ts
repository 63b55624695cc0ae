// Shipments for the return and self-ship tests, built as marketplace records and put straight
// into the sandbox world: a SELF shipment (with or without an installation service) and a
// standard shipment in any item status. Ids sit in a high range so they never meet the seed's.
import { formatId } from '../../shared/api/ids.js';
import type { OrderItemStatus } from '../../shared/api/enums.js';
import type { OrderItemRec, ShipmentRec } from '../../electron/sandbox/world/model.js';
import type { TestSandbox } from './sandbox.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIXTURE_BASE = 90_000_000_000_000;

export interface FixtureOptions {
  /** Build it for the other seller (for "not yours" cases). */
  other?: boolean;
  /** Self ship: add an installation service item (status ACTIVATED). */
  service?: boolean;
  /** Status of the order items; the self-ship status follows it. */
  itemStatus?: OrderItemStatus;
  /** Dispatch-by date relative to the sandbox's now. */
  dispatchByInMs?: number;
  dispatchAfterInMs?: number;
  hold?: boolean;
  items?: number;
}

function orderItem(n: number, orderId: string, status: OrderItemStatus, orderDate: string): OrderItemRec {
  return {
    orderItemId: formatId('OI', FIXTURE_BASE * 100 + n),
    orderId,
    fsn: 'WMNABCDEFGH12345',
    sku: `FRIDGE-${n}`,
    listingId: `LSTWMN${n}`,
    title: 'Double door refrigerator 340 L',
    hsn: '84182100',
    quantity: 1,
    cancellationGroupId: `CG${n}`,
    isReplacement: false,
    priceComponents: { sellingPrice: 30000, totalPrice: 30000, shippingCharge: 0, customerPrice: 30000, emi: 0, marketplaceDiscount: 0 },
    orderDate,
    courierReturn: false,
    status,
    packageIds: [],
    paymentType: 'PREPAID',
    serviceProfile: 'Seller_Fulfilment',
    serialized: false,
    refurbished: false,
    taxCode: 'GST_18',
    mrp: 35000,
  };
}

function build(sb: TestSandbox, type: 'SELF' | 'NORMAL', o: FixtureOptions): ShipmentRec {
  const world = sb.world;
  const n = world.nextCounter('testFixture');
  const now = world.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const seller = world.sellers.get(o.other ? sb.info.otherSellerId : sb.info.sellerId)!;
  const orderId = formatId('OD', FIXTURE_BASE * 100 + n);
  const status = o.itemStatus ?? 'APPROVED';
  const items = Array.from({ length: o.items ?? 1 }, (_, i) => orderItem(n * 10 + i, orderId, status, iso(now - DAY)));
  const shipment: ShipmentRec = {
    shipmentId: formatId('SH', FIXTURE_BASE + n),
    sellerId: seller.sellerId,
    locationId: seller.locations[0].locationId,
    shipmentType: type,
    mps: false,
    hold: o.hold ?? false,
    dispatchAfterDate: iso(now + (o.dispatchAfterInMs ?? -HOUR)),
    dispatchByDate: iso(now + (o.dispatchByInMs ?? DAY)),
    updatedAt: iso(now - DAY),
    packagingPolicy: 'NA',
    orderItems: items,
    forms: [],
    subShipments: [{ subShipmentId: `SS${n}`, packages: [] }],
    deliveryAddress: { ...seller.locations[0].address, firstName: 'Asha', lastName: 'Rao' },
    trackingId: type === 'NORMAL' ? `MPLT${String(n).padStart(10, '0')}` : '',
    vendorGroupCode: `${seller.locations[0].locationId}-${type}`,
  };
  if (type === 'SELF') {
    const ssStatus = status === 'SHIPPED' ? 'SHIPPED' : status === 'DELIVERED' ? 'DELIVERED' : status === 'COMPLETED' ? 'COMPLETE' : 'APPROVED';
    shipment.selfShip = { status: ssStatus, deliveryBy: iso(now + 5 * DAY), attempts: [] };
    if (ssStatus !== 'APPROVED') shipment.selfShip.dispatchedAt = iso(now - 2 * HOUR);
    if (ssStatus === 'DELIVERED' || ssStatus === 'COMPLETE') shipment.selfShip.deliveredAt = iso(now - HOUR);
    if (o.service) {
      shipment.selfShip.service = {
        serviceFulfilmentId: `SFT${String(n).padStart(13, '0')}`,
        description: 'Installation',
        status: ssStatus === 'DELIVERED' ? 'IN_PROGRESS' : ssStatus === 'COMPLETE' ? 'COMPLETE' : 'ACTIVATED',
        serviceByDate: iso(now + 7 * DAY),
        createdAt: iso(now - DAY),
        attempts: [],
      };
    }
  }
  world.addShipment(shipment);
  return shipment;
}

/** A SELF shipment (spec § Self Ship order and service item), APPROVED unless told otherwise. */
export function selfShipShipment(sb: TestSandbox, o: FixtureOptions = {}): ShipmentRec {
  return build(sb, 'SELF', o);
}

/** A standard (NORMAL) shipment, DELIVERED unless told otherwise. */
export function standardShipment(sb: TestSandbox, o: FixtureOptions = {}): ShipmentRec {
  return build(sb, 'NORMAL', { itemStatus: 'DELIVERED', ...o });
}

/**
 * Order-item statuses of a shipment as the seller sees them: from GET /v3/shipments when that
 * operation is served, else (while it is not) from the marketplace's record of the shipment.
 */
export async function itemStatuses(sb: TestSandbox, shipmentId: string): Promise<string[]> {
  const r = await sb.call('GET', `/sellers/v3/shipments?shipmentIds=${shipmentId}`);
  if (r.status === 200) {
    const s = (r.json.shipments as { shipmentId: string; orderItems: { status: string }[] }[]).find((x) => x.shipmentId === shipmentId);
    return s ? s.orderItems.map((i) => i.status) : [];
  }
  if (r.status !== 404 || r.json?.code !== 'NOT_FOUND') throw new Error(`GET /v3/shipments answered ${r.status}`);
  return sb.world.shipments.get(shipmentId)!.orderItems.map((i) => i.status);
}

/** Event kinds after a sequence number for a return or shipment, read from GET /sandbox/events. */
export async function eventsFor(sb: TestSandbox, id: string, since = 0): Promise<string[]> {
  const kinds: string[] = [];
  let cursor = since;
  for (;;) {
    const r = await sb.call('GET', `/sandbox/events?since=${cursor}`, { token: null });
    if (r.status !== 200) throw new Error(`GET /sandbox/events answered ${r.status}`);
    const events = r.json.events as { seq: number; kind: string; returnId?: string; shipmentId?: string }[];
    if (events.length === 0) return kinds;
    for (const e of events) if (e.returnId === id || e.shipmentId === id) kinds.push(e.kind);
    cursor = r.json.next;
  }
}

export function lastSeq(sb: TestSandbox): number {
  return sb.world.events.length ? sb.world.events[sb.world.events.length - 1].seq : 0;
}

/** Creates a return through the sandbox control API (POST /sandbox/returns). */
export async function createReturnVia(sb: TestSandbox, orderItemId: string, kind: 'standard' | 'courier' | 'customer'): Promise<string> {
  const r = await sb.call('POST', '/sandbox/returns', { token: null, body: { orderItemId, kind } });
  if (r.status !== 200) throw new Error(`POST /sandbox/returns answered ${r.status}: ${r.bytes.toString('utf8')}`);
  return r.json.returnId as string;
}

/** One return as GET /v2/returns?returnIds= shows it to the seller. */
export async function getReturn(sb: TestSandbox, returnId: string): Promise<any> {
  const r = await sb.call('GET', `/sellers/v2/returns?returnIds=${returnId}`);
  if (r.status !== 200) throw new Error(`GET /v2/returns answered ${r.status}`);
  return r.json.returnItems.find((x: { returnId: string }) => x.returnId === returnId);
}

/** An ISO date-time relative to the sandbox's now. */
export function at(sb: TestSandbox, offsetMs = 0): string {
  return new Date(sb.world.now() + offsetMs).toISOString();
}

export { HOUR, DAY };
