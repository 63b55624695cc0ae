// Values for the sandbox fuzz test: real ids taken from the running world (so that valid
// requests reach deep into the handlers instead of stopping at "unknown id"), and example values
// generated from the JSON Schemas the sandbox publishes at /swagger/swagger.json. A field is
// filled by its name first (shipmentId -> a real shipment id), by its schema otherwise, so a
// route added later gets plausible bodies without anyone touching this file.
import type { Rng } from '../../electron/sandbox/world/rng.js';
import type { World } from '../../electron/sandbox/world/world.js';
import { SELF_SHIP_VENDORS } from '../../electron/sandbox/selfship/vendors.js';

export type JsonSchema = Record<string, any>;

/** Ids of one seller, grouped by what a valid request needs. */
export interface SellerIds {
  sellerId: string;
  locations: string[];
  shipments: string[];
  approved: string[];
  packed: string[];
  selfShip: string[];
  withForms: string[];
  orderItemIds: string[];
  orderIds: string[];
  returnIds: string[];
  returnTrackingIds: string[];
  skus: string[];
  productIds: string[];
  serviceIds: string[];
  vendorGroupCodes: string[];
  formNames: string[];
}

export interface IdPool {
  own: SellerIds;
  other: SellerIds;
  /** Values learnt from earlier answers: next-page links, OTC ids and codes, auth codes. */
  learnt: { nextPageUrls: string[]; returnNextUrls: string[]; otc: { otcId: string; code: string; locationId: string }[] };
}

const nonEmpty = (xs: string[], fallback: string): string[] => (xs.length ? xs : [fallback]);

function sellerIds(world: World, sellerId: string): SellerIds {
  const seller = world.sellers.get(sellerId);
  const out: SellerIds = {
    sellerId,
    locations: seller ? seller.locations.map((l) => l.locationId) : [],
    shipments: [],
    approved: [],
    packed: [],
    selfShip: [],
    withForms: [],
    orderItemIds: [],
    orderIds: [],
    returnIds: [],
    returnTrackingIds: [],
    skus: [],
    productIds: [],
    serviceIds: [],
    vendorGroupCodes: [],
    formNames: [],
  };
  const groups = new Set<string>();
  const forms = new Set<string>();
  for (const s of world.shipments.values()) {
    if (s.sellerId !== sellerId) continue;
    out.shipments.push(s.shipmentId);
    const statuses = s.orderItems.map((i) => i.status);
    if (statuses.every((x) => x === 'APPROVED')) out.approved.push(s.shipmentId);
    if (statuses.some((x) => x === 'PACKED' || x === 'READY_TO_DISPATCH')) out.packed.push(s.shipmentId);
    if (s.shipmentType === 'SELF') out.selfShip.push(s.shipmentId);
    if (s.forms.length) out.withForms.push(s.shipmentId);
    if (s.selfShip?.service) out.serviceIds.push(s.selfShip.service.serviceFulfilmentId);
    for (const f of s.forms) forms.add(f.name);
    groups.add(s.vendorGroupCode);
    for (const i of s.orderItems) {
      out.orderItemIds.push(i.orderItemId);
      out.orderIds.push(i.orderId);
    }
  }
  for (const r of world.returns.values()) {
    if (r.sellerId !== sellerId) continue;
    out.returnIds.push(r.returnId);
    if (r.trackingId) out.returnTrackingIds.push(r.trackingId);
    if (r.service) out.serviceIds.push(r.service.serviceFulfilmentId);
  }
  for (const l of world.listingsOf(sellerId).values()) {
    out.skus.push(l.sku);
    const pid = (l.data as { product_id?: unknown }).product_id;
    if (typeof pid === 'string') out.productIds.push(pid);
  }
  out.vendorGroupCodes = [...groups];
  out.formNames = [...forms];
  return out;
}

/** Takes the ids anew from the world (after shipments were created, packed, reset, ...). */
export function collectIds(world: World, sellerId: string, otherSellerId: string, learnt?: IdPool['learnt']): IdPool {
  return { own: sellerIds(world, sellerId), other: sellerIds(world, otherSellerId), learnt: learnt ?? { nextPageUrls: [], returnNextUrls: [], otc: [] } };
}

export function pickSome(rng: Rng, xs: readonly string[], min = 1, max = 3): string[] {
  const n = rng.int(min, max);
  return Array.from({ length: n }, () => rng.pick(xs));
}

const isoDay = (world: World, days: number) => new Date(world.now() + days * 86_400_000).toISOString();

/**
 * A real value for a field of this name, or undefined when the name says nothing. Past dates for
 * what already happened, future dates for what is expected next: the handlers judge both.
 */
export function valueByName(name: string, ids: SellerIds, world: World, rng: Rng, asList: boolean): unknown {
  const n = name.toLowerCase().replace(/_/g, '');
  const one = (xs: string[], fallback: string) => (asList ? pickSome(rng, nonEmpty(xs, fallback)) : rng.pick(nonEmpty(xs, fallback)));
  if (n === 'shipmentid' || n === 'shipmentids') return one(rng.chance(0.5) ? ids.approved : ids.shipments, 'SH0');
  if (n === 'orderitemid' || n === 'orderitemids') return one(ids.orderItemIds, 'OI0');
  if (n === 'orderid' || n === 'orderids') return one(ids.orderIds, 'OD0');
  if (n === 'returnid' || n === 'returnids') return one(ids.returnIds, 'RT0');
  if (n === 'trackingid' || n === 'trackingids') return one(ids.returnTrackingIds, 'TRK0');
  if (n === 'locationid' || n === 'dispatchlocationid') return rng.pick(nonEmpty(ids.locations, 'LOC0'));
  if (n === 'sku' || n === 'skuids' || n === 'skus') return one(ids.skus, 'SKU0');
  if (n === 'productid') return rng.pick(nonEmpty(ids.productIds, 'P0000000000000'));
  if (n === 'servicefulfilmentid') return rng.pick(nonEmpty(ids.serviceIds, 'SF0'));
  if (n === 'vendorgroupcode') return rng.pick(nonEmpty(ids.vendorGroupCodes, 'VG0'));
  if (n === 'formname') return rng.pick(nonEmpty(ids.formNames, 'E-Way Bill'));
  if (n === 'deliverypartner') return rng.pick(SELF_SHIP_VENDORS).vendorId;
  if (n === 'sellerid') return ids.sellerId;
  if (n === 'invoicenumber') return `INV-${rng.int(1, 9_999_999)}`;
  if (n.startsWith('new') && n.endsWith('date')) return isoDay(world, rng.int(1, 3));
  if (n === 'tentativedeliverydate' || n === 'expecteddate') return isoDay(world, rng.int(1, 5));
  if (n.endsWith('date') || n.endsWith('after') || n.endsWith('before')) return isoDay(world, -rng.int(0, 2) - 0.01);
  return undefined;
}

/** An example value of a JSON Schema; `name` is the property it is for (id fields get real ids). */
export function exampleOf(schema: JsonSchema | undefined, name: string, ids: SellerIds, world: World, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return exampleOf(rng.pick(alternatives), name, ids, world, rng, depth + 1);
  if (Array.isArray(schema.allOf) && schema.allOf.length) return exampleOf(schema.allOf[0], name, ids, world, rng, depth + 1);
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t: string) => t !== 'null') ?? 'null';
  const byName = valueByName(name, ids, world, rng, type === 'array');
  if (byName !== undefined && (type === undefined || type === 'string' || type === 'array')) return byName;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, sub] of Object.entries<JsonSchema>(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.5)) out[key] = exampleOf(sub, key, ids, world, rng, depth + 1);
      }
      // A map such as a listing body (SKU -> object): keys are real SKUs.
      if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        for (const sku of pickSome(rng, nonEmpty(ids.skus, 'SKU0'), 1, 2)) out[sku] = exampleOf(schema.additionalProperties, sku, ids, world, rng, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = Math.max(1, schema.minItems ?? 1);
      const max = Math.max(min, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: rng.int(min, max) }, () => exampleOf(schema.items, singular(name), ids, world, rng, depth + 1));
    }
    case 'integer':
    case 'number': {
      const lo = Math.max(schema.minimum ?? 0, (schema.exclusiveMinimum ?? -1) + 1);
      const hi = Math.min(schema.maximum ?? 100, lo + 100);
      return type === 'integer' ? rng.int(lo, hi) : Math.round((lo + rng.next() * (hi - lo)) * 100) / 100 || hi;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string':
      if (schema.format === 'date-time' || schema.format === 'date') return isoDay(world, 0);
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1)) + String(rng.int(0, 999));
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function singular(name: string): string {
  return name.endsWith('Ids') ? name.slice(0, -1) : name.endsWith('s') ? name.slice(0, -1) : name;
}
