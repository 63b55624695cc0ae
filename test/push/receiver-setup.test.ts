// Setup -> Live updates at the station: a desk alone checks the receiver's certificate and key in
// words, turns the receiver on, is given the subscription URL once, and the sandbox's own sender
// (subscribed with that URL and the receiver's CA) delivers to it: the desk's queue follows. The
// settings survive a restart and the receiver starts with the station; the token never leaves
// the station again and is not readable in the data folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/contract/queue.js';
import { generateTls } from '../../electron/sandbox/tls.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';

const YEAR_MS = 365 * 24 * 3_600_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

function filesUnder(dir: string): string[] {
  // Regular files only: the journal's lock is a socket in its folder.
  return readdirSync(dir).flatMap((n) => {
    const s = statSync(join(dir, n));
    return s.isDirectory() ? filesUnder(join(dir, n)) : s.isFile() ? [join(dir, n)] : [];
  });
}

describe('the receiver of a desk alone, from Setup', () => {
  let sb: TestSandbox;
  let desk: TestAppStation;
  const work = mkdtempSync(join(tmpdir(), 'receiver-setup-'));
  const dataDir = join(work, 'desk');
  const file = (name: string, text: string) => (writeFileSync(join(work, name), text), join(work, name));
  let cert: string;
  let key: string;
  let caCert: string;
  let port: number;

  const start = () => startTestAppStation({ sandbox: sb, dataDir, settingsFile: true, settings: { locationId: sb.info.locations[0] }, pushReconcileMs: 3_600_000 });
  const lastQueue = (): QueueView | undefined => [...desk.events].reverse().find((m) => m.name === 'queue.changed')?.payload as QueueView | undefined;
  const ids = () => lastQueue()?.rows.map((r) => r.shipmentId) ?? [];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    const tls = await generateTls();
    cert = file('cert.pem', tls.cert);
    key = file('key.pem', tls.key);
    caCert = tls.caCert;
    port = await freePort();
    desk = await start();
  });
  afterAll(async () => {
    await desk?.close();
    await sb?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('says in words what is wrong with the certificate and key', async () => {
    const other = await generateTls();
    const old = await generateTls(new Date(Date.now() - 11 * YEAR_MS));
    const form = { enabled: true, port, host: '127.0.0.1' as const, publicUrl: '' };
    const check = async (certFile: string, keyFile: string) => (await desk.api.invoke('push.receiver.check', { ...form, certFile, keyFile })).sentence;
    expect(await check('', key)).toEqual({ key: 'push.check.certMissing' });
    expect(await check(join(work, 'nowhere.pem'), key)).toEqual({ key: 'push.check.certUnreadable', params: { path: join(work, 'nowhere.pem') } });
    expect(await check(key, key)).toMatchObject({ key: 'push.check.certNotPem' });
    expect(await check(cert, file('other-key.pem', other.key))).toEqual({ key: 'push.check.pairMismatch' });
    expect(await check(file('old-cert.pem', old.cert), file('old-key.pem', old.key))).toMatchObject({ key: 'push.check.expired' });
    expect(await check(cert, key)).toMatchObject({ key: 'push.check.ok' });
    // Saving with a pair that cannot serve is refused in the same words, and nothing starts.
    await expect(desk.api.invoke('push.receiver.save', { ...form, certFile: cert, keyFile: file('other-key2.pem', other.key) })).rejects.toMatchObject({ sentence: { key: 'push.check.pairMismatch' } });
    expect((await desk.api.invoke('push.receiver', {})).state).toBe('off');
  });

  it('turned on, it shows the subscription URL once, and the sandbox delivers to it', async () => {
    const saved = await desk.api.invoke('push.receiver.save', { enabled: true, port, host: '127.0.0.1' as const, certFile: cert, keyFile: key, publicUrl: '' });
    expect(saved.view).toMatchObject({ state: 'listening', address: `https://127.0.0.1:${port}`, tokenStored: true, stored: 0 });
    const url = saved.subscriptionUrl!;
    expect(url).toMatch(new RegExp(`^https://localhost:${port}/push/[A-Za-z0-9_-]{43}$`));
    const token = url.split('/push/')[1];
    const subscribed = await sb.call('POST', '/sandbox/push/subscriptions', { body: { url, caCert } });
    expect(subscribed.status).toBe(201);

    await desk.api.invoke('queue.list', {});
    const [id] = (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds as string[];
    await until('the created shipment in the queue, without a pull', () => ids().includes(id), 10_000);
    await sb.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await until('the held shipment out of the queue', () => !ids().includes(id), 10_000);
    const view = await desk.api.invoke('push.receiver', {});
    expect(view.stored).toBeGreaterThanOrEqual(2);
    expect(view.lastNotificationAt).toBeDefined();

    // Saving again keeps the token and does not show it.
    const again = await desk.api.invoke('push.receiver.save', { enabled: true, port, host: '127.0.0.1' as const, certFile: cert, keyFile: key, publicUrl: '' });
    expect(again.subscriptionUrl).toBeUndefined();
    // Never in an event, a log line, or a file of the data folder in the clear.
    expect(JSON.stringify(desk.events)).not.toContain(token);
    expect(desk.log.join('\n')).not.toContain(token);
    for (const f of filesUnder(dataDir)) expect(readFileSync(f).includes(token), f).toBe(false);
  });

  it('after a restart the receiver starts with the station, with the same token', async () => {
    const url = (await sb.call('GET', '/sandbox/push/subscriptions')).json as { subscriptions: { url: string }[] };
    await desk.close();
    desk = await start();
    await until('the receiver listening again', async () => (await desk.api.invoke('push.receiver', {})).state === 'listening', 10_000);
    const view = await desk.api.invoke('push.receiver', {});
    expect(view.settings).toEqual({ enabled: true, port, host: '127.0.0.1' as const, certFile: cert, keyFile: key, publicUrl: '' });
    await desk.api.invoke('queue.list', {});
    const [id] = (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds as string[];
    await until('the old subscription still delivers', () => ids().includes(id), 10_000);
    expect(url.subscriptions).toHaveLength(1);

    // Off: the receiver stops (the port is free again).
    const off = await desk.api.invoke('push.receiver.save', { enabled: false, port, host: '127.0.0.1' as const, certFile: cert, keyFile: key, publicUrl: '' });
    expect(off.view.state).toBe('off');
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '0.0.0.0', resolve));
    await new Promise((r) => server.close(r));
  });
});
