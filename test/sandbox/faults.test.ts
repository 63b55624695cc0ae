// Fault injection (POST /sandbox/faults) over real HTTPS: latency, both error kinds, seeded error
// rates, dropped answers whose change is committed, and the control API staying reachable.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, tokenCall, type TestSandbox } from '../support/sandbox.js';

const TOKEN_OP = 'GET /oauth-service/oauth/token';
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());
afterEach(async () => {
  expect((await faults({})).status).toBe(200);
});

const faults = (body: unknown) => sb.call('POST', '/sandbox/faults', { token: null, body });
const getToken = () => tokenCall(sb, sb.info.selfAccess, { grant_type: 'client_credentials', scope: 'Seller_Api' });
const accessTokens = () => [...sb.world.tokens.values()].filter((t) => t.kind === 'access').length;

describe('fault injection', () => {
  it('delays the chosen operations by latencyMs, and only those', async () => {
    await faults({ latencyMs: 400, operations: [TOKEN_OP] });
    let t0 = Date.now();
    expect((await getToken()).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    t0 = Date.now();
    await tokenCall(sb, sb.info.selfAccess, { token_type: 'access', token: sb.token }, '/oauth-service/oauth/token/expiry');
    await sb.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: 0 } });
    expect(Date.now() - t0).toBeLessThan(300);
  });

  it('fails with HTTP 503 JSON for errorKind 5xx', async () => {
    await faults({ errorRate: 1, errorKind: '5xx', operations: [TOKEN_OP] });
    const r = await getToken();
    expect(r.status).toBe(503);
    expect(r.json.code).toBeTruthy();
    expect(r.json.message).toMatch(/unavailable/);
  });

  it('fails with HTTP 500 DEPENDENT_SYSTEM_CALL_FAILED in the order error shape', async () => {
    const before = accessTokens();
    await faults({ errorRate: 1, errorKind: 'DEPENDENT_SYSTEM_CALL_FAILED' });
    const r = await getToken();
    expect(r.status).toBe(500);
    expect(r.json).toMatchObject({ code: 'DEPENDENT_SYSTEM_CALL_FAILED', errors: [{ code: 'DEPENDENT_SYSTEM_CALL_FAILED' }] });
    expect(r.json.message).toBeTruthy();
    expect(accessTokens()).toBe(before); // a failed call changes nothing
  });

  it('never applies to the control API, so {} can always clear', async () => {
    await faults({ errorRate: 1, latencyMs: 0 });
    expect((await sb.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: 0 } })).status).toBe(200);
    expect((await sb.call('GET', '/sandbox/events?since=0', { token: null })).status).toBe(200);
    expect((await faults({})).json.faults).toEqual({});
    expect((await getToken()).status).toBe(200);
  });

  it('draws failures from a seeded sequence: the same configuration fails the same calls', async () => {
    const run = async () => {
      await faults({ errorRate: 0.5, operations: [TOKEN_OP] });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await getToken()).status);
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(first).toContain(200);
    expect(first).toContain(503);
  });

  it('drops the next count answers of an operation after committing the change', async () => {
    await faults({ dropResponses: { operation: TOKEN_OP, count: 2 } });
    const before = accessTokens();
    await expect(getToken()).rejects.toThrow();
    await expect(getToken()).rejects.toThrow();
    // Both calls issued a token although the client never saw it: the "did it happen?" case.
    expect(accessTokens()).toBe(before + 2);
    const third = await getToken();
    expect(third.status).toBe(200);
    expect(accessTokens()).toBe(before + 3);
  });

  it.each([
    [{ errorRate: 2 }, 'errorRate'],
    [{ latencyMs: -1 }, 'latencyMs'],
    [{ errorKind: '404' }, 'errorKind'],
    [{ operations: ['labels'] }, 'operations'],
    [{ dropResponses: { operation: TOKEN_OP, count: 0 } }, 'count'],
    [{ chaos: true }, 'chaos'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const r = await faults(body);
    expect(r.status).toBe(400);
    expect(r.json.message).toContain(field);
  });
});
