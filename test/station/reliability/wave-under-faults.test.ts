// Reliability proof (a): a 300-shipment wave against a real HTTPS sandbox while 10% of calls fail
// (5xx in one run, DEPENDENT_SYSTEM_CALL_FAILED in the other), the answers of a pack and a
// dispatch are dropped after they were committed, and every access token is expired halfway.
// The wave must still pack every shipment exactly once (one Packed event each, spec § Events),
// get every label, and leave every shipment READY_TO_DISPATCH.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { runResumableWave } from '../../../electron/station/composition/wave-run.js';
import { reconcileOnStart } from '../../../electron/station/station.js';
import { allEvents, packedCounts, stationFor } from './station-harness.js';

const COUNT = 300;

describe('a wave under faults', () => {
  let sb: TestSandbox | undefined;
  afterEach(async () => {
    await sb?.call('POST', '/sandbox/faults', { body: {} });
    await sb?.close();
    sb = undefined;
  });

  for (const errorKind of ['5xx', 'DEPENDENT_SYSTEM_CALL_FAILED'] as const) {
    it(`packs ${COUNT} shipments exactly once with 10% ${errorKind} errors, dropped answers and tokens expired halfway`, { timeout: 120_000 }, async () => {
      sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
      const locationId = sb.info.locations[0];
      const created = await sb.call('POST', '/sandbox/shipments', { body: { count: COUNT, locationId, kind: 'plain', restock: true } });
      expect(created.status).toBe(200);
      const all: string[] = created.json.shipmentIds;
      expect(all).toHaveLength(COUNT);
      // The wave searches every service profile the seller packs (NON_FBF and FBF_LITE, one search each,
      // spec § POST /v3/shipments/filter/); marketplace-fulfilled ones are not the desk's to pack.
      const sellerFulfilled = (id: string) => sb!.world.shipments.get(id)!.orderItems.some((i) => i.serviceProfile === 'NON_FBF' || i.serviceProfile === 'FBF_LITE');
      const ids = all.filter(sellerFulfilled);
      const others = all.filter((id) => !sellerFulfilled(id));
      expect(ids.length).toBeGreaterThan(COUNT * 0.9);

      const station = await stationFor(sb);
      const faults = { errorRate: 0.1, errorKind };
      // The pack answer is dropped after the pack was committed (commit then drop).
      expect((await sb.call('POST', '/sandbox/faults', { body: { ...faults, dropResponses: { operation: 'POST /v3/shipments/labels', count: 1 } } })).status).toBe(200);

      const pending: Promise<unknown>[] = [];
      let expired = false;
      let dispatchDropArmed = false;
      const tokensBefore = station.client.tokens.tokenRequests;
      try {
        const summary = await runResumableWave(station, {
          locationId,
          dispatch: true,
          sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
          onProgress: (e) => {
            if (e.step === 'packed' && e.done >= e.total / 2 && !expired) {
              expired = true;
              pending.push(sb!.call('POST', '/sandbox/tokens/expire').then((r) => expect(r.json.expired).toBeGreaterThan(0)));
            }
            if (e.step === 'labels' && !dispatchDropArmed) {
              dispatchDropArmed = true;
              pending.push(sb!.call('POST', '/sandbox/faults', { body: { ...faults, dropResponses: { operation: 'POST /v3/shipments/dispatch', count: 1 } } }));
            }
          },
        });
        await Promise.all(pending);
        expect(expired).toBe(true);
        expect(dispatchDropArmed).toBe(true);
        // The expired tokens forced a new sign-in during the wave.
        expect(station.client.tokens.tokenRequests).toBeGreaterThan(tokensBefore + 1);

        expect(summary.failed).toEqual([]);
        expect(summary.skipped).toEqual([]);
        expect(summary.packed).toBe(ids.length);
        expect(summary.labelsPages).toBe(ids.length);
        expect(summary.dispatched).toBe(ids.length);

        await sb.call('POST', '/sandbox/faults', { body: {} });
        const counts = packedCounts(await allEvents((p) => sb!.call('GET', p)), ids);
        const notOnce = [...counts].filter(([, n]) => n !== 1);
        expect(notOnce).toEqual([]);
        const states = new Set(ids.flatMap((id) => sb!.world.shipments.get(id)!.orderItems.map((i) => i.status)));
        expect([...states]).toEqual(['READY_TO_DISPATCH']);
        expect([...packedCounts(await allEvents((p) => sb!.call('GET', p)), others).values()].every((n) => n === 0)).toBe(true);
        // Batches whose answers were lost stay open in the journal until a start-up check reads
        // their state; that check closes every one of them without sending anything again.
        const sentBefore = station.client.http.requests;
        await reconcileOnStart(station);
        expect(station.journal.openIntents()).toEqual([]);
        const packedAfter = packedCounts(await allEvents((p) => sb!.call('GET', p)), ids);
        expect([...packedAfter.values()].every((n) => n === 1)).toBe(true);
        expect(station.client.http.requests - sentBefore).toBeLessThanOrEqual(10);
      } finally {
        await station.cleanup();
      }
    });
  }
});
