// Routes: listing operations (spec § Listing operations).
import type { RouteDef } from '../http/route.js';

export const listingRoutes: RouteDef[] = [];
