// Operator sign-in over the contract of a real app station: five wrong PINs in a row lock that
// operator's PIN sign-in on this desk for five minutes (by the desk's clock, here the sandbox's,
// moved through its control API), a right PIN before that starts the count again, and a badge
// alone signs in only while Setup -> Operators allows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_PINS, PIN_LOCK_MS } from '../../../electron/station/operators/pin-attempts.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let app: TestAppStation;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb, settings: { locationId: sb.info.locations[0], desk: { name: 'Desk 3' } } });
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});

const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: { code?: string; sentence?: unknown }) => ({ code: e.code, sentence: e.sentence }));

describe('operator sign-in limits', () => {
  let asha: { id: string; badge: string };
  let ravi: { id: string; badge: string };
  beforeAll(async () => {
    await app.api.invoke('operators.add', { name: 'Asha', pin: '4821' });
    const view = await app.api.invoke('operators.add', { name: 'Ravi', pin: '7302' });
    [asha, ravi] = view.operators;
  });

  it('locks PIN sign-in after five wrong PINs in a row, for five minutes of the desk clock, on that operator only', async () => {
    // A right PIN in between starts the count again.
    for (let i = 0; i < MAX_WRONG_PINS - 1; i++) expect(await refusal(app.api.invoke('operators.signIn', { id: asha.id, pin: '0000' }))).toMatchObject({ code: 'WRONG_PIN' });
    expect((await app.api.invoke('operators.signIn', { id: asha.id, pin: '4821' })).signedIn?.name).toBe('Asha');
    for (let i = 0; i < MAX_WRONG_PINS - 1; i++) expect(await refusal(app.api.invoke('operators.signIn', { id: asha.id, pin: '1111' }))).toMatchObject({ code: 'WRONG_PIN' });
    expect(await refusal(app.api.invoke('operators.signIn', { id: asha.id, pin: '1111' }))).toEqual({ code: 'PIN_LOCKED', sentence: { key: 'station.operators.pinLocked', params: { minutes: 5 } } });
    // Locked: even the right PIN is refused, in words.
    expect(await refusal(app.api.invoke('operators.signIn', { id: asha.id, pin: '4821' }))).toMatchObject({ code: 'PIN_LOCKED' });
    // Ravi's PIN still works on this desk.
    expect((await app.api.invoke('operators.signIn', { id: ravi.id, pin: '7302' })).signedIn?.name).toBe('Ravi');
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: PIN_LOCK_MS / 1000 - 60 } });
    expect(await refusal(app.api.invoke('operators.signIn', { id: asha.id, pin: '4821' }))).toEqual({ code: 'PIN_LOCKED', sentence: { key: 'station.operators.pinLocked', params: { minutes: 1 } } });
    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: 61 } });
    expect((await app.api.invoke('operators.signIn', { id: asha.id, pin: '4821' })).signedIn?.name).toBe('Asha');
  });

  it('signs in by badge alone only while Setup allows it', async () => {
    expect((await app.api.invoke('operators.signIn', { badge: ravi.badge })).signedIn?.name).toBe('Ravi');
    await app.api.invoke('settings.update', { operators: { badgeAlone: false } });
    await app.api.invoke('operators.signOut', { reason: 'button' });
    expect(await refusal(app.api.invoke('operators.signIn', { badge: ravi.badge }))).toEqual({ code: 'PIN_NEEDED', sentence: { key: 'station.operators.pinNeeded', params: { name: 'Ravi' } } });
    expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
    expect((await app.api.invoke('operators.signIn', { id: ravi.id, pin: '7302' })).signedIn?.name).toBe('Ravi');
  });
});
