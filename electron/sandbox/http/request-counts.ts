// How many calls each client made, per operation: what a test or a benchmark counts at the
// marketplace's side (a desk's pulls, say) instead of inferring it from the client's code. A
// client is one access token, shown under a label (C1, C2... in order of first call) and never
// by its value. GET /sandbox/requests reads them; the counts only grow, so a measured window is
// the difference of two reads.
import { z } from 'zod';
import type { RouteDef } from './route.js';
import type { World } from '../world/world.js';

/** Tokens beyond this many are counted under one "other" label (a client gone wild must not grow the map). */
export const MAX_COUNTED_CLIENTS = 1_000;

interface Counts {
  labels: Map<string, string>;
  byClient: Map<string, Map<string, number>>;
}

const counts = new WeakMap<World, Counts>();

function of(world: World): Counts {
  let c = counts.get(world);
  if (!c) counts.set(world, (c = { labels: new Map(), byClient: new Map() }));
  return c;
}

/** One authenticated call by the holder of this access token. */
export function countRequest(world: World, accessToken: string, operation: string): void {
  const c = of(world);
  let label = c.labels.get(accessToken);
  if (!label) {
    label = c.labels.size < MAX_COUNTED_CLIENTS ? `C${c.labels.size + 1}` : 'other';
    if (label !== 'other') c.labels.set(accessToken, label);
  }
  let ops = c.byClient.get(label);
  if (!ops) c.byClient.set(label, (ops = new Map()));
  ops.set(operation, (ops.get(operation) ?? 0) + 1);
}

const Answer = z.object({
  clients: z.array(z.object({ client: z.string(), total: z.number().int(), operations: z.record(z.string(), z.number().int()) })),
});

export const requestCountRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/sandbox/requests',
    auth: 'loopback',
    summary: 'Calls made with each access token since the sandbox started, per operation (clients are labelled C1, C2...; tokens are never shown).',
    response: Answer,
    handler: (ctx) => {
      const c = of(ctx.world);
      const clients = [...c.byClient].map(([client, ops]) => ({ client, total: [...ops.values()].reduce((a, b) => a + b, 0), operations: Object.fromEntries(ops) }));
      return { json: { clients } };
    },
  },
];
