// Valid requests for every operation the sandbox publishes in /swagger/swagger.json. The route
// list comes from the sandbox itself, so a new route is fuzzed without a change here: its body
// is generated from its request schema and its path parameters from real ids. The operations
// below whose meaning lives in the query string or in cross-record facts (a pack element must
// match its shipment) get a hand-written builder.
import type { TestSandbox } from './sandbox.js';
import type { Rng } from '../../electron/sandbox/world/rng.js';
import { packElement } from '../sandbox/shipments-fixtures.js';
import type { FuzzRequest } from './fuzz-client.js';
import { exampleOf, pickSome, type IdPool, type JsonSchema, type SellerIds } from './fuzz-values.js';
import { CONTROL_TOKEN_HEADER } from '../../electron/sandbox/platform/control-token.js';

export type OperationAuth = 'bearer' | 'basic' | 'none' | 'loopback';

export interface Operation {
  /** 'POST /sellers/v3/shipments/labels': method and path template. */
  key: string;
  method: string;
  path: string;
  auth: OperationAuth;
  request?: JsonSchema;
  requestType?: string;
}

/** The operations of an OpenAPI document as the sandbox serves it. */
export function operationsOf(swagger: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(swagger.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = JSON.stringify(op.security ?? []);
      const auth: OperationAuth = security.includes('Oauth2SelfAccess') ? 'bearer' : security.includes('basicAuth') ? 'basic' : path.startsWith('/sandbox/') ? 'loopback' : 'none';
      const content = op.requestBody?.content ?? {};
      const requestType = Object.keys(content)[0];
      ops.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, auth, request: requestType ? content[requestType].schema : undefined, requestType });
    }
  }
  return ops;
}

export interface BuildContext {
  sb: TestSandbox;
  pool: IdPool;
  rng: Rng;
  /** Current access tokens of both sellers (renewed when the fuzz expires them). */
  tokens: { own: string; other: string };
}

/** What a builder may fix; everything left out is generated from the schema. */
interface Parts {
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

type Builder = (c: BuildContext, ids: SellerIds) => Parts;

const basic = (app: { appId: string; appSecret: string }) => `Basic ${Buffer.from(`${app.appId}:${app.appSecret}`).toString('base64')}`;
const list = (rng: Rng, xs: string[], fallback: string, max = 3) => pickSome(rng, xs.length ? xs : [fallback], 1, max).join(',');

const BUILDERS: Record<string, Builder> = {
  'GET /oauth-service/oauth/token': ({ sb, rng }): Parts =>
    rng.chance(0.7)
      ? { query: { grant_type: 'client_credentials', scope: rng.pick(['Seller_Api', 'Seller_Api,Default']) }, headers: { authorization: basic(sb.info.selfAccess) } }
      : { query: { grant_type: 'refresh_token', refresh_token: sb.world.secret() }, headers: { authorization: basic(sb.info.thirdParty) } },
  'GET /oauth-service/oauth/token/expiry': ({ sb, tokens }) => ({ query: { token_type: 'access', token: tokens.own }, headers: { authorization: basic(sb.info.selfAccess) } }),
  'GET /oauth-service/oauth/authorize': ({ sb, rng }) => ({
    query: { client_id: sb.info.thirdParty.appId, redirect_uri: sb.info.thirdParty.redirectUri, response_type: 'code', scope: 'Seller_Api', state: `s${rng.int(0, 1e6)}` },
  }),
  'POST /oauth-service/oauth/authorize': ({ sb, rng }) => ({
    contentType: 'application/x-www-form-urlencoded',
    rawBody: new URLSearchParams({
      client_id: sb.info.thirdParty.appId,
      redirect_uri: sb.info.thirdParty.redirectUri,
      response_type: 'code',
      scope: 'Seller_Api',
      state: `s${rng.int(0, 1e6)}`,
      username: sb.info.seller.username,
      password: rng.chance(0.8) ? sb.info.seller.password : 'wrong',
      decision: rng.pick(['allow', 'deny']),
    }).toString(),
  }),
  'GET /sellers/v3/shipments': ({ rng }, ids) => {
    const which = rng.pick(['shipmentIds', 'orderItemIds', 'orderIds'] as const);
    const from = which === 'shipmentIds' ? ids.shipments : which === 'orderItemIds' ? ids.orderItemIds : ids.orderIds;
    return { query: { [which]: list(rng, from, 'X', 5) } };
  },
  'GET /sellers/v3/shipments/filter': ({ rng, pool }) => {
    const url = pool.learnt.nextPageUrls.length ? rng.pick(pool.learnt.nextPageUrls) : undefined;
    return { query: { next_token: url ? (new URL(url, 'https://x.invalid').searchParams.get('next_token') ?? '') : 'e30' } };
  },
  'POST /sellers/v3/shipments/filter/': ({ rng }, ids) => ({
    body: {
      filter: { type: 'preDispatch', states: [rng.pick(['APPROVED', 'PACKED', 'READY_TO_DISPATCH'])], ...(rng.chance(0.3) ? { locationId: rng.pick(ids.locations) } : {}) },
      pagination: { pageSize: rng.int(1, 20) },
      ...(rng.chance(0.3) ? { sort: { field: 'dispatchByDate', order: rng.pick(['asc', 'desc']) } } : {}),
    },
  }),
  'POST /sellers/v3/shipments/labels': ({ sb, rng }, ids) => {
    const live = (ids.approved.length ? ids.approved : ids.shipments).filter((id) => sb.world.shipments.has(id));
    try {
      return { body: { shipments: pickSome(rng, live, 1, 2).map((id) => packElement(sb, id)) } };
    } catch {
      // A shipment without packages (or none left after a reset): the schema builds the element.
      return {};
    }
  },
  'GET /sellers/v3/shipments/{shipmentIds}/labels': ({ rng }, ids) => ({ params: { shipmentIds: list(rng, ids.packed, ids.shipments[0] ?? 'X', 2) } }),
  'GET /sellers/v3/shipments/{shipmentIds}/invoices': ({ rng }, ids) => ({
    params: { shipmentIds: list(rng, ids.packed, ids.shipments[0] ?? 'X', 2) },
    headers: { accept: rng.pick(['application/json', 'application/pdf']) },
  }),
  'POST /sellers/v3/shipments/{shipmentIds}/labelOnly/pdf': ({ rng }, ids) => labelOnly(rng, ids),
  'POST /sellers/v3/shipments/{shipmentIds}/labelOnly': ({ rng }, ids) => labelOnly(rng, ids),
  'GET /sellers/v3/shipments/{shipmentIds}/forms': ({ rng }, ids) => ({ params: { shipmentIds: list(rng, ids.withForms, ids.shipments[0] ?? 'X') } }),
  'POST /sellers/v3/shipments/dispatch': ({ sb, rng }, ids) => {
    const shipmentIds = pickSome(rng, ids.packed.length ? ids.packed : ids.shipments, 1, 3);
    return { body: { shipmentIds, locationId: sb.world.shipments.get(shipmentIds[0])?.locationId ?? ids.locations[0] } };
  },
  'POST /sellers/v3/shipments/cancel': ({ sb, rng }, ids) => {
    const id = rng.pick(ids.approved.length ? ids.approved : ids.shipments);
    return { body: { shipments: [{ shipmentId: id, reason: 'not_enough_inventory', locationId: sb.world.shipments.get(id)?.locationId ?? ids.locations[0] }] } };
  },
  'POST /sellers/v3/shipments/{shipmentId}/update': ({ rng }, ids) => ({
    params: { shipmentId: rng.pick(ids.selfShip.length ? ids.selfShip : ids.shipments) },
    body: { tracking_id: `TRK${rng.int(1, 1e6)}`, delivery_partner: 'BLUEDART' },
  }),
  'GET /sellers/v3/shipments/handover/counts': ({ rng }, ids) => ({ query: rng.chance(0.7) ? { locationId: rng.pick(ids.locations) } : ({} as Record<string, string>) }),
  'POST /sellers/v3/shipments/manifest': ({ rng }, ids) => ({ body: { params: { vendorGroupCode: rng.pick(ids.vendorGroupCodes), ...(rng.chance(0.5) ? { is_mps: rng.chance(0.5) } : {}) } } }),
  'GET /sellers/v3/shipments/otc/{locationId}': ({ rng }, ids) => ({ params: { locationId: rng.pick(ids.locations) }, query: { requestType: rng.pick(['FORWARD', 'REVERSE']) } }),
  'GET /sellers/v2/returns': ({ rng, pool }, ids) => {
    if (pool.learnt.returnNextUrls.length && rng.chance(0.3)) {
      return { query: Object.fromEntries(new URL(rng.pick(pool.learnt.returnNextUrls), 'https://x.invalid').searchParams) };
    }
    const q: Record<string, string> = {};
    if (rng.chance(0.4)) q.returnIds = list(rng, ids.returnIds, 'RT0', 4);
    if (rng.chance(0.3)) q.source = rng.pick(['courier_return', 'customer_return']);
    if (rng.chance(0.3)) q.locationId = rng.pick(ids.locations);
    if (rng.chance(0.2)) q.createdAfter = '2020-01-01';
    return { query: q };
  },
  'POST /sellers/v3/returns/otc/end/details': ({ rng, pool }, ids) => {
    const otc = pool.learnt.otc.length ? rng.pick(pool.learnt.otc) : { otcId: 'OTC0', code: '000000', locationId: ids.locations[0] };
    return { body: { otcId: otc.otcId, code: rng.chance(0.8) ? otc.code : '123456', locationId: otc.locationId } };
  },
  'POST /sellers/listings/v3/update': ({ sb, rng }, ids) => ({ body: storedListings(sb, rng, ids, false) }),
  'POST /sellers/listings/v3/hyperlocal/update': ({ sb, rng }, ids) => ({ body: storedListings(sb, rng, ids, true) }),
  'POST /sellers/listings/v3/details': ({ rng }, ids) => ({ body: { sku_ids: pickSome(rng, ids.skus, 1, 10) } }),
  'POST /sellers/listings/v3/product/search': ({ rng }) => ({
    body: { batchNo: rng.int(0, 3), internalState: rng.pick(['ACTIVE', 'INACTIVE', 'ARCHIVED']), ...(rng.chance(0.5) ? { searchText: rng.pick(['a', 'phone', '1']) } : {}) },
  }),
  'GET /sellers/listings/v3/{skuIds}': ({ rng }, ids) => ({ params: { skuIds: pickSome(rng, ids.skus, 1, 10).map(encodeURIComponent).join(',') } }),
  'POST /sandbox/shipments': ({ rng }) => ({ body: { count: rng.int(1, 4), ...(rng.chance(0.6) ? { kind: rng.pick(['plain', 'serialized', 'mps', 'hold', 'future', 'selfship', 'form']) } : {}) } }),
  'POST /sandbox/returns': ({ rng }, ids) => ({ body: { orderItemId: rng.pick(ids.orderItemIds), kind: rng.pick(['standard', 'courier', 'customer']) } }),
  'POST /sandbox/clock': ({ rng }) => ({ body: { advanceSeconds: rng.int(0, 7200) } }),
  'POST /sandbox/faults': () => ({ body: {} }),
  'GET /sandbox/events': ({ sb, rng }) => ({ query: { since: String(rng.int(0, sb.world.events.length)) } }),
};

function labelOnly(rng: Rng, ids: SellerIds): Parts {
  const from = rng.chance(0.5) ? ids.packed : ids.approved;
  return { params: { shipmentIds: list(rng, from, ids.shipments[0] ?? 'X', 2) }, query: rng.chance(0.3) ? { reprint: 'true' } : {} };
}

/** Listings as the seller last wrote them, sent back as an update (the round trip a form makes). */
function storedListings(sb: TestSandbox, rng: Rng, ids: SellerIds, hyperlocal: boolean): Record<string, unknown> {
  const all = [...sb.world.listingsOf(ids.sellerId).values()].filter((l) => l.hyperlocal === hyperlocal);
  const body: Record<string, unknown> = {};
  for (const l of all.length ? pickSome(rng, all.map((x) => x.sku), 1, 3) : pickSome(rng, ids.skus, 1, 2)) {
    body[l] = structuredClone(sb.world.listingsOf(ids.sellerId).get(l)?.data ?? {});
  }
  return body;
}

/** A path template with its parameters filled: from the builder, else real ids by name. */
function fillPath(op: Operation, c: BuildContext, ids: SellerIds, params: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (params[name] !== undefined) return params[name];
    const v = exampleOf({ type: name.endsWith('Ids') ? 'array' : 'string', items: { type: 'string' } }, name, ids, c.sb.world, c.rng);
    return encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v));
  });
}

/**
 * A request a careful client would send. `foreign` takes the ids from the other seller while
 * keeping the caller's token: every "not yours" branch of the handlers.
 */
export function validRequest(op: Operation, c: BuildContext, foreign = false): FuzzRequest {
  const ids = foreign ? c.pool.other : c.pool.own;
  const parts = BUILDERS[op.key]?.(c, ids) ?? {};
  const headers: Record<string, string> = { ...parts.headers };
  if (op.auth === 'bearer' && !headers.authorization) headers.authorization = `Bearer ${c.tokens.own}`;
  if (op.auth === 'loopback') headers[CONTROL_TOKEN_HEADER] = c.sb.controlToken;
  let body: string | undefined;
  if (parts.rawBody !== undefined) body = parts.rawBody;
  else if (parts.body !== undefined) body = JSON.stringify(parts.body);
  else if (op.request) body = JSON.stringify(exampleOf(op.request, '', ids, c.sb.world, c.rng));
  if (body !== undefined) headers['content-type'] = parts.contentType ?? op.requestType ?? 'application/json';
  const query = parts.query && Object.keys(parts.query).length ? `?${new URLSearchParams(parts.query)}` : '';
  return { method: op.method, path: fillPath(op, c, ids, parts.params) + query, headers, body, label: `${foreign ? 'foreign' : 'valid'} ${op.key}` };
}
