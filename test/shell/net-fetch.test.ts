// The desktop app's fetch choice: the real marketplace through Electron's net (system proxy and
// certificates), the embedded sandbox through undici with its CA pinned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netFetchFor, type NetLike } from '../../electron/shell/net-fetch.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

describe('netFetchFor', () => {
  it('sends requests without a pinned CA through Electron net, unchanged', async () => {
    const calls: { url: string; method: string; body?: unknown }[] = [];
    const net: NetLike = {
      fetch: async (url, init) => {
        calls.push({ url, method: init.method, body: init.body });
        return { status: 204, headers: { get: () => null }, arrayBuffer: async () => new ArrayBuffer(0) };
      },
    };
    const { fetch } = netFetchFor(net)(undefined);
    const res = await fetch('https://api.example.net/sellers/v3/shipments', { method: 'POST', headers: {}, body: '{}' });
    expect(res.status).toBe(204);
    expect(calls).toEqual([{ url: 'https://api.example.net/sellers/v3/shipments', method: 'POST', body: '{}' }]);
  });

  it('reaches the sandbox over HTTPS with its CA pinned, never through net', async () => {
    const net: NetLike = { fetch: async () => Promise.reject(new Error('net must not be used for the sandbox')) };
    const { fetch, close } = netFetchFor(net)(sb.tls.caCert);
    const res = await fetch(`${sb.baseUrl}/swagger/swagger.json`, { method: 'GET', headers: {} });
    expect(res.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(await res.arrayBuffer())).openapi).toMatch(/^3\./);
    await close();
  });
});
