// The app's composition over a real HTTPS sandbox: demo mode signs in by itself, settings take
// effect and refuse bad values in words, sign-in verifies before it keeps anything, and no secret
// ever leaves the main process in a result or an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { authorizeViaForm, startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { tokenSecretName } from '../../../electron/station/composition/secret-token-vault.js';

let sb: TestSandbox;
let app: TestAppStation;
const results: unknown[] = [];

async function invoke(command: string, args: unknown): Promise<any> {
  const value = await app.api.invoke(command as never, args as never);
  results.push(value);
  return value;
}

async function refused(command: string, args: unknown): Promise<{ code: string; message: string }> {
  try {
    await app.api.invoke(command as never, args as never);
  } catch (e) {
    const err = e as { code: string; message: string };
    results.push(err);
    return { code: err.code, message: err.message };
  }
  throw new Error(`${command} was not refused`);
}

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb });
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});

describe('demo mode', () => {
  it('starts the sandbox marketplace, signs in and chooses its first location', async () => {
    const info = await invoke('app.info', {});
    expect(info.sandbox).toBe(true);
    expect(info.transport).toBe('memory');
    expect(info.version).toBe('0.0.0-test');
    expect(info.signIn.signedIn).toBe(true);
    expect(info.signIn.mode).toBe('sandbox');
    expect(info.signIn.text).toMatch(/^Signed in to the Sandbox until \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(new Date(info.signIn.accessExpiresAt).getTime()).toBeGreaterThan(sb.world.now());
    expect(info.locations).toEqual(sb.info.locations);
    const settings = await invoke('settings.get', {});
    expect(settings.locationId).toBe(sb.info.locations[0]);
    expect(settings.marketplace.baseUrl).toBe(sb.baseUrl);
    expect(app.events.some((e) => e.name === 'auth.changed' && (e.payload as any).signedIn)).toBe(true);
  });
});

describe('settings', () => {
  it('refuses an http: marketplace address in words and keeps the old value', async () => {
    const before = await invoke('settings.get', {});
    const err = await refused('settings.update', { marketplace: { baseUrl: 'http://marketplace.example.com' } });
    expect(err.code).toBe('INVALID_SETTINGS');
    expect(err.message).toMatch(/must start with https:\/\/, not http:\/\//);
    expect((await invoke('settings.get', {})).marketplace.baseUrl).toBe(before.marketplace.baseUrl);
  });

  it('takes a new location into effect for the desk', async () => {
    const other = sb.info.locations[1] ?? sb.info.locations[0];
    await invoke('settings.update', { locationId: other });
    expect(app.context.locationId()).toBe(other);
    expect(app.context.desk()).toBe(app.context.desk());
    await invoke('settings.update', { locationId: sb.info.locations[0] });
    expect(app.context.locationId()).toBe(sb.info.locations[0]);
  });
});

describe('sign-in', () => {
  it('refuses a wrong self-access secret with a sentence and keeps the working sign-in', async () => {
    const err = await refused('auth.signInSelfAccess', { baseUrl: sb.baseUrl, appId: sb.info.selfAccess.appId, appSecret: 'not-the-secret' });
    expect(err.code).toBe('SIGN_IN_FAILED');
    expect(err.message).toMatch(/refused the application id or secret/);
    expect((await invoke('app.info', {})).signIn.signedIn).toBe(true);
  });

  it('refuses an http: address before any request leaves', async () => {
    const err = await refused('auth.signInSelfAccess', { baseUrl: sb.baseUrl.replace('https:', 'http:'), appId: 'x', appSecret: 'y' });
    expect(err.code).toBe('INVALID_SETTINGS');
    expect(err.message).toMatch(/https:\/\//);
  });

  it('starts a third-party sign-in with a random state and refuses an answer with another state', async () => {
    const tp = sb.info.thirdParty;
    const { url } = await invoke('auth.startThirdParty', { baseUrl: sb.baseUrl, appId: tp.appId, appSecret: tp.appSecret, redirectUri: tp.redirectUri });
    const u = new URL(url);
    expect(u.origin).toBe(sb.baseUrl);
    expect(u.pathname).toBe('/oauth-service/oauth/authorize');
    const state = u.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(24);
    expect(u.searchParams.get('client_id')).toBe(tp.appId);
    const err = await refused('auth.completeThirdParty', { callbackUrl: `${tp.redirectUri}?code=abc&state=${state}x` });
    expect(err.message).toMatch(/did not carry the state this station sent/);
    expect((await invoke('app.info', {})).signIn.mode).toBe('sandbox');
  });

  it('completes a third-party sign-in through the authorize page, then signs out and back into the sandbox', async () => {
    const tp = sb.info.thirdParty;
    const { url } = await invoke('auth.startThirdParty', { baseUrl: sb.baseUrl, appId: tp.appId, appSecret: tp.appSecret, redirectUri: tp.redirectUri });
    const state = new URL(url).searchParams.get('state')!;
    const answer = await authorizeViaForm(sb, { state });
    expect(answer.location?.searchParams.get('code')).toBeTruthy();
    const view = await invoke('auth.completeThirdParty', { callbackUrl: answer.location!.toString() });
    expect(view).toMatchObject({ mode: 'thirdParty', signedIn: true });
    expect(view.text).toMatch(/^Signed in to 127\.0\.0\.1:\d+ until/);
    expect((await invoke('app.info', {})).sandbox).toBe(false);
    // The connection works: a read through the third-party tokens.
    expect(Array.isArray((await app.context.marketplace().orders.search({ filter: { type: 'preDispatch' } })).shipments)).toBe(true);

    const out = await invoke('auth.signOut', {});
    expect(out.signedIn).toBe(false);
    expect(out.text).toMatch(/^Signed out: .*Sign in from Settings/);
    const err = await refused('queue.list', {});
    expect(err.code).toBe('NOT_SIGNED_IN');

    const back = await invoke('auth.useSandbox', {});
    expect(back).toMatchObject({ mode: 'sandbox', signedIn: true });
    expect((await invoke('app.info', {})).sandbox).toBe(true);
  });

  it('keeps secrets in the secret store, and never in a result or an event', async () => {
    const tokens = [...sb.world.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = [sb.info.selfAccess.appSecret, sb.info.thirdParty.appSecret, 'not-the-secret', ...tokens];
    const stored = app.secrets.get(tokenSecretName(`test-sandbox:${sb.baseUrl}`, sb.info.selfAccess.appId));
    expect(stored).toBeTruthy();
    const seen = JSON.stringify([results, app.events, app.log]);
    for (const secret of secrets) expect(seen.includes(secret), 'a secret crossed the contract').toBe(false);
    // And the file at rest holds no secret in clear.
    const { readFileSync } = await import('node:fs');
    const file = readFileSync(`${app.dataDir}/secrets.json`, 'utf8');
    for (const secret of secrets) expect(file.includes(secret)).toBe(false);
  });
});

describe('settings.changed', () => {
  it('tells every connected screen about a change, wherever it was made', async () => {
    const seen = app.waitForEvent('settings.changed', (s) => s.compactMode === true);
    // A change made outside the contract (the app menu, the command line) goes through the store.
    app.settings.update({ compactMode: true });
    expect((await seen).compactMode).toBe(true);
    const back = app.waitForEvent('settings.changed', (s) => s.compactMode === false);
    await invoke('settings.update', { compactMode: false });
    expect((await back).compactMode).toBe(false);
  });
});
