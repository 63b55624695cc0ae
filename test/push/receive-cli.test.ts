// `station receive` run as the command runs it: with --warehouse it migrates and stores in
// PostgreSQL; without, in the data folder. The subscription URL (with the secret path token) is
// shown on the first run only; bad options are refused with words and exit code 2.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { FileNotificationStore } from '../../electron/station/push/file-notification-store.js';
import type { SandboxTls } from '../../electron/sandbox/tls.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { envelope, poster, receiverTls, type Poster } from './push-fixtures.js';

interface Running {
  stop(): Promise<{ code: number; out: string; err: string }>;
  out: string[];
  err: string[];
}

function receive(args: string[], env: Record<string, string> = {}): Running {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const ended = new Promise<void>((r) => (stop = r));
  const run = runCli(['receive', ...args], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, { env, until: ended });
  return {
    out,
    err,
    stop: async () => {
      stop();
      const code = await run;
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
  };
}

describe.runIf(requirePostgres())('station receive', () => {
  const wh = useWarehouseDatabase();
  let tls: SandboxTls;
  let client: Poster;
  let work: string;
  let certArgs: string[];

  beforeAll(async () => {
    tls = await receiverTls();
    client = poster(tls.caCert);
    work = mkdtempSync(join(tmpdir(), 'receive-cli-'));
    writeFileSync(join(work, 'cert.pem'), tls.cert);
    writeFileSync(join(work, 'key.pem'), tls.key);
    certArgs = ['--tls-cert', join(work, 'cert.pem'), '--tls-key', join(work, 'key.pem'), '--host', '127.0.0.1'];
  });
  afterAll(() => client?.close());

  it('stores in the warehouse database, and shows the subscription URL only on the first run', async () => {
    const url = await wh.freshUrl();
    const dataDir = join(work, 'wh-data');
    const first = receive(['--port', '0', ...certArgs, '--data-dir', dataDir, '--warehouse', url, '--json']);
    const ready = await until('the receiver ready', () => first.out.find((l) => l.startsWith('{')));
    const { subscriptionUrl, port, store } = JSON.parse(ready) as { subscriptionUrl: string; port: number; store: string };
    expect(store).toBe('warehouse');
    expect(subscriptionUrl).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${port}/push/[A-Za-z0-9_-]{43}$`));
    expect((await client.post(subscriptionUrl, envelope('SH00000000000CLI', 'shipment_hold', { hold: true }))).status).toBe(200);
    const done = await first.stop();
    expect(done.code).toBe(0);
    expect(done.err).toContain('push: shipment_hold of SH00000000000CLI stored as #1');
    expect(done.err).not.toContain(subscriptionUrl.split('/push/')[1]);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    expect((await db.query('SELECT shipment_id FROM push_notifications')).rows).toEqual([{ shipment_id: 'SH00000000000CLI' }]);
    await db.end();

    const second = receive(['--port', '0', ...certArgs, '--data-dir', dataDir, '--warehouse', url, '--public-url', 'https://push.example.com/']);
    await until('the second receiver ready', () => second.out.some((l) => l.startsWith('Press Ctrl+C')));
    const again = await second.stop();
    expect(again.out).toContain('The path token made on the first run is used (it is not shown again)');
    expect(again.out).not.toContain('/push/');
    const renewed = receive(['--port', '0', ...certArgs, '--data-dir', dataDir, '--warehouse', url, '--public-url', 'https://push.example.com/', '--new-token']);
    await until('the renewed receiver ready', () => renewed.out.some((l) => l.startsWith('Press Ctrl+C')));
    const shown = (await renewed.stop()).out;
    expect(shown).toMatch(/Subscribe this URL with the marketplace \(it is shown only now; it holds the secret path token\): https:\/\/push\.example\.com\/push\/[A-Za-z0-9_-]{43}\n/);
    expect(shown).not.toContain(subscriptionUrl.split('/push/')[1]);
  });

  it('stores in the data folder without a database, and a desk on that folder follows the file', async () => {
    const dataDir = join(work, 'desk-data');
    const desk = new FileNotificationStore(dataDir);
    const heard: string[] = [];
    desk.subscribe((n) => heard.push(`${n.id} ${n.notification.eventType}`));
    desk.follow(50);
    const run = receive(['--port', '0', ...certArgs, '--data-dir', dataDir, '--allow', '127.0.0.1/32', '--json']);
    const ready = await until('the receiver ready', () => run.out.find((l) => l.startsWith('{')));
    const { subscriptionUrl, store } = JSON.parse(ready) as { subscriptionUrl: string; store: string };
    expect(store).toBe('dataFolder');
    expect((await client.post(subscriptionUrl, envelope('SH0000000000FOLL', 'shipment_packed', { status: 'PACKED' }))).status).toBe(200);
    await until('the desk hearing of it', () => heard.length > 0, 5_000);
    expect(heard).toEqual(['1 shipment_packed']);
    expect((await run.stop()).code).toBe(0);
    await desk.close();
  });

  it('refuses bad options with what to do, before listening', async () => {
    const missing = receive(['--port', '0', '--tls-cert', join(work, 'nope.pem'), '--tls-key', join(work, 'key.pem'), '--data-dir', join(work, 'd3')]);
    expect(await missing.stop()).toMatchObject({ code: 2, err: expect.stringContaining(`The certificate file ${join(work, 'nope.pem')} cannot be read (ENOENT)`) });
    const badCidr = receive(['--port', '0', ...certArgs, '--allow', '10.0.0/8', '--data-dir', join(work, 'd3')]);
    expect(await badCidr.stop()).toMatchObject({ code: 2, err: expect.stringContaining('"10.0.0/8" in the allow-list is not an address or a CIDR') });
    const noPort = receive([...certArgs, '--data-dir', join(work, 'd3')]);
    expect(await noPort.stop()).toMatchObject({ code: 2, err: expect.stringContaining('--port N is required') });
  });
});
