// What the fuzz test holds the sandbox to: every answer's status and body shape, the world's
// invariants after the storm, and a snapshot to compare across a restart on the same state dir.
import { EventKind, OrderItemStatus } from '../../shared/api/enums.js';
import { Router } from '../../electron/sandbox/http/router.js';
import { allRoutes } from '../../electron/sandbox/routes/index.js';
import type { World } from '../../electron/sandbox/world/world.js';
import type { FuzzRequest, FuzzResponse } from './fuzz-client.js';

type Shape = 'order' | 'oauth' | 'listing' | 'html';

const isText = (v: unknown) => typeof v === 'string' && v.length > 0;

const SHAPES: Record<Shape, (r: FuzzResponse) => boolean> = {
  order: (r) => {
    const j = r.json as { code?: unknown; message?: unknown } | undefined;
    return isText(j?.code) && typeof j?.message === 'string';
  },
  oauth: (r) => {
    const j = r.json as { error?: unknown; error_description?: unknown } | undefined;
    return isText(j?.error) && isText(j?.error_description);
  },
  listing: (r) => {
    const errors = (r.json as { errors?: unknown } | undefined)?.errors;
    return (
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => e && typeof e.code === 'number' && isText(e.description) && (e.severity === 'ERROR' || e.severity === 'WARNING'))
    );
  },
  html: (r) => r.contentType.startsWith('text/html') && r.bytes.length > 0,
};

/**
 * The error shapes a refusal may have, by who refuses: the pipeline (no route, wrong method, body
 * too large) answers in the order shape everywhere; authentication in the token endpoints' shape
 * (spec § Authentication: error_description); then the family of the path (README § Choices).
 */
function expectedShapes(path: string, status: number): Shape[] {
  if (status === 404 || status === 405 || status === 413) return ['order'];
  if (path.startsWith('/oauth-service/oauth/authorize')) return ['html'];
  if (status === 401 || path.startsWith('/oauth-service/')) return ['oauth'];
  if (path.startsWith('/sellers/listings/')) return ['listing'];
  return ['order'];
}

const router = new Router(allRoutes());

/** Why this answer is wrong, or undefined when it is acceptable. */
export function judge(req: FuzzRequest, res: FuzzResponse): string | undefined {
  if (res.status >= 500) return `server error ${res.status}`;
  if (res.jsonError) return `answer declared JSON but is not: ${res.jsonError}`;
  const path = req.path.split('?')[0];
  if (res.status >= 400) {
    const shapes = expectedShapes(path, res.status);
    if (!shapes.some((s) => SHAPES[s](res))) return `${res.status} body is not in the ${shapes.join('/')} error shape`;
    return undefined;
  }
  if (res.status >= 300 && !(res.status === 302 && path.startsWith('/oauth-service/oauth/authorize'))) return `unexpected redirect ${res.status}`;
  if (res.status === 200 && res.json !== undefined) {
    let match: ReturnType<Router['match']>;
    try {
      match = router.match(req.method, path);
    } catch {
      match = undefined;
    }
    const schema = match && match !== 'method' ? match.route.response : undefined;
    const parsed = schema?.safeParse(res.json);
    if (parsed && !parsed.success) return `200 body does not match the route's response schema: ${parsed.error.issues.slice(0, 2).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  }
  return undefined;
}

/** Broken invariants of the world, one line each (empty when it is consistent). */
export function brokenInvariants(world: World): string[] {
  const out: string[] = [];
  const statuses = new Set<string>(OrderItemStatus.options);
  const kinds = new Set<string>(EventKind.options);
  for (const s of world.shipments.values()) {
    if (!world.sellers.has(s.sellerId)) out.push(`${s.shipmentId}: unknown seller ${s.sellerId}`);
    if (s.orderItems.length === 0) out.push(`${s.shipmentId}: no order items`);
    for (const i of s.orderItems) {
      const at = `${s.shipmentId}/${i.orderItemId}`;
      if (!statuses.has(i.status)) out.push(`${at}: status ${JSON.stringify(i.status)} is not an order item status`);
      if (!Number.isInteger(i.quantity) || i.quantity < 1) out.push(`${at}: quantity ${i.quantity}`);
      const p = i.priceComponents;
      const nums = [p.sellingPrice, p.totalPrice, p.shippingCharge, p.customerPrice, p.emi, p.marketplaceDiscount];
      if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) out.push(`${at}: priceComponents not finite and non-negative ${JSON.stringify(p)}`);
      // spec § Order item: totalPrice = customerPrice + shippingCharge; customerPrice = sellingPrice - discount.
      if (Math.abs(p.totalPrice - (p.customerPrice + p.shippingCharge)) > 0.005) out.push(`${at}: totalPrice ${p.totalPrice} != customerPrice + shippingCharge`);
      if (p.customerPrice > p.sellingPrice + 0.005) out.push(`${at}: customerPrice above sellingPrice`);
      if (world.orderItemIndex.get(i.orderItemId) !== s.shipmentId) out.push(`${at}: order item index points to ${world.orderItemIndex.get(i.orderItemId)}`);
    }
    for (const d of [s.dispatchAfterDate, s.dispatchByDate, s.updatedAt]) if (Number.isNaN(Date.parse(d))) out.push(`${s.shipmentId}: bad date ${d}`);
  }
  for (const r of world.returns.values()) {
    const s = world.shipments.get(r.shipmentId);
    if (!s) out.push(`${r.returnId}: shipment ${r.shipmentId} missing`);
    else if (!s.orderItems.some((i) => i.orderItemId === r.orderItemId)) out.push(`${r.returnId}: item ${r.orderItemId} not in ${r.shipmentId}`);
    else if (s.sellerId !== r.sellerId) out.push(`${r.returnId}: seller differs from its shipment's`);
  }
  world.events.forEach((e, idx) => {
    if (e.seq !== idx + 1) out.push(`event at index ${idx} has seq ${e.seq}`);
    if (!kinds.has(e.kind)) out.push(`event ${e.seq}: kind ${JSON.stringify(e.kind)}`);
  });
  for (const [sellerId, listings] of world.listings) {
    for (const l of listings.values()) {
      const data = l.data as { locations?: { inventory?: unknown }[]; location?: { inventory?: unknown } };
      for (const loc of data.locations ?? (data.location ? [data.location] : [])) {
        if (!(Number.isInteger(loc.inventory) && (loc.inventory as number) >= 0)) out.push(`${sellerId}/${l.sku}: inventory ${JSON.stringify(loc.inventory)}`);
      }
    }
  }
  return out.slice(0, 50);
}

/** The part of the world compared across a restart: a sample of shipments, all returns and listings, the event log. */
export function snapshot(world: World, shipmentIds: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of shipmentIds) out[`shipment:${id}`] = JSON.stringify(world.shipments.get(id) ?? null);
  for (const r of world.returns.values()) out[`return:${r.returnId}`] = JSON.stringify(r);
  for (const [sellerId, listings] of world.listings) for (const l of listings.values()) out[`listing:${sellerId}:${l.sku}`] = JSON.stringify(l);
  out.shipmentCount = String(world.shipments.size);
  out.events = JSON.stringify(world.events);
  out.counters = JSON.stringify(world.counters);
  return out;
}
