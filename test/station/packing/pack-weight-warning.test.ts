// WEIGHT_ANOMALY_WARNING (spec § Errors; sdk-facts § 7 ignoreWarning): the desk asks the packer to
// check the weight and continue if it is right. A second Enter on the same readings packs with
// ignoreWarning; new readings are judged again; a restart between the two Enters asks again,
// while a confirmation the packer made before the restart is kept.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { deskDepsFrom } from '../../../electron/station/app/handlers/desk-deps.js';
import { PackDesk } from '../../../electron/station/packing/pack-desk.js';
import type { PackShipmentRequest } from '../../../shared/api/pack.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';

let sb: TestSandbox;
let h: HandlerHarness;
/** The pack requests the station sent to the sandbox, in order, per shipment. */
const sent = new Map<string, PackShipmentRequest[]>();
/** Shipments whose next pack call dies before it leaves, as a station killed mid-call would. */
const crashNext = new Set<string>();

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, deskHandlers);
  const orders = h.ctx.marketplace().orders;
  const pack = orders.pack.bind(orders);
  orders.pack = async (requests) => {
    for (const r of requests) {
      if (crashNext.delete(r.shipmentId)) throw new Error('station stopped');
      sent.set(r.shipmentId, [...(sent.get(r.shipmentId) ?? []), r]);
    }
    return pack(requests);
  };
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});
beforeEach(() => sent.clear());

async function plainShipment(): Promise<string> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', quantity: 1 } });
  expect(r.status).toBe(200);
  return (r.json.shipmentIds as string[])[0];
}

/** Opens the shipment, scans its units and puts it on the scale at `factor` times its catalogue weight. */
async function openAndWeigh(desk: PackDesk, id: string, factor: number): Promise<void> {
  const shipment = sb.world.shipments.get(id)!;
  expect((await desk.scan(id, 'wedge')).tone).toBe('ok');
  for (const item of shipment.orderItems) for (let u = 0; u < item.quantity; u++) await desk.scan(item.sku, 'wedge');
  await weigh(desk, id, factor);
}

async function weigh(desk: PackDesk, id: string, factor: number): Promise<void> {
  const packages = sb.world.shipments.get(id)!.subShipments[0].packages;
  const weightKg = packages.reduce((sum, p) => sum + p.dimensions.weight * p.quantity, 0) * factor;
  const { length, breadth, height } = packages[0].dimensions;
  await desk.measure({ weightKg: Math.round(weightKg * 1000) / 1000, dimensions: { length, breadth, height }, source: 'device' });
}

const ignored = (id: string) => (sent.get(id) ?? []).map((r) => r.ignoreWarning === true);
/** The shipment's order-item states as the marketplace reports them. */
async function states(id: string): Promise<string[]> {
  const [s] = await h.ctx.marketplace().orders.getShipments({ shipmentIds: [id] });
  return s.orderItems.map((i) => i.status);
}

/** The journal's pack intents for a shipment: whether each was sent with ignoreWarning. */
async function journaledIgnores(id: string): Promise<boolean[]> {
  const records = await h.ctx.journal.records();
  return records.filter((r) => r.type === 'intent' && r.op === 'pack' && r.targets.shipmentIds?.includes(id)).map((r) => (r as { request: Record<string, unknown> }).request.ignoreWarning === true);
}

describe('a weight the marketplace warns about', () => {
  it('is refused with the warning on the first Enter and packed at the marketplace on the second', async () => {
    const desk = new PackDesk(deskDepsFrom(h.ctx));
    const id = await plainShipment();
    await openAndWeigh(desk, id, 12);
    const first = await desk.pack();
    expect(first.tone).toBe('error');
    expect(first.text).toMatch(/continue if they are right.*Press Enter again to pack anyway/);
    expect(first.sentences?.map((s) => s.key)).toEqual(['station.packError.WEIGHT_ANOMALY_WARNING', 'station.pack.enterAgainToPack']);
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
    // The Labels list holds it with what to do: no failure, no printer problem.
    expect(desk.view().jobs.find((j) => j.shipmentId === id)).toMatchObject({ status: 'held', sentences: [{ key: 'station.pack.enterAgainToPack' }] });

    expect((await desk.pack()).text).toMatch(/packed/);
    await desk.idle();
    expect(sb.world.shipments.get(id)!.pack).toBeDefined();
    expect(await states(id)).toEqual(['READY_TO_DISPATCH']);
    expect(ignored(id)).toEqual([false, true]);
    expect(await journaledIgnores(id)).toEqual([false, true]);
  });

  it('is warned about again when the parcel is weighed again between the two Enters', async () => {
    const desk = new PackDesk(deskDepsFrom(h.ctx));
    const id = await plainShipment();
    await openAndWeigh(desk, id, 12);
    expect((await desk.pack()).text).toMatch(/Press Enter again/);
    await weigh(desk, id, 15);
    expect((await desk.pack()).text).toMatch(/Press Enter again/);
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
    // The right weight after all: packed without ignoring anything.
    await weigh(desk, id, 1);
    expect((await desk.pack()).text).toMatch(/packed/);
    await desk.idle();
    expect(ignored(id)).toEqual([false, false, false]);
  });

  it('is asked about again after a restart between the two Enters', async () => {
    const id = await plainShipment();
    const before = new PackDesk(deskDepsFrom(h.ctx));
    await openAndWeigh(before, id, 12);
    expect((await before.pack()).text).toMatch(/Press Enter again/);

    const after = new PackDesk(deskDepsFrom(h.ctx));
    expect(await after.restore()).toBe(1);
    expect((await after.pack()).text).toMatch(/Press Enter again/);
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
    expect((await after.pack()).text).toMatch(/packed/);
    await after.idle();
    expect(ignored(id)).toEqual([false, false, true]);
  });

  it('keeps the confirmation the packer gave before a restart', async () => {
    const id = await plainShipment();
    const before = new PackDesk(deskDepsFrom(h.ctx));
    await openAndWeigh(before, id, 12);
    expect((await before.pack()).text).toMatch(/Press Enter again/);
    crashNext.add(id);
    await expect(before.pack()).rejects.toThrow('station stopped');

    const after = new PackDesk(deskDepsFrom(h.ctx));
    expect(await after.restore()).toBe(1);
    expect((await after.pack()).text).toMatch(/packed/);
    await after.idle();
    expect(sb.world.shipments.get(id)!.pack).toBeDefined();
    expect(ignored(id)).toEqual([false, true]);
  });

  it('leaves the Labels list when the held shipment is put aside: its second Enter went with it', async () => {
    const desk = new PackDesk(deskDepsFrom(h.ctx));
    const id = await plainShipment();
    await openAndWeigh(desk, id, 12);
    expect((await desk.pack()).text).toMatch(/Press Enter again/);
    expect(desk.view().jobs.map((j) => [j.shipmentId, j.status])).toContainEqual([id, 'held']);
    await desk.putAside();
    expect(desk.view().jobs.some((j) => j.shipmentId === id)).toBe(false);
    expect(sb.world.shipments.get(id)!.pack).toBeUndefined();
  });
});
