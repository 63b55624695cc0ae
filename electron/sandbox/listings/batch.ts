// The envelope every listing operation shares (spec § Listing operations (common rules)): a JSON
// body, a map of SKU to object with at most MAX_SKUS_PER_REQUEST entries, a 400 with errors[]
// (severity, code, description, path) for a request refused as a whole, and per-SKU results
// {status, errors[], attribute_errors[]} in a 200 otherwise.
import { z } from 'zod';
import { listingBatchError, type RouteContext } from '../http/route.js';
import { MAX_SKUS_PER_REQUEST } from '../../../shared/api/limits.js';
import { LISTING_CODES } from '../../../shared/api/listing-codes.js';
import type { AttributeError, ListingChangeResult, ListingError } from '../../../shared/api/listings.js';

const JsonMap = z.record(z.string(), z.unknown());

/**
 * The parsed JSON body of a listing request. Listing operations send
 * `application/json; charset=utf-8` (spec § Endpoints); a body declared as anything else is
 * refused rather than guessed at. A missing Content-Type is tolerated: the bytes decide.
 */
export function jsonBody(ctx: RouteContext): unknown {
  const type = String(ctx.headers['content-type'] ?? '').toLowerCase();
  if (ctx.rawBody.length > 0 && type !== '' && !type.includes('application/json')) {
    throw listingBatchError([
      { code: LISTING_CODES.WRONG_CONTENT_TYPE, description: `Content-Type ${type} is not accepted; send application/json; charset=utf-8.`, path: '$' },
    ]);
  }
  if (ctx.bodyError !== undefined) {
    throw listingBatchError([{ code: LISTING_CODES.BODY_NOT_JSON, description: `The body is not valid JSON: ${ctx.bodyError}`, path: '$' }]);
  }
  if (ctx.body === undefined) {
    throw listingBatchError([{ code: LISTING_CODES.BODY_NOT_OBJECT, description: 'The request has no body; send a JSON object.', path: '$' }]);
  }
  return ctx.body;
}

/** The SKU entries of a create/update/price/inventory body, in the order sent. */
export function skuEntries(ctx: RouteContext): [string, unknown][] {
  const body = jsonBody(ctx);
  const parsed = JsonMap.safeParse(body);
  if (!parsed.success || Array.isArray(body)) {
    throw listingBatchError([
      { code: LISTING_CODES.BODY_NOT_OBJECT, description: 'The body must be a JSON object that maps each SKU to its listing object.', path: '$' },
    ]);
  }
  // Entries of the body itself: zod's record leaves out a key named __proto__, and such a SKU
  // must still get its answer.
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) {
    throw listingBatchError([{ code: LISTING_CODES.NO_SKUS, description: 'The body names no SKU.', path: '$' }]);
  }
  if (entries.length > MAX_SKUS_PER_REQUEST) {
    throw listingBatchError([
      {
        code: LISTING_CODES.TOO_MANY_SKUS,
        description: `The body names ${entries.length} SKUs; at most ${MAX_SKUS_PER_REQUEST} are allowed per call.`,
        path: '$',
      },
    ]);
  }
  return entries;
}

/**
 * One SKU's result. Status words are the spec's lower case (success, failure, warning); the
 * SDK's model spells them in capitals (sdk-facts § 15.25) and clients should accept both.
 */
export function skuResult(attributeErrors: AttributeError[], errors: ListingError[] = []): ListingChangeResult {
  const all = [...errors, ...attributeErrors];
  const status = all.some((e) => e.severity === 'ERROR') ? 'failure' : all.length > 0 ? 'warning' : 'success';
  return { status, errors, attribute_errors: attributeErrors };
}

export function skuFailure(code: number, description: string): ListingChangeResult {
  return skuResult([], [{ severity: 'ERROR', code, description }]);
}
