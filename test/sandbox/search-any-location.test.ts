// An empty filter.locationId means every location (a real integration sends "locationId": ""
// for all locations), over real HTTPS; and the station itself sends no locationId key at all
// when it has none, seen in the bytes it puts on the wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { createMarketplaceClient, memoryVault } from '../../electron/station/api/client.js';
import { createNodeFetch, type FetchLike } from '../../electron/station/api/http.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 7, shipments: 60 });
});
afterAll(() => sb.close());

async function searchIds(filter: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let r = await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'preDispatch', states: ['APPROVED'], ...filter } } });
  for (;;) {
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    ids.push(...r.json.shipments.map((s: { shipmentId: string }) => s.shipmentId));
    if (!r.json.nextPageUrl) return ids;
    r = await sb.call('GET', `/sellers${r.json.nextPageUrl}`);
  }
}

describe('filter.locationId', () => {
  it('"" and a blank value mean any location, as when the key is absent', async () => {
    const all = await searchIds({});
    const locations = new Set(all.map((id) => sb.world.shipments.get(id)!.locationId));
    expect(locations.size).toBe(sb.info.locations.length);
    expect(await searchIds({ locationId: '' })).toEqual(all);
    expect(await searchIds({ locationId: '   ' })).toEqual(all);
  });

  it('a named location still narrows the search', async () => {
    const here = await searchIds({ locationId: sb.info.locations[1] });
    expect(here.length).toBeGreaterThan(0);
    expect(here.every((id) => sb.world.shipments.get(id)!.locationId === sb.info.locations[1])).toBe(true);
  });

  it('the station sends no locationId key when it has an empty one', async () => {
    const node = createNodeFetch({ caPem: sb.tls.caCert });
    const sent: string[] = [];
    // Records the bytes of every search body on their way to the real sandbox.
    const recording: FetchLike = (url, init) => {
      if (url.includes('/shipments/filter') && typeof init.body === 'string') sent.push(init.body);
      return node.fetch(url, init);
    };
    const client = createMarketplaceClient({
      baseUrl: sb.baseUrl,
      fetch: recording,
      mode: 'selfAccess',
      credentials: async () => sb.info.selfAccess,
      vault: memoryVault(),
      clock: () => sb.world.now(),
    });
    try {
      const result = await client.orders.search({ filter: { type: 'preDispatch', states: ['APPROVED'], locationId: '' } });
      expect(result.shipments.length).toBe((await searchIds({})).length);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]).filter).not.toHaveProperty('locationId');
    } finally {
      await node.close();
    }
  });
});
