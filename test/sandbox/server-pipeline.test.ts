// The request pipeline over real HTTPS: routing, authentication and error shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('sandbox pipeline', () => {
  it('answers an unknown path with 404 and a code', async () => {
    const r = await sb.call('GET', '/sellers/v9/nothing');
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('NOT_FOUND');
  });
});
