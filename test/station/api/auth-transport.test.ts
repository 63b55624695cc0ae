// Tokens and transport of the station client over real HTTPS against the sandbox
// (spec § Authentication; issue: "Refresh before expiry, and on a 401 once, with single flight").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { clientFor, quickRetry, type TestClient } from '../../support/station-client.js';
import { createMarketplaceClient, memoryVault } from '../../../electron/station/api/client.js';
import { createNodeFetch } from '../../../electron/station/api/http.js';
import { MarketplaceError } from '../../../electron/station/api/errors.js';

let sb: TestSandbox;
let client: TestClient;

beforeAll(async () => {
  sb = await startTestSandbox();
  client = clientFor(sb, { retry: quickRetry });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

describe('station client: tokens', () => {
  it('signs in with client_credentials once for many concurrent calls (single flight)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => client.orders.handoverCounts(sb.info.locations[0])));
    expect(results).toHaveLength(12);
    expect(client.tokens.tokenRequests).toBe(1);
    const status = await client.tokens.status();
    expect(status.signedIn).toBe(true);
    // spec § Authentication 2: an access token lasts 60 days.
    expect(status.accessExpiresAt! - sb.world.now()).toBeGreaterThan(59 * 86_400_000);
  });

  it('after every token is expired, the next calls refresh once and succeed (401 -> refresh -> resend)', async () => {
    const before = client.tokens.tokenRequests;
    const r = await sb.call('POST', '/sandbox/tokens/expire', { token: null });
    expect(r.status).toBe(200);
    await Promise.all(Array.from({ length: 6 }, () => client.orders.handoverCounts(sb.info.locations[0])));
    expect(client.tokens.tokenRequests).toBe(before + 1);
  });

  it('refreshes before expiry when the clock nears the end of the 60 days', async () => {
    const before = client.tokens.tokenRequests;
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 59.5 * 86_400 }, token: null });
    await client.orders.handoverCounts(sb.info.locations[0]);
    expect(client.tokens.tokenRequests).toBe(before + 1);
  });

  it('reads the real expiry from the expiry-check endpoint at start-up', async () => {
    const status = await client.tokens.checkExpiry();
    expect(status.accessExpiresAt).toBeGreaterThan(sb.world.now());
  });

  it('says clearly when the application secret is wrong', async () => {
    const node = createNodeFetch({ caPem: sb.tls.caCert });
    const bad = createMarketplaceClient({
      baseUrl: sb.baseUrl,
      fetch: node.fetch,
      mode: 'selfAccess',
      credentials: async () => ({ appId: sb.info.selfAccess.appId, appSecret: 'wrong' }),
      vault: memoryVault(),
    });
    await expect(bad.orders.handoverCounts()).rejects.toThrow(/application id or secret/);
    await node.close();
  });
});

describe('station client: transport', () => {
  it('refuses a plain http base URL with a sentence', () => {
    const node = createNodeFetch();
    expect(() =>
      createMarketplaceClient({ baseUrl: sb.baseUrl.replace('https:', 'http:'), fetch: node.fetch, mode: 'selfAccess', credentials: async () => sb.info.selfAccess, vault: memoryVault() }),
    ).toThrow(/must start with https:\/\//);
    void node.close();
  });

  it('does not trust the sandbox without its CA pinned (verification is never off)', async () => {
    const node = createNodeFetch();
    const unpinned = createMarketplaceClient({ baseUrl: sb.baseUrl, fetch: node.fetch, mode: 'selfAccess', credentials: async () => sb.info.selfAccess, vault: memoryVault() });
    const err = await unpinned.orders.handoverCounts().catch((e) => e);
    expect(err).toBeInstanceOf(MarketplaceError);
    expect(err.message).toMatch(/certificate is not trusted/);
    expect(err.retryable).toBe(false);
    await node.close();
  });
});
