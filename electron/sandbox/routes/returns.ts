// Routes: return operations (spec § POST /v2/returns/complete, /pickup, /pickupAttempt, § Self Ship
// return, § Operations known by method, path and purpose only; bodies from sdk-facts § 10). Every
// action answers 200 with one result per return; an envelope that fails mandatory validation or
// holds more than MAX_RETURNS_PER_REQUEST returns is 400 UNPROCESSABLE_ENTITY (spec § Errors).
import { z } from 'zod';
import { MAX_RETURNS_PER_REQUEST } from '../../../shared/api/limits.js';
import {
  ReturnOtcEndRequest,
  ReturnOtcEndResponse,
  ReturnOtcStartRequest,
  ReturnOtcStartResponse,
  ReturnsActionResponse,
  ReturnsApproveRequest,
  ReturnsCancelRequest,
  ReturnsCompleteRequest,
  ReturnsPickupAttemptRequest,
  ReturnsPickupRequest,
  ReturnsRejectRequest,
  ReturnsSearchResponse,
  ReturnsTechVisitAttemptRequest,
  ReturnTasksInitialLoadRequest,
  ReturnTasksInitialLoadResponse,
  ReturnTaskShipmentsRequest,
  ReturnTaskShipmentsResponse,
  type ReturnActionResult,
} from '../../../shared/api/returns.js';
import { orderError, type RouteContext, type RouteDef, type RouteResult } from '../http/route.js';
import type { Seller } from '../world/model.js';
import type { World } from '../world/world.js';
import { ItemFailure, idOf, readBody } from '../returns/item-failure.js';
import { approveOne, cancelRtoOne, completeOne, pickupAttemptOne, pickupOne, rejectOne, techVisitAttemptOne } from '../returns/return-actions.js';
import { endOtc, initialLoad, startOtc, taskShipments } from '../returns/return-handover.js';
import { searchReturns } from '../returns/return-view.js';

const tooMany = `at most ${MAX_RETURNS_PER_REQUEST} returns per request (spec § Limits)`;
/** Elements are checked one by one (a bad one is that return's FAILURE), so the envelope takes unknowns. */
const ReturnsEnvelope = z.object({
  returns: z.array(z.unknown()).min(1).max(MAX_RETURNS_PER_REQUEST, tooMany),
  locationId: z.string().min(1).optional(),
});

function failureOf(returnId: string | null, e: unknown): ReturnActionResult {
  if (!(e instanceof ItemFailure)) throw e;
  return { returnId, processingStatus: 'FAILURE', errorCode: e.code, errorMessage: e.message };
}

function ok(returnId: string | null): ReturnActionResult {
  return { returnId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null };
}

type ReturnStep = (world: World, seller: Seller, raw: unknown, topLocation?: string) => unknown;

function returnsBatch(step: ReturnStep) {
  return (ctx: RouteContext): RouteResult => {
    const body = readBody(ctx, ReturnsEnvelope);
    const returns = body.returns.map((raw) => {
      const returnId = idOf(raw, 'returnId');
      try {
        step(ctx.world, ctx.seller!, raw, body.locationId);
        return ok(returnId);
      } catch (e) {
        return failureOf(returnId, e);
      }
    });
    return { json: { returns } };
  };
}

/** returnIds as an array (SDK) or a comma-separated string (spec § 18), within the limit. */
function returnIdList(value: string[] | string): string[] {
  const ids = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter((s) => s.length > 0);
  if (ids.length === 0) throw orderError(400, 'UNPROCESSABLE_ENTITY', 'returnIds is empty.');
  if (ids.length > MAX_RETURNS_PER_REQUEST) throw orderError(400, 'UNPROCESSABLE_ENTITY', `returnIds holds ${ids.length} ids; ${tooMany}.`);
  return ids;
}

function bearer(method: 'GET' | 'POST', path: string, summary: string, specRef: string, parts: Partial<RouteDef> & Pick<RouteDef, 'handler'>): RouteDef {
  return { method, path: `/sellers${path}`, auth: 'bearer', summary, specRef, ...parts };
}

export const returnRoutes: RouteDef[] = [
  bearer('GET', '/v2/returns', "List the seller's returns by ids, tracking ids, dates, source or location; paged by nextUrl.", 'spec § Operations known by method, path; sdk-facts § 10', {
    response: ReturnsSearchResponse,
    handler: (ctx) => ({ json: searchReturns(ctx.world, ctx.seller!, ctx.query) }),
  }),
  bearer('POST', '/v2/returns/complete', 'Receive returns at the seller location (standard CREATED, courier APPROVED -> COMPLETED).', 'spec § POST /v2/returns/complete', {
    request: ReturnsCompleteRequest,
    response: ReturnsActionResponse,
    handler: (ctx) => {
      const body = readBody(ctx, ReturnsCompleteRequest);
      const returns = returnIdList(body.returnIds).map((returnId) => {
        try {
          completeOne(ctx.world, ctx.seller!, returnId, body.locationId);
          return ok(returnId);
        } catch (e) {
          return failureOf(returnId, e);
        }
      });
      return { json: { returns } };
    },
  }),
  bearer('POST', '/v2/returns/pickup', 'Confirm reverse pickups of approved customer returns (-> COMPLETED).', 'spec § POST /v2/returns/pickup', {
    request: ReturnsPickupRequest,
    response: ReturnsActionResponse,
    handler: returnsBatch(pickupOne),
  }),
  bearer('POST', '/v2/returns/pickupAttempt', 'Record failed reverse pickups; the pickup-by date moves to newPickupDate.', 'spec § POST /v2/returns/pickupAttempt', {
    request: ReturnsPickupAttemptRequest,
    response: ReturnsActionResponse,
    handler: returnsBatch(pickupAttemptOne),
  }),
  bearer('POST', '/v2/returns/techVisitAttempt', 'Record failed tech visits of requested customer returns; the tech-visit-by date moves.', 'spec § Self Ship return (path is the sandbox\'s)', {
    request: ReturnsTechVisitAttemptRequest,
    response: ReturnsActionResponse,
    handler: returnsBatch(techVisitAttemptOne),
  }),
  bearer('POST', '/v2/returns/approve', 'Approve customer returns after the tech visit (REQUESTED -> APPROVED).', 'spec § Self Ship return; sdk-facts § 10', {
    request: ReturnsApproveRequest,
    response: ReturnsActionResponse,
    handler: returnsBatch(approveOne),
  }),
  bearer('POST', '/v2/returns/reject', 'Reject customer returns after the tech visit (REQUESTED -> REJECTED).', 'spec § Self Ship return; sdk-facts § 10', {
    request: ReturnsRejectRequest,
    response: ReturnsActionResponse,
    handler: returnsBatch(rejectOne),
  }),
  bearer('POST', '/v2/returns/cancel', 'Cancel RTO: the courier return is cancelled and the forward item delivered.', 'spec § Self Ship return; sdk-facts § 10', {
    request: ReturnsCancelRequest,
    response: ReturnsActionResponse,
    handler: (ctx) => {
      const body = readBody(ctx, ReturnsCancelRequest);
      const returns = returnIdList(body.returnIds).map((returnId) => {
        try {
          cancelRtoOne(ctx.world, ctx.seller!, returnId, body.deliveryDate, body.locationId);
          return ok(returnId);
        } catch (e) {
          return failureOf(returnId, e);
        }
      });
      return { json: { returns } };
    },
  }),
  bearer('POST', '/v3/returns/tasks/initial-load', 'Returns a location should expect, grouped by tracking id.', 'spec § Operations known by method, path (shape is the sandbox\'s)', {
    request: ReturnTasksInitialLoadRequest,
    response: ReturnTasksInitialLoadResponse,
    handler: (ctx) => ({ json: initialLoad(ctx.world, ctx.seller!, readBody(ctx, ReturnTasksInitialLoadRequest).locationId) }),
  }),
  bearer('POST', '/v3/returns/tasks/shipments', 'What scanned reverse packages hold, by tracking id.', 'spec § Operations known by method, path (shape is the sandbox\'s)', {
    request: ReturnTaskShipmentsRequest,
    response: ReturnTaskShipmentsResponse,
    handler: (ctx) => {
      const body = readBody(ctx, ReturnTaskShipmentsRequest);
      return { json: taskShipments(ctx.world, ctx.seller!, body.locationId, body.trackingIds) };
    },
  }),
  bearer('POST', '/v3/returns/otc/start/details', 'Start a return handover: a one-time code for the courier agent.', 'spec § Operations known by method, path (shape is the sandbox\'s)', {
    request: ReturnOtcStartRequest,
    response: ReturnOtcStartResponse,
    handler: (ctx) => {
      const body = readBody(ctx, ReturnOtcStartRequest);
      return { json: startOtc(ctx.world, ctx.seller!, body.locationId, body.trackingIds) };
    },
  }),
  bearer('POST', '/v3/returns/otc/end/details', 'End a return handover with its code; the returns are received.', 'spec § Operations known by method, path (shape is the sandbox\'s)', {
    request: ReturnOtcEndRequest,
    response: ReturnOtcEndResponse,
    handler: (ctx) => {
      const body = readBody(ctx, ReturnOtcEndRequest);
      return { json: endOtc(ctx.world, ctx.seller!, body.otcId, body.code, body.locationId) };
    },
  }),
];
