// Every route the sandbox serves, in one list. Each module owns one family of operations.
import type { RouteDef } from '../http/route.js';
import { oauthRoutes } from './oauth.js';
import { shipmentRoutes } from './shipments.js';
import { returnRoutes } from './returns.js';
import { selfShipRoutes } from './selfship.js';
import { listingRoutes } from './listings.js';
import { controlRoutes } from './control.js';
import { controlUpdateRoutes } from './control-updates.js';
import { pushRoutes } from '../push/push-routes.js';
import { requestCountRoutes } from '../http/request-counts.js';
import { buildOpenApi } from '../openapi.js';

// The interface description is generated from the whole list, so it lives beside the list (a
// route module that imported this file would make an import circle).
const openApiRoute: RouteDef = {
  method: 'GET',
  path: '/swagger/swagger.json',
  auth: 'none',
  summary: 'The machine-readable interface description (spec § Versioning), generated from the route list.',
  specRef: '§ Versioning',
  handler: () => ({ json: buildOpenApi(allRoutes()) }),
};

export function allRoutes(): RouteDef[] {
  return [...oauthRoutes, ...shipmentRoutes, ...returnRoutes, ...selfShipRoutes, ...listingRoutes, ...controlRoutes, ...controlUpdateRoutes, ...pushRoutes, ...requestCountRoutes, openApiRoute];
}
