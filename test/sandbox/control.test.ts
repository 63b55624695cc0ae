// The /sandbox/ control API over real HTTPS: shapes, validation, loopback only, events, reset.
import { networkInterfaces } from 'node:os';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, tokenCall, type TestSandbox } from '../support/sandbox.js';
import { EVENTS_PAGE_SIZE, MAX_CONTROL_SHIPMENTS } from '../../electron/sandbox/routes/control.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 40 });
});
afterAll(() => sb.close());

const control = (method: string, path: string, body?: unknown) => sb.call(method, path, { token: null, body });

describe('POST /sandbox/shipments', () => {
  it('creates shipments and answers their ids', async () => {
    const before = sb.world.shipments.size;
    const r = await control('POST', '/sandbox/shipments', { count: 3, kind: 'serialized', locationId: sb.info.locations[1] });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['shipmentIds']);
    expect(r.json.shipmentIds).toHaveLength(3);
    expect(sb.world.shipments.size).toBe(before + 3);
    for (const id of r.json.shipmentIds) expect(sb.world.shipments.get(id)?.locationId).toBe(sb.info.locations[1]);
  });

  it.each([
    [{ count: 0 }, 'count'],
    [{ count: MAX_CONTROL_SHIPMENTS + 1 }, 'count'],
    [{ count: 1.5 }, 'count'],
    [{ count: 1, kind: 'giant' }, 'kind'],
    [{ count: 1, sellerId: 'nobody' }, 'sellerId'],
    [{ count: 1, locationId: 'LOC2001' }, 'locationId'],
    [{ count: 1, quantity: 0 }, 'quantity'],
    [{ count: 1, colour: 'red' }, 'colour'],
    [{}, 'count'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const r = await control('POST', '/sandbox/shipments', body);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_REQUEST');
    expect(r.json.message).toContain(field);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const r = await sb.call('POST', '/sandbox/shipments', { token: null, rawBody: '{"count":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/JSON/);
  });
});

describe('marketplace-side transitions', () => {
  it('holds and releases a shipment with Hold / UnHold events', async () => {
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0];
    const since = sb.world.events.length;
    const held = await control('POST', `/sandbox/shipments/${id}/hold`, { hold: true });
    expect(held.status).toBe(200);
    expect(held.json.hold).toBe(true);
    expect((await control('POST', `/sandbox/shipments/${id}/hold`, { hold: false })).json.hold).toBe(false);
    const kinds = (await control('GET', `/sandbox/events?since=${since}`)).json.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['Hold', 'UnHold']);
  });

  it('refuses unknown shipments and bad bodies', async () => {
    expect((await control('POST', '/sandbox/shipments/SH00000000009999/hold', { hold: true })).status).toBe(404);
    const id = [...sb.world.shipments.keys()][0];
    expect((await control('POST', `/sandbox/shipments/${id}/hold`, { hold: 'yes' })).status).toBe(400);
    const bad = await control('POST', `/sandbox/shipments/${id}/logistics`, { event: 'LOST' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('event');
  });

  it('creates a return on an order item and refuses unknown items', async () => {
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0];
    const orderItemId = sb.world.shipments.get(id)!.orderItems[0].orderItemId;
    const r = await control('POST', '/sandbox/returns', { orderItemId, kind: 'standard' });
    expect(r.status).toBe(200);
    expect(sb.world.returns.get(r.json.returnId)?.orderItemId).toBe(orderItemId);
    expect((await control('POST', '/sandbox/returns', { orderItemId: 'OI0000000000009999', kind: 'standard' })).status).toBe(404);
    expect((await control('POST', '/sandbox/returns', { orderItemId, kind: 'lost' })).status).toBe(400);
  });
});

describe('POST /sandbox/clock', () => {
  it('moves the sandbox clock forward and answers the new time', async () => {
    const before = Date.parse((await control('POST', '/sandbox/clock', { advanceSeconds: 0 })).json.now);
    const r = await control('POST', '/sandbox/clock', { advanceSeconds: 3 * 3600 });
    expect(r.status).toBe(200);
    const after = Date.parse(r.json.now);
    expect(after - before).toBeGreaterThanOrEqual(3 * 3600 * 1000);
    expect(after - before).toBeLessThan(3 * 3600 * 1000 + 5000);
  });

  it('refuses a negative or non-numeric advance', async () => {
    expect((await control('POST', '/sandbox/clock', { advanceSeconds: -5 })).status).toBe(400);
    expect((await control('POST', '/sandbox/clock', { advanceSeconds: 'soon' })).status).toBe(400);
  });
});

describe('GET /sandbox/events', () => {
  it('pages the event log with since / next', async () => {
    for (let i = 0; i < EVENTS_PAGE_SIZE + 20; i++) sb.world.emit('Hold', { shipmentId: `SH${String(i).padStart(14, '0')}` });
    const seen: number[] = [];
    let since = 0;
    for (;;) {
      const r = await control('GET', `/sandbox/events?since=${since}`);
      expect(r.status).toBe(200);
      expect(r.json.events.length).toBeLessThanOrEqual(EVENTS_PAGE_SIZE);
      if (r.json.events.length === 0) {
        expect(r.json.next).toBe(since);
        break;
      }
      for (const e of r.json.events) {
        expect(Object.keys(e)).toEqual(expect.arrayContaining(['seq', 'kind', 'at']));
        seen.push(e.seq);
      }
      since = r.json.next;
    }
    expect(seen).toEqual(sb.world.events.map((e) => e.seq));
    expect((await control('GET', '/sandbox/events?since=-1')).status).toBe(400);
    expect((await control('GET', '/sandbox/events?since=abc')).status).toBe(400);
  });
});

describe('settle sweep', () => {
  it('moves a pack whose documents are ready to PACKED with a Packed event, without any read', async () => {
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0];
    const shipment = sb.world.shipments.get(id)!;
    // Stand in for an accepted pack whose documents are ready now (spec § Shipment: PACKING_IN_PROGRESS -> PACKED).
    for (const item of shipment.orderItems) item.status = 'PACKING_IN_PROGRESS';
    const at = sb.world.now();
    shipment.pack = { requestedAt: at, documentsReadyAt: at, invoiceNumber: 'INV1', invoiceDate: new Date(at).toISOString(), taxItems: [], serialNumbers: [], subShipments: [] };
    sb.world.packing.add(id);
    const since = sb.world.events.length;
    let packed: { kind: string; shipmentId?: string }[] = [];
    for (let i = 0; i < 20 && packed.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      packed = (await control('GET', `/sandbox/events?since=${since}`)).json.events.filter((e: { kind: string }) => e.kind === 'Packed');
    }
    expect(packed.map((e) => e.shipmentId)).toEqual([id]);
    expect(sb.world.packing.has(id)).toBe(false);
  });
});

describe('POST /sandbox/reset', () => {
  it('returns to the seeded data set with the ids of a fresh start; tokens keep working', async () => {
    const fresh = await startTestSandbox({ shipments: 40 });
    const seededIds = [...fresh.world.shipments.keys()];
    const seededReturns = [...fresh.world.returns.keys()];
    await fresh.close();
    const t = await startTestSandbox({ shipments: 40 });
    try {
      expect([...t.world.shipments.keys()]).toEqual(seededIds);
      await t.call('POST', '/sandbox/shipments', { token: null, body: { count: 5 } });
      await t.call('POST', '/sandbox/faults', { token: null, body: { errorRate: 1 } });
      const token = (await tokenCall(t, t.info.selfAccess, { grant_type: 'client_credentials' })).json.access_token;
      expect(token).toBeUndefined(); // the fault hit the token endpoint
      const r = await t.call('POST', '/sandbox/reset', { token: null });
      expect(r.status).toBe(200);
      expect(r.json.reset).toBe(true);
      expect([...t.world.shipments.keys()]).toEqual(seededIds);
      expect([...t.world.returns.keys()]).toEqual(seededReturns);
      // faults are cleared and the harness token still authenticates the expiry check
      const check = await tokenCall(t, t.info.selfAccess, { token_type: 'access', token: t.token }, '/oauth-service/oauth/token/expiry');
      expect(check.json.expired).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('loopback only', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  it.skipIf(!external)('refuses the control API to a peer that is not on loopback, and serves it on loopback', async () => {
    const t = await startTestSandbox({ shipments: 0, host: '0.0.0.0' });
    // The certificate names 127.0.0.1 only; the chain is still verified against the sandbox CA.
    const agent = new Agent({ connect: { ca: t.tls.caCert, checkServerIdentity: () => undefined } });
    try {
      const port = new URL(t.baseUrl).port;
      const r = await fetch(`https://${external}:${port}/sandbox/clock`, { method: 'POST', body: '{"advanceSeconds":1}', headers: { 'content-type': 'application/json' }, dispatcher: agent });
      expect(r.status).toBe(403);
      expect(((await r.json()) as { code: string }).code).toBe('FORBIDDEN');
      expect((await t.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: 1 } })).status).toBe(200);
    } finally {
      await agent.close();
      await t.close();
    }
  });
});
