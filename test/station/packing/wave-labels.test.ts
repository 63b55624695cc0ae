// A wave hands its labels to the printer batch by batch (up to 100 shipments each, spec § Limits),
// in wave order, as each batch's labels arrive, instead of one merged PDF after the last batch:
// every packed shipment's label is on paper once, on a page of its own batch's job.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { describeWithPoppler, pageTexts } from '../../support/document-poppler.js';
import { stationFor } from '../reliability/station-harness.js';
import { runWave, type WaveProgress } from '../../../electron/station/packing/wave.js';

const COUNT = 250;

describeWithPoppler('wave labels per batch', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it(`prints a wave of ${COUNT} as one job per batch of at most 100, each job holding its own shipments' labels`, { timeout: 120_000 }, async () => {
    const locationId = sb.info.locations[0];
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: COUNT, locationId, kind: 'plain', restock: true } });
    expect(created.status).toBe(200);
    const station = await stationFor(sb);
    try {
      const jobs: { pdf: Uint8Array; shipmentIds: string[] }[] = [];
      const progress: WaveProgress[] = [];
      const summary = await runWave(
        { client: station.client, journal: station.journal, facts: station.facts, invoices: station.numbering, clock: station.clock, who: station.who },
        { locationId, dispatch: true, labels: async (pdf, shipmentIds) => void jobs.push({ pdf, shipmentIds }), onProgress: (p) => progress.push(p) },
      );
      expect(summary.failed).toEqual([]);
      const packed = summary.packed;
      expect(packed).toBeGreaterThan(200);
      // One job per batch: cut at 100 exactly, the last one the rest.
      expect(jobs.map((j) => j.shipmentIds.length)).toEqual([100, 100, packed - 200]);
      const printed = jobs.flatMap((j) => j.shipmentIds);
      expect(new Set(printed).size).toBe(packed);
      for (const id of printed) expect(sb.world.shipments.get(id)!.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')).toBe(true);
      // Each job's pages are its own shipments' labels, in the order named.
      for (const job of jobs) {
        const texts = await pageTexts(job.pdf);
        expect(texts).toHaveLength(job.shipmentIds.length);
        texts.forEach((text, i) => expect(text).toContain(`Shipment ID: ${job.shipmentIds[i]}`));
      }
      expect(summary.labelsPages).toBe(packed);
      // The packer is told as each job goes to the printer.
      const told = progress.filter((p): p is Extract<WaveProgress, { step: 'labels' }> => p.step === 'labels');
      expect(told.map((p) => [p.pages, p.jobs, p.shipments])).toEqual([
        [100, 1, 100],
        [200, 2, 200],
        [packed, 3, packed],
      ]);
      expect(told.every((p) => p.total >= p.shipments && p.total <= packed)).toBe(true);
    } finally {
      await station.cleanup();
    }
  });
});
