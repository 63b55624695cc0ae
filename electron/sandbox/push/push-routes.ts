// Control routes of push notifications: subscribe a receiver, list and unsubscribe, the delivery
// status per subscription and the delivery fault knob. Loopback and the control token, as every
// /sandbox/ route (http/server.ts).
import { z } from 'zod';
import { orderError, parseControlBody, type RouteContext, type RouteDef } from '../http/route.js';
import { PushFaultConfig } from './push-faults.js';
import { pushHubOf, type PushHub } from './push-hub.js';
import { MAX_PUSH_SUBSCRIPTIONS, SubscribeBody, publicSubscription } from './subscriptions.js';

const PublicSubscription = z.object({
  subscriptionId: z.string(),
  url: z.string(),
  sellerId: z.string().optional(),
  secretHeader: z.object({ name: z.string() }).optional(),
  createdAt: z.string(),
});

/** A notification as the run report names it; a new schema each time (a repeated one would be written as a $ref). */
const named = () => z.object({ seq: z.number().int(), shipmentId: z.string(), eventType: z.string(), timestamp: z.string() });
/** What the fault knob did to one subscription's deliveries since it was last set. */
const FaultRun = z.object({
  deliveries: z.number().int(),
  dropped: z.number().int(),
  duplicated: z.number().int(),
  reordered: z.number().int(),
  delayed: z.number().int(),
  reorders: z.array(named().extend({ after: named() })),
});

const StatusEntry = z.object({
  subscriptionId: z.string(),
  url: z.string(),
  delivered: z.number().int(),
  pending: z.number().int(),
  retrying: z.number().int(),
  droppedByFault: z.number().int(),
  duplicatedByFault: z.number().int(),
  reorderedByFault: z.number().int(),
  delayedByFault: z.number().int(),
  attempts: z.number().int(),
  failedAttempts: z.number().int(),
  recentBackoffMs: z.array(z.number().int()),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  lastDeliveredAt: z.string().nullable(),
  run: FaultRun,
});

/** The form push-hub.ts gives subscription ids: SUB0001, SUB0002, ... */
const SUBSCRIPTION_ID = /^SUB\d{4,9}$/;

function hub(ctx: RouteContext): PushHub {
  const h = pushHubOf(ctx.world);
  if (!h) throw orderError(503, 'NOT_READY', 'Push notifications are not running in this sandbox.');
  return h;
}


export const pushRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/sandbox/push/subscriptions',
    auth: 'loopback',
    summary: `Subscribes an HTTPS receiver (url, caCert PEM to trust for it, optional sellerId and secretHeader); at most ${MAX_PUSH_SUBSCRIPTIONS}.`,
    specRef: '§ Events',
    request: SubscribeBody,
    response: PublicSubscription,
    handler: (ctx) => {
      const body = parseControlBody(SubscribeBody, ctx);
      if (body.sellerId && !ctx.world.sellers.has(body.sellerId)) throw orderError(400, 'INVALID_REQUEST', `sellerId: no seller ${body.sellerId}.`);
      const h = hub(ctx);
      if (h.list().length >= MAX_PUSH_SUBSCRIPTIONS) throw orderError(409, 'TOO_MANY_SUBSCRIPTIONS', `At most ${MAX_PUSH_SUBSCRIPTIONS} subscriptions; unsubscribe one first.`);
      return { status: 201, json: publicSubscription(h.subscribe(body)) };
    },
  },
  {
    method: 'GET',
    path: '/sandbox/push/subscriptions',
    auth: 'loopback',
    summary: 'Lists the subscriptions (secret header values are never shown).',
    specRef: '§ Events',
    response: z.object({ subscriptions: z.array(PublicSubscription) }),
    handler: (ctx) => ({ json: { subscriptions: hub(ctx).list() } }),
  },
  {
    method: 'DELETE',
    path: '/sandbox/push/subscriptions/{subscriptionId}',
    auth: 'loopback',
    summary: 'Unsubscribes a receiver; its undelivered notifications are discarded.',
    specRef: '§ Events',
    response: z.object({ unsubscribed: z.string() }),
    handler: (ctx) => {
      const id = ctx.params.subscriptionId;
      if (!SUBSCRIPTION_ID.test(id)) throw orderError(400, 'INVALID_REQUEST', `subscriptionId: ${id.slice(0, 40)} is not a subscription id (SUB followed by digits, as POST /sandbox/push/subscriptions answered).`);
      if (!hub(ctx).unsubscribe(id)) throw orderError(404, 'INVALID_SUBSCRIPTION', `No subscription ${id}; GET /sandbox/push/subscriptions lists them.`);
      return { json: { unsubscribed: id } };
    },
  },
  {
    method: 'GET',
    path: '/sandbox/push/status',
    auth: 'loopback',
    summary: 'Per subscription: delivered, pending, retrying, dropped-by-fault counts, recent backoff waits, the last error, and what the fault knob did since it was set (run); the knob and when it was set.',
    specRef: '§ Events',
    response: z.object({ subscriptions: z.array(StatusEntry), faults: PushFaultConfig, faultsSetAt: z.string() }),
    handler: (ctx) => {
      const h = hub(ctx);
      return { json: { subscriptions: h.status(), faults: h.faults.config, faultsSetAt: h.faultsSetAt } };
    },
  },
  {
    method: 'POST',
    path: '/sandbox/push/faults',
    auth: 'loopback',
    summary: 'Drops, duplicates, delays or reorders exact shares of push deliveries (seeded plans); {} clears. Starts a new run (GET /sandbox/push/status, run).',
    specRef: '§ Events',
    request: PushFaultConfig,
    response: z.object({ faults: PushFaultConfig }),
    handler: (ctx) => {
      const h = hub(ctx);
      h.configureFaults(parseControlBody(PushFaultConfig, ctx));
      return { json: { faults: h.faults.config } };
    },
  },
];
