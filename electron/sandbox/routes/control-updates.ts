// Control routes for the changes only the marketplace makes and no seller operation causes, each
// with its event (and so its push notification): new dispatch dates (sdk-facts § 11
// update_dispatch_slot), a return's new tracking id or expected date, and a standard return
// picked up from the buyer or cancelled by the marketplace. Transitions not shown in the spec; the sandbox's choices are in the
// sandbox README, "Push notifications".
import { z } from 'zod';
import { orderError, parseControlBody, type RouteContext, type RouteDef, type RouteResult } from '../http/route.js';
import { INVALID_SHIPMENT_STATE } from '../../../shared/api/shipments.js';
import { POST_DISPATCH_STATES, shipmentStatus } from '../orders/shipment-state.js';
import type { ReturnRec } from '../world/model.js';
import { cancelReturnByMarketplace } from '../returns/return-transitions.js';

const IsoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a date such as 2026-11-25T10:00:00+05:30');
const DispatchDatesBody = z
  .strictObject({ dispatchAfterDate: IsoInstant.optional(), dispatchByDate: IsoInstant.optional() })
  .refine((b) => b.dispatchAfterDate !== undefined || b.dispatchByDate !== undefined, 'give dispatchAfterDate, dispatchByDate or both');
const TrackingBody = z.strictObject({ trackingId: z.string().min(1).max(100), courierName: z.string().min(1).max(100).optional() });
const ExpectedDateBody = z.strictObject({ expectedDate: IsoInstant });
const PickedUpBody = z.strictObject({ pickupDate: IsoInstant.optional() });

const DispatchDates = z.object({ shipmentId: z.string(), dispatchAfterDate: z.string(), dispatchByDate: z.string() });
const ReturnView = z.object({ returnId: z.string(), status: z.string(), trackingId: z.string(), expectedDate: z.string(), pickupDate: z.string().optional() });


function returnOf(ctx: RouteContext): ReturnRec {
  const ret = ctx.world.returns.get(ctx.params.returnId);
  if (!ret) throw orderError(404, 'INVALID_RETURN_ID', `No return ${ctx.params.returnId}.`);
  return ret;
}

/** Returns still on their way: a finished one has no tracking or date left to change. */
function requireOpen(ret: ReturnRec, what: string): void {
  if (ret.status === 'COMPLETED' || ret.status === 'CANCELLED' || ret.status === 'REJECTED') {
    throw orderError(409, 'INVALID_RETURN_STATE', `Return ${ret.returnId} is ${ret.status}; ${what} applies only to open returns.`);
  }
}

function changedReturn(ctx: RouteContext, ret: ReturnRec, kind: 'Return Tracking Id Updated' | 'Return Expected Date Changed' | 'Return Picked Up'): RouteResult {
  ret.updatedDate = ctx.world.nowIso();
  ctx.world.touch('return', ret.returnId);
  ctx.world.emit(kind, { returnId: ret.returnId, shipmentId: ret.shipmentId, orderItemIds: [ret.orderItemId] });
  return { json: { returnId: ret.returnId, status: ret.status, trackingId: ret.trackingId, expectedDate: ret.expectedDate, ...(ret.pickupDate ? { pickupDate: ret.pickupDate } : {}) } };
}

export const controlUpdateRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sandbox/shipments/{shipmentId}/dispatch-dates',
    auth: 'loopback',
    summary: 'The marketplace moves the dispatch slot (dispatchAfterDate, dispatchByDate) of a shipment before dispatch (event Dispatch Dates Changed).',
    specRef: '§ Shipment (standard fulfilment)',
    request: DispatchDatesBody,
    response: DispatchDates,
    handler: (ctx) => {
      const body = parseControlBody(DispatchDatesBody, ctx);
      const { world } = ctx;
      const shipment = world.shipments.get(ctx.params.shipmentId);
      if (!shipment) throw orderError(404, 'INVALID_SHIPMENTS', `No shipment ${ctx.params.shipmentId}.`);
      world.settle(shipment);
      const status = shipmentStatus(shipment);
      if (status === 'CANCELLED' || POST_DISPATCH_STATES.includes(status)) {
        throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${shipment.shipmentId} is ${status}; dispatch dates change only before dispatch.`);
      }
      const after = new Date(body.dispatchAfterDate ?? shipment.dispatchAfterDate).toISOString();
      const by = new Date(body.dispatchByDate ?? shipment.dispatchByDate).toISOString();
      if (Date.parse(after) > Date.parse(by)) throw orderError(400, 'INVALID_REQUEST', `dispatchAfterDate (${after}) must not be after dispatchByDate (${by}).`);
      shipment.dispatchAfterDate = after;
      shipment.dispatchByDate = by;
      shipment.updatedAt = world.nowIso();
      world.touch('shipment', shipment.shipmentId);
      world.emit('Dispatch Dates Changed', { shipmentId: shipment.shipmentId, orderItemIds: shipment.orderItems.filter((i) => i.status !== 'CANCELLED').map((i) => i.orderItemId) });
      return { json: { shipmentId: shipment.shipmentId, dispatchAfterDate: after, dispatchByDate: by } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/returns/{returnId}/tracking',
    auth: 'loopback',
    summary: 'The reverse courier gives an open return a new tracking id (event Return Tracking Id Updated).',
    specRef: '§ Return (standard fulfilment)',
    request: TrackingBody,
    response: ReturnView,
    handler: (ctx) => {
      const body = parseControlBody(TrackingBody, ctx);
      const ret = returnOf(ctx);
      requireOpen(ret, 'a new tracking id');
      ret.trackingId = body.trackingId;
      if (body.courierName) ret.courierName = body.courierName;
      return changedReturn(ctx, ret, 'Return Tracking Id Updated');
    },
  },
  {
    method: 'POST',
    path: '/sandbox/returns/{returnId}/expected-date',
    auth: 'loopback',
    summary: 'The marketplace moves the date an open return is expected (event Return Expected Date Changed).',
    specRef: '§ Return (standard fulfilment)',
    request: ExpectedDateBody,
    response: ReturnView,
    handler: (ctx) => {
      const body = parseControlBody(ExpectedDateBody, ctx);
      const ret = returnOf(ctx);
      requireOpen(ret, 'a new expected date');
      ret.expectedDate = new Date(body.expectedDate).toISOString();
      return changedReturn(ctx, ret, 'Return Expected Date Changed');
    },
  },
  {
    method: 'POST',
    path: '/sandbox/returns/{returnId}/picked-up',
    auth: 'loopback',
    summary: 'The marketplace courier picks a standard CREATED return up from the buyer (event Return Picked Up); it stays CREATED until it reaches the seller.',
    specRef: '§ Return (standard fulfilment)',
    request: PickedUpBody,
    response: ReturnView,
    handler: (ctx) => {
      const body = parseControlBody(PickedUpBody, ctx);
      const ret = returnOf(ctx);
      if (ret.kind !== 'standard' || ret.status !== 'CREATED') {
        throw orderError(409, 'INVALID_RETURN_STATE', `Return ${ret.returnId} is a ${ret.kind} return in ${ret.status}; the courier picks up only CREATED standard returns (a customer return is picked up through POST /v2/returns/pickup).`);
      }
      if (ret.pickupDate) throw orderError(409, 'INVALID_RETURN_STATE', `Return ${ret.returnId} was picked up already (${ret.pickupDate}).`);
      const at = body.pickupDate ? Date.parse(body.pickupDate) : ctx.world.now();
      if (at > ctx.world.now()) throw orderError(400, 'INVALID_REQUEST', 'pickupDate: the pickup must have happened (not in the future).');
      ret.pickupDate = new Date(at).toISOString();
      return changedReturn(ctx, ret, 'Return Picked Up');
    },
  },
  {
    method: 'POST',
    path: '/sandbox/returns/{returnId}/cancel',
    auth: 'loopback',
    summary: 'The marketplace cancels a standard CREATED return: the product is not coming (event Return Cancelled).',
    specRef: '§ Return (standard fulfilment)',
    response: ReturnView,
    handler: (ctx) => {
      const ret = cancelReturnByMarketplace(ctx.world, ctx.params.returnId);
      return { json: { returnId: ret.returnId, status: ret.status, trackingId: ret.trackingId, expectedDate: ret.expectedDate, ...(ret.pickupDate ? { pickupDate: ret.pickupDate } : {}) } };
    },
  },
];
