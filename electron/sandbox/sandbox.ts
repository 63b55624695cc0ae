// Composition of the embedded marketplace: world + routes + HTTPS server + persistence + faults.
// Used by the CLI (npm run sandbox), by the app in demo mode and by tests.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { World } from './world/world.js';
import { createClock, type SandboxClock } from './world/clock.js';
import { seedWorld, type SeedInfo } from './world/seed.js';
import { allRoutes } from './routes/index.js';
import { createRequestListener, type PipelineHooks } from './http/server.js';
import type { SandboxTls } from './tls.js';
import { createEpochClock } from './platform/epoch-clock.js';
import { createHttpsOnlyFront } from './platform/https-only-front.js';
import { registerPlatform } from './platform/platform-registry.js';
import { loadOrCreateControlToken } from './platform/control-token.js';
import { openPersistence, type StatePersistence } from './persistence.js';
import { createFaultInjector, type FaultInjector } from './faults.js';
import { PushHub, registerPushHub, type PushHubOptions } from './push/push-hub.js';
import type { PushFaultConfig } from './push/push-faults.js';

export const DEFAULT_SEED = 7;
export const DEFAULT_SHIPMENTS = 50;
/** Period of the sweep that settles packs whose documents became ready (Packed events without reads). */
export const SETTLE_SWEEP_MS = 200;
/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
export const IDLE_CONNECTION_MS = 65_000;

export interface SandboxOptions {
  tls: SandboxTls;
  seed?: number;
  /** Shipments of the primary seller; a state directory's own value wins when this is absent. */
  shipments?: number;
  /** Size of a new data set when `shipments` is absent (DEFAULT_SHIPMENTS otherwise). */
  defaultShipments?: number;
  labelDelayMs?: number;
  /** Label delays drawn from the spec's spread with this seed instead of labelDelayMs (world/label-delays.ts). */
  labelDelaySpreadSeed?: number;
  port?: number;
  /** Listen address; 127.0.0.1 unless a test needs a non-loopback peer. */
  host?: string;
  clock?: SandboxClock;
  hooks?: PipelineHooks;
  /** Where state survives restarts (persistence.ts); in memory only when absent. */
  stateDir?: string;
  /** The push delivery fault knob at start (--push-faults); POST /sandbox/push/faults changes it. */
  pushFaults?: PushFaultConfig;
  /** Tests: the wait between push delivery attempts (real timers otherwise). */
  pushWait?: PushHubOptions['wait'];
  /** Tests: how long a receiver may take to answer a push (PUSH_TIMEOUT_MS otherwise). */
  pushTimeoutMs?: number;
}

export interface RunningSandbox {
  world: World;
  server: Server;
  baseUrl: string;
  info: SeedInfo;
  faults: FaultInjector;
  /** Push notifications: subscriptions, delivery and its fault knob (push/). */
  push: PushHub;
  /** The X-Sandbox-Control value of the control API (kept in the state directory when there is one). */
  controlToken: string;
  /** The data set actually served (a state directory may dictate seed and size). */
  seed: number;
  shipments: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const clock = createEpochClock(options.clock ?? createClock());
  const world = new World({ clock, labelDelayMs: options.labelDelayMs ?? 2000, labelDelaySpreadSeed: options.labelDelaySpreadSeed });
  const defaults = { seed: options.seed ?? DEFAULT_SEED, shipments: options.shipments ?? options.defaultShipments ?? DEFAULT_SHIPMENTS, epochMs: clock.now() };
  const store: StatePersistence | undefined = options.stateDir
    ? openPersistence(options.stateDir, { seed: options.seed, shipments: options.shipments }, defaults)
    : undefined;
  const meta = store?.meta ?? defaults;

  const info = clock.frozenAt(meta.epochMs, () => seedWorld(world, { seed: meta.seed, shipments: meta.shipments }));
  if (store) store.restore(world);
  else forgetChanges(world);

  const flush = () => (store ? store.flush(world) : forgetChanges(world));
  const faults = createFaultInjector(meta.seed);
  const push = new PushHub({ world, stateDir: options.stateDir, seed: meta.seed, faults: options.pushFaults, wait: options.pushWait, timeoutMs: options.pushTimeoutMs });
  registerPushHub(world, push);

  const reset = () => {
    // Tokens belong to the station's sign-in, not to the data set: keeping them means a demo can
    // be reset without signing in again. For the same reason the clock never runs backwards: the
    // new data set is seeded at the current sandbox time.
    const tokens = [...world.tokens.values()];
    clearWorld(world);
    faults.configure({});
    const epochMs = clock.now();
    // The re-seeded data set is not announced shipment by shipment: subscribers re-read it.
    Object.assign(info, push.quietly(() => clock.frozenAt(epochMs, () => seedWorld(world, { seed: meta.seed, shipments: meta.shipments }))));
    forgetChanges(world);
    for (const t of tokens) {
      world.tokens.set(t.token, t);
      world.touch('token', t.token);
    }
    if (store) store.rebase(world, epochMs);
    else forgetChanges(world);
  };
  const controlToken = loadOrCreateControlToken(options.stateDir);
  registerPlatform(world, { seed: meta.seed, faults, reset, controlToken });

  const hooks: PipelineHooks = {
    fault: options.hooks?.fault ?? ((operation) => faults.decide(operation)),
    afterHandle: (w) => {
      options.hooks?.afterHandle?.(w);
      flush();
    },
  };
  const server = createServer({ key: options.tls.key, cert: options.tls.cert, keepAlive: true }, createRequestListener(world, allRoutes(), hooks));
  // A client reusing an idle connection the server closes that very moment gets ECONNRESET. Node
  // closes idle connections after 5 s, close to where clients stop reusing them (the Keep-Alive
  // hint less a second), and a busy client's timers run late. A long idle time keeps that race
  // away from any client that is not idle for a whole minute.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  // Requests Node's HTTP parser refuses before any route sees them (a path over 16 KiB, a broken
  // request line) still get the interface's error shape, not a bare status line.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify({
      code: tooLarge ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
      message: tooLarge ? 'The request line or headers are too large; send fewer ids per request.' : 'The request is not valid HTTP.',
      errors: [],
    });
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  const front = createHttpsOnlyFront(server);
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      front.server.off('error', reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    // Restored notifications must not go out from a sandbox that never started.
    await push.close();
    throw e;
  });
  const { port } = front.server.address() as AddressInfo;

  const sweep = setInterval(() => {
    for (const id of world.packing) {
      const shipment = world.shipments.get(id);
      if (shipment) world.settle(shipment);
      else world.packing.delete(id);
    }
    flush();
  }, SETTLE_SWEEP_MS);
  sweep.unref();

  let closing: Promise<void> | undefined;
  return {
    world,
    server,
    baseUrl: `https://127.0.0.1:${port}`,
    info,
    faults,
    push,
    controlToken,
    seed: meta.seed,
    shipments: meta.shipments,
    reset,
    close: () =>
      (closing ??= (async () => {
        clearInterval(sweep);
        const closed = front.close();
        server.closeAllConnections();
        server.close();
        await closed;
        await push.close();
        store?.close(world);
      })()),
  };
}

/** Seeded records need no journal: the seed recreates them. */
function forgetChanges(world: World): void {
  world.dirty.clear();
  world.newEvents.length = 0;
}

function clearWorld(world: World): void {
  for (const map of [world.sellers, world.apps, world.tokens, world.codes, world.shipments, world.orderItemIndex, world.orderIndex, world.returns, world.listings]) {
    map.clear();
  }
  world.events.length = 0;
  world.packing.clear();
  for (const key of Object.keys(world.counters)) delete world.counters[key];
  forgetChanges(world);
}
