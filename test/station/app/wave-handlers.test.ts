// Waves through the real dispatcher over a real HTTPS sandbox, with FBF_LITE, multi-unit,
// multi-item, held, self-ship and serialized shipments present: the preview names what the wave
// packs and what it leaves and why; the queue and the wave see FBF_LITE shipments; the weights
// the sandbox receives count every unit; "dispatch packed" finds what the wave packed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { queueHandlers } from '../../../electron/station/app/handlers/queue-handlers.js';
import { PUT_ASIDE_REASON } from '../../../electron/station/packing/wave-plan.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { approvedAt, declaredParcels, events, order, stateAt, wavePackableProducts } from '../../support/wave-fixtures.js';

let sb: TestSandbox;
let h: HandlerHarness;
let location: string;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  location = sb.info.locations[1];
  h = await startHandlerHarness(sb, (ctx) => ({ ...deskHandlers(ctx), ...queueHandlers(ctx) }), { locationId: location, rtdPolicy: 'endOfWave' });
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('a wave of a location with every kind of approved shipment', () => {
  const ids = {} as Record<'normal' | 'lite' | 'twoUnits' | 'twoItems' | 'held' | 'self' | 'phone' | 'aside', string[]>;

  beforeAll(async () => {
    const [big, small] = wavePackableProducts(sb, location);
    ids.normal = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 1 }] });
    ids.lite = await order(sb, { locationId: location, count: 2, lines: [{ sku: small.sku, quantity: 1 }], serviceProfile: 'FBF_LITE' });
    ids.twoUnits = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 2 }] });
    ids.twoItems = await order(sb, { locationId: location, lines: [{ sku: small.sku, quantity: 1 }, { sku: big.sku, quantity: 1 }], serviceProfile: 'FBF_LITE' });
    ids.held = await order(sb, { locationId: location, kind: 'hold' });
    ids.self = await order(sb, { locationId: location, kind: 'selfship' });
    ids.phone = await order(sb, { locationId: location, kind: 'serialized' });
    ids.aside = await order(sb, { locationId: location, lines: [{ sku: big.sku, quantity: 1 }] });
  });

  it('the queue lists FBF_LITE shipments with the others (one search per service profile)', async () => {
    const view = await h.api.invoke('queue.list', {});
    const listed = view.rows.map((r) => r.shipmentId);
    for (const id of [...ids.lite, ...ids.twoItems, ...ids.normal]) expect(listed).toContain(id);
    // The queue's default view leaves held shipments to its "on hold" view (spec: hold defaults to false).
    expect(view.counts.APPROVED).toBe(approvedAt(sb, location).filter((id) => !ids.held.includes(id)).length);
  });

  it('a shipment put aside at the desk is left out of the preview unless picked, and every other approved shipment is named', async () => {
    await h.api.invoke('desk.scan', { raw: ids.aside[0], source: 'wedge' });
    const view = await h.api.invoke('desk.putAside', {});
    expect(view.feedback.text).toContain('put aside');

    const plan = await h.api.invoke('wave.preview', {});
    const packs = plan.pack.map((p) => p.shipmentId).sort();
    expect(packs).toEqual([...ids.normal, ...ids.lite, ...ids.twoUnits, ...ids.twoItems].sort());
    expect(plan.putAside.map((p) => p.shipmentId)).toEqual(ids.aside);
    const reasons = new Map(plan.skipped.map((s) => [s.shipmentId, s.reason]));
    expect(reasons.get(ids.held[0])).toMatch(/^On hold by the marketplace/);
    expect(reasons.get(ids.self[0])).toMatch(/^Self-ship/);
    expect(reasons.get(ids.phone[0])).toMatch(/IMEI\/serial capture at the desk/);
    // Nothing is packed by a preview.
    for (const id of packs) expect(stateAt(sb, id)).toBe('APPROVED');
    expect(plan.pack.find((p) => p.shipmentId === ids.twoUnits[0])!.units).toBe(2);
  });

  it('the confirmed wave packs exactly the previewed shipments, FBF_LITE included, and names every approved shipment it left', async () => {
    const plan = await h.api.invoke('wave.preview', {});
    const summary = await h.api.invoke('wave.run', { dispatch: false, shipmentIds: plan.pack.map((p) => p.shipmentId) });
    expect(summary.failed).toEqual([]);
    expect(summary.packed).toBe(plan.pack.length);
    for (const p of plan.pack) expect(stateAt(sb, p.shipmentId)).toBe('PACKED');
    expect(stateAt(sb, ids.aside[0])).toBe('APPROVED');
    // Every approved shipment of the location the wave did not pack is named, with a reason.
    const left = approvedAt(sb, location).sort();
    expect(left).toEqual([...ids.held, ...ids.self, ...ids.phone, ...ids.aside].sort());
    expect(summary.skipped.map((s) => s.shipmentId).sort()).toEqual(left);
    expect(summary.skipped.find((s) => s.shipmentId === ids.aside[0])).toMatchObject({ reason: PUT_ASIDE_REASON.text, sentences: [{ key: 'station.wave.putAside' }] });
  });

  it('declares the weight of every unit: a 2-unit shipment twice the package, a 2-item one the sum, with the largest package', () => {
    const [big, small] = wavePackableProducts(sb, location);
    const pk = (p: typeof big) => p.packages[0].dimensions;
    const [twoUnits] = declaredParcels(sb, ids.twoUnits[0]);
    expect(twoUnits.dimensions.weight).toBeCloseTo(2 * pk(small).weight, 3);
    expect(twoUnits.dimensions).toMatchObject({ length: pk(small).length, breadth: pk(small).breadth, height: pk(small).height });
    const [twoItems] = declaredParcels(sb, ids.twoItems[0]);
    expect(twoItems.dimensions.weight).toBeCloseTo(pk(small).weight + pk(big).weight, 3);
    expect(twoItems.dimensions).toMatchObject({ length: pk(big).length, breadth: pk(big).breadth, height: pk(big).height });
  });

  it('a put-aside shipment the packer picks is packed by the next wave', async () => {
    const plan = await h.api.invoke('wave.preview', {});
    expect(plan.pack).toEqual([]);
    expect(plan.putAside.map((p) => p.shipmentId)).toEqual(ids.aside);
    const summary = await h.api.invoke('wave.run', { dispatch: false, shipmentIds: ids.aside });
    expect(summary.packed).toBe(1);
    expect(stateAt(sb, ids.aside[0])).toBe('PACKED');
    expect((await h.api.invoke('wave.preview', {})).putAside).toEqual([]);
  });

  it('"dispatch packed" finds every shipment the waves packed and marks them ready to dispatch at the sandbox', async () => {
    const packed = [...ids.normal, ...ids.lite, ...ids.twoUnits, ...ids.twoItems, ...ids.aside].sort();
    const waiting = await h.api.invoke('desk.packedWaiting', {});
    expect(waiting.ready.sort()).toEqual(packed);
    const seqBefore = (await events(sb)).length;
    const results = await h.api.invoke('desk.dispatchWave', {});
    expect(results.filter((r) => r.ok).map((r) => r.shipmentId).sort()).toEqual(packed);
    for (const id of packed) expect(stateAt(sb, id)).toBe('READY_TO_DISPATCH');
    const rtd = (await events(sb)).slice(seqBefore).filter((e) => e.kind === 'Ready To Dispatch').map((e) => e.shipmentId);
    expect([...new Set(rtd)].sort()).toEqual(packed);
    expect((await h.api.invoke('desk.packedWaiting', {})).ready).toEqual([]);
    expect(await h.api.invoke('desk.dispatchWave', {})).toEqual([]);
  });
});
