// Routes: self-ship and service operations (spec § Self Ship order and service item, § Operations
// known by method, path and purpose only; bodies and answers from official-sdk-facts § 8, § 9).
// Every batch answers 200 with one result per element; a bad element is a FAILURE with a code,
// a bad envelope is a 400 (spec § Errors: UNPROCESSABLE_ENTITY, "mandatory validations failed").
import { z } from 'zod';
import { MAX_IDS_PER_REQUEST } from '../../../shared/api/limits.js';
import {
  SelfShipDeliveryAttemptRequest,
  SelfShipDeliveryRequest,
  SelfShipDispatchRequest,
  SelfShipShipmentsResponse,
  SelfShipVendorsResponse,
  ServiceRequest,
  ServiceResponse,
  type SelfShipShipmentResult,
  type ServiceResult,
} from '../../../shared/api/selfship.js';
import type { RouteContext, RouteDef, RouteResult } from '../http/route.js';
import type { Seller } from '../world/model.js';
import type { World } from '../world/world.js';
import { ItemFailure, idOf, readBody } from '../returns/item-failure.js';
import {
  attemptDeliveryOne,
  attemptServiceOne,
  completeServiceOne,
  deliverOne,
  dispatchOne,
  type ServiceTarget,
} from '../selfship/selfship-actions.js';
import { SELF_SHIP_VENDORS } from '../selfship/vendors.js';

/**
 * The spec states no per-call limit for self-ship operations and the SDK none either; the sandbox
 * applies the spec's general "ids per request" limit so one call cannot be unbounded.
 */
const ShipmentsEnvelope = z.object({ shipments: z.array(z.unknown()).min(1).max(MAX_IDS_PER_REQUEST) });
const ServicesEnvelope = z.object({ services: z.array(z.unknown()).min(1).max(MAX_IDS_PER_REQUEST) });

type ShipmentStep = (world: World, seller: Seller, raw: unknown) => unknown;
type ServiceStep = (world: World, seller: Seller, raw: unknown) => ServiceTarget;

function shipmentBatch(step: ShipmentStep) {
  return (ctx: RouteContext): RouteResult => {
    const body = readBody(ctx, ShipmentsEnvelope);
    const shipments: SelfShipShipmentResult[] = body.shipments.map((raw) => {
      const shipmentId = idOf(raw, 'shipmentId');
      try {
        step(ctx.world, ctx.seller!, raw);
        return { shipmentId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null };
      } catch (e) {
        if (!(e instanceof ItemFailure)) throw e;
        return { shipmentId, processingStatus: 'FAILURE', errorCode: e.code, errorMessage: e.message };
      }
    });
    return { json: { shipments } };
  };
}

function serviceBatch(step: ServiceStep) {
  return (ctx: RouteContext): RouteResult => {
    const body = readBody(ctx, ServicesEnvelope);
    const services: ServiceResult[] = body.services.map((raw) => {
      const shipmentId = idOf(raw, 'shipmentId');
      try {
        const target = step(ctx.world, ctx.seller!, raw);
        return { serviceFulfilmentId: target.service.serviceFulfilmentId, status: 'SUCCESS', failureReason: null, shipmentId: target.shipment.shipmentId, errorCode: null };
      } catch (e) {
        if (!(e instanceof ItemFailure)) throw e;
        const serviceId = idOf(raw, 'serviceFulfilmentId') ?? serviceIdOf(ctx, shipmentId);
        return { serviceFulfilmentId: serviceId, status: 'FAILURE', failureReason: e.message, shipmentId, errorCode: e.code };
      }
    });
    return { json: { services } };
  };
}

/** The service id of the caller's own shipment, to label a failure; never another seller's. */
function serviceIdOf(ctx: RouteContext, shipmentId: string | null): string | null {
  const s = shipmentId ? ctx.world.shipments.get(shipmentId) : undefined;
  return s && s.sellerId === ctx.seller!.sellerId ? (s.selfShip?.service?.serviceFulfilmentId ?? null) : null;
}

export const selfShipRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sellers/v3/shipments/selfShip/dispatch',
    auth: 'bearer',
    summary: 'Mark self-ship shipments dispatched (Approved -> Shipped), with invoice and logistics details.',
    specRef: 'spec § Self Ship order and service item; sdk-facts § 8',
    request: SelfShipDispatchRequest,
    response: SelfShipShipmentsResponse,
    handler: shipmentBatch(dispatchOne),
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/selfShip/deliveryAttempt',
    auth: 'bearer',
    summary: 'Record a failed delivery attempt; the delivery SLA moves to the new expected date.',
    specRef: 'spec § Self Ship order and service item; sdk-facts § 8, § 15.21',
    request: SelfShipDeliveryAttemptRequest,
    response: SelfShipShipmentsResponse,
    handler: shipmentBatch(attemptDeliveryOne),
  },
  {
    method: 'POST',
    path: '/sellers/v3/shipments/selfShip/delivery',
    auth: 'bearer',
    summary: 'Confirm delivery (Shipped -> Delivered; Complete when there is no service item).',
    specRef: 'spec § Self Ship order and service item; sdk-facts § 8',
    request: SelfShipDeliveryRequest,
    response: SelfShipShipmentsResponse,
    handler: shipmentBatch(deliverOne),
  },
  {
    method: 'POST',
    path: '/sellers/v2/services/attempt',
    auth: 'bearer',
    summary: 'Record a service attempt; the service-completion SLA moves to the new date.',
    specRef: 'spec § Self Ship order and service item; sdk-facts § 9',
    request: ServiceRequest,
    response: ServiceResponse,
    handler: serviceBatch(attemptServiceOne),
  },
  {
    method: 'POST',
    path: '/sellers/v2/services/complete',
    auth: 'bearer',
    summary: 'Complete the service (Delivered -> Complete, service In Progress -> Complete).',
    specRef: 'spec § Self Ship order and service item; sdk-facts § 9',
    request: ServiceRequest,
    response: ServiceResponse,
    handler: serviceBatch(completeServiceOne),
  },
  {
    method: 'GET',
    path: '/sellers/selfship/vendors',
    auth: 'bearer',
    summary: 'List the vendors a self-ship dispatch may name as deliveryPartner.',
    specRef: 'spec § Operations known by method, path and purpose only',
    response: SelfShipVendorsResponse,
    handler: () => ({ json: { vendors: SELF_SHIP_VENDORS } }),
  },
];
