// Sandbox state survives restarts, SIGKILL at any moment and a torn journal tail; a reset is
// durable too; a state directory refuses another data set.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pinnedClient, spawnSandboxCli, startTestSandbox, tokenCall, type TestSandbox } from '../support/sandbox.js';
import { StateDirMismatchError } from '../../electron/sandbox/persistence.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';

const DAY = 86_400;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const control = (sb: TestSandbox, method: string, path: string, body?: unknown) => sb.call(method, path, { token: null, body });
const expiry = (sb: TestSandbox, token: string) => tokenCall(sb, sb.info.selfAccess, { token_type: 'access', token }, '/oauth-service/oauth/token/expiry');

describe('persistence', { timeout: 90_000 }, () => {
  it('keeps changes, events, tokens and the clock across a clean restart; seeded records stay identical', async () => {
    const stateDir = tempDir();
    const a = await startTestSandbox({ seed: 5, shipments: 30, stateDir });
    const seededId = [...a.world.shipments.keys()][0];
    const seededRecord = JSON.stringify(a.world.shipments.get(seededId));
    const created = (await control(a, 'POST', '/sandbox/shipments', { count: 4, kind: 'mps' })).json.shipmentIds as string[];
    expect(created).toHaveLength(4);
    await control(a, 'POST', `/sandbox/shipments/${created[0]}/hold`, { hold: true });
    const token = (await tokenCall(a, a.info.selfAccess, { grant_type: 'client_credentials' })).json.access_token as string;
    const now = (await control(a, 'POST', '/sandbox/clock', { advanceSeconds: DAY })).json.now as string;
    const events = JSON.stringify(a.world.events);
    await a.close();

    const b = await startTestSandbox({ seed: 5, shipments: 30, stateDir });
    try {
      expect(JSON.stringify(b.world.shipments.get(seededId))).toBe(seededRecord);
      for (const id of created) expect(b.world.shipments.has(id)).toBe(true);
      expect(b.world.shipments.get(created[0])!.hold).toBe(true);
      expect(JSON.stringify(b.world.events)).toBe(events);
      const check = await expiry(b, token);
      expect(check.json.expired).toBe(false);
      expect(check.json.expires_in).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS - DAY);
      const later = (await control(b, 'POST', '/sandbox/clock', { advanceSeconds: 0 })).json.now as string;
      expect(Date.parse(later)).toBeGreaterThanOrEqual(Date.parse(now));
      // new ids continue after the restored ones instead of reusing them
      const more = (await control(b, 'POST', '/sandbox/shipments', { count: 1 })).json.shipmentIds as string[];
      expect(created).not.toContain(more[0]);
      expect(b.world.shipments.size).toBe(30 + 6 + 4 + 1);
    } finally {
      await b.close();
    }
  });

  it('refuses to open a state directory with another seed', async () => {
    const stateDir = tempDir();
    await (await startTestSandbox({ seed: 5, shipments: 3, stateDir })).close();
    await expect(startTestSandbox({ seed: 6, stateDir })).rejects.toBeInstanceOf(StateDirMismatchError);
    const again = await startTestSandbox({ stateDir });
    expect(again.seed).toBe(5);
    await again.close();
  });

  it('survives SIGKILL right after a burst of changes, and a torn journal tail', async () => {
    const dir = tempDir();
    const p = await spawnSandboxCli(['--port', '0', '--seed', '9', '--shipments', '20', '--state-dir', dir]);
    const client = await pinnedClient(p.ready.caCertPath, p.ready.controlToken);
    let created: string[];
    try {
      created = (await client.json('POST', `${p.ready.baseUrl}/sandbox/shipments`, { count: 5 })).json.shipmentIds;
      await Promise.all(created.map((id) => client.json('POST', `${p.ready.baseUrl}/sandbox/shipments/${id}/hold`, { hold: true })));
    } finally {
      p.child.kill('SIGKILL');
      await p.exited;
      await client.dispatcher.close();
    }
    const dataDir = join(dir, 'data');
    const journal = readdirSync(dataDir).find((n) => n.startsWith('journal-'))!;
    expect(readFileSync(join(dataDir, journal), 'utf8').split('\n').length).toBeGreaterThan(5);
    appendFileSync(join(dataDir, journal), '{"r":[["shipment:SH99999999999999",{"shipmentId":"SH9999');

    const b = await startTestSandbox({ stateDir: dataDir });
    try {
      for (const id of created) expect(b.world.shipments.get(id)?.hold).toBe(true);
      expect(b.world.shipments.has('SH99999999999999')).toBe(false);
      await control(b, 'POST', `/sandbox/shipments/${created[0]}/hold`, { hold: false });
      // The torn tail was cut, so the new line starts cleanly: every line of the journal parses.
      for (const line of readFileSync(join(dataDir, journal), 'utf8').trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    } finally {
      await b.close();
    }
    const c = await startTestSandbox({ stateDir: dataDir });
    try {
      expect(c.world.shipments.get(created[0])!.hold).toBe(false);
      expect(c.world.shipments.get(created[1])!.hold).toBe(true);
    } finally {
      await c.close();
    }
  });

  it('makes a reset durable: the seeded data set comes back after a restart', async () => {
    const stateDir = tempDir();
    const a = await startTestSandbox({ seed: 3, shipments: 10, stateDir });
    const seeded = [...a.world.shipments.keys()];
    await control(a, 'POST', '/sandbox/shipments', { count: 3 });
    expect((await control(a, 'POST', '/sandbox/reset')).status).toBe(200);
    const token = (await tokenCall(a, a.info.selfAccess, { grant_type: 'client_credentials' })).json.access_token as string;
    await a.close();
    const b = await startTestSandbox({ stateDir });
    try {
      expect([...b.world.shipments.keys()]).toEqual(seeded);
      expect((await expiry(b, token)).json.expired).toBe(false);
    } finally {
      await b.close();
    }
  });
});
