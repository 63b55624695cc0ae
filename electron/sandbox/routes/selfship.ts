// Routes: self-ship and service operations (spec § Self Ship).
import type { RouteDef } from '../http/route.js';

export const selfShipRoutes: RouteDef[] = [];
