// Routes: the /sandbox/ control API.
import type { RouteDef } from '../http/route.js';

export const controlRoutes: RouteDef[] = [];
