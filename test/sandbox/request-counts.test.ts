// Calls counted at the sandbox's side, per access token and operation: what a benchmark reads to
// count a desk's pulls. Tokens are never shown; the counts only grow (a window is a difference).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

interface Counted {
  clients: { client: string; total: number; operations: Record<string, number> }[];
}

describe('request counts at the sandbox', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 3 });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it("counts each token's calls per operation, never shows a token, and only grows", async () => {
    await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'preDispatch', states: ['APPROVED'] } } });
    await sb.call('POST', '/sellers/v3/shipments/filter/', { body: { filter: { type: 'preDispatch', states: ['APPROVED'] } } });
    await sb.call('GET', '/sellers/v3/shipments?shipmentIds=S1', { token: sb.otherToken });
    // Refused before authentication: not a call of anyone's.
    await sb.call('GET', '/sellers/v3/shipments?shipmentIds=S1', { token: null });
    const answer = await sb.call('GET', '/sandbox/requests');
    expect(answer.status).toBe(200);
    const counted = answer.json as unknown as Counted;
    expect(counted.clients).toEqual([
      { client: 'C1', total: 2, operations: { 'POST /v3/shipments/filter': 2 } },
      { client: 'C2', total: 1, operations: { 'GET /v3/shipments': 1 } },
    ]);
    expect(JSON.stringify(counted)).not.toContain(sb.token);
    await sb.call('GET', '/sellers/v3/shipments?shipmentIds=S1');
    const later = (await sb.call('GET', '/sandbox/requests')).json as unknown as Counted;
    expect(later.clients[0]).toEqual({ client: 'C1', total: 3, operations: { 'POST /v3/shipments/filter': 2, 'GET /v3/shipments': 1 } });
  });

  it('answers only with the control token', async () => {
    expect((await sb.call('GET', '/sandbox/requests', { control: null })).status).toBe(401);
  });
});
