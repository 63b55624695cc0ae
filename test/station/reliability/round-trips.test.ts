// Reliability proof (c): the single-shipment flow makes the fewest sequential round trips the
// interface allows. Each step needs the answer of the one before:
//   1 token (client_credentials, spec § Authentication)
//   2 identify: GET /v3/shipments?shipmentIds= (its SKUs, location, sub-shipments)
//   3 product facts: GET /listings/v3/{sku} (tax code and package size; not in the shipment record)
//   4 pack: POST /v3/shipments/labels
//   5 poll: GET /v3/shipments?shipmentIds= until PACKED (label delay 0: the first poll sees it)
//   6 labels: GET /v3/shipments/{id}/labels
//   7 ready to dispatch: POST /v3/shipments/dispatch
// = 7 round trips (6 HTTP requests + 1 token request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { packShipments } from '../../../electron/station/composition/shipment-flow.js';
import { stationFor } from './station-harness.js';

const MIN_ROUND_TRIPS = 7;

describe('single-shipment flow', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  });
  afterAll(async () => {
    await sb.close();
  });

  it(`identify -> pack -> PACKED -> labels -> dispatch takes ${MIN_ROUND_TRIPS} sequential round trips`, async () => {
    const locationId = sb.info.locations[0];
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId, kind: 'plain' } });
    const [id] = created.json.shipmentIds as string[];
    const station = await stationFor(sb);
    try {
      const r = await packShipments(station, [id], { dispatch: true, labels: true });
      expect(r.failed).toEqual([]);
      expect(r.packed).toEqual([id]);
      expect(r.dispatched).toEqual([id]);
      expect((await PDFDocument.load(r.labels!)).getPageCount()).toBe(1);
      expect(sb.world.shipments.get(id)!.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')).toBe(true);
      expect(station.client.tokens.tokenRequests).toBe(1);
      expect(station.client.http.requests).toBe(MIN_ROUND_TRIPS - 1);
      expect(station.client.http.requests + station.client.tokens.tokenRequests).toBe(MIN_ROUND_TRIPS);
    } finally {
      await station.cleanup();
    }
  });
});
