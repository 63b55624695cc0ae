// A failed sign-in says why, for the seller's IT person, with the address tried: the name not
// found, the connection refused, which certificate problem, a timeout, a proxy asking for its own
// sign-in. Every case is a real socket on this machine: a closed port, a server that never
// answers, certificates that are expired, for another name, or from an unknown authority.
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTls, type SandboxTls } from '../../../electron/sandbox/tls.js';
import { createMarketplaceClient, memoryVault } from '../../../electron/station/api/client.js';
import { MarketplaceError } from '../../../electron/station/api/errors.js';
import { createNodeFetch } from '../../../electron/station/api/http.js';

const YEAR_MS = 365 * 86_400_000;
let tls: SandboxTls;
const servers: { close(cb?: () => void): unknown }[] = [];

const sockets = new Set<Socket>();

async function listen(server: Server | ReturnType<typeof createHttpsServer>, host = '127.0.0.1'): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as { port: number }).port;
}

/** Signs in against baseUrl trusting caPem, and returns the error the seller would read. */
async function signInError(baseUrl: string, caPem?: string, timeoutMs = 5_000): Promise<MarketplaceError> {
  const node = createNodeFetch(caPem ? { caPem } : {});
  try {
    const client = createMarketplaceClient({ baseUrl, fetch: node.fetch, mode: 'selfAccess', credentials: async () => ({ appId: 'app', appSecret: 'secret' }), vault: memoryVault(), timeoutMs });
    const err = await client.tokens.getAccessToken().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MarketplaceError);
    return err as MarketplaceError;
  } finally {
    await node.close();
  }
}

beforeAll(async () => {
  tls = await generateTls();
});
afterAll(async () => {
  // A server closes once its connections are gone: the silent one never ends its own.
  for (const socket of sockets) socket.destroy();
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
});

describe('sign-in failures in words', () => {
  it('a name that is not found', async () => {
    const err = await signInError('https://no-such-marketplace.invalid/');
    expect(err.message).toMatch(/^Could not reach the marketplace for sign-in: The name no-such-marketplace\.invalid was not found \(DNS\)/);
    expect(err.message).toContain('Address tried: https://no-such-marketplace.invalid/oauth-service/oauth/token.');
  });

  it('a connection refused, with host and port', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((r) => closed.close(() => r()));
    servers.splice(servers.indexOf(closed), 1);
    const err = await signInError(`https://127.0.0.1:${port}/`);
    expect(err.message).toContain(`127.0.0.1 port ${port} refused the connection`);
    expect(err.message).toContain('(ECONNREFUSED)');
    expect(err.message).toContain(`Address tried: https://127.0.0.1:${port}/oauth-service/oauth/token.`);
  });

  it('a server that never answers: a timeout', async () => {
    const silent = createServer(() => undefined);
    const port = await listen(silent);
    const err = await signInError(`https://127.0.0.1:${port}/`, undefined, 400);
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain(`127.0.0.1 port ${port} did not answer in time`);
  });

  it('which certificate problem: unknown authority, expired, issued for another name', async () => {
    const serve = async (t: SandboxTls) => listen(createHttpsServer({ key: t.key, cert: t.cert }, (_req, res) => res.end('{}')));

    const port = await serve(tls);
    const unknown = await signInError(`https://127.0.0.1:${port}/`);
    expect(unknown.message).toMatch(/authority this computer does not (know|trust)/);
    expect(unknown.message).toMatch(/\((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)/);
    expect(unknown.message).toContain(`Address tried: https://127.0.0.1:${port}/`);

    const old = await generateTls(new Date(Date.now() - 11 * YEAR_MS));
    const expiredPort = await serve(old);
    expect((await signInError(`https://127.0.0.1:${expiredPort}/`, old.caCert)).message).toMatch(/its certificate has expired \(CERT_HAS_EXPIRED\)/);

    const otherNamePort = await listen(createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => res.end('{}')), '127.0.0.2');
    expect((await signInError(`https://127.0.0.2:${otherNamePort}/`, tls.caCert)).message).toMatch(/issued for another name than the address \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
  });

  // The desktop app's fetch is Electron's net.fetch, which goes through the system proxy; it
  // cannot run here, so a stand-in fails or answers exactly as it does (net::ERR_..., 407).
  it("a proxy: the desktop fetch's proxy failure, and a proxy asking for its own sign-in (HTTP 407)", async () => {
    const electronLike = (fail: () => Promise<never> | Promise<Response>) =>
      createMarketplaceClient({ baseUrl: 'https://api.marketplace.example/', fetch: fail as never, mode: 'selfAccess', credentials: async () => ({ appId: 'a', appSecret: 's' }), vault: memoryVault() });
    const failed = await electronLike(() => Promise.reject(new Error('net::ERR_PROXY_CONNECTION_FAILED'))).tokens.getAccessToken().then(() => new Error('signed in'), (e: unknown) => e as Error);
    expect(failed.message).toBe(
      'Could not reach the marketplace for sign-in: The proxy server between this computer and api.marketplace.example failed or refused the connection: check the proxy settings of this computer (net::ERR_PROXY_CONNECTION_FAILED). Address tried: https://api.marketplace.example/oauth-service/oauth/token.',
    );
    const asked = await electronLike(async () => new Response(null, { status: 407 })).tokens.getAccessToken().then(() => new Error('signed in'), (e: unknown) => e as Error);
    expect(asked.message).toMatch(/proxy server of this network asks for its own sign-in \(HTTP 407\)/);
    expect(asked.message).toContain('Address tried: https://api.marketplace.example/oauth-service/oauth/token.');
  });
});
