// Routes: return operations (spec § POST /v2/returns/...).
import type { RouteDef } from '../http/route.js';

export const returnRoutes: RouteDef[] = [];
