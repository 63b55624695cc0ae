// Composition of the embedded marketplace: world + routes + HTTPS server. Used by the CLI
// (npm run sandbox), by the app in demo mode and by tests.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { World } from './world/world.js';
import { createClock, type SandboxClock } from './world/clock.js';
import { seedWorld, type SeedInfo } from './world/seed.js';
import { allRoutes } from './routes/index.js';
import { createRequestListener, type PipelineHooks } from './http/server.js';
import type { SandboxTls } from './tls.js';

export interface SandboxOptions {
  tls: SandboxTls;
  seed?: number;
  shipments?: number;
  labelDelayMs?: number;
  port?: number;
  clock?: SandboxClock;
  hooks?: PipelineHooks;
}

export interface RunningSandbox {
  world: World;
  server: Server;
  baseUrl: string;
  info: SeedInfo;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const world = new World({ clock: options.clock ?? createClock(), labelDelayMs: options.labelDelayMs ?? 2000 });
  const info = seedWorld(world, { seed: options.seed ?? 7, shipments: options.shipments ?? 50 });
  const server = createServer({ key: options.tls.key, cert: options.tls.cert, keepAlive: true }, createRequestListener(world, allRoutes(), options.hooks));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    world,
    server,
    baseUrl: `https://127.0.0.1:${port}`,
    info,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
