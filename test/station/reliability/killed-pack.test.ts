// A single `station pack ID --dispatch` killed with SIGKILL between the pack and the ready to
// dispatch (a real child process, the label still being made): the next start names the shipment
// left packed but not ready to dispatch and the command that finishes it; once that is done the
// start-up check no longer mentions it. The marketplace (the sandbox) is the judge of each state.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/station/cli/run-cli.js';
import { startTestSandbox, writeSandboxInfo, type TestSandbox } from '../../support/sandbox.js';
import { quickRetry } from '../../support/station-client.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
let sb: TestSandbox;
let work: string;
let common: string[];

beforeAll(async () => {
  // Labels take ten minutes of sandbox time: the command is still waiting for its label when killed.
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 600_000 });
  work = mkdtempSync(join(tmpdir(), 'killed-pack-'));
  const info = writeSandboxInfo(sb, work);
  common = ['--sandbox-info', info, '--data-dir', join(work, 'data')];
});
afterAll(async () => {
  await sb?.close();
  rmSync(work, { recursive: true, force: true });
});

async function station(args: string[]) {
  const err: string[] = [];
  const out: string[] = [];
  const code = await runCli([...args, ...common], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, { retry: quickRetry });
  // Start-up notes go to stdout in plain mode and to stderr with --json: read both.
  return { code, said: [...err, ...out].join('\n') };
}

const statuses = (id: string) => [...new Set(sb.world.shipments.get(id)!.orderItems.map((i) => i.status))].join('/');

describe('a single pack killed between pack and dispatch', () => {
  it('is named on the next start with what to do, and forgotten once finished', { timeout: 60_000 }, async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain' } });
    const id = (created.json.shipmentIds as string[]).find((s) => sb.world.shipments.get(s)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'))!;

    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli.ts', 'pack', id, '--dispatch', ...common], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const exited = new Promise((r) => child.on('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (d) => {
        stderr += d;
        if (/waiting for labels/.test(stderr)) resolve();
      });
      child.once('exit', () => reject(new Error(`the pack ended before it was killed: ${stderr}`)));
    });
    child.kill('SIGKILL');
    await exited;
    // The marketplace has the pack, not the dispatch; the label is ready later.
    expect(statuses(id)).toBe('PACKING_IN_PROGRESS');
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 700 } });

    const next = await station(['shipments', 'list', '--state', 'PACKED']);
    expect(next.code, next.said).toBe(0);
    const loc = sb.world.shipments.get(id)!.locationId;
    expect(next.said).toContain(`left ${id} packed but not marked ready to dispatch. Run \`station dispatch ${id} --location ${loc}\` to finish`);
    expect(next.said).not.toMatch(/nothing was left open/);
    expect(statuses(id)).toBe('PACKED');

    const finish = await station(['dispatch', id, '--location', loc]);
    expect(finish.code, finish.said).toBe(0);
    expect(statuses(id)).toBe('READY_TO_DISPATCH');
    const after = await station(['shipments', 'list', '--state', 'CANCELLED']);
    expect(after.said).not.toContain(id);
    expect(after.said).toMatch(/nothing was left open/);
  });
});
