// Push notifications over real HTTPS on loopback: every kind reaches a subscribed receiver with
// an envelope parseNotification accepts when its state change happens; the subscription routes;
// a receiver whose certificate is not from the subscribed CA gets nothing; a restart keeps
// subscriptions and undelivered notifications.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { startReceiver, type TestReceiver } from '../support/push-receiver.js';
import { until } from '../support/until.js';
import { packElement, pack, readyToDispatch } from './shipments-fixtures.js';
import { standardShipment } from '../support/selfship-fixtures.js';
import { generateTls } from '../../electron/sandbox/tls.js';
import { NotificationType, parseNotification, type NotificationEnvelope } from '../../shared/api/notifications.js';
import { PUSH_STATE_FILE } from '../../electron/sandbox/push/subscriptions.js';

let sb: TestSandbox;
let receiver: TestReceiver;
let subscriptionId: string;
const SECRET = { name: 'X-Receiver-Secret', value: 'hunter2-not-logged' };

const control = (method: string, path: string, body?: unknown) => sb.call(method, path, { token: null, body });
const envelopes = (r: TestReceiver) => r.accepted.map((p) => p.body as NotificationEnvelope);
const kindsOf = (r: TestReceiver, shipmentId: string) => envelopes(r).filter((e) => e.shipmentId === shipmentId).map((e) => e.eventType);

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 5 });
  receiver = await startReceiver('/push/path-token-123');
  const r = await control('POST', '/sandbox/push/subscriptions', { url: receiver.url, caCert: receiver.tls.caCert, secretHeader: SECRET });
  expect(r.status).toBe(201);
  subscriptionId = r.json.subscriptionId;
});
afterAll(async () => {
  await sb.close();
  await receiver.close();
});

describe('every notification kind', () => {
  it('is delivered with a valid envelope when its state change happens', async () => {
    // A: the whole forward life, then a standard return that is tracked, re-dated, picked up and completed.
    const a = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    await control('POST', `/sandbox/shipments/${a}/hold`, { hold: true });
    await control('POST', `/sandbox/shipments/${a}/hold`, { hold: false });
    const newBy = new Date(sb.world.now() + 3 * 86_400_000).toISOString();
    expect((await control('POST', `/sandbox/shipments/${a}/dispatch-dates`, { dispatchByDate: newBy })).status).toBe(200);
    await readyToDispatch(sb, [a]);
    for (const event of ['PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED']) expect((await control('POST', `/sandbox/shipments/${a}/logistics`, { event })).status).toBe(200);
    const item = sb.world.shipments.get(a)!.orderItems[0];
    const returnId = (await control('POST', '/sandbox/returns', { orderItemId: item.orderItemId, kind: 'standard' })).json.returnId as string;
    expect((await control('POST', `/sandbox/returns/${returnId}/tracking`, { trackingId: 'RTRK000123', courierName: 'Ekart Reverse' })).status).toBe(200);
    const newExpected = new Date(sb.world.now() + 5 * 86_400_000).toISOString();
    expect((await control('POST', `/sandbox/returns/${returnId}/expected-date`, { expectedDate: newExpected })).status).toBe(200);
    expect((await control('POST', `/sandbox/returns/${returnId}/picked-up`, {})).status).toBe(200);
    const done = await sb.call('POST', '/sellers/v2/returns/complete', { body: { locationId: item && sb.world.shipments.get(a)!.locationId, returnIds: [returnId] } });
    expect(done.json.returns[0].processingStatus).toBe('SUCCESS');

    // B: cancelled by the buyer. C: a manual form that fails at pack. D: a return the marketplace cancels.
    const b = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    expect((await control('POST', `/sandbox/shipments/${b}/cancel`, { by: 'buyer' })).status).toBe(200);
    const c = (await control('POST', '/sandbox/shipments', { count: 1, kind: 'form' })).json.shipmentIds[0] as string;
    expect((await pack(sb, [packElement(sb, c)])).status).toBe(200);
    const d = standardShipment(sb);
    const dReturn = (await control('POST', '/sandbox/returns', { orderItemId: d.orderItems[0].orderItemId, kind: 'standard' })).json.returnId as string;
    expect((await control('POST', `/sandbox/returns/${dReturn}/cancel`)).status).toBe(200);

    const expectedA = [
      'shipment_created',
      'shipment_hold',
      'shipment_unhold',
      'shipment_dispatch_dates_changed',
      'shipment_packed',
      'shipment_ready_to_dispatch',
      'shipment_pickup_complete',
      'shipment_shipped',
      'shipment_delivered',
      'return_created',
      'return_tracking_id_updated',
      'return_expected_date_changed',
      'return_picked_up',
      'return_completed',
    ];
    await until('every notification of A, B, C and D', () => kindsOf(receiver, a).length >= expectedA.length && kindsOf(receiver, d.shipmentId).length >= 2 && kindsOf(receiver, c).length >= 2 && kindsOf(receiver, b).length >= 2);
    expect(kindsOf(receiver, a)).toEqual(expectedA);
    expect(kindsOf(receiver, b)).toEqual(['shipment_created', 'shipment_cancelled']);
    expect(kindsOf(receiver, c)).toEqual(['shipment_created', 'shipment_form_failed']);
    expect(kindsOf(receiver, d.shipmentId)).toEqual(['return_created', 'return_cancelled']);
    const seen = new Set(envelopes(receiver).map((e) => e.eventType));
    expect([...NotificationType.options].filter((k) => !seen.has(k))).toEqual([]);

    for (const post of receiver.accepted) {
      const parsed = parseNotification(post.body);
      expect(parsed, JSON.stringify(post.body)).toMatchObject({ ok: true });
      expect(post.path).toBe('/push/path-token-123');
      expect(post.headers['x-receiver-secret']).toBe(SECRET.value);
      expect(post.headers['content-type']).toMatch(/^application\/json/);
    }
    const byKind = new Map(envelopes(receiver).filter((e) => e.shipmentId === a).map((e) => [e.eventType, e]));
    expect(byKind.get('shipment_created')!.attributes).toMatchObject({ shipmentId: a, orderItems: [{ orderItemId: item.orderItemId }] });
    expect(byKind.get('shipment_packed')!.attributes).toMatchObject({ status: 'PACKED' });
    expect(byKind.get('shipment_dispatch_dates_changed')!.attributes).toMatchObject({ dispatchByDate: newBy });
    expect(byKind.get('return_tracking_id_updated')!.attributes).toMatchObject({ returnId, trackingId: 'RTRK000123' });
    expect(byKind.get('return_expected_date_changed')!.attributes).toMatchObject({ returnId, expectedDate: newExpected });
    expect(envelopes(receiver).find((e) => e.shipmentId === b && e.eventType === 'shipment_cancelled')!.attributes).toMatchObject({ status: 'CANCELLED', reason: 'Cancelled by the buyer' });
    // The timestamp is the change's time in IST: the event log's instant, written with +05:30.
    const createdEvent = sb.world.events.find((e) => e.shipmentId === a && e.kind === 'Shipment Created')!;
    const created = byKind.get('shipment_created')!;
    expect(created.timestamp).toMatch(/\+05:30$/);
    expect(Date.parse(created.timestamp)).toBe(Date.parse(createdEvent.at));
    expect(created).toMatchObject({ source: 'sandbox', version: 'v3' });
  });

  it('answers the status route: all delivered, none pending, no error', async () => {
    const r = await control('GET', '/sandbox/push/status');
    const mine = r.json.subscriptions.find((s: { subscriptionId: string }) => s.subscriptionId === subscriptionId);
    expect(mine).toMatchObject({ pending: 0, retrying: 0, droppedByFault: 0, lastError: null });
    expect(mine.delivered).toBe(receiver.accepted.length);
  });
});

describe('subscription routes', () => {
  it('lists subscriptions without the secret header value', async () => {
    const r = await control('GET', '/sandbox/push/subscriptions');
    expect(r.json.subscriptions).toEqual([{ subscriptionId, url: receiver.url, secretHeader: { name: SECRET.name }, createdAt: expect.any(String) }]);
    expect(r.bytes.toString('utf8')).not.toContain(SECRET.value);
  });

  it.each([
    [{ url: 'http://127.0.0.1:9/push', caCert: 'x' }, 'url'],
    [{ url: 'https://127.0.0.1:9/push', caCert: 'not a certificate' }, 'caCert'],
    [{ url: 'https://127.0.0.1:9/push' }, 'caCert'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const r = await control('POST', '/sandbox/push/subscriptions', body);
    expect(r.status).toBe(400);
    expect(r.json.message).toContain(field);
  });

  it('refuses an unknown field and an unknown seller with 400 naming them', async () => {
    const unknownField = await control('POST', '/sandbox/push/subscriptions', { url: receiver.url, caCert: receiver.tls.caCert, colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.message).toContain('colour');
    const unknownSeller = await control('POST', '/sandbox/push/subscriptions', { url: receiver.url, caCert: receiver.tls.caCert, sellerId: 'nobody' });
    expect(unknownSeller.status).toBe(400);
    expect(unknownSeller.json.message).toContain('sellerId');
  });

  it('refuses the control routes without the control token', async () => {
    const r = await sb.call('GET', '/sandbox/push/subscriptions', { token: null, control: null });
    expect(r.status).toBe(401);
  });

  it('unsubscribes: no further deliveries; an unknown id is a 404, a malformed one a 400, in words', async () => {
    const other = await startReceiver();
    try {
      const sub = (await control('POST', '/sandbox/push/subscriptions', { url: other.url, caCert: other.tls.caCert })).json.subscriptionId as string;
      await control('POST', '/sandbox/shipments', { count: 1 });
      await until('the first delivery to the second receiver', () => other.accepted.length === 1);
      expect((await control('DELETE', `/sandbox/push/subscriptions/${sub}`)).json).toEqual({ unsubscribed: sub });
      const last = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0];
      await until('the first receiver got the later shipment', () => kindsOf(receiver, last).length === 1);
      expect(other.posts).toHaveLength(1);
      const missing = await control('DELETE', `/sandbox/push/subscriptions/${sub}`);
      expect(missing.status).toBe(404);
      expect(missing.json.message).toContain('GET /sandbox/push/subscriptions');
      const malformed = await control('DELETE', '/sandbox/push/subscriptions/not-an-id');
      expect(malformed.status).toBe(400);
      expect(malformed.json.message).toContain('subscriptionId');
    } finally {
      await other.close();
    }
  });
});

describe('trust', () => {
  it('sends nothing to a receiver whose certificate is not from the subscribed CA, and says why', async () => {
    const impostor = await startReceiver();
    const subscribedCa = (await generateTls()).caCert;
    const sub = (await control('POST', '/sandbox/push/subscriptions', { url: impostor.url, caCert: subscribedCa })).json.subscriptionId as string;
    try {
      await control('POST', '/sandbox/shipments', { count: 1 });
      const status = await until('a failed attempt to the impostor', async () => {
        const s = (await control('GET', '/sandbox/push/status')).json.subscriptions.find((x: { subscriptionId: string }) => x.subscriptionId === sub);
        return s.failedAttempts > 0 ? s : undefined;
      });
      expect(status.lastError.message).toMatch(/not signed by the CA given at subscription/);
      expect(status).toMatchObject({ delivered: 0, pending: 1 });
      expect(impostor.posts).toHaveLength(0);
    } finally {
      await control('DELETE', `/sandbox/push/subscriptions/${sub}`);
      await impostor.close();
    }
  });
});

describe('restart', () => {
  it('keeps subscriptions and undelivered notifications in a 0600 push.json, and delivers them after the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-state-'));
    const away = await startReceiver();
    let first: TestSandbox | undefined = await startTestSandbox({ shipments: 3, stateDir: dir });
    try {
      await first.call('POST', '/sandbox/push/subscriptions', { token: null, body: { url: away.url, caCert: away.tls.caCert, secretHeader: SECRET } });
      await away.away();
      const id = (await first.call('POST', '/sandbox/shipments', { token: null, body: { count: 1 } })).json.shipmentIds[0] as string;
      await first.call('POST', `/sandbox/shipments/${id}/hold`, { token: null, body: { hold: true } });
      await first.close();
      first = undefined;
      expect(statSync(join(dir, PUSH_STATE_FILE)).mode & 0o777).toBe(0o600);
      await away.back();
      const second = await startTestSandbox({ stateDir: dir });
      try {
        const list = (await second.call('GET', '/sandbox/push/subscriptions', { token: null })).json.subscriptions;
        expect(list).toEqual([expect.objectContaining({ url: away.url, secretHeader: { name: SECRET.name } })]);
        await until('the notifications kept over the restart', () => away.accepted.length === 2);
        expect(away.accepted.map((p) => (p.body as NotificationEnvelope).eventType)).toEqual(['shipment_created', 'shipment_hold']);
        expect(away.accepted.every((p) => p.headers['x-receiver-secret'] === SECRET.value)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await first?.close();
      await away.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reset', () => {
  it('keeps subscriptions and announces no re-seeded shipment; the next change is delivered', async () => {
    await sb.push.drained();
    const before = receiver.accepted.length;
    expect((await control('POST', '/sandbox/reset')).status).toBe(200);
    expect((await control('GET', '/sandbox/push/subscriptions')).json.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId)).toContain(subscriptionId);
    const id = (await control('POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds[0] as string;
    await sb.push.drained();
    expect(receiver.accepted.slice(before).map((p) => [(p.body as NotificationEnvelope).shipmentId, (p.body as NotificationEnvelope).eventType])).toEqual([[id, 'shipment_created']]);
  });
});
