// What return and self-ship actions share: reading a JSON body with zod, turning a bad element
// into a per-item FAILURE (spec § Errors: "Order operations that report per item return
// processingStatus FAILURE with errorCode and errorMessage"), and judging dates the seller reports.
import type { ZodType, z } from 'zod';
import { parseWireDate } from '../../../shared/api/returns.js';
import { orderError, type RouteContext } from '../http/route.js';
import type { World } from '../world/world.js';
import { REPORTED_DATE_SKEW_MS } from './return-windows.js';

/** A refusal of one element of a batch; the batch itself goes on. */
export class ItemFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A zod error as one readable sentence: "returns.0.pickupDate: must be ...". */
export function zodMessage(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * The body parsed by an envelope schema. A body that is not JSON is 400 INVALID_REQUEST_JSON;
 * one that misses the envelope is 400 UNPROCESSABLE_ENTITY ("mandatory validations failed").
 */
export function readBody<S extends ZodType>(ctx: RouteContext, schema: S): z.infer<S> {
  if (ctx.bodyError !== undefined) throw orderError(400, 'INVALID_REQUEST_JSON', `The request body is not JSON: ${ctx.bodyError}`);
  if (ctx.body === undefined) throw orderError(400, 'UNPROCESSABLE_ENTITY', 'A JSON request body is required.');
  const parsed = schema.safeParse(ctx.body);
  if (!parsed.success) throw orderError(400, 'UNPROCESSABLE_ENTITY', zodMessage(parsed.error));
  return parsed.data;
}

/** Parses one element with its strict schema, or fails that element with UNPROCESSABLE_ENTITY. */
export function readItem<S extends ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ItemFailure('UNPROCESSABLE_ENTITY', zodMessage(parsed.error));
  return parsed.data;
}

/** A string field of an element that may be malformed, for labelling its answer. */
export function idOf(value: unknown, field: string): string | null {
  if (value && typeof value === 'object') {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

/**
 * A date the seller reports as already happened (pickup, dispatch, delivery, attempt): it must
 * parse and must not lie in the future beyond a small clock skew.
 */
export function pastDate(world: World, value: string, field: string): number {
  const ms = parseWireDate(value);
  if (ms === undefined) throw new ItemFailure('UNPROCESSABLE_ENTITY', `${field} must be an ISO 8601 date or date-time.`);
  if (ms > world.now() + REPORTED_DATE_SKEW_MS) {
    throw new ItemFailure('INVALID_DATE', `${field} ${value} is in the future; report it once it has happened.`);
  }
  return ms;
}

/** A new expected date (next pickup, delivery, service, tech visit): after the attempt and after now. */
export function newDueDate(world: World, value: string, field: string, attemptMs: number): number {
  const ms = parseWireDate(value);
  if (ms === undefined) throw new ItemFailure('UNPROCESSABLE_ENTITY', `${field} must be an ISO 8601 date or date-time.`);
  if (ms <= attemptMs || ms <= world.now()) {
    throw new ItemFailure('INVALID_DATE', `${field} ${value} must be later than the attempt and than now.`);
  }
  return ms;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
