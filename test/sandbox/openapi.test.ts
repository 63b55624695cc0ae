// /swagger/swagger.json (spec § Versioning) is generated from the route list, so every route the
// sandbox serves appears in it with its method, summary and schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { allRoutes } from '../../electron/sandbox/routes/index.js';
import { SHIPMENT_KINDS } from '../../electron/sandbox/world/shipment-factory.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

describe('GET /swagger/swagger.json', () => {
  it('is public OpenAPI 3 and lists every route with its summary', async () => {
    const r = await sb.call('GET', '/swagger/swagger.json', { token: null });
    expect(r.status).toBe(200);
    expect(r.json.openapi).toMatch(/^3\./);
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of routes) {
      const op = r.json.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.summary).toBe(route.summary);
    }
    const listed = Object.values(r.json.paths as Record<string, object>).reduce((n: number, ops) => n + Object.keys(ops).length, 0);
    expect(listed).toBe(routes.length);
  });

  it('carries request schemas, path parameters and security from the route definitions', async () => {
    const spec = (await sb.call('GET', '/swagger/swagger.json', { token: null })).json;
    const create = spec.paths['/sandbox/shipments'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['count']);
    expect(body.properties.kind.enum).toEqual([...SHIPMENT_KINDS]);
    const hold = spec.paths['/sandbox/shipments/{shipmentId}/hold'].post;
    expect(hold.parameters).toEqual([{ name: 'shipmentId', in: 'path', required: true, schema: { type: 'string' } }]);
    const token = spec.paths['/oauth-service/oauth/token'].get;
    expect(token.security).toEqual([{ basicAuth: [] }]);
    expect(token.responses['200'].content['application/json'].schema.properties.token_type.const).toBe('bearer');
    expect(spec.paths['/oauth-service/oauth/authorize'].get.responses['200'].content['text/html']).toBeDefined();
  });
});
