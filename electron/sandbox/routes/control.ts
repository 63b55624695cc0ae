// Routes: the /sandbox/ control API. It plays the marketplace's side of the story (customers
// order, the marketplace holds, couriers ship, buyers return, time passes) and lets tests break
// things on purpose. Loopback only; never subject to fault injection (faults.ts).
import { z } from 'zod';
import { orderError, parseControlBody, type RouteContext, type RouteDef, type RouteResult } from '../http/route.js';
import { createShipments, SHIPMENT_KINDS, type ShipmentKind } from '../world/shipment-factory.js';
import { applyLogisticsEvent, cancelByCustomer, setHold } from '../world/shipment-lifecycle.js';
import { createReturn } from '../world/return-factory.js';
import { createRng } from '../world/rng.js';
import { SEED_RESTOCK_UNITS } from '../world/seed-cases.js';
import { FaultConfig } from '../faults.js';
import { platformOf, type SandboxPlatform } from '../platform/platform-registry.js';

/** Most shipments one POST /sandbox/shipments may create. */
export const MAX_CONTROL_SHIPMENTS = 10_000;
/** Most units per order item a control call may ask for. */
export const MAX_CONTROL_QUANTITY = 100;
/** Most order lines per shipment a control call may ask for. */
export const MAX_CONTROL_LINES = 10;
/** Most the clock may jump in one call: ten years. */
export const MAX_CLOCK_ADVANCE_SECONDS = 10 * 365 * 86_400;
/** Events per page of GET /sandbox/events. */
export const EVENTS_PAGE_SIZE = 500;

const CreateShipmentsBody = z.strictObject({
  count: z.number().int().min(1).max(MAX_CONTROL_SHIPMENTS),
  sellerId: z.string().min(1).optional(),
  locationId: z.string().min(1).optional(),
  kind: z.enum(SHIPMENT_KINDS as [ShipmentKind, ...ShipmentKind[]]).optional(),
  quantity: z.number().int().min(1).max(MAX_CONTROL_QUANTITY).optional(),
  /** Exact order lines of each shipment; the same SKU may appear on several lines. */
  lines: z.array(z.strictObject({ sku: z.string().min(1), quantity: z.number().int().min(1).max(MAX_CONTROL_QUANTITY) })).min(1).max(MAX_CONTROL_LINES).optional(),
  serviceProfile: z.enum(['NON_FBF', 'FBF_LITE']).optional(),
  /** Volume scenarios: the seller restocks an ENABLED entry that runs out instead of the order being refused. */
  restock: z.boolean().optional(),
});
const HoldBody = z.strictObject({ hold: z.boolean() });
const CancelBody = z.strictObject({ by: z.enum(['buyer', 'marketplace']), reason: z.string().min(1).max(200).optional() });
const LogisticsBody = z.strictObject({ event: z.enum(['PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED', 'RTO']) });
const ReturnBody = z.strictObject({ orderItemId: z.string().min(1), kind: z.enum(['standard', 'courier', 'customer']) });
const ClockBody = z.strictObject({ advanceSeconds: z.number().int().min(0).max(MAX_CLOCK_ADVANCE_SECONDS) });
const EventsQuery = z.object({ since: z.coerce.number().int().min(0).default(0) });

const ShipmentIds = z.object({ shipmentIds: z.array(z.string()) });
const ItemStatuses = z.object({ shipmentId: z.string(), hold: z.boolean(), orderItems: z.array(z.object({ orderItemId: z.string(), status: z.string() })) });
const EventsPage = z.object({
  events: z.array(
    z.object({
      seq: z.number().int(),
      kind: z.string(),
      shipmentId: z.string().optional(),
      returnId: z.string().optional(),
      orderItemIds: z.array(z.string()).optional(),
      at: z.string(),
    }),
  ),
  next: z.number().int(),
});


function platform(ctx: RouteContext): SandboxPlatform {
  const p = platformOf(ctx.world);
  if (!p) throw orderError(503, 'NOT_READY', 'The sandbox platform is not running.');
  return p;
}

function shipmentOf(ctx: RouteContext) {
  const shipment = ctx.world.shipments.get(ctx.params.shipmentId);
  if (!shipment) throw orderError(404, 'INVALID_SHIPMENTS', `No shipment ${ctx.params.shipmentId}.`);
  return shipment;
}

function statuses(ctx: RouteContext): RouteResult {
  const s = ctx.world.settle(shipmentOf(ctx));
  return { json: { shipmentId: s.shipmentId, hold: s.hold, orderItems: s.orderItems.map((i) => ({ orderItemId: i.orderItemId, status: i.status })) } };
}

function createShipmentsHandler(ctx: RouteContext): RouteResult {
  const body = parseControlBody(CreateShipmentsBody, ctx);
  const { world } = ctx;
  const sellerId = body.sellerId ?? [...world.sellers.keys()][0];
  const seller = world.sellers.get(sellerId);
  if (!seller) throw orderError(400, 'INVALID_REQUEST', `sellerId: no seller ${sellerId}.`);
  if (body.locationId && !seller.locations.some((l) => l.locationId === body.locationId)) {
    throw orderError(400, 'INVALID_REQUEST', `locationId: ${body.locationId} is not a location of ${sellerId}.`);
  }
  // A fresh PRNG per call, seeded from the data set's seed and a persisted counter, so that the
  // same sequence of control calls creates the same shipments.
  const rng = createRng((platform(ctx).seed * 1_000_003 + world.nextCounter('controlShipments')) >>> 0);
  if (body.lines) {
    const listings = world.listingsOf(sellerId);
    const unknown = body.lines.filter((l) => !listings.has(l.sku)).map((l) => l.sku);
    if (unknown.length) throw orderError(400, 'INVALID_REQUEST', `lines: ${sellerId} has no listing ${[...new Set(unknown)].join(', ')}.`);
  }
  const shipmentIds = createShipments(world, rng, {
    count: body.count,
    sellerId,
    locationId: body.locationId,
    kind: body.kind,
    quantity: body.quantity,
    lines: body.lines,
    serviceProfile: body.serviceProfile,
    ...(body.restock ? { restock: SEED_RESTOCK_UNITS } : {}),
  });
  return { json: { shipmentIds } };
}

export const controlRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sandbox/shipments',
    auth: 'loopback',
    summary: 'Customers order: create shipments (kind plain, serialized, mps, hold, future, selfship or form; lines and serviceProfile pin the order lines and the service profile).',
    request: CreateShipmentsBody,
    response: ShipmentIds,
    handler: createShipmentsHandler,
  },
  {
    method: 'POST',
    path: '/sandbox/shipments/{shipmentId}/hold',
    auth: 'loopback',
    summary: 'The marketplace places or releases a hold (events Hold / UnHold).',
    specRef: '§ Shipment (standard fulfilment)',
    request: HoldBody,
    response: ItemStatuses,
    handler: (ctx) => {
      const body = parseControlBody(HoldBody, ctx);
      setHold(ctx.world, shipmentOf(ctx), body.hold);
      return statuses(ctx);
    },
  },
  {
    method: 'POST',
    path: '/sandbox/shipments/{shipmentId}/cancel',
    auth: 'loopback',
    summary: 'The buyer or the marketplace cancels a shipment before dispatch; its units go back to stock.',
    specRef: '§ Order item (cancellationType)',
    request: CancelBody,
    response: ItemStatuses,
    handler: (ctx) => {
      const body = parseControlBody(CancelBody, ctx);
      cancelByCustomer(ctx.world, shipmentOf(ctx), body.by, body.reason ?? (body.by === 'buyer' ? 'Cancelled by the buyer' : 'Cancelled by the marketplace'));
      return statuses(ctx);
    },
  },
  {
    method: 'POST',
    path: '/sandbox/shipments/{shipmentId}/logistics',
    auth: 'loopback',
    summary: 'The logistics partner picks up (PICKUP_COMPLETE), ships, delivers or returns to origin (RTO) a shipment.',
    specRef: '§ Shipment (standard fulfilment)',
    request: LogisticsBody,
    response: ItemStatuses,
    handler: (ctx) => {
      const body = parseControlBody(LogisticsBody, ctx);
      applyLogisticsEvent(ctx.world, shipmentOf(ctx), body.event);
      return statuses(ctx);
    },
  },
  {
    method: 'POST',
    path: '/sandbox/returns',
    auth: 'loopback',
    summary: 'A buyer or courier returns an order item (kind standard, courier or customer).',
    specRef: '§ Return (standard fulfilment)',
    request: ReturnBody,
    response: z.object({ returnId: z.string() }),
    handler: (ctx) => {
      const body = parseControlBody(ReturnBody, ctx);
      if (!ctx.world.orderItemIndex.has(body.orderItemId)) throw orderError(404, 'INVALID_REQUEST', `No order item ${body.orderItemId}.`);
      return { json: { returnId: createReturn(ctx.world, body.orderItemId, body.kind).returnId } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/clock',
    auth: 'loopback',
    summary: 'Moves the sandbox clock forward (tokens, dispatch dates and label readiness follow).',
    request: ClockBody,
    response: z.object({ now: z.string() }),
    handler: (ctx) => {
      const body = parseControlBody(ClockBody, ctx);
      ctx.world.clock.advance(body.advanceSeconds);
      return { json: { now: ctx.world.nowIso() } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/faults',
    auth: 'loopback',
    summary: 'Injects latency, errors (5xx or DEPENDENT_SYSTEM_CALL_FAILED), dropped or garbled answers; {} clears.',
    request: FaultConfig,
    response: z.object({ faults: FaultConfig }),
    handler: (ctx) => {
      const faults = platform(ctx).faults;
      faults.configure(parseControlBody(FaultConfig, ctx));
      return { json: { faults: faults.config } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/tokens/expire',
    auth: 'loopback',
    summary: 'Expires every issued access token (calls then get HTTP 401, spec § Authentication 2).',
    response: z.object({ expired: z.number().int() }),
    handler: (ctx) => {
      const now = ctx.world.now();
      let expired = 0;
      for (const t of ctx.world.tokens.values()) {
        if (t.kind === 'access' && t.expiresAt > now) {
          t.expiresAt = now;
          ctx.world.touch('token', t.token);
          expired += 1;
        }
      }
      return { json: { expired } };
    },
  },
  {
    method: 'GET',
    path: '/sandbox/events',
    auth: 'loopback',
    summary: `The event log after sequence number since, ${EVENTS_PAGE_SIZE} per page; pass next as since.`,
    specRef: '§ Events',
    response: EventsPage,
    handler: (ctx) => {
      const q = EventsQuery.safeParse(Object.fromEntries(ctx.query));
      if (!q.success) throw orderError(400, 'INVALID_REQUEST', 'since must be a non-negative whole number (an event seq).');
      // Events are stored in seq order starting at 1, so seq n sits at index n - 1.
      const events = ctx.world.events.slice(q.data.since, q.data.since + EVENTS_PAGE_SIZE);
      return { json: { events, next: events.length ? events[events.length - 1].seq : q.data.since } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/reset',
    auth: 'loopback',
    summary: 'Back to the seeded data set (same ids as a fresh start with the same seed); tokens survive.',
    response: z.object({ reset: z.literal(true), shipments: z.number().int() }),
    handler: (ctx) => {
      platform(ctx).reset();
      return { json: { reset: true, shipments: ctx.world.shipments.size } };
    },
  },
];
