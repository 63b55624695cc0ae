// A station client wired to a test sandbox exactly as the desktop app wires it to a real
// marketplace: base URL, the sandbox CA pinned, self-access credentials, tokens from the real
// token endpoint.
import { createMarketplaceClient, memoryVault, type MarketplaceClient } from '../../electron/station/api/client.js';
import { createNodeFetch } from '../../electron/station/api/http.js';
import type { RetryPolicy } from '../../electron/station/api/retry.js';
import type { TestSandbox } from './sandbox.js';

export interface TestClient extends MarketplaceClient {
  close(): Promise<void>;
}

export function clientFor(sb: TestSandbox, options: { retry?: RetryPolicy; maxConcurrent?: number; clock?: () => number; app?: 'self' | 'other' } = {}): TestClient {
  const node = createNodeFetch({ caPem: sb.tls.caCert });
  const app = options.app === 'other' ? sb.info.otherSelfAccess : sb.info.selfAccess;
  const client = createMarketplaceClient({
    baseUrl: sb.baseUrl,
    fetch: node.fetch,
    mode: 'selfAccess',
    credentials: async () => app,
    vault: memoryVault(),
    clock: options.clock ?? (() => sb.world.now()),
    retry: options.retry,
    maxConcurrent: options.maxConcurrent,
  });
  return { ...client, close: node.close };
}

/** Fast retries for tests: same policy shape, millisecond waits. */
export const quickRetry: RetryPolicy = { attempts: 8, baseMs: 2, maxMs: 20, random: Math.random, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
