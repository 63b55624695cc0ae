// The receiver against what a stranger or a wrong clock can do, over real HTTPS: a notification
// dated ahead of the receiver's clock is refused and a later genuine one stored; one address
// posting wrong tokens is answered 429 past its share and logged once a minute; one address
// cannot hold more than its share of connections; old notifications leave both stores.
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotificationStore, NOTIFICATIONS_FILE } from '../../electron/station/push/file-notification-store.js';
import { NOTIFICATION_RETENTION_MS, PRUNE_INTERVAL_MS } from '../../electron/station/push/notification-store.js';
import { PgNotificationStore } from '../../electron/station/push/pg-notification-store.js';
import { startPushReceiver } from '../../electron/station/push/receiver-server.js';
import { MAX_CONNECTIONS_PER_ADDRESS, MAX_REFUSALS_PER_WINDOW, REFUSAL_LOG_INTERVAL_MS } from '../../electron/station/push/sender-limits.js';
import type { SandboxTls } from '../../electron/sandbox/tls.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { envelope, istTimestamp, poster, receiverTls, type Poster } from './push-fixtures.js';

const TOKEN = 'limits-token-0123456789abcdefghijklmnopqrstu';
const START = new Date('2026-11-24T04:31:00.000Z');

describe('the push receiver against wrong clocks and strangers', () => {
  let tls: SandboxTls;
  let client: Poster;
  beforeAll(async () => {
    tls = await receiverTls();
    client = poster(tls.caCert);
  });
  afterAll(() => client?.close());

  async function receiver(dir = mkdtempSync(join(tmpdir(), 'push-limits-'))) {
    const clock = manualClock(START);
    const lines: string[] = [];
    const store = new FileNotificationStore(dir, () => clock.now());
    const r = await startPushReceiver({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, token: TOKEN, store, clock, log: (l) => lines.push(l) });
    return { r, clock, lines, store, dir };
  }

  it('refuses a notification dated in 2099 in words, and stores a later genuine one of the same shipment', async () => {
    const { r, store } = await receiver();
    try {
      const future = await client.post(r.url, envelope('SH0000000000FUT1', 'shipment_hold', { hold: true }, '2099-01-01T00:00:00.000+05:30'));
      expect(future.status).toBe(422);
      expect(future.body.error).toMatch(/^The timestamp 2099-01-01T00:00:00.000\+05:30 is more than 5 minutes ahead of this receiver's clock .*check the sender's clock\.$/);
      // Two minutes ahead is clocks drifting: taken.
      const nearly = await client.post(r.url, envelope('SH0000000000FUT1', 'shipment_unhold', { hold: false }, istTimestamp(new Date(START.getTime() + 2 * 60_000))));
      expect(nearly.status).toBe(200);
      const genuine = await client.post(r.url, envelope('SH0000000000FUT1', 'shipment_hold', { hold: true }, istTimestamp(START)));
      expect(genuine.body).toMatchObject({ stored: true, duplicate: false });
      expect((await store.after(0, 10)).map((s) => s.notification.timestamp)).not.toContain('2099-01-01T00:00:00.000+05:30');
    } finally {
      await r.close();
    }
  });

  it('answers one address posting wrong tokens 429 past its share, and logs it once a minute', async () => {
    const { r, clock, lines } = await receiver();
    const wrong = r.url.replace(TOKEN, 'guess');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < MAX_REFUSALS_PER_WINDOW + 5; i++) statuses.push((await client.post(wrong, {})).status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(MAX_REFUSALS_PER_WINDOW);
      expect(statuses.slice(MAX_REFUSALS_PER_WINDOW)).toEqual([429, 429, 429, 429, 429]);
      // Even the right token is not read from this address for now.
      expect((await client.post(r.url, envelope('SH1', 'shipment_hold', { hold: true }))).status).toBe(429);
      expect(lines).toEqual(['push: refused a request to an unknown path from 127.0.0.1']);
      clock.advance(REFUSAL_LOG_INTERVAL_MS);
      expect((await client.post(wrong, {})).status).toBe(404);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(`push: refused a request to an unknown path from 127.0.0.1 (and ${MAX_REFUSALS_PER_WINDOW - 1 + 6} more from this address since the last line)`);
      expect((await client.post(r.url, envelope('SH1', 'shipment_hold', { hold: true }))).status).toBe(200);
    } finally {
      await r.close();
    }
  });

  it('drops a connection past what one address may hold open', async () => {
    const { r } = await receiver();
    const open = (): Promise<{ socket: import('node:tls').TLSSocket; ok: boolean }> =>
      new Promise((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: r.port, ca: tls.caCert, servername: 'localhost' });
        socket.once('secureConnect', () => resolve({ socket, ok: true }));
        socket.once('error', () => resolve({ socket, ok: false }));
        socket.once('close', () => resolve({ socket, ok: false }));
      });
    const held: { socket: import('node:tls').TLSSocket; ok: boolean }[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_ADDRESS; i++) held.push(await open());
      expect(held.every((h) => h.ok)).toBe(true);
      const extra = await open();
      expect(extra.ok).toBe(false);
      const closed = new Promise((resolve) => held[0].socket.once('close', resolve));
      held[0].socket.destroy();
      await closed;
      await until('the share freed on the server', async () => {
        const again = await open();
        again.socket.destroy();
        return again.ok;
      }, 5_000);
    } finally {
      for (const h of held) h.socket.destroy();
      await r.close();
    }
  });

  it('removes notifications older than the retention from the data folder, keeps the newest, and a follower carries on', async () => {
    const { r, clock, store, dir } = await receiver();
    const follower = new FileNotificationStore(dir);
    const heard: number[] = [];
    follower.subscribe((n) => heard.push(n.id));
    follower.follow(10);
    try {
      for (const id of ['SH0000000000OLD1', 'SH0000000000OLD2']) expect((await client.post(r.url, envelope(id, 'shipment_hold', { hold: true }, istTimestamp(clock.now())))).status).toBe(200);
      clock.advance(NOTIFICATION_RETENTION_MS + PRUNE_INTERVAL_MS);
      expect((await client.post(r.url, envelope('SH0000000000NEW1', 'shipment_hold', { hold: true }, istTimestamp(clock.now())))).status).toBe(200);
      await until('the old lines removed', () => readFileSync(join(dir, NOTIFICATIONS_FILE), 'utf8').trim().split('\n').length === 1, 5_000);
      expect((await store.after(0, 10)).map((s) => s.notification.shipmentId)).toEqual(['SH0000000000NEW1']);
      const next = await client.post(r.url, envelope('SH0000000000NEW2', 'shipment_hold', { hold: true }, istTimestamp(clock.now())));
      expect(next.body).toMatchObject({ id: 4 });
      await until('the follower hears the notification after the rewrite', () => heard.includes(4), 5_000);
      expect(await new FileNotificationStore(dir).lastId()).toBe(4);
      // The newest stays even when it is old: ids go on rising after a restart.
      expect(await store.prune(new Date(clock.now().getTime() + NOTIFICATION_RETENTION_MS))).toBe(1);
      expect(await new FileNotificationStore(dir).lastId()).toBe(4);
    } finally {
      await follower.close();
      await r.close();
    }
  });
});

describe.runIf(requirePostgres())('pruning the warehouse database', () => {
  const wh = useWarehouseDatabase();
  it('removes rows received before the cutoff and keeps the newest', async () => {
    const store = new PgNotificationStore(wh.pool());
    for (const id of ['SH0000000000PG01', 'SH0000000000PG02', 'SH0000000000PG03']) await store.put(envelope(id, 'shipment_hold', { hold: true }));
    expect(await store.prune(new Date(Date.now() - 60_000))).toBe(0);
    // The cutoff comes from the desk's clock: a week and a day later.
    expect(await store.prune(new Date(Date.now() + 60_000))).toBe(2);
    expect((await store.after(0, 10)).map((s) => s.notification.shipmentId)).toEqual(['SH0000000000PG03']);
    expect(await store.lastId()).toBe(3);
  });
});
