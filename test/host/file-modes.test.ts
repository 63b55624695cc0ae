// Everything the station writes is for the seller's account only: the data folder 0700 and every
// file in it 0600 (labels and the print spool carry buyer addresses; the journal, the secrets and
// the embedded sandbox's state too), under the usual umask 022, and files an older version left
// readable are tightened at the next start. Checked with stat on every path after a real run:
// browser mode over a fresh folder, demo mode's sandbox persisting into it, a scan journaled, a
// label printed to the folder printer, then a CLI run on the same folder.
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBrowserMode } from '../../electron/host/browser-mode.js';
import { loadOrCreateTls } from '../../electron/sandbox/tls.js';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/sandbox.js';
import { connectInMemory } from '../../electron/station/app/memory-transport.js';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { FOLDER_PRINTER_NAME } from '../../electron/station/printing/folder-backend.js';
import { JsonFileSettingsStore } from '../../electron/station/settings/settings-store.js';
import { RENDERER_DIR } from '../support/browser-station.js';
import { until } from '../support/until.js';

const work = mkdtempSync(join(tmpdir(), 'file-modes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function everyPath(root: string): string[] {
  const out = [root];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (lstatSync(path).isDirectory()) out.push(...everyPath(path));
    else out.push(path);
  }
  return out;
}

/** Paths whose mode is not 0700 (folders) or 0600 (files), with the mode found. */
function loosePaths(root: string): string[] {
  return everyPath(root)
    .map((path) => {
      const stat = lstatSync(path);
      const mode = stat.mode & 0o777;
      const wanted = stat.isDirectory() ? 0o700 : 0o600;
      return mode === wanted ? undefined : `${relative(root, path) || '.'} ${mode.toString(8)}`;
    })
    .filter((p): p is string => p !== undefined);
}


describe.skipIf(process.platform === 'win32')('file modes', () => {
  it('0700 folders and 0600 files for everything a run writes, older loose files tightened', async () => {
    process.umask(0o022);
    const dataDir = join(work, 'data');
    // What an older version left: a readable folder, a readable label and settings choosing the folder printer.
    mkdirSync(join(dataDir, 'printed'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'printed', 'old label.pdf'), '%PDF-1.4\n', { mode: 0o644 });
    JsonFileSettingsStore.open(join(dataDir, 'settings.json')).update({ printers: { label: FOLDER_PRINTER_NAME, invoice: FOLDER_PRINTER_NAME } } as never);
    chmodSync(join(dataDir, 'settings.json'), 0o644);
    process.umask(0o022);

    let sandbox: RunningSandbox | undefined;
    const running = await startBrowserMode({
      dataDir,
      rendererDir: RENDERER_DIR,
      port: 0,
      version: '0.0.0-test',
      simulators: false,
      // Demo mode's sandbox as the app starts it (state and TLS in DATA_DIR/sandbox), with a handle for the test.
      demo: async (sandboxDir) => {
        const tls = await loadOrCreateTls(join(sandboxDir, 'tls'));
        sandbox = await startSandbox({ tls, stateDir: join(sandboxDir, 'data'), port: 0, shipments: 4, labelDelayMs: 0 });
        const sb = sandbox;
        return { baseUrl: sb.baseUrl, caPem: tls.caCert, selfAccess: sb.info.selfAccess, locations: sb.info.locations, identity: `embedded:${sandboxDir}`, now: () => sb.world.now(), close: () => sb.close() };
      },
    });
    const { api, close } = connectInMemory(running.station.dispatcher as never, running.station.hub as never);
    try {
      const [shipmentId] = [...sandbox!.world.shipments.keys()];
      await api.invoke('desk.scan', { raw: shipmentId, source: 'wedge' });
      await api.invoke('printers.testPrint', { role: 'label' });
      await until('the test label', async () => (await api.invoke('print.jobs', {})).find((j) => j.status === 'done'));
    } finally {
      close();
      await running.stop();
    }
    // A command-line run on the same folder writes its own files (tokens, the journal) too.
    const code = await runCli(['shipments', 'list', '--data-dir', dataDir, '--json'], { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);

    const written = everyPath(dataDir).map((p) => relative(dataDir, p));
    for (const expected of ['settings.json', 'secrets.json', 'secret.key', 'print-jobs.json', join('journal', 'journal-000001.jsonl'), join('printed', 'old label.pdf')]) {
      expect(written, expected).toContain(expected);
    }
    expect(written.filter((p) => p.startsWith('printed') && p.endsWith('.pdf')).length).toBeGreaterThanOrEqual(2);
    expect(written.some((p) => p.startsWith(join('sandbox', 'data')) && p.endsWith('.json'))).toBe(true);
    expect(written.some((p) => p.startsWith('print-spool'))).toBe(true);
    expect(existsSync(join(dataDir, 'sandbox', 'tls'))).toBe(true);
    expect(loosePaths(dataDir)).toEqual([]);
  });
});
