// Creates shipments the way the marketplace would when customers order (spec § Shipment:
// "(new) -> APPROVED, event Shipment Created"). Used by the seed and by POST /sandbox/shipments.
// Orders are split into shipments as the spec describes (§ What the service does: "one order can
// be split into several shipments"; "a shipment can hold several order items of the same order").
// Built for volume: 100,000 shipments in a few seconds, sharing addresses, package dimensions and
// constant strings between records rather than copying them.
import { formatId } from '../../../shared/api/ids.js';
import { orderError } from '../http/route.js';
import { productsFor, type Product, type ProductNeed } from '../orders/catalogue.js';
import type { Address, FormRec, OrderItemRec, PriceComponents, ShipmentRec, SubShipmentRec } from './model.js';
import type { Rng } from './rng.js';
import { makeAddress } from './addresses.js';
import { createAllocator, type OrderLine } from './shipment-allocator.js';
import type { World } from './world.js';

/**
 * plain: APPROVED, sometimes several items or several shipments per order, some refurbished.
 * serialized: phones (IMEIs needed at pack). mps: one sub-shipment per package. hold: on hold.
 * future: dispatchAfterDate ahead of now. selfship: shipmentType SELF, some with installation.
 * form: carries a manual compliance form that fails at pack (FORM_FAILED until updateAck).
 */
export type ShipmentKind = 'plain' | 'serialized' | 'mps' | 'hold' | 'future' | 'selfship' | 'form';
export const SHIPMENT_KINDS: readonly ShipmentKind[] = ['plain', 'serialized', 'mps', 'hold', 'future', 'selfship', 'form'];

export interface ShipmentSpec {
  count: number;
  sellerId: string;
  locationId?: string;
  kind?: ShipmentKind;
  /** Units per order item. */
  quantity?: number;
  /** Exact order lines of each shipment (SKU and units); drawn from the seller's listings when absent. */
  lines?: OrderLine[];
  /** Service profile of every item; drawn when absent (mostly NON_FBF). */
  serviceProfile?: 'NON_FBF' | 'FBF_LITE';
  /**
   * Units an out-of-stock ENABLED entry is restocked with before it takes an order: the seed's
   * history, or a control call that asks for volume (`restock: true`). Without it an order no
   * entry has stock for is refused in words.
   */
  restock?: number;
  /** Seed only: an order no listing at locationId can serve goes to a location one can. */
  relocate?: boolean;
}

/** Shipments whose value reaches this carry the automated e-way bill form (GST rule, INR). */
export const EWAY_BILL_THRESHOLD_INR = 50_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Logistics partners of standard shipments; vendorGroupCode is location + partner. */
const PARTNERS = ['MKTL', 'MKTL', 'MKTL', 'SWIFTEX', 'COASTAL'] as const;
const FIRST_NAMES = ['Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Arjun', 'Nisha', 'Farhan', 'Lakshmi'];
const LAST_NAMES = ['Sharma', 'Iyer', 'Reddy', 'Khan', 'Patel', 'Nair', 'Gupta', 'Das', 'Singh', 'Menon'];
const ADDRESS_POOL_SIZE = 64;
const EWAY_FORM = { name: 'E-Way Bill', link: 'https://ewaybillgst.gov.in', automated: true } as const;
const PERMIT_FORM = { name: 'State Entry Permit', link: 'https://www.gst.gov.in', automated: false } as const;

function needOf(kind: ShipmentKind): ProductNeed {
  if (kind === 'serialized' || kind === 'mps' || kind === 'selfship') return kind;
  return 'single';
}

/** Returns the ids of the new shipments. Throws ApiError (4xx) for an unknown seller or location. */
export function createShipments(world: World, rng: Rng, spec: ShipmentSpec): string[] {
  const seller = world.sellers.get(spec.sellerId);
  if (!seller) throw orderError(404, 'NOT_FOUND', `No seller ${spec.sellerId}.`);
  const kind = spec.kind ?? 'plain';
  if (!SHIPMENT_KINDS.includes(kind)) throw orderError(400, 'UNPROCESSABLE_ENTITY', `Unknown shipment kind ${kind}.`);
  if (!Number.isInteger(spec.count) || spec.count < 0) throw orderError(400, 'UNPROCESSABLE_ENTITY', 'count must be a non-negative integer.');
  if (spec.quantity !== undefined && (!Number.isInteger(spec.quantity) || spec.quantity < 1)) {
    throw orderError(400, 'UNPROCESSABLE_ENTITY', 'quantity must be a positive integer.');
  }
  if (spec.locationId && !seller.locations.some((l) => l.locationId === spec.locationId)) {
    throw orderError(400, 'INVALID_LOCATION', `Location ${spec.locationId} is not one of ${seller.sellerId}'s.`);
  }
  const ids: string[] = [];
  if (spec.count === 0) return ids;

  const products = productsFor(world, seller, needOf(kind));
  if (products.length === 0) throw orderError(409, 'UNPROCESSABLE_ENTITY', `Seller ${seller.sellerId} lists no product suited to ${kind} orders.`);
  const alloc = createAllocator(world, seller, products, kind, spec);
  const addresses: Address[] = [];
  for (let i = 0; i < ADDRESS_POOL_SIZE; i++) addresses.push(makeAddress(rng, rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)));
  const now = world.now();
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const packageIdsOf = new Map(products.map((p) => [p.sku, p.packages.map((pk) => pk.packageId)]));
  // vendorGroupCode strings, one per location and partner rather than one per shipment.
  const groupCodes = new Map<string, string>();
  const groupCode = (locationId: string, partner: string): string => {
    const key = `${locationId}-${partner}`;
    let code = groupCodes.get(key);
    if (code === undefined) groupCodes.set(key, (code = key));
    return code;
  };

  while (ids.length < spec.count) {
    const remaining = spec.count - ids.length;
    const orderId = formatId('OD', world.nextCounter('order'));
    // The marketplace picks the location (spec § Concepts: Allocation): one whose listing entries
    // can serve the order; every item of its shipments is served from there.
    const locationId = alloc.chooseLocation(rng, spec.lines, spec.quantity ?? 1, ids);
    const address = rng.pick(addresses);
    const orderDate = now - rng.int(10 * 60_000, 36 * HOUR);
    const orderDateIso = new Date(orderDate).toISOString();
    const paymentType = rng.chance(0.35) ? 'COD' : 'PREPAID';
    // Some orders split into two shipments (spec § What the service does).
    const split = kind !== 'selfship' && !spec.lines && remaining > 1 && rng.chance(0.15) ? 2 : 1;
    for (let s = 0; s < split; s++) {
      const n = world.nextCounter('shipment');
      const shipmentId = formatId('SH', n);
      const orderItems: OrderItemRec[] = [];
      const add = (product: Product, quantity: number) => {
        const item = makeItem(world, rng, orderId, product, quantity, orderDateIso, paymentType, kind, packageIdsOf);
        if (spec.serviceProfile) item.serviceProfile = spec.serviceProfile;
        orderItems.push(item);
      };
      if (spec.lines) {
        for (const line of spec.lines) {
          const product = alloc.lineProduct(locationId, line, ids);
          add(product, alloc.take(locationId, product, line.quantity));
        }
      } else {
        const itemCount = kind === 'plain' && rng.chance(0.2) ? 2 : 1;
        for (let k = 0; k < itemCount; k++) {
          const product = alloc.pickProduct(rng, locationId, spec.quantity ?? 1);
          const wanted = spec.quantity ?? (kind === 'plain' && rng.chance(0.15) ? 2 : 1);
          // A second item nothing is left to serve: the customer ordered one item.
          if (!product && k > 0) continue;
          if (!product) throw alloc.refusal(locationId, spec.quantity ?? 1, ids);
          add(product, alloc.take(locationId, product, wanted));
        }
      }
      const shipment = makeShipment(rng, { shipmentId, n, seller: seller.sellerId, locationId, address, kind, orderItems, orderDate, now, bySku, groupCode });
      world.addShipment(shipment);
      const itemIds = orderItems.map((i) => i.orderItemId);
      world.emit('Shipment Created', { shipmentId, orderItemIds: itemIds });
      if (shipment.hold) world.emit('Hold', { shipmentId, orderItemIds: itemIds });
      ids.push(shipmentId);
    }
  }
  return ids;
}

function makeItem(
  world: World,
  rng: Rng,
  orderId: string,
  p: Product,
  quantity: number,
  orderDate: string,
  paymentType: 'COD' | 'PREPAID',
  kind: ShipmentKind,
  packageIdsOf: Map<string, string[]>,
): OrderItemRec {
  const orderItemId = formatId('OI', world.nextCounter('orderItem'));
  // priceComponents are line amounts (unit price x quantity). spec § Order item: sellingPrice <=
  // MRP; customerPrice = sellingPrice - promotion discount; totalPrice = customerPrice + shipping.
  const sellingPrice = p.sellingPrice * quantity;
  const discount = rng.chance(0.3) ? Math.round((sellingPrice * rng.int(2, 10)) / 100) : 0;
  const customerPrice = sellingPrice - discount;
  const shippingCharge = customerPrice < 500 ? 40 : 0;
  const priceComponents: PriceComponents = {
    sellingPrice,
    totalPrice: customerPrice + shippingCharge,
    shippingCharge,
    customerPrice,
    emi: 0,
    marketplaceDiscount: discount > 0 && rng.chance(0.5) ? Math.round(discount / 2) : 0,
  };
  return {
    orderItemId,
    orderId,
    fsn: p.fsn,
    sku: p.sku,
    listingId: p.listingId,
    title: p.title,
    hsn: p.hsn,
    quantity,
    cancellationGroupId: `CG${orderItemId.slice(2)}`,
    isReplacement: rng.chance(0.02),
    priceComponents,
    orderDate,
    courierReturn: false,
    status: 'APPROVED',
    // One array per product, shared by its order items (they never change it).
    packageIds: packageIdsOf.get(p.sku)!,
    paymentType,
    // Marketplace-fulfilled orders never reach the seller (spec § search Rules); a few are FBF_LITE.
    serviceProfile: kind === 'plain' && rng.chance(0.03) ? 'FBF_LITE' : 'NON_FBF',
    serialized: p.serialized,
    refurbished: p.refurbished,
    taxCode: p.taxCode,
    mrp: p.mrp * quantity,
  };
}

interface ShipmentParts {
  shipmentId: string;
  n: number;
  seller: string;
  locationId: string;
  address: Address;
  kind: ShipmentKind;
  orderItems: OrderItemRec[];
  orderDate: number;
  now: number;
  bySku: Map<string, Product>;
  groupCode: (locationId: string, partner: string) => string;
}

function makeShipment(rng: Rng, x: ShipmentParts): ShipmentRec {
  const { shipmentId, kind, orderItems, now } = x;
  const selfShip = kind === 'selfship';
  // The marketplace computes dispatchAfterDate (spec § Shipment); "future" orders may not be
  // processed yet, every other one already may.
  const dispatchAfter = kind === 'future' ? now + rng.int(1, 3) * DAY + rng.int(0, 6) * HOUR : Math.min(now, x.orderDate + rng.int(0, 30) * 60_000);
  const dispatchBy = Math.max(dispatchAfter, x.orderDate) + rng.int(1, 3) * DAY;
  const bySku = x.bySku;
  const mps = kind === 'mps';
  const subShipments: SubShipmentRec[] = [];
  if (mps) {
    const item = orderItems[0];
    bySku.get(item.sku)!.packages.forEach((pk, i) => {
      subShipments.push({ subShipmentId: `${shipmentId}-${i + 1}`, packages: [{ ...pk, quantity: item.quantity }] });
    });
  } else {
    subShipments.push({
      subShipmentId: `${shipmentId}-1`,
      packages: orderItems.map((item) => ({ ...bySku.get(item.sku)!.packages[0], quantity: item.quantity })),
    });
  }
  const value = orderItems.reduce((sum, i) => sum + i.priceComponents.totalPrice, 0);
  const forms: FormRec[] = [];
  if (value >= EWAY_BILL_THRESHOLD_INR && !selfShip) forms.push({ ...EWAY_FORM, status: 'NOT-CREATED' });
  if (kind === 'form') forms.push({ ...PERMIT_FORM, status: 'NOT-CREATED' });
  const r = rng.next();
  const partner = rng.pick(PARTNERS);
  const shipment: ShipmentRec = {
    shipmentId,
    sellerId: x.seller,
    locationId: x.locationId,
    shipmentType: selfShip ? 'SELF' : 'NORMAL',
    mps,
    hold: kind === 'hold',
    dispatchAfterDate: new Date(dispatchAfter).toISOString(),
    dispatchByDate: new Date(dispatchBy).toISOString(),
    // The shipment appears now (the order may be older): a modified-since search must see it.
    updatedAt: new Date(now).toISOString(),
    packagingPolicy: selfShip ? 'NA' : r < 0.8 ? 'DEFAULT' : r < 0.92 ? 'GREEN_PACKAGE' : 'TRANSPARENT_PACKAGE',
    orderItems,
    forms,
    subShipments,
    deliveryAddress: x.address,
    trackingId: selfShip ? '' : `MPL${String(x.n).padStart(12, '0')}`,
    vendorGroupCode: x.groupCode(x.locationId, selfShip ? 'SELF' : partner),
  };
  if (selfShip) {
    const deliveryBy = dispatchBy + rng.int(2, 5) * DAY;
    shipment.selfShip = { status: 'APPROVED', deliveryBy: new Date(deliveryBy).toISOString(), attempts: [] };
    if (rng.chance(0.6)) {
      shipment.selfShip.service = {
        serviceFulfilmentId: `SF${shipmentId.slice(2)}`,
        description: 'Installation',
        status: 'ACTIVATED',
        serviceByDate: new Date(deliveryBy + 2 * DAY).toISOString(),
        createdAt: orderItems[0].orderDate,
        attempts: [],
      };
    }
  }
  return shipment;
}
