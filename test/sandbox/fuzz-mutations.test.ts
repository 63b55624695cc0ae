// The fuzzer's own mutations must stay within what a request can be: two mutations chained
// (huge, then oversize) once copied a 4 MiB string into 1001 keys and the fuzzer ran out of
// memory building a request of gigabytes, whichever request of the sequence drew that pair.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../electron/sandbox/http/server.js';
import type { Rng } from '../../electron/sandbox/world/rng.js';
import type { FuzzRequest } from '../support/fuzz-client.js';
import { applyMutation, type MutationContext } from '../support/fuzz-mutations.js';

/** Always the largest choice and never the path variant: the worst case of oversize. */
const worstRng: Rng = {
  next: () => 0.99,
  int: (_min, max) => max,
  pick: (items) => items[items.length - 1],
  chance: () => false,
};

const ctx: MutationContext = {
  rng: worstRng,
  op: { key: 'POST /sandbox/returns/{returnId}/cancel', method: 'POST', path: '/sandbox/returns/{returnId}/cancel', auth: 'loopback' },
  tokens: { other: 'o', expired: 'e', refresh: 'r' },
  appId: 'app',
  foreignId: () => 'SH1',
};

const request = (body: string): FuzzRequest => ({
  method: 'POST',
  path: '/sandbox/returns/RT00000000000006/cancel',
  headers: { 'content-type': 'application/json' },
  body,
  label: 'valid POST /sandbox/returns/{returnId}/cancel',
});

const sizeOf = (req: FuzzRequest | undefined) => (req?.body === undefined ? 0 : Buffer.byteLength(req.body));

describe('fuzz mutations', () => {
  it('does not multiply a body already past the size limit (huge, then oversize)', () => {
    const huge = applyMutation('huge', request('{"reason":"x"}'), ctx)!;
    expect(sizeOf(huge)).toBeGreaterThan(MAX_BODY_BYTES);
    const after = applyMutation('oversize', huge, ctx) ?? huge;
    // The request stays the size the huge mutation made it: the sandbox refuses it unread (413).
    expect(sizeOf(after)).toBe(sizeOf(huge));
  });

  it('still grows an ordinary body past every batch limit', () => {
    const keys = applyMutation('oversize', request('{"reason":"x"}'), ctx)!;
    expect(Object.keys(JSON.parse(String(keys.body)))).toHaveLength(1001);
    const batch = applyMutation('oversize', request('{"returns":[{"returnId":"RT1"}]}'), ctx)!;
    expect(JSON.parse(String(batch.body)).returns).toHaveLength(1001);
  });
});
