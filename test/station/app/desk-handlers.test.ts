// The desk, wave, dispatch and handover commands through the real dispatcher and the in-memory
// transport, over a real HTTPS sandbox: what the packer sees after each scan, what is printed,
// and what the marketplace holds afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { imeiFrom } from '../../../electron/sandbox/orders/imei.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';
import { until } from '../../support/until.js';

let sb: TestSandbox;
let h: HandlerHarness;

async function create(kind: string, count = 1, locationId = sb.info.locations[0]): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId, kind, serviceProfile: 'NON_FBF' } });
  expect(r.status).toBe(200);
  // Marketplace-fulfilled shipments are not the desk's (spec § POST /v3/shipments/filter/).
  return (r.json.shipmentIds as string[]).filter((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'));
}

const statusOf = (id: string) => [...new Set(sb.world.shipments.get(id)!.orderItems.map((i) => i.status))].join('/');


let imeiCounter = 10_000_000;
const freshImei = () => imeiFrom(`35${String(imeiCounter++).padStart(12, '0')}`);

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, deskHandlers);
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('desk commands', () => {
  it('packs a two-unit shipment scanned unit by unit, prints its label and marks it ready to dispatch', async () => {
    const [id] = await create('plain', 1);
    const item = sb.world.shipments.get(id)!.orderItems[0];
    let view = await h.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect(view.session?.shipmentId).toBe(id);
    expect(view.session?.phase).toBe('verifying');
    for (let n = 0; n < item.quantity; n++) view = await h.api.invoke('desk.scan', { raw: item.sku, source: 'wedge' });
    expect(view.session?.lines[0].verified).toBe(item.quantity);
    expect(view.session?.phase).toBe('measuring');
    view = await h.api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });
    expect(view.session?.phase).toBe('ready');
    const printedBefore = h.printed().length;
    view = await h.api.invoke('desk.pack', {});
    expect(view.feedback.tone).toBe('ok');
    expect(view.feedback.text).toContain(`Shipment ${id} packed`);
    expect(view.session).toBeUndefined();
    // The label prints in the background; the rtd policy "immediate" then marks it ready to dispatch.
    const done = await until('the label job', async () => (await h.api.invoke('desk.view', {})).jobs.find((j) => j.shipmentId === id && j.status === 'dispatched'));
    expect(done.text).toMatch(/Label printed on .*Ready to dispatch/);
    expect(h.printed().length).toBe(printedBefore + 1);
    expect(h.printed().some((f) => f.includes(`label-${id}`))).toBe(true);
    expect(statusOf(id)).toBe('READY_TO_DISPATCH');
  });

  it('asks for an IMEI on a serialized shipment and refuses one with a wrong check digit', async () => {
    const [id] = await create('serialized', 1);
    const item = sb.world.shipments.get(id)!.orderItems[0];
    await h.api.invoke('desk.scan', { raw: id, source: 'serial' });
    let view = await h.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
    expect(view.session?.phase).toBe('serial');
    const good = freshImei();
    const bad = good.slice(0, 14) + String((Number(good[14]) + 1) % 10);
    view = await h.api.invoke('desk.scan', { raw: bad, source: 'serial' });
    expect(view.feedback.tone).toBe('error');
    expect(view.feedback.sound).toBe('failure');
    expect(view.feedback.text).toMatch(/check digit|not a valid IMEI/i);
    expect(view.session?.lines[0].serials.flat()).not.toContain(bad);
    view = await h.api.invoke('desk.scan', { raw: good, source: 'serial' });
    expect(view.feedback.text).toContain(`Serial ${good} recorded`);
    // Every further unit: its product scan, then its own IMEI.
    for (let unit = 1; unit < item.quantity; unit++) {
      view = await h.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
      expect(view.session?.phase).toBe('serial');
      view = await h.api.invoke('desk.scan', { raw: freshImei(), source: 'serial' });
    }
    expect(view.session?.phase).toBe('measuring');
    expect(view.session?.lines[0].serials.flat()).toContain(good);
    view = await h.api.invoke('desk.measure', { dimensions: { length: 18, breadth: 10, height: 6 }, weightKg: 0.4, source: 'device' });
    expect(view.session?.phase).toBe('ready');
    view = await h.api.invoke('desk.pack', {});
    expect(view.feedback.tone).toBe('ok');
    await until('the serialized label', async () => (await h.api.invoke('desk.view', {})).jobs.find((j) => j.shipmentId === id && j.status === 'dispatched'));
    expect(statusOf(id)).toBe('READY_TO_DISPATCH');
    expect(sb.world.shipments.get(id)!.orderItems[0].status).toBe('READY_TO_DISPATCH');
  });

  it('refuses a shipment on hold and a wrong item in words, and puts a shipment aside', async () => {
    const [held] = await create('hold', 1);
    let view = await h.api.invoke('desk.scan', { raw: held, source: 'typed' });
    expect(view.feedback.tone).toBe('error');
    expect(view.feedback.text).toMatch(/hold/i);
    expect(view.session).toBeUndefined();

    const [id] = await create('plain', 1);
    view = await h.api.invoke('desk.scan', { raw: id, source: 'typed' });
    expect(view.session?.shipmentId).toBe(id);
    const other = [...sb.world.listingsOf(sb.info.sellerId).keys()].find((sku) => sku !== sb.world.shipments.get(id)!.orderItems[0].sku)!;
    view = await h.api.invoke('desk.scan', { raw: other, source: 'wedge' });
    expect(view.feedback.tone).toBe('error');
    expect(view.feedback.text).toContain(other);
    expect(view.session?.lines[0].verified).toBe(0);
    view = await h.api.invoke('desk.putAside', {});
    expect(view.session).toBeUndefined();
    expect(view.feedback.text).toBe(`Shipment ${id} put aside. Scan the next shipment.`);
    expect(statusOf(id)).toBe('APPROVED');
  });
});

describe('waves, dispatch and handover', () => {
  it('packs a wave, prints its labels as one merged job, and reports progress in words', async () => {
    const location = sb.info.locations[1];
    h.ctx.settings.update({ locationId: location });
    try {
      const ids = await create('plain', 4, location);
      const progress: string[] = [];
      const off = h.api.subscribe('wave.progress', (p) => progress.push(p.text));
      const jobsBefore = h.printQueue.list().length;
      const plan = await h.api.invoke('wave.preview', {});
      expect(plan.pack.map((p) => p.shipmentId).sort()).toEqual([...ids].sort());
      const summary = await h.api.invoke('wave.run', { dispatch: false, shipmentIds: plan.pack.map((p) => p.shipmentId) });
      off();
      expect(summary.failed).toEqual([]);
      expect(summary.packed).toBe(ids.length);
      expect(summary.labelsPages).toBe(ids.length);
      expect(summary.dispatched).toBe(0);
      const jobs = h.printQueue.list().slice(jobsBefore);
      expect(jobs).toHaveLength(1);
      expect(jobs[0].role).toBe('label');
      expect(jobs[0].title).toMatch(/^Wave labels/);
      expect(progress[0]).toBe(`Found ${ids.length} approved shipments.`);
      expect(progress).toContain(`Packed ${ids.length} of ${ids.length}.`);
      for (const id of ids) expect(statusOf(id)).toBe('PACKED');

      // dispatch.scan: a packed shipment becomes ready to dispatch; scanning it again says so.
      const first = await h.api.invoke('dispatch.scan', { raw: ids[0], source: 'serial' });
      expect(first).toEqual({ shipmentId: ids[0], ok: true, text: `${ids[0]} is ready to dispatch. Put it with the pickup parcels.`, sentences: [{ key: 'station.dispatch.readyPickup', params: { id: ids[0] } }] });
      expect(statusOf(ids[0])).toBe('READY_TO_DISPATCH');
      const again = await h.api.invoke('dispatch.scan', { raw: ids[0], source: 'serial' });
      expect(again.text).toContain('already ready to dispatch');

      const orderId = sb.world.shipments.get(ids[1])!.orderItems[0].orderId;
      const notShipment = await h.api.invoke('dispatch.scan', { raw: orderId, source: 'wedge' });
      expect(notShipment.ok).toBe(false);
      expect(notShipment.text).toContain('is an order id. Scan the shipment id');
      expect(statusOf(ids[1])).toBe('PACKED');

      // Handover: the group counts what is ready to dispatch, and its manifest prints.
      const counts = await h.api.invoke('handover.counts', {});
      const group = counts.find((c) => c.count > 0);
      expect(group).toBeDefined();
      expect(group!.count).toBe(1);
      const printedBefore = h.printed().length;
      const { jobId } = await h.api.invoke('handover.printManifest', { vendorGroupCode: group!.vendorGroupCode });
      const job = await h.printQueue.whenFinished(jobId);
      expect(job.state).toBe('done');
      expect(job.role).toBe('document');
      expect(h.printed().length).toBe(printedBefore + 1);
      const empty = await h.api.invoke('handover.printManifest', { vendorGroupCode: 'NO-SUCH-GROUP' }).catch((e) => e);
      expect(empty.code).toBe('NOTHING_TO_HAND_OVER');
      expect(empty.message).toMatch(/no manifest to print/);
    } finally {
      h.ctx.settings.update({ locationId: sb.info.locations[0] });
    }
  });

  it('refuses to dispatch an unpacked shipment', async () => {
    const [id] = await create('plain', 1);
    const r = await h.api.invoke('dispatch.scan', { raw: id, source: 'serial' });
    expect(r).toEqual({ shipmentId: id, ok: false, text: `${id} is not packed yet. Pack it at the desk first.`, sentences: [{ key: 'station.dispatch.notPacked', params: { id } }] });
    expect(statusOf(id)).toBe('APPROVED');
  });

  it('previews a cancellation, cancels with a reason (journaled), and refuses a second one', async () => {
    const [id] = await create('plain', 1);
    const s = sb.world.shipments.get(id)!;
    const item = s.orderItems[0];
    const preview = await h.api.invoke('dispatch.cancelPreview', { shipmentId: id });
    expect(preview.cancellable).toBe(true);
    expect(preview.text).toContain(`The buyer is told their order for ${item.title} is cancelled`);
    expect(preview.text).toContain(`out of stock at location ${s.locationId}`);
    expect(preview.text).not.toMatch(/spec|§|APPROVED|seller cancellation/);
    expect(statusOf(id)).toBe('APPROVED');

    const r = await h.api.invoke('dispatch.cancel', { shipmentId: id, reason: 'not_enough_inventory' });
    expect(r.ok).toBe(true);
    expect(statusOf(id)).toBe('CANCELLED');
    expect(sb.world.shipments.get(id)!.orderItems[0].cancellationReason).toBe('not_enough_inventory');
    const records = await h.ctx.journal.records();
    const intent = records.find((x) => x.type === 'intent' && x.op === 'cancel' && x.targets.shipmentIds?.includes(id));
    expect(intent).toBeDefined();
    expect(records.some((x) => x.type === 'outcome' && intent && x.intentId === (intent as { id: string }).id && x.status === 'ok')).toBe(true);

    const second = await h.api.invoke('dispatch.cancel', { shipmentId: id, reason: 'again please' });
    expect(second).toMatchObject({ shipmentId: id, ok: false, text: `${id} is already cancelled. Nothing was cancelled.` });
    const previewAfter = await h.api.invoke('dispatch.cancelPreview', { shipmentId: id });
    expect(previewAfter).toMatchObject({ cancellable: false, text: `${id} is already cancelled.` });
  });
});
