// The queue and printing commands over a real HTTPS sandbox and the folder printer: the spec's
// search with counts, a search by any id, incremental refresh, and a packed shipment's label
// printed again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishSentence } from '../../../shared/i18n/station-sentences.js';
import { inHindi } from '../../support/hindi-sentence.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let app: TestAppStation;

/** New shipments of the desk's location that the desk can see (marketplace-fulfilled ones are not searched). */
async function create(count: number, kind = 'plain'): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId: sb.info.locations[0], kind } });
  expect(r.status).toBe(200);
  return (r.json.shipmentIds as string[]).filter((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'));
}

let seeded: string[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb });
  seeded = await create(12);
  expect(seeded.length).toBeGreaterThan(3);
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});

describe('queue', () => {
  it('lists pre-dispatch shipments of the desk with counts per state, not capped', async () => {
    const view = await app.api.invoke('queue.list', {});
    const ids = view.rows.map((r) => r.shipmentId);
    for (const id of seeded) expect(ids).toContain(id);
    expect(view.capped).toBe(false);
    expect(view.rows.every((r) => r.locationId === sb.info.locations[0])).toBe(true);
    expect(Object.keys(view.counts).sort()).toEqual(['APPROVED', 'FORM_FAILED', 'PACKED', 'PACKING_IN_PROGRESS', 'READY_TO_DISPATCH']);
    expect(Object.values(view.counts).reduce((a, b) => a + b, 0)).toBe(view.rows.length);
    const row = view.rows.find((r) => r.shipmentId === seeded[0])!;
    const wire = sb.world.shipments.get(seeded[0])!;
    expect(row.orderIds).toEqual([...new Set(wire.orderItems.map((i) => i.orderId))]);
    expect(row.units).toBe(wire.orderItems.reduce((n, i) => n + i.quantity, 0));
    expect(row.status).toBe('APPROVED');
    // Sorted by dispatch-by date, the order the packer works in.
    const dates = view.rows.map((r) => r.dispatchByDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it('keeps the counts of every state while the rows show the chosen ones', async () => {
    const view = await app.api.invoke('queue.list', { states: ['PACKED'] });
    expect(view.rows.every((r) => r.status === 'PACKED')).toBe(true);
    expect(view.counts.APPROVED).toBeGreaterThanOrEqual(seeded.length);
  });

  it('finds a shipment by its order id, its order item id and its shipment id', async () => {
    const wire = sb.world.shipments.get(seeded[1])!;
    for (const search of [wire.orderItems[0].orderId, wire.orderItems[0].orderItemId, seeded[1]]) {
      const view = await app.api.invoke('queue.list', { search });
      expect(view.rows.map((r) => r.shipmentId), search).toEqual([seeded[1]]);
    }
    const none = await app.api.invoke('queue.list', { search: 'OD9999999999999999' });
    expect(none.rows).toEqual([]);
  });

  it('searches by SKU when the text is no id', async () => {
    const sku = sb.world.shipments.get(seeded[2])!.orderItems[0].sku;
    const view = await app.api.invoke('queue.list', { search: sku });
    expect(view.rows.map((r) => r.shipmentId)).toContain(seeded[2]);
    expect(view.rows.every((r) => r.skus.includes(sku))).toBe(true);
  });

  it('refresh picks up a shipment created since the last list, and says so in an event', async () => {
    const before = await app.api.invoke('queue.list', {});
    const [fresh] = await create(3);
    expect(before.rows.map((r) => r.shipmentId)).not.toContain(fresh);
    const changed = app.waitForEvent('queue.changed', (v) => v.rows.some((r) => r.shipmentId === fresh));
    const after = await app.api.invoke('queue.refresh', {});
    expect(after.rows.map((r) => r.shipmentId)).toContain(fresh);
    expect(after.rows.length).toBeGreaterThan(before.rows.length);
    await changed;
  });

  it('refresh asks only for what changed (a modified-since search), once per service profile the seller packs', async () => {
    await app.api.invoke('queue.list', {});
    const seen: unknown[] = [];
    const client = app.context.marketplace();
    const original = client.orders.searchPages.bind(client.orders);
    client.orders.searchPages = (request) => {
      seen.push(request.filter);
      return original(request);
    };
    try {
      await app.api.invoke('queue.refresh', {});
    } finally {
      client.orders.searchPages = original;
    }
    // spec § search: serviceProfiles is one String (default NON_FBF), so FBF_LITE needs its own
    // search. Each starts with its own first page; a refresh of more than a page is then read in
    // dispatchByDate windows (sliced-search.ts), every one of them still a modified-since search.
    expect(seen.slice(0, 2).map((f) => (f as any).serviceProfiles)).toEqual(['NON_FBF', 'FBF_LITE']);
    expect(new Set(seen.map((f) => (f as any).serviceProfiles))).toEqual(new Set(['NON_FBF', 'FBF_LITE']));
    for (const f of seen) expect((f as any).modifiedDate.from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
  });
});

describe('printing', () => {
  it('lists the folder printer with its roles', async () => {
    const printers = await app.api.invoke('printers.list', {});
    const folder = printers.find((p) => p.name === 'Save as PDF (folder)')!;
    expect(folder.state).toBe('idle');
    expect(folder.roles.sort()).toEqual(['invoice', 'label']);
  });

  it('prints a test page on the label printer', async () => {
    const { jobId } = await app.api.invoke('printers.testPrint', { role: 'label' });
    const done = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    expect(done.message).toMatch(/Printed on Label printer/);
    expect(app.printedFiles().some((f) => f.includes('Test print'))).toBe(true);
  });

  it('prints the label of a packed shipment again, as a PDF in the folder printer', async () => {
    const id = seeded[3];
    // Pack it through the desk, as a packer would (label printing included).
    const desk = app.context.desk();
    await desk.scan(id);
    const lines = desk.view().session!.lines;
    for (const line of lines) for (let u = 0; u < line.quantity; u++) await desk.scan(line.fsn);
    if (desk.view().session?.phase === 'measuring') {
      for (const p of desk.view().session!.parcels) await desk.measure({ subShipmentId: p.subShipmentId, dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' } as never);
    }
    expect(desk.view().session?.phase).toBe('ready');
    await desk.pack();
    await desk.idle();
    expect(sb.world.shipments.get(id)!.orderItems.every((i) => ['PACKED', 'READY_TO_DISPATCH'].includes(i.status))).toBe(true);

    const before = new Set(app.printedFiles());
    const { jobId } = await app.api.invoke('print.reprintLabel', { shipmentId: id });
    const done = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    expect(done.title).toBe(`Label ${id} (reprint)`);
    const added = app.printedFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(`Label ${id}`);
    const pdf = readFileSync(join(app.printDir, added[0]));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const jobs = await app.api.invoke('print.jobs', {});
    expect(jobs[0].id).toBe(jobId);
  });

  it('refuses to reprint the label of a shipment that is not packed, in words', async () => {
    await expect(app.api.invoke('print.reprintLabel', { shipmentId: seeded[4] })).rejects.toMatchObject({ code: 'NOT_PACKED', message: expect.stringMatching(/only a packed shipment has a label/) });
  });

  it('keeps a job waiting with a clear status while no printer is chosen, and prints it once one is', async () => {
    await app.api.invoke('printers.assign', { role: 'label', printer: null });
    expect(app.settings.get().printers.label).toBeUndefined();
    // A test print needs a printer to test; a label of a pack waits for one.
    await expect(app.api.invoke('printers.testPrint', { role: 'label' })).rejects.toMatchObject({ code: 'NO_PRINTER', message: expect.stringMatching(/No label printer is chosen/) });
    const { jobId } = await app.context.print('label', readFileSync(join(app.printDir, app.printedFiles()[0])), 'Label waiting for a printer');
    const waiting = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'waiting');
    expect(waiting.message).toMatch(/No label printer is chosen: choose one in Setup → Printers/);
    // The placeholder printer is named in the desk's language too, its English the job's own.
    expect(waiting.printerSentence).toEqual({ key: 'station.print.notChosenLabel' });
    expect(englishSentence(waiting.printerSentence!)).toBe(waiting.printer);
    expect(inHindi(waiting.printerSentence!)).toBe('लेबल प्रिंटर (चुना नहीं)');
    app.settings.update({ printers: { label: 'Save as PDF (folder)' } });
    const done = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done', 15_000);
    expect(done.printer).toBe('Save as PDF (folder)');
    expect(done.printerSentence).toBeUndefined();
  });
});
