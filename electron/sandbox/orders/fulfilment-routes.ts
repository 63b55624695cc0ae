// After packing: ready to dispatch, cancel, forms and their acknowledgement, and the self-ship
// tracking update (spec § POST /v3/shipments/dispatch, § Operations known by method, path and
// purpose only; sdk-facts § 5.1, § 8). Every per-shipment operation answers 200 with one result
// per shipment; only a malformed body is refused as a whole.
import type { ZodType } from 'zod';
import { orderError, type RouteContext, type RouteDef } from '../http/route.js';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import { CancelRequest, CancelShipment, DispatchRequest, ShipmentFormsResponse, TrackingUpdateRequest, UpdateAckRequest } from '../../../shared/api/handover.js';
import { ShipmentStatusResponse, type ShipmentProcessingResult } from '../../../shared/api/pack.js';
import { INVALID_SHIPMENT_STATE } from '../../../shared/api/shipments.js';
import type { Seller, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';
import { cancelBySeller } from './cancel.js';
import { describeZod, isValidDate, jsonBody, ownedShipments, parseIdList, sellerOf } from './request-checks.js';
import { allActiveIn, moveActiveItems, shipmentStatus } from './shipment-state.js';

const ok = (shipmentId: string): ShipmentProcessingResult => ({ shipmentId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null });
const failure = (shipmentId: string, errorCode: string, errorMessage: string): ShipmentProcessingResult => ({ shipmentId, processingStatus: 'FAILURE', errorCode, errorMessage });

/** A body that is not JSON is INVALID_REQUEST_JSON; one that misses mandatory fields is UNPROCESSABLE_ENTITY. */
function parseBody<T>(ctx: RouteContext, schema: ZodType<T>, shape: string): T {
  const body = jsonBody(ctx);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw orderError(400, 'INVALID_REQUEST_JSON', `The body must be a JSON object ${shape}.`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw orderError(422, 'UNPROCESSABLE_ENTITY', `Mandatory validations failed: ${describeZod(parsed.error)}`);
  return parsed.data;
}

/** The caller's shipment, or the per-shipment failure to report (codes as labelOnly, spec § Errors). */
function lookUp(world: World, seller: Seller, id: string): ShipmentRec | ShipmentProcessingResult {
  const s = world.shipments.get(id);
  if (!s) return failure(id, 'INVALID_SHIPMENTS', `Shipment ${id} does not exist.`);
  if (s.sellerId !== seller.sellerId) return failure(id, 'OPERATION_NOT_ALLOWED', `Shipment ${id} does not belong to this seller.`);
  return world.settle(s);
}
const isResult = (x: ShipmentRec | ShipmentProcessingResult): x is ShipmentProcessingResult => 'processingStatus' in x;

/** PACKED -> READY_TO_DISPATCH, event Ready To Dispatch (spec § Shipment). */
function dispatchOne(world: World, seller: Seller, id: string, locationId: string): ShipmentProcessingResult {
  const s = lookUp(world, seller, id);
  if (isResult(s)) return s;
  if (s.locationId !== locationId) return failure(id, 'INVALID_LOCATION', `Shipment ${id} is fulfilled from ${s.locationId}, not ${locationId}.`);
  if (s.hold) return failure(id, 'ITEM_ON_HOLD', `Shipment ${id} is on hold for verification.`);
  if (!allActiveIn(s, ['PACKED'])) {
    const status = shipmentStatus(s);
    const why = status === 'PACKING_IN_PROGRESS' ? 'its labels are still being generated' : `it is ${status}`;
    return failure(id, INVALID_SHIPMENT_STATE, `Shipment ${id} cannot be marked ready to dispatch: ${why}; only PACKED shipments can.`);
  }
  const now = world.nowIso();
  const moved = moveActiveItems(s, 'READY_TO_DISPATCH', now);
  s.dispatchedAt = now;
  world.touch('shipment', id);
  world.emit('Ready To Dispatch', { shipmentId: id, orderItemIds: moved });
  return ok(id);
}

/**
 * updateAck: the acknowledgement number of a failed manual form completes it; once no form is
 * FAILED the shipment leaves FORM_FAILED for PACKING_IN_PROGRESS and its documents are generated
 * again (then PACKED with the Packed event, as any pack). The spec leaves these transitions "not
 * shown"; this is the project's choice (electron/sandbox/README.md).
 */
function updateAckOne(world: World, seller: Seller, e: UpdateAckRequest['shipments'][number]): ShipmentProcessingResult {
  const s = lookUp(world, seller, e.shipmentId);
  if (isResult(s)) return s;
  if (e.locationId && e.locationId !== s.locationId) return failure(s.shipmentId, 'INVALID_LOCATION', `Shipment ${s.shipmentId} is fulfilled from ${s.locationId}.`);
  const form = s.forms.find((f) => f.name === e.formName);
  if (!form) return failure(s.shipmentId, 'UNPROCESSABLE_ENTITY', `Shipment ${s.shipmentId} has no form named ${JSON.stringify(e.formName)}; it has ${s.forms.map((f) => f.name).join(', ') || 'none'}.`);
  if (!e.ackNumber.trim()) return failure(s.shipmentId, 'UNPROCESSABLE_ENTITY', 'ackNumber must not be empty.');
  if (!allActiveIn(s, ['FORM_FAILED']) || form.status !== 'FAILED') {
    return failure(s.shipmentId, INVALID_SHIPMENT_STATE, `Shipment ${s.shipmentId} is ${shipmentStatus(s)} and its form ${form.name} is ${form.status}; an acknowledgement is taken only for a FAILED form of a FORM_FAILED shipment.`);
  }
  form.status = 'COMPLETED';
  form.ackNumber = e.ackNumber.trim();
  if (!s.forms.some((f) => f.status === 'FAILED')) {
    moveActiveItems(s, 'PACKING_IN_PROGRESS', world.nowIso());
    if (s.pack) s.pack.documentsReadyAt = world.now() + world.nextLabelDelayMs();
    world.packing.add(s.shipmentId);
  }
  world.touch('shipment', s.shipmentId);
  return ok(s.shipmentId);
}

export const fulfilmentRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sellers/v3/shipments/dispatch',
    auth: 'bearer',
    summary: 'Mark packed shipments ready to dispatch (PACKED -> READY_TO_DISPATCH)',
    specRef: 'spec § POST /v3/shipments/dispatch',
    request: DispatchRequest,
    response: ShipmentStatusResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const body = parseBody(ctx, DispatchRequest, '{shipmentIds: [...], locationId}');
      return { json: { shipments: [...new Set(body.shipmentIds)].map((id) => dispatchOne(ctx.world, seller, id, body.locationId)) } };
    },
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/cancel',
    auth: 'bearer',
    summary: 'Cancel approved shipments (seller cancellation; the product goes out of stock at the location)',
    specRef: 'spec § Shipment (APPROVED -> CANCELLED); sdk-facts § 5.1',
    request: CancelRequest,
    response: ShipmentStatusResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const body = jsonBody(ctx);
      const list = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).shipments : undefined;
      if (!Array.isArray(list)) throw orderError(400, 'INVALID_REQUEST_JSON', 'The cancel body must be an object {shipments: [{shipmentId, reason, locationId, cancellationGroupIds}]}.');
      if (list.length === 0) throw orderError(422, 'UNPROCESSABLE_ENTITY', 'shipments must hold at least one shipment to cancel.');
      const shipments = list.map((raw): ShipmentProcessingResult => {
        const parsed = CancelShipment.safeParse(raw);
        const rawId = raw && typeof raw === 'object' ? String((raw as Record<string, unknown>).shipmentId ?? '') : '';
        if (!parsed.success) return failure(rawId, 'UNPROCESSABLE_ENTITY', `Cancel request element is not valid: ${describeZod(parsed.error)}`);
        const s = lookUp(ctx.world, seller, parsed.data.shipmentId);
        if (isResult(s)) return s;
        const refusal = cancelBySeller(ctx.world, s, parsed.data);
        return refusal ? failure(s.shipmentId, refusal.code, refusal.message) : ok(s.shipmentId);
      });
      return { json: { shipments } };
    },
  },
  {
    method: 'GET',
    path: '/sellers/v3/shipments/{shipmentIds}/forms',
    auth: 'bearer',
    summary: 'Forms of shipments (name, link, automated, status, ackNumber)',
    specRef: 'spec § Form; § Operations known by method, path and purpose only',
    response: ShipmentFormsResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const shipments = ownedShipments(ctx.world, seller, parseIdList(ctx.params.shipmentIds, MAX_IDS_PER_REQUEST));
      return {
        json: {
          shipments: shipments.map((s) => ({
            shipmentId: s.shipmentId,
            forms: s.forms.map((f) => ({ name: f.name, link: f.link, automated: f.automated, status: f.status, ...(f.ackNumber ? { ackNumber: f.ackNumber } : {}) })),
          })),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/forms/updateAck',
    auth: 'bearer',
    summary: 'Supply the acknowledgement number of a failed form and process the FORM_FAILED shipment',
    specRef: 'spec § Operations known by method, path and purpose only',
    request: UpdateAckRequest,
    response: ShipmentStatusResponse,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const body = parseBody(ctx, UpdateAckRequest, '{shipments: [{shipmentId, formName, ackNumber}]}');
      return { json: { shipments: body.shipments.map((e) => updateAckOne(ctx.world, seller, e)) } };
    },
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/{shipmentId}/update',
    auth: 'bearer',
    summary: 'Update the tracking id and delivery partner of a self-ship shipment (empty answer)',
    specRef: 'sdk-facts § 8 (UpdateShipmentRequest)',
    request: TrackingUpdateRequest,
    handler: (ctx) => {
      const seller = sellerOf(ctx);
      const body = parseBody(ctx, TrackingUpdateRequest, '{tracking_id, delivery_partner, tentative_delivery_date}');
      const [s] = ownedShipments(ctx.world, seller, [ctx.params.shipmentId]);
      if (body.shipment_id !== undefined && body.shipment_id !== s.shipmentId) {
        throw orderError(422, 'UNPROCESSABLE_ENTITY', `shipment_id ${body.shipment_id} differs from the shipment in the path, ${s.shipmentId}.`);
      }
      if (body.seller_id !== undefined && body.seller_id !== seller.sellerId) throw orderError(403, 'OPERATION_NOT_ALLOWED', 'seller_id is not the caller.');
      if (body.tentative_delivery_date !== undefined && !isValidDate(body.tentative_delivery_date)) {
        throw orderError(422, 'UNPROCESSABLE_ENTITY', 'tentative_delivery_date must be an ISO date-time.');
      }
      if (s.shipmentType !== 'SELF' || !s.selfShip) throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${s.shipmentId} is shipped by marketplace logistics; only self-ship tracking can be updated.`);
      if (s.selfShip.status === 'CANCELLED') throw orderError(409, INVALID_SHIPMENT_STATE, `Shipment ${s.shipmentId} is cancelled.`);
      if (body.tracking_id !== undefined) s.selfShip.trackingId = body.tracking_id;
      if (body.delivery_partner !== undefined) s.selfShip.deliveryPartner = body.delivery_partner;
      s.updatedAt = ctx.world.nowIso();
      ctx.world.touch('shipment', s.shipmentId);
      return { status: 200, body: '', contentType: 'application/json' };
    },
  },
];
