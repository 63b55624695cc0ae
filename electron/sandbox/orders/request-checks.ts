// Checks every shipment operation makes on its input: a JSON body, comma-separated id lists
// within their limit, and shipment ids that exist and belong to the caller. Refusals use the
// spec's codes (spec § Errors) in the family's error body.
import type { ZodError } from 'zod';
import { orderError, type RouteContext } from '../http/route.js';
import type { Seller, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';

export function sellerOf(ctx: RouteContext): Seller {
  if (!ctx.seller) throw orderError(401, 'UNAUTHORIZED', 'Full authentication is required.');
  return ctx.seller;
}

/** The parsed body; a body that is not JSON, or none, is INVALID_REQUEST_JSON. */
export function jsonBody(ctx: RouteContext): unknown {
  if (ctx.bodyError !== undefined) throw orderError(400, 'INVALID_REQUEST_JSON', `The request body is not valid JSON: ${ctx.bodyError}`);
  if (ctx.body === undefined) throw orderError(400, 'INVALID_REQUEST_JSON', 'A JSON request body is required.');
  return ctx.body;
}

/** One line naming the first problems zod found, with their JSON paths. */
export function describeZod(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
}

/**
 * A comma-separated id list from a path or query parameter, duplicates removed. Empty or more
 * than `max` ids is UNPROCESSABLE_ENTITY (spec § Errors: "More ids than allowed").
 */
export function parseIdList(raw: string | null | undefined, max: number, what = 'shipmentIds'): string[] {
  const ids = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
  if (ids.length === 0) throw orderError(422, 'UNPROCESSABLE_ENTITY', `${what} must name at least one id.`);
  if (ids.length > max) throw orderError(422, 'UNPROCESSABLE_ENTITY', `${what} names ${ids.length} ids; at most ${max} are allowed per request.`);
  return ids;
}

/**
 * The caller's shipments for these ids, settled (PACKING_IN_PROGRESS whose documents are ready
 * becomes PACKED). Unknown ids: 400 INVALID_SHIPMENTS; another seller's: 403
 * OPERATION_NOT_ALLOWED (spec § Errors, labelOnly and invoices).
 */
export function ownedShipments(world: World, seller: Seller, ids: readonly string[]): ShipmentRec[] {
  const out: ShipmentRec[] = [];
  const unknown: string[] = [];
  const foreign: string[] = [];
  for (const id of ids) {
    const s = world.shipments.get(id);
    if (!s) unknown.push(id);
    else if (s.sellerId !== seller.sellerId) foreign.push(id);
    else out.push(world.settle(s));
  }
  if (unknown.length) throw orderError(400, 'INVALID_SHIPMENTS', `Unknown shipment ids: ${unknown.slice(0, 10).join(', ')}.`);
  if (foreign.length) throw orderError(403, 'OPERATION_NOT_ALLOWED', `Shipment ids do not belong to this seller: ${foreign.slice(0, 10).join(', ')}.`);
  return out;
}

/** A date or date-time the sandbox can read, e.g. an invoice date: 'YYYY-MM-DD' or ISO 8601. */
export function isValidDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value));
}
