// The activity screen over a journal written by real desk work against a real HTTPS sandbox:
// the packed shipment is found in words, a refused pack shows its reason, and the stats count it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityHandlers } from '../../../electron/station/app/handlers/activity-handlers.js';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { barcodesHandlers } from '../../../electron/station/app/handlers/barcodes-handlers.js';
import { returnsHandlers } from '../../../electron/station/app/handlers/returns-handlers.js';
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
  h = await startHandlerHarness(sb, (ctx: AppContext) => ({ ...deskHandlers(ctx), ...activityHandlers(ctx), ...barcodesHandlers(ctx), ...returnsHandlers(ctx) }), { operator: 'Asha' });
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
    expect(texts).toContain(`Packed ${packed} (${units} unit${units === 1 ? '' : 's'}) at Desk 1 by Asha.`);
    expect(texts).toContain(`Ready to dispatch: 1 shipment (${packed}) at Desk 1 by Asha.`);
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
    expect(failed?.text).toMatch(new RegExp(`^Pack of ${held} failed \\(ITEM_ON_HOLD\\): .+ at Desk 1 by Asha\\.$`));
    expect(entries.map((e) => e.text)).toContain(`Put ${held} aside at Desk 1 by Asha.`);
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

/** A valid EAN-13 for the 12 digits given (its check digit computed). */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const intents = async (op: string) => (await h.ctx.journal.records()).filter((r) => r.type === 'intent' && r.op === op);

describe('desk events in the journal and in Activity', () => {
  it('journals the scan-out check: a parcel loaded, one not on the manifest, the check closed with what is missing', async () => {
    await h.api.invoke('activity.scanOut', { event: 'loaded', shipmentId: packed, code: packed, loaded: 1, total: 2 });
    await h.api.invoke('activity.scanOut', { event: 'notOnManifest', code: 'PARCEL-STRANGER' });
    await h.api.invoke('activity.scanOut', { event: 'closed', loaded: 1, total: 2, missing: [held] });
    expect((await intents('handover.scanOut')).map((r) => r.type === 'intent' && r.targets.shipmentIds)).toEqual([[packed], undefined]);
    const texts = (await h.api.invoke('activity.search', { text: 'truck' })).map((e) => e.text);
    expect(texts).toContain(`Loaded ${packed} onto the truck (1 of 2) at Desk 1 by Asha.`);
    expect(texts).toContain('Scan-out: PARCEL-STRANGER is not on the manifest; kept off the truck at Desk 1 by Asha.');
    const closed = (await h.api.invoke('activity.search', { text: 'Scan-out check closed' }))[0];
    expect(closed).toMatchObject({ text: `Scan-out check closed: 1 of 2 loaded; missing ${held} at Desk 1 by Asha.`, status: 'failed', shipmentIds: [held] });
  });

  it('journals a manifest sent to the printer, with its job', async () => {
    const [group] = await h.api.invoke('handover.counts', {});
    expect(group).toBeDefined();
    const { jobId } = await h.api.invoke('handover.printManifest', { vendorGroupCode: group!.vendorGroupCode });
    const [intent] = await intents('handover.manifest');
    expect(intent).toMatchObject({ request: { vendorGroupCode: group!.vendorGroupCode } });
    const entry = (await h.api.invoke('activity.search', { text: 'Manifest of' }))[0];
    expect(entry?.text).toMatch(new RegExp(`^Manifest of ${group!.vendorGroupCode} sent to .+ \\(job ${jobId}\\) at Desk 1 by Asha\\.$`));
    expect(entry?.status).toBe('ok');
  });

  it('journals a refused return scan with its reason', async () => {
    const found = await h.api.invoke('returns.find', { raw: 'NO-SUCH-PARCEL-42' });
    expect(found.ok).toBe(false);
    const r = await h.api.invoke('returns.receive', { raw: 'NO-SUCH-PARCEL-42', condition: 'damaged' });
    expect(r.ok).toBe(false);
    expect(await intents('returns.refused')).toHaveLength(2);
    expect((await intents('returns.complete')).length).toBe(0);
    const entry = (await h.api.invoke('activity.search', { text: 'NO-SUCH-PARCEL-42' }))[0];
    expect(entry).toMatchObject({ status: 'failed', text: "Return scan NO-SUCH-PARCEL-42 refused at Desk 1 by Asha: No return matches NO-SUCH-PARCEL-42. Scan the return id, the courier's tracking id or the order item id from the package." });
  });

  it('logs a learned barcode with the code and the SKU, and the unit it counted', async () => {
    const id = await plainShipment();
    const sku = sb.world.shipments.get(id)!.orderItems[0]!.sku;
    const code = ean13(`890${String(Date.now()).slice(-9)}`);
    await h.api.invoke('desk.scan', { raw: id, source: 'serial' });
    const asked = await h.api.invoke('desk.scan', { raw: code, source: 'serial' });
    expect(asked.unknownBarcode).toBeDefined();
    await h.api.invoke('barcodes.learn', { code, sku });
    await h.api.invoke('desk.putAside', {});
    const texts = (await h.api.invoke('activity.search', { text: code })).map((e) => e.text);
    expect(texts).toContain(`Learned barcode ${code} as ${sku} at Desk 1 by Asha.`);
    expect(texts).toContain(`Scanned ${code} (SKU ${sku}) at Desk 1 by Asha.`);
    expect(texts.join(' ')).not.toContain('(sku)');
  });

  it("keeps a refused scan's reason as catalogue keys: said and found in Hindi; an older record's English reason stays as it is", async () => {
    const id = await plainShipment();
    const wrong = 'NOT-IN-THIS-BOX-7';
    await h.api.invoke('desk.scan', { raw: id, source: 'serial' });
    const said = await h.api.invoke('desk.scan', { raw: wrong, source: 'serial' });
    expect(said.feedback.tone).toBe('error');
    await h.api.invoke('desk.putAside', {});
    const record = (await h.ctx.journal.records()).find((r) => r.type === 'scan' && r.raw === wrong);
    expect(record).toMatchObject({ refused: said.feedback.text, refusedSentences: [{ key: 'station.pack.wrongItem', params: { code: wrong, id } }] });

    const [entry] = await h.api.invoke('activity.search', { text: wrong });
    expect(entry).toMatchObject({ kind: 'scan.refused', status: 'failed', reasons: [{ key: 'station.pack.wrongItem', params: { code: wrong, id } }] });
    expect(entry!.text).toBe(`Refused scan of SKU ${wrong} at Desk 1 by Asha: ${said.feedback.text}`);
    // The reason's Hindi words find the line in Hindi (they are no words of its English).
    const hindi = 'इसे वापस रखें';
    expect((await h.api.invoke('activity.search', { text: hindi, language: 'hi' })).map((e) => e.seq)).toEqual([entry!.seq]);
    expect(await h.api.invoke('activity.search', { text: hindi, language: 'en' })).toEqual([]);

    // A record written before reasons had keys: its English words, no keys.
    await h.ctx.journal.appendScan({ sessionId: 'older-session', raw: 'OLD-CODE-1', kind: 'sku', value: 'OLD-CODE-1', refused: 'Wrong item: OLD-CODE-1 is not in shipment X1.' });
    const [old] = await h.api.invoke('activity.search', { text: 'OLD-CODE-1', language: 'hi' });
    expect(old).toMatchObject({ kind: 'scan.refused', sentence: { key: 'activity.scan.refused', params: { reason: 'Wrong item: OLD-CODE-1 is not in shipment X1.' } } });
    expect(old!.reasons).toBeUndefined();
  });

  it('says the desk plainly when nobody is signed in at it: "at Desk 1", never "by Desk 1"', async () => {
    // The app journals the desk's name as the operator when none is set; a test harness may leave it empty.
    for (const operator of ['Desk 1', '']) {
      h.ctx.settings.update({ desk: { operator } });
      await h.api.invoke('activity.scanOut', { event: 'notOnManifest', code: `NOBODY-${operator.length}` });
      const [entry] = await h.api.invoke('activity.search', { text: `NOBODY-${operator.length}` });
      expect(entry?.text).toBe(`Scan-out: NOBODY-${operator.length} is not on the manifest; kept off the truck at Desk 1.`);
      expect(entry?.operator).toBeUndefined();
    }
    h.ctx.settings.update({ desk: { operator: 'Asha' } });
  });
});
