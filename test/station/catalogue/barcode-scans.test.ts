// The barcode catalogue wherever a product is scanned, through the real handlers, dispatcher and
// an HTTPS sandbox: the Pack screen's question for an unknown EAN (Esc, then an answer that counts
// the unit), a serial awaited is never taken for a product barcode, a linked EAN opens its
// single-item shipment, selects a wave's SKU and finds a return; the outcome is read at the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodesHandlers } from '../../../electron/station/app/handlers/barcodes-handlers.js';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { returnsHandlers } from '../../../electron/station/app/handlers/returns-handlers.js';
import { imeiFrom } from '../../../electron/sandbox/orders/imei.js';
import { StationError } from '../../../shared/contract/define.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let h: HandlerHarness;

/** A valid EAN-13 per test: 12 digits and their GS1 check digit. */
let eanCounter = 200_000_000;
function freshEan(): string {
  const body = `890${String(eanCounter++).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + String((10 - (sum % 10)) % 10);
}

async function create(kind: string, count = 1, quantity?: number): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId: sb.info.locations[0], kind, ...(quantity ? { quantity } : {}) } });
  expect(r.status).toBe(200);
  return (r.json.shipmentIds as string[]).filter((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'));
}
const itemOf = (id: string) => sb.world.shipments.get(id)!.orderItems[0];
const statusOf = (id: string) => [...new Set(sb.world.shipments.get(id)!.orderItems.map((i) => i.status))].join('/');

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, (ctx) => ({ ...deskHandlers(ctx), ...returnsHandlers(ctx), ...barcodesHandlers(ctx) }));
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('at the pack desk', () => {
  it('asks which product an unknown EAN is, loses nothing on Esc, links and counts on an answer, and packs', async () => {
    const [id] = await create('plain', 1, 2);
    const item = itemOf(id);
    const ean = freshEan();
    await h.api.invoke('desk.scan', { raw: id, source: 'wedge' });

    let view = await h.api.invoke('desk.scan', { raw: ean, source: 'wedge' });
    expect(view.unknownBarcode).toEqual({ code: ean, format: 'EAN-13' });
    expect(view.feedback.text).not.toMatch(/Wrong item/);
    expect(view.session?.lines[0].verified).toBe(0);

    await h.api.invoke('barcodes.dismiss', {});
    view = await h.api.invoke('desk.view', {});
    expect(view.unknownBarcode).toBeUndefined();
    expect(view.session?.shipmentId).toBe(id);
    expect(view.session?.lines[0].verified).toBe(0);
    expect(h.ctx.barcodes().skuFor(ean)).toBeUndefined();

    await h.api.invoke('desk.scan', { raw: ean, source: 'wedge' });
    const learned = await h.api.invoke('barcodes.learn', { code: ean, sku: item.sku });
    expect(learned.text).toContain(`Barcode ${ean} (EAN-13) is now ${item.sku}`);
    view = await h.api.invoke('desk.view', {});
    expect(view.unknownBarcode).toBeUndefined();
    expect(view.session?.lines[0].verified).toBe(1);

    // The next unit's EAN is known now: no question, the unit counts.
    view = await h.api.invoke('desk.scan', { raw: ean, source: 'wedge' });
    expect(view.unknownBarcode).toBeUndefined();
    expect(view.session?.lines[0].verified).toBe(2);
    // The listing's own package, so the weight is plausible for whichever product was ordered.
    const pkg = sb.world.shipments.get(id)!.subShipments[0].packages[0].dimensions;
    await h.api.invoke('desk.measure', { dimensions: { length: pkg.length, breadth: pkg.breadth, height: pkg.height }, weightKg: pkg.weight * item.quantity, source: 'typed' });
    view = await h.api.invoke('desk.pack', {});
    expect(view.feedback.text).toContain(`Shipment ${id} packed`);
    expect(['PACKED', 'READY_TO_DISPATCH', 'PACKING_IN_PROGRESS']).toContain(statusOf(id));
    expect(h.ctx.barcodes().find(ean)).toMatchObject({ sku: item.sku, source: 'scan', title: item.title });
  });

  it('refuses to link a barcode that is another SKU, naming both, and counts nothing', async () => {
    const ids = await create('plain', 6, 1);
    const a = ids[0];
    const b = ids.find((id) => itemOf(id).sku !== itemOf(a).sku)!;
    const ean = freshEan();
    await h.api.invoke('barcodes.add', { code: ean, sku: itemOf(a).sku });
    const refused = await h.api.invoke('barcodes.add', { code: ean, sku: itemOf(b).sku }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StationError);
    expect((refused as StationError).code).toBe('BARCODE_CONFLICT');
    expect((refused as StationError).message).toContain(`already linked to ${itemOf(a).sku}`);
    expect((refused as StationError).message).toContain(`cannot also be ${itemOf(b).sku}`);
    expect(h.ctx.barcodes().skuFor(ean)).toBe(itemOf(a).sku);
  });

  it('takes a valid IMEI as the serial it is waiting for, never as a product barcode to learn', async () => {
    const [id] = await create('serialized', 1, 1);
    await h.api.invoke('desk.scan', { raw: id, source: 'wedge' });
    let view = await h.api.invoke('desk.scan', { raw: itemOf(id).sku, source: 'wedge' });
    expect(view.session?.phase).toBe('serial');
    const imei = imeiFrom('35209900000001');
    view = await h.api.invoke('desk.scan', { raw: imei, source: 'wedge' });
    expect(view.unknownBarcode).toBeUndefined();
    expect(view.session?.lines[0].serials).toEqual([[imei]]);
    await h.api.invoke('desk.putAside', {});
  });
});

describe('a linked EAN wherever a product is scanned', () => {
  it('opens the single-item shipment of its SKU when no shipment is open, and counts the unit', async () => {
    const [id] = await create('plain', 1, 1);
    const ean = freshEan();
    await h.api.invoke('barcodes.add', { code: ean, sku: itemOf(id).sku });
    const view = await h.api.invoke('desk.scan', { raw: ean, source: 'wedge' });
    expect(view.session?.lines).toHaveLength(1);
    expect(view.session?.lines[0].sku).toBe(itemOf(id).sku);
    expect(view.session?.lines[0].verified).toBe(1);
    await h.api.invoke('desk.putAside', {});
  });

  it('says how to link an unknown EAN scanned with no shipment open', async () => {
    const ean = freshEan();
    const view = await h.api.invoke('desk.scan', { raw: ean, source: 'wedge' });
    expect(view.session).toBeUndefined();
    expect(view.feedback.tone).toBe('error');
    expect(view.feedback.text).toContain(`EAN-13 ${ean} is not linked to a product at this desk yet`);
  });

  it('selects the SKU of a wave by its EAN: the shipments of that SKU are packed at the sandbox', async () => {
    const [id] = await create('plain', 1, 1);
    const sku = itemOf(id).sku;
    const ean = freshEan();
    await h.api.invoke('barcodes.add', { code: ean, sku });
    const plan = await h.api.invoke('wave.preview', { sku: ean });
    expect(plan.sku).toBe(sku);
    expect(plan.pack.map((p) => p.shipmentId)).toContain(id);
    const summary = await h.api.invoke('wave.run', { sku: ean, dispatch: false, shipmentIds: plan.pack.map((p) => p.shipmentId) });
    expect(summary.failed).toEqual([]);
    expect(summary.packed).toBeGreaterThanOrEqual(1);
    expect(statusOf(id)).toBe('PACKED');
    const packedSkus = new Set([...sb.world.shipments.values()].filter((s) => s.orderItems.every((i) => i.status === 'PACKED')).map((s) => s.orderItems[0].sku));
    expect(packedSkus.has(sku)).toBe(true);
  });

  it('receives the one waiting return of the product by its EAN, and asks for the return id when several wait', async () => {
    const ids = await create('plain', 24, 1);
    const bySku = new Map<string, string[]>();
    for (const id of ids) bySku.set(itemOf(id).sku, [...(bySku.get(itemOf(id).sku) ?? []), id]);
    const [twoSku, two] = [...bySku].find(([, v]) => v.length >= 2)!;
    const [oneSku, [one]] = [...bySku].find(([s, v]) => v.length === 1 && s !== twoSku)!;

    const returnOf = async (id: string) => (await sb.call('POST', '/sandbox/returns', { body: { orderItemId: itemOf(id).orderItemId, kind: 'standard' } })).json.returnId as string;
    const single = await returnOf(one);
    const eanOne = freshEan();
    await h.api.invoke('barcodes.add', { code: eanOne, sku: oneSku });
    const received = await h.api.invoke('returns.receive', { raw: eanOne });
    expect(received).toMatchObject({ id: single, ok: true });
    expect(sb.world.returns.get(single)!.status).toBe('COMPLETED');

    const r1 = await returnOf(two[0]);
    const r2 = await returnOf(two[1]);
    const eanTwo = freshEan();
    await h.api.invoke('barcodes.add', { code: eanTwo, sku: twoSku });
    const ask = await h.api.invoke('returns.receive', { raw: eanTwo });
    expect(ask.ok).toBe(false);
    expect(ask.text).toContain(`2 returns of ${twoSku}`);
    expect(ask.text).toContain('Scan the return id');
    expect(sb.world.returns.get(r1)!.status).toBe('CREATED');
    expect(sb.world.returns.get(r2)!.status).toBe('CREATED');
  });
});
