// Every route the sandbox serves, in one list. Each module owns one family of operations.
import type { RouteDef } from '../http/route.js';
import { oauthRoutes } from './oauth.js';
import { shipmentRoutes } from './shipments.js';
import { returnRoutes } from './returns.js';
import { selfShipRoutes } from './selfship.js';
import { listingRoutes } from './listings.js';
import { controlRoutes } from './control.js';

export function allRoutes(): RouteDef[] {
  return [...oauthRoutes, ...shipmentRoutes, ...returnRoutes, ...selfShipRoutes, ...listingRoutes, ...controlRoutes];
}
