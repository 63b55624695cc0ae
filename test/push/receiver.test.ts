// The push receiver over real HTTPS, storing in a real PostgreSQL (and in a desk's data folder):
// what it refuses and how it says so, the dedup (one row for a notification sent twice, both
// answered 2xx), and the NOTIFY that tells the desks, with a payload small enough to carry.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from '../../electron/station/push/allow-list.js';
import { FileNotificationStore, NOTIFICATIONS_FILE } from '../../electron/station/push/file-notification-store.js';
import { PgNotificationStore, PUSH_CHANNEL } from '../../electron/station/push/pg-notification-store.js';
import { startPushReceiver, type PushReceiver } from '../../electron/station/push/receiver-server.js';
import type { SandboxTls } from '../../electron/sandbox/tls.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { envelope, poster, receiverTls, type Poster } from './push-fixtures.js';
import { shipment } from '../support/shipment-wire.js';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

describe.runIf(requirePostgres())('the push receiver over HTTPS with PostgreSQL', () => {
  const wh = useWarehouseDatabase();
  let tls: SandboxTls;
  let client: Poster;
  let receiver: PushReceiver;
  let pool: pg.Pool;
  const lines: string[] = [];

  beforeAll(async () => {
    tls = await receiverTls();
    client = poster(tls.caCert);
    pool = wh.pool();
    receiver = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store: new PgNotificationStore(pool), log: (l) => lines.push(l), maxBodyBytes: 64 * 1024 });
  });
  afterAll(async () => {
    await receiver?.close();
    await client?.close();
  });

  it('stores a notification once when it is sent twice, answers 200 both times, and NOTIFYs the desks', async () => {
    const listener = new pg.Client({ connectionString: wh.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query(`LISTEN ${PUSH_CHANNEL}`);
    try {
      const n = envelope('SH0000000000DUP1', 'shipment_hold', { hold: true });
      const first = await client.post(receiver.url, n);
      // The same change redelivered with its keys in another order is the same notification.
      const again = await client.post(receiver.url, { attributes: { hold: true }, timestamp: n.timestamp, version: 'v3', source: 'other-relay', eventType: n.eventType, shipmentId: n.shipmentId });
      expect(first).toEqual({ status: 200, body: { stored: true, id: first.body.id, duplicate: false } });
      expect(again).toEqual({ status: 200, body: { stored: true, id: first.body.id, duplicate: true } });
      const rows = (await pool.query("SELECT shipment_id, event_type, envelope FROM push_notifications WHERE shipment_id = 'SH0000000000DUP1'")).rows;
      expect(rows).toEqual([{ shipment_id: 'SH0000000000DUP1', event_type: 'shipment_hold', envelope: n }]);
      await until('the NOTIFY', () => heard.length > 0, 5_000);
      expect(heard.map((p) => JSON.parse(p))).toEqual([{ id: first.body.id, shipmentId: 'SH0000000000DUP1', eventType: 'shipment_hold' }]);
      // A later change of the same kind (another moment) is a new notification.
      const later = await client.post(receiver.url, { ...n, timestamp: '2026-11-24T10:05:00+05:30' });
      expect(later.body).toMatchObject({ duplicate: false });
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      await listener.end();
    }
  });

  it('stores a created shipment with its whole record (larger than a NOTIFY payload may be)', async () => {
    const record = shipment({ shipmentId: 'SH0000000000BIG1' });
    record.orderItems = Array.from({ length: 40 }, (_, i) => ({ ...record.orderItems[0], orderItemId: `OI${String(i).padStart(16, '0')}`, title: 'A long product title '.repeat(8) }));
    const r = await client.post(receiver.url, envelope('SH0000000000BIG1', 'shipment_created', record));
    expect(r.status).toBe(200);
    const row = (await pool.query("SELECT envelope FROM push_notifications WHERE shipment_id = 'SH0000000000BIG1'")).rows[0];
    expect(row.envelope.attributes.orderItems).toHaveLength(40);
  });

  it('refuses what is not a notification with a short reason, and stores nothing', async () => {
    const before = Number((await pool.query('SELECT count(*) FROM push_notifications')).rows[0].count);
    const wrongKind = await client.post(receiver.url, { ...envelope('SH1', 'shipment_hold', { hold: true }), eventType: 'shipment_teleported' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.error).toBe('Not a notification: eventType: not one of the known values');
    const badTime = await client.post(receiver.url, envelope('SH1', 'shipment_hold', { hold: true }, '2026-11-24T04:30:00Z'));
    expect(badTime.status).toBe(422);
    expect(badTime.body.error).toMatch(/timestamp/);
    const badAttributes = await client.post(receiver.url, envelope('SH1', 'shipment_packed', { status: 'TELEPORTED' }));
    expect(badAttributes.status).toBe(422);
    expect(badAttributes.body.error).toMatch(/attributes of shipment_packed/);
    const oldVersion = await client.post(receiver.url, { ...envelope('SH1', 'shipment_hold', { hold: true }), version: 'v2' });
    expect(oldVersion.status).toBe(422);
    const notJson = await client.post(receiver.url, undefined, { raw: '{"shipmentId": ' });
    expect(notJson).toEqual({ status: 400, body: { error: 'The body is not JSON.' } });
    const form = await client.post(receiver.url, undefined, { raw: 'a=b', contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const huge = await client.post(receiver.url, undefined, { raw: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) });
    expect(huge).toEqual({ status: 413, body: { error: 'The body is larger than 65536 bytes.' } });
    const get = await client.post(receiver.url, undefined, { method: 'GET' });
    expect(get.status).toBe(405);
    for (const r of [wrongKind, badTime, badAttributes, notJson, huge]) expect(JSON.stringify(r.body)).not.toMatch(/\n\s+at /);
    expect(Number((await pool.query('SELECT count(*) FROM push_notifications')).rows[0].count)).toBe(before);
  });

  it('refuses a wrong path token with 404, and never writes the token to the log', async () => {
    const wrong = receiver.url.replace(TOKEN, `${TOKEN.slice(0, -1)}X`);
    expect(await client.post(wrong, envelope('SH1', 'shipment_hold', { hold: true }))).toEqual({ status: 404, body: { error: 'Not found.' } });
    expect((await client.post(receiver.url.replace(/\/push\/.*$/, '/'), {})).status).toBe(404);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('answers 503 while the database cannot store, and the marketplace sends it again later', async () => {
    const dead = wh.pool({ url: wh.url });
    await dead.end();
    const broken = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store: new PgNotificationStore(dead) });
    try {
      const r = await client.post(broken.url, envelope('SH1', 'shipment_unhold', { hold: false }));
      expect(r).toEqual({ status: 503, body: { error: 'The notification could not be stored; send it again later.' } });
    } finally {
      await broken.close();
    }
  });
});

describe('the push receiver in a desk without a database', () => {
  let tls: SandboxTls;
  let client: Poster;
  beforeAll(async () => {
    tls = await receiverTls();
    client = poster(tls.caCert);
  });
  afterAll(() => client?.close());

  it('stores once in the data folder (0600), tells the desk, and still knows the key after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-desk-'));
    const store = new FileNotificationStore(dir);
    const told: number[] = [];
    store.subscribe((n) => told.push(n.id));
    const receiver = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store });
    const n = envelope('SH0000000000FILE', 'shipment_packed', { status: 'PACKED' });
    try {
      expect((await client.post(receiver.url, n)).body).toEqual({ stored: true, id: 1, duplicate: false });
      expect((await client.post(receiver.url, n)).body).toEqual({ stored: true, id: 1, duplicate: true });
    } finally {
      await receiver.close();
    }
    expect(told).toEqual([1]);
    const file = join(dir, NOTIFICATIONS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
    const reopened = new FileNotificationStore(dir);
    expect(await reopened.put(n)).toEqual({ id: 1, duplicate: true });
    expect((await reopened.put({ ...n, eventType: 'shipment_ready_to_dispatch', attributes: { status: 'READY_TO_DISPATCH' } })).id).toBe(2);
  });

  it('refuses senders outside the allow-list with 403 and takes those inside', async () => {
    const store = new FileNotificationStore(mkdtempSync(join(tmpdir(), 'push-allow-')));
    const n = envelope('SH0000000000ALLW', 'shipment_hold', { hold: true });
    const outside = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store, allow: parseAllowList('203.0.113.0/24, 2001:db8::/32') });
    const inside = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store, allow: parseAllowList('10.0.0.0/8,127.0.0.0/8') });
    try {
      expect(await client.post(outside.url, n)).toEqual({ status: 403, body: { error: 'This address may not send notifications here.' } });
      expect(await store.lastId()).toBe(0);
      expect((await client.post(inside.url, n)).status).toBe(200);
    } finally {
      await outside.close();
      await inside.close();
    }
  });

  it('says which allow-list entry is not a CIDR', () => {
    expect(() => parseAllowList('203.0.113.0/24, 10.0.0/8')).toThrow('"10.0.0/8" in the allow-list is not an address or a CIDR');
    expect(() => parseAllowList('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    expect(parseAllowList('::ffff:0:0/96,192.0.2.1').allows('::ffff:192.0.2.1')).toBe(true);
    expect(parseAllowList('192.0.2.0/24').allows('192.0.3.1')).toBe(false);
  });
});
