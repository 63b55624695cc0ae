// Returns and self-ship commands through the real dispatcher over a real HTTPS sandbox: what the
// operator reads after each scan or step, and what the marketplace holds afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { returnsHandlers } from '../../../electron/station/app/handlers/returns-handlers.js';
import { activityHandlers } from '../../../electron/station/app/handlers/activity-handlers.js';
import { claimsHandlers } from '../../../electron/station/app/handlers/claims-handlers.js';
import type { AppContext } from '../../../electron/station/app/app-context.js';
import { jpegSize } from '../../../electron/station/returns/return-photos.js';
import { requireTool } from '../../support/system-tools.js';
import { pdfImages } from '../../support/document-poppler.js';
import { formatIstIso } from '../../../electron/station/packing/ist-dates.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';
import { createReturnVia, getReturn, selfShipShipment } from '../../support/selfship-fixtures.js';

let sb: TestSandbox;
let h: HandlerHarness;
const DAY = 86_400_000;

async function shipment(kind: string, locationId = sb.info.locations[0]): Promise<string> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId, kind } });
  expect(r.status).toBe(200);
  return r.json.shipmentIds[0];
}

async function standardReturn(locationId = sb.info.locations[0]): Promise<{ returnId: string; orderItemId: string }> {
  const orderItemId = sb.world.shipments.get(await shipment('plain', locationId))!.orderItems[0].orderItemId;
  const r = await sb.call('POST', '/sandbox/returns', { body: { orderItemId, kind: 'standard' } });
  expect(r.status).toBe(200);
  return { returnId: r.json.returnId, orderItemId };
}

const at = (offsetMs = 0) => formatIstIso(new Date(sb.world.now() + offsetMs));
const selfShipStatus = (id: string) => sb.world.shipments.get(id)!.selfShip!.status;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, (ctx: AppContext) => ({ ...returnsHandlers(ctx), ...claimsHandlers(ctx), ...activityHandlers(ctx) }), { operator: 'Meena' });
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('standard returns', () => {
  it('lists the return with its product, receives it as sellable: restocked at the location (journaled), and refuses a second scan', async () => {
    const { returnId, orderItemId } = await standardReturn();
    const item = [...sb.world.shipments.values()].flatMap((x) => x.orderItems).find((i) => i.orderItemId === orderItemId)!;
    const listed = await h.api.invoke('returns.list', {});
    expect(listed.find((r) => r.returnId === returnId)).toMatchObject({ returnId, orderItemId, status: 'CREATED', sku: item.sku, title: item.title, quantity: item.quantity });
    const location = sb.info.locations[0];
    const stock = () => ((sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.data as any).locations as { id: string; inventory: number }[]).find((l) => l.id === location)!.inventory;
    const before = stock();

    const r = await h.api.invoke('returns.receive', { raw: returnId, condition: 'sellable' });
    expect(r.ok).toBe(true);
    expect(r.id).toBe(returnId);
    expect(r.text).toBe(
      `Return ${returnId} received: ${item.title} (${item.sku}), ${item.quantity} ${item.quantity === 1 ? 'unit' : 'units'}, sellable. ${item.quantity} ${item.quantity === 1 ? 'unit' : 'units'} of ${item.sku} back in stock at ${location} (${before} → ${before + item.quantity}).`,
    );
    expect(stock()).toBe(before + item.quantity);
    expect((await h.api.invoke('returns.list', { status: 'COMPLETED' })).map((x) => x.returnId)).toContain(returnId);
    expect((await h.api.invoke('returns.list', { status: 'CREATED' })).map((x) => x.returnId)).not.toContain(returnId);
    const records = await h.ctx.journal.records();
    expect(records.find((x) => x.type === 'intent' && x.op === 'returns.complete' && x.targets.returnIds?.includes(returnId))).toBeDefined();
    expect(records.find((x) => x.type === 'intent' && x.op === 'listings.inventory' && x.targets.skus?.includes(item.sku))).toBeDefined();

    const again = await h.api.invoke('returns.receive', { raw: returnId, condition: 'sellable' });
    expect(again).toEqual({
      id: returnId,
      ok: false,
      text: `Return ${returnId} was already received. If this is a second package, tell the supervisor.`,
      // The same words as a key the desk says in its own language.
      sentences: [{ key: 'returns.scan.alreadyReceived', params: { id: returnId } }],
    });
    expect(stock()).toBe(before + item.quantity);
  });

  it('receives a damaged return: out of stock, its condition journaled for a claim', async () => {
    const { returnId, orderItemId } = await standardReturn();
    const item = [...sb.world.shipments.values()].flatMap((x) => x.orderItems).find((i) => i.orderItemId === orderItemId)!;
    const stock = () => JSON.stringify((sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.data as any).locations);
    const before = stock();
    const r = await h.api.invoke('returns.receive', { raw: returnId, condition: 'damaged' });
    expect(r).toMatchObject({ ok: true, text: expect.stringMatching(/, damaged\. Kept out of stock and recorded for a claim/) });
    expect(stock()).toBe(before);
    const intent = (await h.ctx.journal.records()).find((x) => x.type === 'intent' && x.op === 'returns.complete' && x.targets.returnIds?.includes(returnId)) as { request?: { condition?: string } } | undefined;
    expect(intent?.request?.condition).toBe('damaged');
  });

  it('receives by order item id, and refuses a return of another location without touching it', async () => {
    const mine = await standardReturn();
    const r = await h.api.invoke('returns.receive', { raw: mine.orderItemId, condition: 'damaged' });
    expect(r).toMatchObject({ id: mine.returnId, ok: true });

    const elsewhere = await standardReturn(sb.info.locations[1]);
    const refused = await h.api.invoke('returns.receive', { raw: elsewhere.returnId, condition: 'sellable' });
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain(`is not a return of this location (${sb.info.locations[0]}): it belongs to ${sb.info.locations[1]}`);
    const still = await h.api.invoke('returns.list', {});
    expect(still.map((x) => x.returnId)).not.toContain(elsewhere.returnId); // listed by location
    expect(sb.world.returns.get(elsewhere.returnId)!.status).toBe('CREATED');

    const unknown = await h.api.invoke('returns.receive', { raw: 'RT99999999999999', condition: 'sellable' });
    expect(unknown.ok).toBe(false);
    expect(unknown.text).toMatch(/^No return matches RT99999999999999\./);
  });
});

/** A real JPEG still, as a camera gives one (ffmpeg's test picture). */
function jpeg(width: number, height: number): string {
  return execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}`, '-frames:v', '1', '-f', 'mjpeg', '-']).toString('base64');
}

describe.skipIf(!requireTool('ffmpeg') || !requireTool('pdftotext'))('receiving in steps, with photos, and claims', () => {
  it('finds a return first (nothing changes), then receives it damaged with photos: kept for a claim the office lists, opens and exports', async () => {
    const { returnId, orderItemId } = await standardReturn();
    const ship = [...sb.world.shipments.values()].find((x) => x.orderItems.some((i) => i.orderItemId === orderItemId))!;
    const item = ship.orderItems.find((i) => i.orderItemId === orderItemId)!;
    const found = await h.api.invoke('returns.find', { raw: returnId });
    expect(found).toMatchObject({ ok: true, locationId: sb.info.locations[0], returns: [{ returnId, orderItemId, shipmentId: ship.shipmentId, orderId: item.orderId, sku: item.sku, title: item.title, quantity: item.quantity }] });
    expect(sb.world.returns.get(returnId)!.status).toBe('CREATED');
    const stock = () => JSON.stringify((sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.data as any).locations);
    const before = stock();

    const photos = [jpeg(640, 360), jpeg(320, 240)];
    const r = await h.api.invoke('returns.receive', { raw: returnId, condition: 'damaged', returnIds: [returnId], notes: 'Screen cracked, box torn', photos });
    expect(r).toMatchObject({ ok: true, text: expect.stringContaining('Kept out of stock and recorded for a claim with 2 photos') });
    expect(sb.world.returns.get(returnId)!.status).toBe('COMPLETED');
    expect(stock()).toBe(before);

    const [claim] = (await h.api.invoke('claims.list', {})).filter((c) => c.returnId === returnId);
    expect(claim).toMatchObject({ returnId, returnIds: [returnId], shipmentId: ship.shipmentId, orderId: item.orderId, sku: item.sku, condition: 'damaged', notes: 'Screen cracked, box torn', operator: 'Meena', desk: 'Desk 1', locationId: sb.info.locations[0] });
    expect(claim!.photos.map((p) => [p.name, p.width, p.height])).toEqual([['photo-1.jpg', 640, 360], ['photo-2.jpg', 320, 240]]);
    expect((await h.api.invoke('activity.search', { text: returnId })).map((e) => e.text)).toContain(`Received return ${returnId} (damaged, 2 photos) at Desk 1 by Meena.`);
    // On disk: JPEG files, 0600, in a 0700 folder of the data folder.
    const dir = join(h.dir, 'returns', returnId);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const p of claim!.photos) {
      const file = join(dir, p.name);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(jpegSize(readFileSync(file))).toEqual({ width: p.width, height: p.height });
    }
    const opened = await h.api.invoke('claims.get', { returnId });
    expect(opened.photos.map((p) => Buffer.from(p.data, 'base64').subarray(0, 2).toString('hex'))).toEqual(['ffd8', 'ffd8']);

    const out = await h.api.invoke('claims.export', { returnId });
    expect(out.photos).toHaveLength(2);
    for (const f of out.photos) expect(jpegSize(readFileSync(f))).toBeDefined();
    const text = execFileSync('pdftotext', ['-layout', out.pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Claim: return ${returnId}`);
    expect(text).toContain(ship.shipmentId);
    expect(text).toContain('damaged');
    expect(text).toContain('Screen cracked, box torn');
    expect(execFileSync('pdfinfo', [out.pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\b/);
    // Each photo in the PDF is the one taken, in size and in every byte.
    const images = await pdfImages(readFileSync(out.pdf));
    expect(images.map((i) => [i.width, i.height])).toEqual([[640, 360], [320, 240]]);
    expect(images.map((image, n) => image.data.toString('base64') === photos[n])).toEqual([true, true]);
  });

  it('keeps the photos of a sellable return and restocks it, without a claim', async () => {
    const { returnId, orderItemId } = await standardReturn();
    const item = [...sb.world.shipments.values()].flatMap((x) => x.orderItems).find((i) => i.orderItemId === orderItemId)!;
    const r = await h.api.invoke('returns.receive', { raw: returnId, condition: 'sellable', returnIds: [returnId], photos: [jpeg(320, 240)] });
    expect(r.ok).toBe(true);
    expect(r.text).toContain(`1 photo kept. ${item.quantity} ${item.quantity === 1 ? 'unit' : 'units'} of ${item.sku} back in stock`);
    expect(existsSync(join(h.dir, 'returns', returnId, 'photo-1.jpg'))).toBe(true);
    expect((await h.api.invoke('claims.list', {})).map((c) => c.returnId)).not.toContain(returnId);
    const err = await h.api.invoke('claims.get', { returnId }).catch((e) => e);
    expect(err.code).toBe('NO_SUCH_CLAIM');
  });

  it('refuses a photo that is not a JPEG before anything changes, and a scan that now finds another return', async () => {
    const { returnId } = await standardReturn();
    const err = await h.api.invoke('returns.receive', { raw: returnId, condition: 'damaged', photos: [Buffer.from('not a picture').toString('base64')] }).catch((e) => e);
    expect(err.code).toBe('BAD_PHOTO');
    expect(err.message).toBe('Photo 1 is not a JPEG picture. Take it again with the camera.');
    // All photos of one receipt travel in one message, so together they are bounded too.
    const big = Buffer.alloc(2.9 * 1024 * 1024, 1).toString('base64');
    const tooMuch = await h.api.invoke('returns.receive', { raw: returnId, condition: 'damaged', photos: [big, big, big] }).catch((e) => e);
    expect(tooMuch.message).toContain('The photos of one return may hold 8 MB in all');
    expect(sb.world.returns.get(returnId)!.status).toBe('CREATED');
    const other = await h.api.invoke('returns.receive', { raw: returnId, condition: 'damaged', returnIds: ['RT00000000000000'] });
    expect(other.ok).toBe(false);
    expect(other.text).toContain('Nothing was received; scan it again.');
    expect(sb.world.returns.get(returnId)!.status).toBe('CREATED');
  });
});

describe('self ship', () => {
  it('lists a self-ship shipment, dispatches it with an invoice, records an attempt and the delivery', async () => {
    const id = await shipment('selfship');
    const rows = await h.api.invoke('selfship.list', {});
    expect(rows.find((r) => r.shipmentId === id)).toMatchObject({ status: 'APPROVED', hasService: false });

    const dispatched = await h.api.invoke('selfship.dispatch', { shipmentId: id, dispatchDate: at(), tentativeDeliveryDate: at(2 * DAY) });
    expect(dispatched.ok).toBe(true);
    expect(dispatched.text).toMatch(new RegExp(`^${id} dispatched with invoice PS/\\d{4}-\\d{2}/00001;`));
    expect(selfShipStatus(id)).toBe('SHIPPED');
    expect(h.ctx.invoices().history().find((x) => x.shipmentId === id)?.status).toBe('used');

    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 3600 } });
    const attempt = await h.api.invoke('selfship.deliveryAttempt', { shipmentId: id, attemptDate: at(), newDeliveryDate: at(DAY), reason: 'Customer not at home' });
    expect(attempt.ok).toBe(true);
    expect(selfShipStatus(id)).toBe('SHIPPED');

    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 3600 } });
    const delivered = await h.api.invoke('selfship.delivered', { shipmentId: id, deliveryDate: at() });
    expect(delivered).toEqual({ id, ok: true, text: `${id} is delivered.`, sentences: [{ key: 'returns.selfShip.done.delivered', params: { id } }] });
    expect(['DELIVERED', 'COMPLETE']).toContain(selfShipStatus(id));

    // A second delivery is a per-shipment FAILURE, answered in words.
    const twice = await h.api.invoke('selfship.delivered', { shipmentId: id, deliveryDate: at() });
    expect(twice.ok).toBe(false);
    expect(twice.text).toMatch(new RegExp(`^The delivery of ${id} was not done\\. `));
    expect(twice.text).not.toMatch(/^[A-Z_]+$/);
    const failedOutcome = (await h.ctx.journal.records()).filter((x) => x.type === 'outcome' && x.status === 'failed');
    expect(failedOutcome.length).toBeGreaterThan(0);
  });

  it('refuses a dispatch date in the future in words, and a self-ship step on a standard shipment', async () => {
    const id = await shipment('selfship');
    const future = await h.api.invoke('selfship.dispatch', { shipmentId: id, dispatchDate: at(3 * DAY), tentativeDeliveryDate: at(4 * DAY) });
    expect(future.ok).toBe(false);
    expect(future.text).toContain('A date is not acceptable');
    expect(selfShipStatus(id)).toBe('APPROVED');

    const normal = await shipment('plain');
    const wrong = await h.api.invoke('selfship.delivered', { shipmentId: normal, deliveryDate: at() });
    expect(wrong.ok).toBe(false);
    expect(wrong.text).toContain('not a self-ship shipment');
  });
});

describe('self-ship returns (customer returns)', () => {
  // The visit and the pickup happen after the return was created; dates are written to the minute.
  const MINUTE = 60_000;
  async function customerReturn(): Promise<string> {
    const s = selfShipShipment(sb, { itemStatus: 'DELIVERED' });
    return createReturnVia(sb, s.orderItems[0].orderItemId, 'customer');
  }

  it('approves after the tech visit, records a failed pickup with the new date, then the pickup completes it', async () => {
    const id = await customerReturn();
    const approved = await h.api.invoke('returns.approve', { returnId: id, serviceDate: at(MINUTE), comments: 'Dent confirmed' });
    expect(approved).toMatchObject({ ok: true, text: expect.stringMatching(/approved/) });
    expect((await getReturn(sb, id)).status).toBe('APPROVED');
    const attempt = await h.api.invoke('returns.pickupAttempt', { returnId: id, pickupDate: at(2 * MINUTE), newPickupDate: at(DAY), reason: 'Buyer not at home' });
    expect(attempt.ok).toBe(true);
    expect((await getReturn(sb, id)).status).toBe('APPROVED');
    const picked = await h.api.invoke('returns.pickup', { returnId: id, pickupDate: at(3 * MINUTE) });
    expect(picked).toMatchObject({ ok: true, text: expect.stringMatching(/completed/) });
    expect((await getReturn(sb, id)).status).toBe('COMPLETED');
  });

  it('rejects after the tech visit, and a second decision is refused in words', async () => {
    const id = await customerReturn();
    expect((await h.api.invoke('returns.reject', { returnId: id, serviceDate: at(MINUTE), comments: 'No damage found' })).ok).toBe(true);
    expect((await getReturn(sb, id)).status).toBe('REJECTED');
    const again = await h.api.invoke('returns.approve', { returnId: id, serviceDate: at(2 * MINUTE) });
    expect(again.ok).toBe(false);
    expect(again.text).not.toMatch(/^[A-Z_]+$/);
  });
});
