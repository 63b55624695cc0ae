// Routes: token operations (spec § Authentication).
import type { RouteDef } from '../http/route.js';

export const oauthRoutes: RouteDef[] = [];
