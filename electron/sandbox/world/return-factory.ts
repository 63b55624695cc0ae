// Creates returns on order items (spec § Return (standard fulfilment), § Self Ship return). Used
// by the seed, by the sandbox control API and by tests.
//
// Choices where the spec says "not shown" (electron/sandbox/README.md, "Returns and self ship"):
// - The spec's standard table reads "(new) Return created: On an approved order item". We read
//   "approved" as "accepted by the marketplace and still live": any item of a standard shipment
//   that is not cancelled, not already returned and has no open return. An item that was
//   DELIVERED gets a customer return; any other gets a courier return (RTO) and courierReturn=true.
// - Every new return moves its order item to RETURN_REQUESTED (a completed return later makes it
//   RETURNED; a cancelled or rejected one puts it back, see returns/return-item-status.ts).
// - Event Return Created is emitted for every new return: it is the only creation event the spec
//   names (spec § Events), although self-ship returns start in REQUESTED or APPROVED.
import { formatId } from '../../../shared/api/ids.js';
import { orderError } from '../http/route.js';
import { STANDARD_RETURN_TRANSIT_MS, TECH_VISIT_WINDOW_MS } from '../returns/return-windows.js';
import type { World } from './world.js';
import type { OrderItemRec, ReturnRec, ServiceRec, ShipmentRec } from './model.js';

export type ReturnKind = 'standard' | 'courier' | 'customer';

/** Return states after which a new return may be created on the same item. */
const CLOSED_RETURN_STATES: readonly ReturnRec['status'][] = ['COMPLETED', 'CANCELLED', 'REJECTED'];

const CUSTOMER_REASONS = [
  { reason: 'Damaged product', subReason: 'product_damaged_on_arrival' },
  { reason: 'Not as described', subReason: 'size_or_colour_mismatch' },
  { reason: 'Defective product', subReason: 'does_not_work' },
];

/** The shipment and item an order item id names, or a 404 in the order-error shape. */
export function findOrderItem(world: World, orderItemId: string): { shipment: ShipmentRec; item: OrderItemRec } {
  const shipmentId = world.orderItemIndex.get(orderItemId);
  const shipment = shipmentId ? world.shipments.get(shipmentId) : undefined;
  const item = shipment?.orderItems.find((i) => i.orderItemId === orderItemId);
  if (!shipment || !item) throw orderError(404, 'INVALID_ORDER_ITEM', `No order item ${orderItemId}.`);
  return { shipment, item };
}

/** The return of an order item that is still open, if any. */
export function openReturnOf(world: World, orderItemId: string): ReturnRec | undefined {
  for (const r of world.returns.values()) {
    if (r.orderItemId === orderItemId && !CLOSED_RETURN_STATES.includes(r.status)) return r;
  }
  return undefined;
}

/** Throws ApiError (4xx) when the order item cannot have a return of this kind. */
export function createReturn(world: World, orderItemId: string, kind: ReturnKind): ReturnRec {
  const { shipment, item } = findOrderItem(world, orderItemId);
  const open = openReturnOf(world, orderItemId);
  if (open) throw orderError(409, 'RETURN_ALREADY_OPEN', `Order item ${orderItemId} already has return ${open.returnId} (${open.status}).`);
  if (item.status === 'CANCELLED' || item.status === 'RETURNED') {
    throw orderError(409, 'INVALID_ORDER_ITEM_STATE', `Order item ${orderItemId} is ${item.status}; it cannot be returned.`);
  }
  const self = shipment.shipmentType === 'SELF';
  if (kind === 'standard' && self) {
    throw orderError(409, 'INVALID_RETURN_TYPE', `Shipment ${shipment.shipmentId} is self ship: create a courier or customer return.`);
  }
  if (kind !== 'standard' && !self) {
    throw orderError(409, 'INVALID_RETURN_TYPE', `Shipment ${shipment.shipmentId} is not self ship: create a standard return.`);
  }
  const now = world.now();
  const nowIso = world.nowIso();
  const n = world.nextCounter('return');
  const base = {
    returnId: formatId('RT', n),
    sellerId: shipment.sellerId,
    orderItemId,
    orderId: item.orderId,
    shipmentId: shipment.shipmentId,
    locationId: shipment.locationId,
    quantity: item.quantity,
    comments: '',
    createdDate: nowIso,
    updatedDate: nowIso,
    attempts: [],
    itemStatusBefore: item.status,
  };
  const reverseTrackingId = `RV${shipment.shipmentId.slice(2)}`;
  let rec: ReturnRec;

  if (kind === 'standard') {
    // A delivered item comes back from the customer; any other is returned to origin (RTO).
    const fromCustomer = item.status === 'DELIVERED';
    if (!fromCustomer) item.courierReturn = true;
    const reason = fromCustomer ? CUSTOMER_REASONS[n % CUSTOMER_REASONS.length] : { reason: 'Undelivered', subReason: 'customer_not_available' };
    rec = {
      ...base,
      kind,
      status: 'CREATED',
      ...reason,
      expectedDate: new Date(now + STANDARD_RETURN_TRANSIT_MS).toISOString(),
      trackingId: fromCustomer ? reverseTrackingId : shipment.trackingId || reverseTrackingId,
      courierName: 'Marketplace Logistics',
    };
  } else if (kind === 'courier') {
    // Spec § Self Ship return: "courier returns (RTO: created by buyer cancellation while in transit)".
    const ss = shipment.selfShip;
    if (!ss || ss.status !== 'SHIPPED' || item.status !== 'SHIPPED') {
      throw orderError(409, 'INVALID_ORDER_ITEM_STATE', `A courier return needs a shipped self-ship item; ${orderItemId} is ${item.status}.`);
    }
    item.courierReturn = true;
    item.cancellationType = 'buyerCancellation';
    item.cancellationDate = nowIso;
    item.cancellationReason = 'Cancelled by the buyer while in transit';
    rec = {
      ...base,
      kind,
      status: 'APPROVED',
      approvedOn: nowIso,
      reason: 'Order cancelled by buyer',
      subReason: 'cancelled_in_transit',
      // Nothing is due by a date: the seller acknowledges once the product is back (or cancels the RTO).
      expectedDate: ss.deliveryBy,
      trackingId: ss.trackingId || shipment.trackingId || reverseTrackingId,
      courierName: ss.deliveryPartner || 'Seller fleet',
    };
  } else {
    // Spec § Self Ship return: "customer returns (RVP: created after delivery)".
    const ss = shipment.selfShip;
    const delivered = ss && (ss.status === 'DELIVERED' || ss.status === 'COMPLETE');
    if (!delivered || (item.status !== 'DELIVERED' && item.status !== 'COMPLETED')) {
      throw orderError(409, 'INVALID_ORDER_ITEM_STATE', `A customer return needs a delivered self-ship item; ${orderItemId} is ${item.status}.`);
    }
    const techVisitBy = new Date(now + TECH_VISIT_WINDOW_MS).toISOString();
    const service: ServiceRec = {
      serviceFulfilmentId: `SF${String(world.nextCounter('service')).padStart(14, '0')}`,
      description: 'Technician visit to inspect the product before reverse pickup',
      status: 'REQUESTED',
      serviceByDate: techVisitBy,
      createdAt: nowIso,
      attempts: [],
    };
    rec = {
      ...base,
      kind,
      status: 'REQUESTED',
      ...CUSTOMER_REASONS[n % CUSTOMER_REASONS.length],
      expectedDate: techVisitBy,
      trackingId: reverseTrackingId,
      courierName: ss.deliveryPartner || 'Seller fleet',
      service,
    };
  }

  item.status = 'RETURN_REQUESTED';
  shipment.updatedAt = nowIso;
  world.touch('shipment', shipment.shipmentId);
  world.returns.set(rec.returnId, rec);
  world.touch('return', rec.returnId);
  world.emit('Return Created', { returnId: rec.returnId, shipmentId: shipment.shipmentId, orderItemIds: [orderItemId] });
  return rec;
}
