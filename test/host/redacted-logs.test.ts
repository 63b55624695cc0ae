// Browser mode and the `station` command keep log files in the data folder (logs/browser.log,
// logs/station.log), masked as the desktop app's main.log is: a secret the desk holds never
// reaches them, nor the terminal, even when a line carries it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBrowserMode } from '../../electron/host/browser-mode.js';
import { loadOrCreateTls } from '../../electron/sandbox/tls.js';
import { startSandbox } from '../../electron/sandbox/sandbox.js';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { BROWSER_LOG_FILE, CLI_LOG_FILE } from '../../electron/station/composition/redacted-log.js';
import { openStores } from '../../electron/station/station.js';
import { RENDERER_DIR } from '../support/browser-station.js';

const work = mkdtempSync(join(tmpdir(), 'redacted-logs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const SECRET = 'Zq8-desk-secret-value-4711';

describe('the log files of browser mode and the command line', () => {
  const dataDir = join(work, 'data');

  it('browser mode masks a secret the desk holds, in its file and on the terminal', async () => {
    openStores(dataDir).secrets.set('push.pathToken', SECRET);
    const terminal: string[] = [];
    const running = await startBrowserMode({
      dataDir,
      rendererDir: RENDERER_DIR,
      port: 0,
      version: '0.0.0-test',
      simulators: false,
      log: (line) => terminal.push(line),
      demo: async (sandboxDir) => {
        const tls = await loadOrCreateTls(join(sandboxDir, 'tls'));
        const sb = await startSandbox({ tls, stateDir: join(sandboxDir, 'data'), port: 0, shipments: 1, labelDelayMs: 0 });
        return { baseUrl: sb.baseUrl, caPem: tls.caCert, selfAccess: sb.info.selfAccess, locations: sb.info.locations, identity: `embedded:${sandboxDir}`, now: () => sb.world.now(), close: () => sb.close() };
      },
    });
    try {
      running.log(`push: the subscription is https://push.example/push/${SECRET}`);
      running.log('GET /v3/shipments with Authorization: Bearer abcdef0123456789');
    } finally {
      await running.stop();
    }
    const file = join(dataDir, 'logs', BROWSER_LOG_FILE);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('push: the subscription is https://push.example/push/[redacted]');
    expect(text).toContain('GET /v3/shipments with Authorization: [redacted]');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('abcdef0123456789');
    expect(terminal.join('\n')).toContain('push/[redacted]');
    expect(terminal.join('\n')).not.toContain(SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'logs')).mode & 0o777).toBe(0o700);
  });

  it('the command line masks it too, in its file and on stderr', async () => {
    const stderr: string[] = [];
    const code = await runCli(['warehouse', 'status', '--data-dir', dataDir, '--warehouse', `postgres://station:pw-${SECRET}@127.0.0.1:1/warehouse`], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    expect(code).not.toBe(0);
    const text = readFileSync(join(dataDir, 'logs', CLI_LOG_FILE), 'utf8');
    expect(text).toContain('station warehouse status');
    expect(text).toContain('postgres://station:[redacted]@127.0.0.1:1/warehouse');
    expect(text).not.toContain(SECRET);
    expect(stderr.join('\n')).not.toContain(SECRET);
  });
});
