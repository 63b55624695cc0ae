// What the control API needs beyond the world: fault injection, reset, and the seed the data
// set came from. Kept beside the world (keyed by it) so that RouteContext stays as it is and the
// control routes find the services of the sandbox that serves them.
import type { World } from '../world/world.js';
import type { FaultInjector } from '../faults.js';

export interface SandboxPlatform {
  seed: number;
  faults: FaultInjector;
  /** Re-seeds the world (POST /sandbox/reset); access and refresh tokens survive. */
  reset(): void;
  /** What every /sandbox/ call must send in X-Sandbox-Control (platform/control-token.ts). */
  controlToken: string;
}

const platforms = new WeakMap<World, SandboxPlatform>();

export function registerPlatform(world: World, platform: SandboxPlatform): void {
  platforms.set(world, platform);
}

export function platformOf(world: World): SandboxPlatform | undefined {
  return platforms.get(world);
}
