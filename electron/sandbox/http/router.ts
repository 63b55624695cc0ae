// Path-template matching. Templates like '/sellers/v3/shipments/{shipmentIds}/labels' compile to
// segment lists; a literal segment beats a parameter, so '/v3/shipments/filter' is never taken
// for '/v3/shipments/{shipmentIds}'.
import type { RouteDef } from './route.js';

interface Compiled {
  route: RouteDef;
  segments: { literal?: string; param?: string }[];
  /** Sort key: literals first, position by position. */
  rank: string;
  trailingSlash: boolean;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

export class Router {
  private readonly compiled: Compiled[] = [];

  constructor(routes: readonly RouteDef[]) {
    for (const route of routes) this.add(route);
  }

  add(route: RouteDef): void {
    const trailingSlash = route.path.length > 1 && route.path.endsWith('/');
    const segments = splitPath(route.path).map((s) => {
      const m = /^\{(.+)\}$/.exec(s);
      return m ? { param: m[1] } : { literal: s };
    });
    const rank = segments.map((s) => (s.literal !== undefined ? '0' : '1')).join('');
    this.compiled.push({ route, segments, rank, trailingSlash });
    this.compiled.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  get routes(): RouteDef[] {
    return this.compiled.map((c) => c.route);
  }

  /**
   * Finds the route for a method and path. A trailing slash is optional on both sides: the spec
   * writes '/v3/shipments/filter/' and the SDK '/v3/shipments/filter' (sdk-facts § 15.6).
   * Returns 'method' when the path exists under another method.
   */
  match(method: string, path: string): RouteMatch | 'method' | undefined {
    const parts = splitPath(path);
    let pathMatched = false;
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i];
        if (seg.literal !== undefined) {
          if (seg.literal !== parts[i]) {
            ok = false;
            break;
          }
        } else {
          let value: string;
          try {
            value = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
            break;
          }
          params[seg.param!] = value;
        }
      }
      if (!ok) continue;
      pathMatched = true;
      if (c.route.method === method) return { route: c.route, params };
    }
    return pathMatched ? 'method' : undefined;
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** The operation name used by fault injection: method plus template, '/sellers' removed. */
export function operationName(route: RouteDef): string {
  const p = route.path.startsWith('/sellers/') ? route.path.slice('/sellers'.length) : route.path;
  return `${route.method} ${p.replace(/\/$/, '')}`;
}
