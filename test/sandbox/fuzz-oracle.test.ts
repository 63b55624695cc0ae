// The fuzz test passes only if its oracle can fail: each check is shown here to catch the fault
// it exists for (a 5xx, a refusal in the wrong shape, a 200 off its schema, a corrupted world, a
// state that changed across a restart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { createFuzzClient, type FuzzClient, type FuzzRequest } from '../support/fuzz-client.js';
import { brokenInvariants, judge, snapshot } from '../support/fuzz-oracle.js';

let sb: TestSandbox;
let client: FuzzClient;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 3, shipments: 30 });
  client = createFuzzClient(sb.baseUrl, sb.tls.caCert, 2);
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const get = (path: string, token: string | null = sb.token): FuzzRequest => ({ method: 'GET', path, headers: token ? { authorization: `Bearer ${token}` } : {}, label: 'oracle check' });

describe('fuzz oracle', () => {
  it('flags a 5xx answer (an injected fault) and accepts the same call without it', async () => {
    const id = [...sb.world.shipments.values()].find((s) => s.sellerId === sb.info.sellerId)!.shipmentId;
    const req = get(`/sellers/v3/shipments?shipmentIds=${id}`);
    expect(judge(req, await client.send(req))).toBeUndefined();
    sb.faults.configure({ errorRate: 1, errorKind: '5xx' });
    try {
      expect(judge(req, await client.send(req))).toMatch(/server error 503/);
    } finally {
      sb.faults.configure({});
    }
  });

  it('flags refusals in the wrong family shape and accepts them in the right one', async () => {
    const unauthenticated = await client.send(get('/sellers/v3/shipments?shipmentIds=X', null));
    expect(unauthenticated.status).toBe(401);
    expect(judge(get('/sellers/v3/shipments'), unauthenticated)).toBeUndefined();
    const listing = await client.send({ ...get('/sellers/listings/v3/details'), method: 'POST', body: '{', headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' } });
    expect(listing.status).toBe(400);
    const listingReq = { ...get('/sellers/listings/v3/details'), method: 'POST' };
    expect(judge(listingReq, listing)).toBeUndefined();
    // The same order-shaped refusal is wrong on a listing path, and a body-less 4xx is wrong anywhere.
    const order = await client.send({ ...get('/sellers/v3/shipments/filter/'), method: 'POST', body: '{', headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' } });
    expect(order.status).toBe(400);
    expect(judge(listingReq, order)).toMatch(/listing error shape/);
    expect(judge(get('/sellers/v3/shipments'), { ...order, json: undefined, bytes: Buffer.alloc(0) })).toMatch(/order error shape/);
    expect(judge(get('/sellers/v3/shipments'), { ...order, jsonError: 'Unexpected end' })).toMatch(/declared JSON but is not/);
  });

  it("flags a 200 body that does not match the route's response schema", async () => {
    const ok = await client.send(get('/sellers/selfship/vendors'));
    expect(judge(get('/sellers/selfship/vendors'), ok)).toBeUndefined();
    expect(judge(get('/sellers/selfship/vendors'), { ...ok, json: { vendors: [{ vendorId: 7 }] } })).toMatch(/response schema/);
  });

  it('finds corrupted records and event logs, and snapshots tell states apart', () => {
    expect(brokenInvariants(sb.world)).toEqual([]);
    const s = [...sb.world.shipments.values()][0];
    const before = snapshot(sb.world, [s.shipmentId]);
    const item = s.orderItems[0];
    const saved = { status: item.status, total: item.priceComponents.totalPrice, seq: sb.world.events[0].seq };
    try {
      (item as { status: string }).status = 'LOST_IN_SPACE';
      item.priceComponents.totalPrice += 1;
      sb.world.events[0].seq = 99;
      const broken = brokenInvariants(sb.world).join('\n');
      expect(broken).toContain('LOST_IN_SPACE');
      expect(broken).toContain('totalPrice');
      expect(broken).toContain('seq 99');
      expect(snapshot(sb.world, [s.shipmentId])[`shipment:${s.shipmentId}`]).not.toBe(before[`shipment:${s.shipmentId}`]);
    } finally {
      item.status = saved.status;
      item.priceComponents.totalPrice = saved.total;
      sb.world.events[0].seq = saved.seq;
    }
    expect(brokenInvariants(sb.world)).toEqual([]);
  });
});
