// What a sandbox route is. Every operation of the seller interface is one RouteDef; the server
// matches it, authenticates, parses the body and hands a RouteContext to the handler. Handlers
// are synchronous or async functions of (context) -> result and never touch sockets.
import type { IncomingHttpHeaders } from 'node:http';
import type { ZodType } from 'zod';
import type { World } from '../world/world.js';
import type { Seller, AppRec } from '../world/model.js';

/**
 * bearer: an access token of a seller (spec § Endpoints: "All calls require Authorization: Bearer").
 * basic: HTTP Basic with app id and secret (spec § Authentication 5, token endpoints).
 * none: public (the authorize page, swagger).
 * loopback: the /sandbox/ control API, refused unless the peer is 127.0.0.1 / ::1.
 */
export type RouteAuth = 'bearer' | 'basic' | 'none' | 'loopback';

export interface RouteContext {
  method: string;
  /** Path as requested, without the query string. */
  path: string;
  /** Path parameters by template name, already URI-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when the request had none. */
  body: unknown;
  /** The raw body: form posts (oauth authorize) and byte-level checks use it. */
  rawBody: Buffer;
  /** Set when the body was present but not valid JSON; the route decides which error to give. */
  bodyError?: string;
  /** The seller behind a bearer token (auth 'bearer'). */
  seller?: Seller;
  /** The application behind Basic credentials (auth 'basic'). */
  app?: AppRec;
  world: World;
}

export interface RouteResult {
  status?: number;
  /** Serialised as application/json. */
  json?: unknown;
  /** Sent as-is with contentType. */
  body?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Full path template, e.g. '/sellers/v3/shipments/{shipmentIds}/labels'. */
  path: string;
  auth: RouteAuth;
  summary: string;
  /** Spec section this route implements, for the generated OpenAPI and for readers. */
  specRef?: string;
  /** Request body schema, used for OpenAPI generation (handlers still validate themselves). */
  request?: ZodType;
  /** Success response schema, for OpenAPI generation. */
  response?: ZodType;
  /** Response content type when not JSON (e.g. 'application/pdf'). */
  produces?: string;
  handler: (ctx: RouteContext) => RouteResult | Promise<RouteResult>;
}

/**
 * A refusal with a 4xx status and a body in the family's error shape. Thrown by handlers; the
 * server turns it into the answer. Never used for bugs: an unexpected exception is a 500 and a
 * failure of the fuzz test.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message?: string,
  ) {
    super(message ?? `HTTP ${status}`);
  }
}

/**
 * Error body of order, shipment and return operations. The spec leaves it "not shown" and the
 * SDK defines none (sdk-facts § 12); this shape is recorded in electron/sandbox/README.md.
 */
export function orderError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, { code, message, errors: [{ severity: 'ERROR', code, description: message }] }, `${code}: ${message}`);
}

/** Error body of the token endpoints: error_description is the one field the spec names. */
export function oauthError(status: number, error: string, description: string): ApiError {
  return new ApiError(status, { error, error_description: description }, `${error}: ${description}`);
}

/** 400 body of listing operations (spec § Listing operations: errors[] of severity, code, description, path). */
export function listingBatchError(errors: { code: number; description: string; path?: string }[]): ApiError {
  return new ApiError(400, { errors: errors.map((e) => ({ severity: 'ERROR', ...e })) }, errors[0]?.description);
}

/** Parses a control body with zod; the first issue becomes the 400 message. */
export function parseControlBody<T>(schema: ZodType<T>, ctx: RouteContext): T {
  if (ctx.bodyError) throw orderError(400, 'INVALID_REQUEST_JSON', `The body is not valid JSON: ${ctx.bodyError}`);
  const result = schema.safeParse(ctx.body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw orderError(400, 'INVALID_REQUEST', `${where}${issue.message}`);
  }
  return result.data;
}
