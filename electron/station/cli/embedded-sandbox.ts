// The embedded marketplace for the CLI: started in this process on demand, its state and its CA
// kept in DATA_DIR/sandbox so that consecutive runs see the same shipments and the pinned CA stays
// valid. The station trusts exactly that CA (never verification off, MACHINE.md § TLS).
import { join } from 'node:path';
import { loadOrCreateTls } from '../../sandbox/tls.js';
import { startSandbox } from '../../sandbox/sandbox.js';
import type { Connection } from '../composition/connection.js';

export async function embeddedSandboxConnection(sandboxDir: string): Promise<Connection> {
  const tls = await loadOrCreateTls(join(sandboxDir, 'tls'));
  const sandbox = await startSandbox({ tls, stateDir: join(sandboxDir, 'data'), port: 0 });
  const app = sandbox.info.selfAccess;
  return {
    kind: 'embedded',
    baseUrl: sandbox.baseUrl,
    identity: `embedded:${sandboxDir}`,
    caPem: tls.caCert,
    mode: 'selfAccess',
    appId: app.appId,
    credentials: async () => app,
    locations: sandbox.info.locations,
    now: () => sandbox.world.now(),
    close: () => sandbox.close(),
  };
}
