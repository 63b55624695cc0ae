// A sign-in (and the desk's "Spoken words" setting) outlives a restart of the app: the desk keeps the operator's id (never the PIN) in its
// settings file and signs them back in on start, unless the idle minutes ran out while the app
// was closed, or they signed out. Over a real app station restarted on the same data folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../../electron/station/composition/data-dir.js';
import { ACTIVITY_WRITE_MS, DeskSignIn, type KeptSignIn } from '../../../electron/station/operators/desk-sign-in.js';
import { OperatorFile } from '../../../electron/station/operators/operator-directory.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let dataDir: string;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'sign-in-restart-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startTestAppStation({ sandbox: sb, dataDir, settingsFile: true, settings: { locationId: sb.info.locations[0], desk: { name: 'Desk 2' } } });
const settingsFile = () => JSON.parse(readFileSync(dataPaths(dataDir).settings, 'utf8')) as { operators: { idleMinutes: number; signedIn?: KeptSignIn } };

/** Moves the kept activity back in time, as if the app had stayed closed that long. */
function closedFor(minutes: number): void {
  const file = settingsFile();
  const kept = file.operators.signedIn!;
  kept.activeAt = new Date(Date.parse(kept.activeAt) - minutes * 60_000).toISOString();
  writeFileSync(dataPaths(dataDir).settings, JSON.stringify(file, null, 2));
}

describe('sign-in across a restart', () => {
  let app: TestAppStation;
  let asha: { id: string; badge: string };

  it('the signed-in operator is kept in the settings (id and time, no PIN) and signed back in on start', async () => {
    app = await start();
    await app.api.invoke('operators.add', { name: 'Asha', pin: '4821' });
    asha = (await app.api.invoke('operators.list', {})).operators[0]!;
    await app.api.invoke('operators.signIn', { id: asha.id, pin: '4821' });
    const kept = settingsFile().operators.signedIn;
    expect(kept?.id).toBe(asha.id);
    expect(readFileSync(dataPaths(dataDir).settings, 'utf8')).not.toMatch(/4821|scrypt/);
    // Setup's "Spoken words" is a desk setting like the others: kept across the restart too.
    await app.api.invoke('settings.update', { sounds: { spoken: true } });
    await app.close();

    closedFor(5);
    app = await start();
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Asha');
    // The journal of the desk names her again without a new sign-in.
    expect(app.context.who().operator).toBe('Asha');
    expect((await app.api.invoke('settings.get', {})).sounds.spoken).toBe(true);
  });

  it('not signed back in when the idle minutes ran out while the app was closed', async () => {
    await app.close();
    closedFor(16); // idle minutes: 15 by default
    app = await start();
    expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
    expect(settingsFile().operators.signedIn).toBeUndefined();
    expect(app.context.who().operator).toBe('Desk 2');
  });

  it('with idle minutes 0 (never) a long closed app still signs back in; a sign-out is kept too', async () => {
    await app.api.invoke('settings.update', { operators: { idleMinutes: 0 } });
    await app.api.invoke('operators.signIn', { badge: asha.badge });
    await app.close();
    closedFor(24 * 60);
    app = await start();
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Asha');
    await app.api.invoke('operators.signOut', { reason: 'button' });
    await app.close();
    app = await start();
    expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
    await app.close();
  });
});

describe('DeskSignIn activity', () => {
  it('writes activity at most once a minute, and a retired operator is not restored', () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-sign-in-'));
    try {
      let now = Date.parse('2026-11-24T10:00:00Z');
      const writes: (KeptSignIn | undefined)[] = [];
      let kept: KeptSignIn | undefined;
      const memory = { read: () => kept, write: (k: KeptSignIn | undefined) => void writes.push((kept = k)), idleMinutes: () => 15 };
      const directory = new OperatorFile(join(dir, 'operators.json'));
      const ravi = directory.add('Ravi', '1234');
      const desk = new DeskSignIn(directory, () => undefined, memory, () => new Date(now));
      desk.signIn(ravi);
      expect(writes).toHaveLength(1);
      now += ACTIVITY_WRITE_MS - 1;
      desk.active();
      expect(writes).toHaveLength(1);
      now += 1;
      desk.active();
      expect(writes).toHaveLength(2);
      expect(kept).toEqual({ id: ravi.id, activeAt: new Date(now).toISOString() });

      // 14 minutes later, the app starts again: still Ravi.
      now += 14 * 60_000;
      expect(new DeskSignIn(directory, () => undefined, memory, () => new Date(now)).current()?.name).toBe('Ravi');
      // Retired meanwhile: signed out, and the kept sign-in is cleared.
      directory.update(ravi.id, { retired: true });
      expect(new DeskSignIn(directory, () => undefined, memory, () => new Date(now)).current()).toBeUndefined();
      expect(kept).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
