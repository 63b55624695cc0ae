// The sandbox's request pipeline: match -> authenticate -> read body -> faults -> handler ->
// answer -> persist. Every refusal is a 4xx in the family's error shape; a 5xx leaves only
// through fault injection, or through a bug that the fuzz test is there to find.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { ApiError, oauthError, orderError, type RouteContext, type RouteDef, type RouteResult } from './route.js';
import { Router, operationName } from './router.js';
import type { World } from '../world/world.js';
import { CONTROL_TOKEN_HEADER, controlTokenMatches } from '../platform/control-token.js';
import { platformOf } from '../platform/platform-registry.js';
import { countRequest } from './request-counts.js';

/** Bodies above this are refused with 413 before they are read in full. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** What fault injection may do to one call (see faults.ts). */
export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'error'; result: RouteResult }
  | { kind: 'drop' }
  /** Commit, then answer 200 with a JSON content type and a body cut off mid-way. */
  | { kind: 'garble' };

export interface PipelineHooks {
  /** Decides a fault for a call before it runs; latency is awaited inside. */
  fault?: (operation: string) => Promise<FaultDecision> | FaultDecision;
  /** Called after every handler that may have changed state (persistence flush). */
  afterHandle?: (world: World) => void;
}

export function createRequestListener(world: World, routes: readonly RouteDef[], hooks: PipelineHooks = {}) {
  const router = new Router(routes);

  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let committed = false;
    try {
      const url = new URL(req.url ?? '/', 'https://sandbox.invalid');
      const method = (req.method ?? 'GET').toUpperCase();
      const match = router.match(method, url.pathname);
      if (match === undefined) throw orderError(404, 'NOT_FOUND', `No operation at ${method} ${url.pathname}.`);
      if (match === 'method') throw orderError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}.`);
      const { route, params } = match;

      const ctx: RouteContext = {
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: req.headers,
        body: undefined,
        rawBody: Buffer.alloc(0),
        world,
      };
      authenticate(route, req, ctx, world);
      if (route.auth === 'bearer') countRequest(world, bearerToken(req), operationName(route));
      ctx.rawBody = await readBody(req);
      if (ctx.rawBody.length > 0) {
        const type = String(req.headers['content-type'] ?? '');
        if (!type.includes('application/x-www-form-urlencoded')) {
          try {
            ctx.body = JSON.parse(ctx.rawBody.toString('utf8'));
          } catch (e) {
            ctx.bodyError = (e as Error).message;
          }
        }
      }

      const fault = hooks.fault ? await hooks.fault(operationName(route)) : { kind: 'none' as const };
      if (fault.kind === 'error') {
        send(res, fault.result);
        return;
      }
      const result = await route.handler(ctx);
      committed = true;
      hooks.afterHandle?.(world);
      if (fault.kind === 'drop') {
        // "commit but drop the response": the change is made and persisted, the answer is lost.
        req.socket.destroy();
        return;
      }
      if (fault.kind === 'garble') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.json ?? {}).slice(0, 20));
        return;
      }
      send(res, result);
    } catch (e) {
      if (!committed) hooks.afterHandle?.(world);
      if (e instanceof ApiError) {
        send(res, { status: e.status, json: e.body });
      } else {
        send(res, { status: 500, json: { code: 'INTERNAL', message: 'Internal sandbox error.', errors: [] } });
        console.error('sandbox: unexpected error', e);
      }
    }
  };
}

function authenticate(route: RouteDef, req: IncomingMessage, ctx: RouteContext, world: World): void {
  const header = String(req.headers.authorization ?? '');
  switch (route.auth) {
    case 'none':
      return;
    case 'loopback': {
      const addr = req.socket.remoteAddress ?? '';
      if (!(addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1')) {
        throw orderError(403, 'FORBIDDEN', 'The sandbox control API answers on loopback only.');
      }
      // Loopback is not enough: any local process could drive the desk's demo marketplace.
      const expected = platformOf(world)?.controlToken;
      if (!expected || !controlTokenMatches(expected, req.headers[CONTROL_TOKEN_HEADER])) {
        const what = req.headers[CONTROL_TOKEN_HEADER] === undefined ? 'needs' : 'got a wrong';
        throw orderError(401, 'UNAUTHORIZED', `The sandbox control API ${what} X-Sandbox-Control header: send the controlToken of the sandbox's ready line.`);
      }
      return;
    }
    case 'basic': {
      const m = /^Basic\s+(.+)$/i.exec(header);
      if (!m) throw oauthError(401, 'unauthorized', 'Send Authorization: Basic base64(app_id:app_secret).');
      const decoded = Buffer.from(m[1], 'base64').toString('utf8');
      const sep = decoded.indexOf(':');
      const app = sep > 0 ? world.apps.get(decoded.slice(0, sep)) : undefined;
      if (!app || !safeEqual(app.appSecret, decoded.slice(sep + 1))) {
        throw oauthError(401, 'unauthorized', 'Unknown application id or wrong application secret.');
      }
      ctx.app = app;
      return;
    }
    case 'bearer': {
      const m = /^Bearer\s+(\S+)$/i.exec(header);
      if (!m) throw oauthError(401, 'unauthorized', 'Full authentication is required: send Authorization: Bearer <access token>.');
      const token = world.tokens.get(m[1]);
      if (!token || token.kind !== 'access') throw oauthError(401, 'invalid_token', 'The access token is not known.');
      if (token.revokedAt !== undefined) {
        throw oauthError(401, 'invalid_token', 'The access token was revoked: the authorization code it came from was used twice. Authorize the application again.');
      }
      if (world.now() >= token.expiresAt) throw oauthError(401, 'invalid_token', 'The access token has expired; obtain a new one.');
      const seller = world.sellers.get(token.sellerId);
      if (!seller) throw oauthError(401, 'invalid_token', 'The access token belongs to no seller.');
      ctx.seller = seller;
      return;
    }
  }
}

/** The access token of an authenticated call (authenticate() has checked its form). */
function bearerToken(req: IncomingMessage): string {
  return String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    return Promise.reject(orderError(413, 'UNPROCESSABLE_ENTITY', `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(orderError(413, 'UNPROCESSABLE_ENTITY', `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, result: RouteResult): void {
  if (res.headersSent || res.destroyed) return;
  const status = result.status ?? 200;
  const headers: Record<string, string> = { ...result.headers };
  let payload: Buffer | string = '';
  if (result.json !== undefined) {
    payload = JSON.stringify(result.json);
    headers['content-type'] = 'application/json; charset=utf-8';
  } else if (result.body !== undefined) {
    payload = result.body;
    headers['content-type'] = result.contentType ?? 'application/octet-stream';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(status, headers);
  res.end(payload);
}
