// What the desk does with answers it cannot take as they are, over real HTTPS: a 200 whose body
// does not parse, to a pack or a dispatch the sandbox carried out, is of unknown outcome and read
// back (never recorded as failed, never sent twice); an answer larger than the cap is refused in
// words after reading no more than the cap.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generateTls } from '../../../electron/sandbox/tls.js';
import { createNodeFetch, MarketplaceHttp } from '../../../electron/station/api/http.js';
import { MarketplaceError } from '../../../electron/station/api/errors.js';
import { runResumableWave } from '../../../electron/station/composition/wave-run.js';
import { journaled } from '../../../electron/station/journal/journaled-call.js';
import { reconcileOnStart } from '../../../electron/station/station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { allEvents, packedCounts, stationFor } from '../reliability/station-harness.js';

describe('a 200 whose body does not parse, to a change', () => {
  let sb: TestSandbox | undefined;
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });

  it('leaves the pack and the dispatch of unknown outcome, reads them back, and does each once', { timeout: 60_000 }, async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    const locationId = sb.info.locations[0];
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 4, locationId, kind: 'plain', serviceProfile: 'NON_FBF', restock: true } });
    const ids: string[] = created.json.shipmentIds;
    const station = await stationFor(sb);
    try {
      expect((await sb.call('POST', '/sandbox/faults', { body: { garbleResponses: { operation: 'POST /v3/shipments/labels', count: 1 } } })).status).toBe(200);
      const summary = await runResumableWave(station, { locationId, dispatch: false, sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))) });
      expect(summary.failed).toEqual([]);
      expect(summary.packed).toBe(ids.length);
      expect([...packedCounts(await allEvents((p) => sb!.call('GET', p)), ids).values()]).toEqual(ids.map(() => 1));
      const outcomes = async () => (await station.journal.records()).flatMap((r) => (r.type === 'outcome' ? [r.status] : []));
      // The pack's batch: unknown first, then settled by reading the shipments back; never failed.
      expect(await outcomes()).toEqual(['unknown', 'ok']);

      expect((await sb.call('POST', '/sandbox/faults', { body: { garbleResponses: { operation: 'POST /v3/shipments/dispatch', count: 1 } } })).status).toBe(200);
      const dispatch = await journaled(station.journal, { operator: 'Asha', desk: 'Desk 1' }, { op: 'dispatch', targets: { shipmentIds: ids }, request: { locationId } }, () => station.client.orders.dispatch(ids, locationId), () => ({ status: 'ok' })).catch((e: unknown) => e);
      expect(dispatch).toMatchObject({ outcomeUnknown: true });
      expect((dispatch as Error).message).toMatch(/^The marketplace answered POST \/sellers\/v3\/shipments\/dispatch with 200 but it could not be read: whether it was carried out is not known/);
      expect((await outcomes()).at(-1)).toBe('unknown');
      expect(ids.map((id) => sb!.world.shipments.get(id)!.orderItems[0].status)).toEqual(ids.map(() => 'READY_TO_DISPATCH'));
      // The start-up check reads the state of what stayed open and closes it without sending it again.
      await reconcileOnStart(station);
      expect(station.journal.openIntents()).toEqual([]);
      expect(await outcomes()).not.toContain('failed');
    } finally {
      await sb.call('POST', '/sandbox/faults', { body: {} });
      await station.cleanup();
    }
  });
});

describe('an answer larger than the cap', () => {
  it('is refused in words once the cap is passed, and the rest is never read', async () => {
    const tls = await generateTls();
    const CAP = 1024 * 1024;
    let written = 0;
    let ended = false;
    const server = createServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Endless, until the desk stops reading: no marketplace answer is this big.
      const pump = () => {
        while (!res.destroyed && written < 512 * CAP) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        ended = !res.destroyed;
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const node = createNodeFetch({ caPem: tls.caCert });
    const http = new MarketplaceHttp({
      baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
      fetch: node.fetch,
      tokens: { getAccessToken: async () => 'token', rejected: () => undefined },
      maxAnswerBytes: CAP,
      retry: { attempts: 1, baseMs: 1, maxMs: 1, random: Math.random, sleep: async () => undefined },
    });
    try {
      const read = await http.send({ method: 'GET', path: '/sellers/v3/shipments/S1', mutating: false }).catch((e: unknown) => e);
      expect(read).toBeInstanceOf(MarketplaceError);
      expect((read as MarketplaceError).message).toBe(
        "The marketplace's answer to GET /sellers/v3/shipments/S1 is larger than 1 MB, more than any answer of the seller interface, so it was not read. Check the marketplace address; if it is right, tell the marketplace's support.",
      );
      const change = await http.send({ method: 'POST', path: '/sellers/v3/shipments/dispatch', body: {}, mutating: true }).catch((e: unknown) => e);
      expect(change).toMatchObject({ outcomeUnknown: true });
      expect((change as Error).message).toMatch(/answered POST \/sellers\/v3\/shipments\/dispatch with 200 but its answer is larger than 1 MB and was not read: whether it was carried out is not known/);
      expect(ended).toBe(false);
      expect(written).toBeLessThan(512 * CAP);
    } finally {
      await node.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
