// The desk's scan steps over a real HTTPS sandbox and a real journal: undo, a serial removed and
// replaced, a typed count and refused scans are journaled as they happen, and a restart (a new
// desk over the same journal) brings the shipment back exactly as the packer left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { deskDepsFrom } from '../../../electron/station/app/handlers/desk-deps.js';
import { PackDesk } from '../../../electron/station/packing/pack-desk.js';
import { imeiFrom } from '../../../electron/sandbox/orders/imei.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';
import { reshapeShipment } from '../../support/shipment-shapes.js';

let sb: TestSandbox;
let h: HandlerHarness;

async function create(kind: string, quantity: number): Promise<string> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind, quantity } });
  expect(r.status).toBe(200);
  return r.json.shipmentIds[0] as string;
}

const newDesk = () => new PackDesk({ ...deskDepsFrom(h.ctx), typedCounts: () => true });

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, deskHandlers);
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('desk scan steps', () => {
  it('journals undo, a removed serial and a refused IMEI, and restores the shipment as it was', async () => {
    const id = await create('serialized', 2);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    const [a, b, c] = ['35000000000001', '35000000000002', '35000000000003'].map(imeiFrom);
    const desk = newDesk();
    for (const raw of [id, sku]) await desk.scan(raw, 'wedge');
    expect((await desk.scan('12345', 'wedge')).text).toMatch(/12345 is not an IMEI/);
    for (const raw of [a, sku, b]) await desk.scan(raw, 'wedge');
    expect((await desk.undo()).text).toMatch(new RegExp(`Undone: serial ${b}`));
    expect((await desk.removeSerial(a)).text).toMatch(new RegExp(`${a} removed`));
    await desk.scan(c, 'wedge');
    const before = desk.view().session!;
    expect(before.lines[0]).toMatchObject({ verified: 2, serials: [[c]] });
    expect(before.phase).toBe('serial');

    const records = await h.ctx.journal.records();
    const scans = records.filter((r) => r.type === 'scan' && r.sessionId === before.sessionId);
    expect(scans.map((r) => (r.type === 'scan' ? [r.kind, r.refused ? 'refused' : 'ok'] : []))).toEqual([
      ['shipmentId', 'ok'],
      ['sku', 'ok'],
      ['sku', 'refused'],
      ['imei', 'ok'],
      ['sku', 'ok'],
      ['imei', 'ok'],
      ['undo', 'ok'],
      ['remove-serial', 'ok'],
      ['imei', 'ok'],
    ]);

    const restarted = newDesk();
    expect(await restarted.restore()).toBe(1);
    const after = restarted.view().session!;
    expect(after.lines).toEqual(before.lines);
    expect(after.steps).toEqual(before.steps);
    expect(after.phase).toBe('serial');
    expect(restarted.view().feedback.text).toMatch(/after a restart: 2 of 2 units verified/);
    await restarted.putAside();
  });

  it('reopens a shipment put aside with its verified units, serials and measurements, and packs them', async () => {
    const id = await create('serialized', 3);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    const [a, b, c] = ['35000000000101', '35000000000102', '35000000000103'].map(imeiFrom);
    const desk = newDesk();
    for (const raw of [id, sku, a, sku, b]) await desk.scan(raw, 'wedge');
    await desk.measure({ dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.4, source: 'typed' });
    expect(desk.view().session!.lines[0]).toMatchObject({ verified: 2, serials: [[a], [b]] });
    expect((await desk.putAside()).text).toMatch(/put aside/);
    expect(desk.view().session).toBeUndefined();

    // Another shipment in between, then back to the one put aside.
    const other = await create('plain', 1);
    await desk.scan(other, 'wedge');
    await desk.putAside();
    const reopened = await desk.scan(id, 'wedge');
    expect(reopened.text).toMatch(new RegExp(`Shipment ${id} reopened as it was put aside: 2 of 3 units verified, 2 serials`));
    const session = desk.view().session!;
    expect(session.lines[0]).toMatchObject({ verified: 2, serials: [[a], [b]] });
    expect(session.parcels[0]).toMatchObject({ dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.4 });
    expect(session.phase).toBe('verifying');

    // What was carried over is in the new session's journal: a restart now restores it too.
    const restarted = newDesk();
    expect(await restarted.restore()).toBe(1);
    expect(restarted.view().session!.lines[0]).toMatchObject({ verified: 2, serials: [[a], [b]] });
    for (const raw of [sku, c]) await restarted.scan(raw, 'wedge');
    expect(restarted.view().session!.phase).toBe('ready');
    expect((await restarted.pack()).text).toMatch(/packed/);
    const pack = sb.world.shipments.get(id)!.pack!;
    expect(pack.serialNumbers[0]!.serialNumbers).toEqual([[a], [b], [c]]);
    await restarted.idle();
    expect(restarted.view().jobs.find((j) => j.shipmentId === id)?.status).toMatch(/^(printed|dispatched)$/);
    // Another restart: the Labels list comes back from the journal, with the printer it went to.
    const again = newDesk();
    expect(again.view().jobs).toEqual([]);
    await again.restoreLabels();
    expect(again.view().jobs.find((j) => j.shipmentId === id)).toMatchObject({ status: 'printed', text: expect.stringMatching(/^Label printed on .+ \(before the restart\)\.$/) });
  });

  it('carries over the latest put-aside session, an undo in it included', async () => {
    const id = await create('plain', 2);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    const desk = newDesk();
    for (const raw of [id, sku]) await desk.scan(raw, 'wedge');
    await desk.putAside();
    expect((await desk.scan(id, 'wedge')).text).toMatch(/reopened.*1 of 2 units verified/);
    await desk.undo();
    await desk.putAside();
    expect((await desk.scan(id, 'wedge')).text).toMatch(/reopened.*0 of 2 units verified/);
    await desk.putAside();
  });

  it('journals a reopened shipment\'s earlier scans once, and replays them once after a crash', async () => {
    const id = await create('serialized', 3);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    const [a, b] = ['35000000000201', '35000000000202'].map(imeiFrom);
    const desk = newDesk();
    for (const raw of [id, sku, a]) await desk.scan(raw, 'wedge');
    await desk.putAside();
    expect((await desk.scan(id, 'wedge')).text).toMatch(/reopened.*1 of 3 units verified, 1 serial/);
    for (const raw of [sku, b]) await desk.scan(raw, 'wedge');
    await desk.putAside();
    expect((await desk.scan(id, 'wedge')).text).toMatch(/reopened.*2 of 3 units verified, 2 serials/);
    const sessionId = desk.view().session!.sessionId;

    // Each scan the packer made stands in the journal once, however often the shipment was reopened.
    const records = await h.ctx.journal.records();
    const sessions = new Set(records.flatMap((r) => (r.type === 'session' && r.event === 'opened' && r.shipmentId === id ? [r.sessionId] : [])));
    expect(sessions.size).toBe(3);
    const scanned = records.flatMap((r) => (r.type === 'scan' && sessions.has(r.sessionId) ? [r.value] : []));
    expect(scanned).toEqual([id, sku, a, id, sku, b, id]);

    // A crash now (a new desk over the same journal): the units and serials come back once each.
    const restarted = newDesk();
    expect(await restarted.restore()).toBe(1);
    expect(restarted.view().session).toMatchObject({ sessionId });
    expect(restarted.view().session!.lines[0]).toMatchObject({ verified: 2, serials: [[a], [b]] });
    expect(restarted.view().feedback.text).toMatch(/after a restart: 2 of 3 units verified/);
    await restarted.putAside();
    expect((await restarted.scan(id, 'wedge')).text).toMatch(/reopened.*2 of 3 units verified, 2 serials/);
    await restarted.putAside();
  });

  it('takes a label and its product scanned back to back in order: the product waits for the shipment to open', async () => {
    const id = await create('plain', 1);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    // Two order lines: the product code alone names no single-item shipment, so it cannot open one itself.
    reshapeShipment(sb.world, id, [
      { sku, quantity: 1 },
      { sku, quantity: 1 },
    ]);
    const desk = newDesk();
    const [opened, ticked] = await Promise.all([desk.scan(id, 'wedge'), desk.scan(sku, 'wedge')]);
    expect(opened.tone).toBe('ok');
    expect(ticked.text).toMatch(/unit 1 of 2 verified/);
    expect(desk.view().session).toMatchObject({ shipmentId: id, phase: 'verifying' });
    await desk.putAside();
  });

  it('counts typed units only from the scan field, and never a wedge burst of digits', async () => {
    const id = await create('plain', 1);
    reshapeShipment(sb.world, id, [{ sku: sb.world.shipments.get(id)!.orderItems[0].sku, quantity: 5 }]);
    const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
    const desk = newDesk();
    await desk.scan(id, 'wedge');
    await desk.scan(sku, 'wedge');
    // A scanner reading "4" as a code is a code (here a wrong item), not a count.
    expect((await desk.scan('4', 'serial')).text).toMatch(/Wrong item/);
    expect((await desk.scan('*5', 'typed')).tone).toBe('ok');
    expect(desk.view().session!.lines[0].verified).toBe(5);
    expect((await desk.undo()).text).toMatch(/Undone: 4 units/);
    expect(desk.view().session!.lines[0].verified).toBe(1);
    await desk.putAside();
  });
});
