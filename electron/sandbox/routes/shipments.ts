// Routes: shipment operations (spec § Endpoints).
import type { RouteDef } from '../http/route.js';

export const shipmentRoutes: RouteDef[] = [];
