// The standalone sandbox: `npm run sandbox -- ...` prints one ready line, serves HTTPS with the CA
// it names, refuses bad arguments clearly and exits cleanly on SIGTERM / SIGINT.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { basicAuth, pinnedClient, spawnSandboxCli } from '../support/sandbox.js';
import { startReceiver } from '../support/push-receiver.js';
import { until } from '../support/until.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const root = new URL('../..', import.meta.url).pathname;
const runCli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

describe('sandbox CLI', { timeout: 90_000 }, () => {
  it('prints one JSON ready line whose CA and credentials work, and exits 0 on SIGTERM', async () => {
    const dir = tempDir();
    const p = await spawnSandboxCli(['--port', '0', '--seed', '7', '--shipments', '30', '--state-dir', dir, '--label-delay-ms', '0']);
    const client = await pinnedClient(p.ready.caCertPath, p.ready.controlToken);
    try {
      expect(Object.keys(p.ready).sort()).toEqual(['baseUrl', 'caCertPath', 'cases', 'controlToken', 'locations', 'selfAccess', 'seller', 'sellerId', 'thirdParty']);
      expect(p.ready.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(p.ready.locations.length).toBeGreaterThan(0);
      expect(p.ready.thirdParty.redirectUri).toMatch(/^https:\/\//);
      expect(existsSync(p.ready.caCertPath)).toBe(true);
      const token = await client.json('GET', `${p.ready.baseUrl}/oauth-service/oauth/token?grant_type=client_credentials&scope=Seller_Api`, undefined, {
        authorization: basicAuth(p.ready.selfAccess),
      });
      expect(token.status).toBe(200);
      expect(token.json.token_type).toBe('bearer');
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(p.stderr()).toContain('saving state');
    } finally {
      p.child.kill('SIGKILL');
      await client.dispatcher.close();
    }
  });

  it('keeps the data set of its state directory across SIGINT and a restart without --seed', async () => {
    const dir = tempDir();
    const first = await spawnSandboxCli(['--port', '0', '--seed', '11', '--shipments', '12', '--state-dir', dir]);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = await spawnSandboxCli(['--port', '0', '--state-dir', dir]);
    try {
      expect(second.stderr()).toMatch(/seed 11/);
      expect(second.ready.selfAccess).toEqual(first.ready.selfAccess);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const clash = runCli(['--port', '0', '--seed', '12', '--state-dir', dir]);
    expect(clash.status).toBe(2);
    expect(clash.stderr).toMatch(/--seed 11/);
  });

  it('starts with the push fault knob of --push-faults: every notification dropped and counted', async () => {
    const dir = tempDir();
    const receiver = await startReceiver();
    const p = await spawnSandboxCli(['--port', '0', '--seed', '7', '--shipments', '20', '--state-dir', dir, '--push-faults', '{"dropRate":1}']);
    const client = await pinnedClient(p.ready.caCertPath, p.ready.controlToken);
    try {
      const sub = await client.json('POST', `${p.ready.baseUrl}/sandbox/push/subscriptions`, { url: receiver.url, caCert: receiver.tls.caCert });
      expect(sub.status).toBe(201);
      await client.json('POST', `${p.ready.baseUrl}/sandbox/shipments`, { count: 2 });
      const status = await client.json('GET', `${p.ready.baseUrl}/sandbox/push/status`);
      expect(status.json.subscriptions[0]).toMatchObject({ droppedByFault: 2, pending: 0, delivered: 0 });
      // The knob off again: the next change arrives.
      await client.json('POST', `${p.ready.baseUrl}/sandbox/push/faults`, {});
      await client.json('POST', `${p.ready.baseUrl}/sandbox/shipments`, { count: 1 });
      await until('the delivery after the knob was cleared', () => receiver.accepted.length === 1);
      expect(receiver.posts).toHaveLength(1);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
    } finally {
      p.child.kill('SIGKILL');
      await client.dispatcher.close();
      await receiver.close();
    }
  });

  it.each([
    [['--port', 'abc', '--state-dir', '/tmp/x'], /--port must be a whole number/],
    [['--port', '70000', '--state-dir', '/tmp/x'], /--port must be at most 65535/],
    [['--shipments', '-3', '--state-dir', '/tmp/x'], /--shipments/],
    [['--port', '0'], /--state-dir DIR is required/],
    [['--colour', 'red', '--state-dir', '/tmp/x'], /Unknown option '--colour'/],
    [['--push-faults', '{dropRate:', '--state-dir', '/tmp/x'], /--push-faults must be JSON/],
    [['--push-faults', '{"dropRate":2}', '--state-dir', '/tmp/x'], /--push-faults dropRate/],
  ])('refuses %j with exit code 2 and a clear message', (args, message) => {
    const r = runCli(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage:');
  });
});
