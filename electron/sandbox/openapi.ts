// The machine-readable interface description served at /swagger/swagger.json (spec §
// Versioning). Generated from the RouteDef list on every request, so it can never drift from
// what the sandbox actually serves: a route added anywhere appears here with its summary, auth,
// parameters and the JSON Schema of its zod request and response schemas.
import { z, type ZodType } from 'zod';
import type { RouteDef } from './http/route.js';
import { operationName } from './http/router.js';

type JsonSchema = Record<string, unknown>;

const SECURITY: Record<RouteDef['auth'], Record<string, string[]>[] | undefined> = {
  bearer: [{ Oauth2SelfAccess: [] }],
  basic: [{ basicAuth: [] }],
  none: [],
  loopback: [],
};

/** z.toJSONSchema refuses some constructs (transforms, custom types); the route still appears. */
function toSchema(schema: ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return {};
  }
}

function operationId(route: RouteDef): string {
  return operationName(route)
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1)))
    .join('');
}

function operation(route: RouteDef): JsonSchema {
  const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const request = toSchema(route.request, 'input');
  const response = toSchema(route.response, 'output');
  const tag = route.path.startsWith('/sandbox/') ? 'sandbox control' : route.path.split('/').filter(Boolean).slice(0, 2).join('/');
  const op: JsonSchema = {
    operationId: operationId(route),
    summary: route.summary,
    tags: [tag],
    responses: {
      '200': {
        description: 'Success',
        content: route.produces ? { [route.produces]: { schema: response ?? {} } } : { 'application/json': { schema: response ?? {} } },
      },
      default: { description: 'A refusal with a code and a message' },
    },
  };
  if (route.specRef) op.description = `Spec ${route.specRef}.${route.auth === 'loopback' ? ' Loopback only.' : ''}`;
  else if (route.auth === 'loopback') op.description = 'Loopback only.';
  if (params.length) op.parameters = params;
  if (request) {
    const type = route.path.endsWith('/oauth/authorize') ? 'application/x-www-form-urlencoded' : 'application/json';
    op.requestBody = { required: true, content: { [type]: { schema: request } } };
  }
  const security = SECURITY[route.auth];
  if (security) op.security = security;
  return op;
}

export function buildOpenApi(routes: readonly RouteDef[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const entry = (paths[route.path] ??= {});
    entry[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketplace seller interface (Packing Station sandbox)',
      version: '3',
      description: 'Orders and shipments, returns, self ship and listings, plus the sandbox control API under /sandbox/.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        Oauth2SelfAccess: { type: 'http', scheme: 'bearer' },
        basicAuth: { type: 'http', scheme: 'basic' },
      },
    },
    paths,
  };
}
