// Demo mode's marketplace: the embedded sandbox (electron/sandbox) started in this process, its
// data and its CA kept in DATA_DIR/sandbox so a restarted app sees the same shipments and the
// pinned CA stays valid. Only composition roots (main.ts, the host, the CLI) may start it: the
// station's services receive it as a DemoMarketplace and never import the sandbox.
import { join } from 'node:path';
import { loadOrCreateTls } from '../sandbox/tls.js';
import { startSandbox } from '../sandbox/sandbox.js';
import type { DemoMarketplace } from '../station/app/marketplace-session.js';

export async function startDemoMarketplace(sandboxDir: string): Promise<DemoMarketplace> {
  const tls = await loadOrCreateTls(join(sandboxDir, 'tls'));
  const sandbox = await startSandbox({ tls, stateDir: join(sandboxDir, 'data'), port: 0 });
  return {
    baseUrl: sandbox.baseUrl,
    caPem: tls.caCert,
    selfAccess: sandbox.info.selfAccess,
    locations: sandbox.info.locations,
    identity: `embedded:${sandboxDir}`,
    now: () => sandbox.world.now(),
    close: () => sandbox.close(),
  };
}
