// The activity screen over a journal written by real desk work against a real HTTPS sandbox:
// the packed shipment is found in words, a refused pack shows its reason, and the stats count it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityHandlers } from '../../../electron/station/app/handlers/activity-handlers.js';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import type { AppContext } from '../../../electron/station/app/app-context.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';

let sb: TestSandbox;
let h: HandlerHarness;
let packed: string;
let held: string;

async function plainShipment(): Promise<string> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 3, locationId: sb.info.locations[0], kind: 'plain' } });
  return (r.json.shipmentIds as string[]).find((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'))!;
}

/** Opens a shipment, scans its units and measures it: ready for Enter. */
async function prepare(id: string): Promise<number> {
  const item = sb.world.shipments.get(id)!.orderItems[0];
  await h.api.invoke('desk.scan', { raw: id, source: 'serial' });
  for (let n = 0; n < item.quantity; n++) await h.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
  const view = await h.api.invoke('desk.measure', { dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' });
  expect(view.session?.phase).toBe('ready');
  return item.quantity;
}

let units: number;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, (ctx: AppContext) => ({ ...deskHandlers(ctx), ...activityHandlers(ctx) }), { operator: 'Asha' });
  packed = await plainShipment();
  units = await prepare(packed);
  await h.api.invoke('desk.pack', {});
  await h.ctx.desk().idle();
  expect((await h.api.invoke('desk.view', {})).jobs.find((j) => j.shipmentId === packed)?.status).toBe('dispatched');

  // A shipment the marketplace puts on hold after it was scanned: the pack is refused.
  held = await plainShipment();
  await prepare(held);
  expect((await sb.call('POST', `/sandbox/shipments/${held}/hold`, { body: { hold: true } })).status).toBe(200);
  const refused = await h.api.invoke('desk.pack', {});
  expect(refused.feedback.tone).toBe('error');
  await h.api.invoke('desk.putAside', {});
}, 60_000);
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('activity.search', () => {
  it('finds the packed shipment in words, with its desk and operator, newest first', async () => {
    const entries = await h.api.invoke('activity.search', { text: packed });
    const texts = entries.map((e) => e.text);
    expect(texts).toContain(`Packed ${packed} (${units} unit${units === 1 ? '' : 's'}) on Desk 1 by Asha.`);
    expect(texts).toContain(`Ready to dispatch: 1 shipment (${packed}) on Desk 1 by Asha.`);
    expect(texts.some((t) => t.startsWith(`Label of ${packed} printed on `))).toBe(true);
    expect(entries.every((e) => e.shipmentIds.includes(packed))).toBe(true);
    expect(entries.find((e) => e.kind === 'session.packed')).toMatchObject({ operator: 'Asha', status: 'ok' });
    const seqs = entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(entries.some((e) => e.text.includes(held))).toBe(false);
  });

  it('shows a refused pack with its reason, and a put-aside shipment', async () => {
    const entries = await h.api.invoke('activity.search', { text: held });
    const failed = entries.find((e) => e.kind === 'pack');
    expect(failed?.status).toBe('failed');
    expect(failed?.text).toMatch(new RegExp(`^Pack of ${held} failed \\(ITEM_ON_HOLD\\): .+ on Desk 1 by Asha\\.$`));
    expect(entries.map((e) => e.text)).toContain(`Put ${held} aside on Desk 1 by Asha.`);
  });

  it('limits, filters by time, and refuses a date it cannot read in words', async () => {
    expect(await h.api.invoke('activity.search', { limit: 2 })).toHaveLength(2);
    const future = new Date(sb.world.now() + 86_400_000).toISOString();
    expect(await h.api.invoke('activity.search', { from: future })).toEqual([]);
    const err = await h.api.invoke('activity.search', { from: 'yesterday' }).catch((e) => e);
    expect(err.code).toBe('BAD_DATE');
    expect(err.message).toBe('The from date "yesterday" is not a date. Give it as 2026-11-21 or 2026-11-21T10:00 (IST).');
  });
});

describe('activity.stats', () => {
  it('counts the pack in its shift and hour, with the refused operation as an error', async () => {
    const stats = await h.api.invoke('activity.stats', {});
    expect(stats.shifts.reduce((n, s) => n + s.packs, 0)).toBe(1);
    expect(stats.shifts.reduce((n, s) => n + s.errors, 0)).toBe(1);
    // Scans are the label and unit scans of both shipments; measurements are not scans.
    expect(stats.shifts.reduce((n, s) => n + s.scans, 0)).toBe(2 * (units + 1));
    expect(stats.shifts.every((s) => /^\d{2}:\d{2}–\d{2}:\d{2}$/.test(s.label))).toBe(true);
    expect(stats.packsPerHour).toHaveLength(24);
    expect(stats.packsPerHour.reduce((n, x) => n + x.packs, 0)).toBe(1);
    const other = await h.api.invoke('activity.stats', { day: '2001-01-01' });
    expect(other.shifts).toEqual([]);
    expect(other.packsPerHour.every((x) => x.packs === 0)).toBe(true);
  });
});
