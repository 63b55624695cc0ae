// Routes: shipment operations of standard fulfilment (spec § Endpoints). Each family lives in
// electron/sandbox/orders/; this list is what the server mounts.
import type { RouteDef } from '../http/route.js';
import { documentRoutes } from '../orders/document-routes.js';
import { fulfilmentRoutes } from '../orders/fulfilment-routes.js';
import { handoverRoutes } from '../orders/handover-routes.js';
import { lookupRoutes } from '../orders/lookup-routes.js';

export const shipmentRoutes: RouteDef[] = [...lookupRoutes, ...documentRoutes, ...fulfilmentRoutes, ...handoverRoutes];
