// Reliability proof (b): the station is killed with SIGKILL in the middle of a wave (a real child
// process running the `station` CLI against a sandbox that is its own child process), then run
// again with the same data dir. The second run settles what the first left open, finishes the
// wave, and no shipment is packed twice (one Packed event each, spec § Events); the journal has
// no open intents afterwards. Also: scans recorded before a SIGKILL are all restored.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedClient, spawnSandboxCli, type SandboxProcess } from '../../support/sandbox.js';
import { Journal } from '../../../electron/station/journal/journal.js';
import { allEvents, packedCounts } from './station-harness.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const COUNT = 200;

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | string>;
}

function runNode(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { child, stdout: '', stderr: '', exited: new Promise((r) => child.on('exit', (code, signal) => r(code ?? signal ?? -1))) };
  child.stdout!.on('data', (c) => (run.stdout += c));
  child.stderr!.on('data', (c) => (run.stderr += c));
  return run;
}

function waitForLine(stream: NodeJS.ReadableStream, test: (line: string) => boolean, timeoutMs = 60_000): Promise<string> {
  const lines = createInterface({ input: stream });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching line in time')), timeoutMs);
    lines.on('line', (line) => {
      if (test(line)) {
        clearTimeout(timer);
        lines.close();
        resolve(line);
      }
    });
  });
}

describe('SIGKILL in the middle of a wave', () => {
  let sandbox: SandboxProcess;
  let work: string;
  let infoFile: string;
  let http: Awaited<ReturnType<typeof pinnedClient>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'station-kill-'));
    sandbox = await spawnSandboxCli(['--port', '0', '--state-dir', join(work, 'sandbox'), '--label-delay-ms', '50', '--shipments', '0']);
    children.push(sandbox.child);
    infoFile = join(work, 'sandbox-info.json');
    writeFileSync(infoFile, JSON.stringify(sandbox.ready) + '\n');
    http = await pinnedClient(sandbox.ready.caCertPath, sandbox.ready.controlToken);
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await http?.dispatcher.close();
    await sandbox?.exited;
    rmSync(work, { recursive: true, force: true });
  });

  it('finishes the wave on the next run with one Packed event per shipment and no open intents', { timeout: 180_000 }, async () => {
    const base = sandbox.ready.baseUrl;
    const locationId = sandbox.ready.locations[0];
    const created = await http.json('POST', `${base}/sandbox/shipments`, { count: COUNT, locationId, kind: 'plain', restock: true });
    expect(created.status).toBe(200);
    const dataDir = join(work, 'station');
    const args = ['electron/cli.ts', 'pack', '--wave', '--location', locationId, '--dispatch', '--sandbox-info', infoFile, '--data-dir', dataDir, '--json'];

    // First run: killed as soon as it reports a packed batch (others may still be in flight).
    const first = runNode(args);
    children.push(first.child);
    await waitForLine(first.child.stderr!, (l) => /^Packed [1-9]\d* of/.test(l));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(first.stdout).toBe(''); // no summary: it really died mid-wave

    const journalAfterKill = await Journal.open({ dir: join(dataDir, 'journal'), clock: { now: () => new Date() } });
    const packIntents = (await journalAfterKill.records()).filter((r) => r.type === 'intent' && r.op === 'pack');
    await journalAfterKill.close();
    expect(packIntents.length).toBeGreaterThan(0);

    // Second run, same data dir: settles, resumes, finishes.
    const second = runNode(args);
    children.push(second.child);
    const code = await second.exited;
    expect(second.stderr).toMatch(/Start-up check: [1-9]\d* operation\(s\) left open|Start-up check: nothing/);
    // The first run confirmed a packed batch, so this run carries those shipments over.
    expect(second.stderr).toMatch(/Resuming an interrupted wave: [1-9]\d* shipment/);
    expect(code, second.stderr).toBe(0);
    const lines = second.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0]);

    const events = await allEvents(async (p) => http.json('GET', base + p));
    const packedIds = [...new Set(events.filter((e) => e.kind === 'Packed').map((e) => e.shipmentId!))];
    const counts = packedCounts(events, packedIds);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Every shipment the wave packed (in either run) is counted once, labelled and dispatched.
    expect(summary.failed).toEqual([]);
    expect(summary.packed).toBe(packedIds.length);
    expect(summary.labelsPages).toBe(packedIds.length);
    expect(summary.dispatched).toBe(packedIds.length);
    const rtd = new Set(events.filter((e) => e.kind === 'Ready To Dispatch').map((e) => e.shipmentId));
    expect(rtd.size).toBe(packedIds.length);

    const journal = await Journal.open({ dir: join(dataDir, 'journal'), clock: { now: () => new Date() } });
    expect(journal.openIntents()).toEqual([]);
    await journal.close();
  });

  it('loses no scan: the journal restores every scan recorded before the SIGKILL', { timeout: 60_000 }, async () => {
    const dir = join(work, 'scan-journal');
    const child = runNode(['test/station/reliability/scan-child.ts', dir, 'session-1']);
    children.push(child.child);
    const line = await waitForLine(child.child.stdout!, (l) => /^scanned (\d+)$/.test(l) && Number(l.split(' ')[1]) >= 20);
    child.child.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    const confirmed = Number(line.split(' ')[1]);

    const journal = await Journal.open({ dir, clock: { now: () => new Date() } });
    const sessions = journal.openSessions();
    await journal.close();
    expect(sessions).toHaveLength(1);
    const values = sessions[0].scans.map((s) => s.value);
    // Every scan the child confirmed is there, in order (one more may have landed before the kill).
    expect(values.slice(0, confirmed)).toEqual(Array.from({ length: confirmed }, (_, i) => `SKU-${i + 1}`));
    expect(values.length).toBeLessThanOrEqual(confirmed + 1);
  });
});
