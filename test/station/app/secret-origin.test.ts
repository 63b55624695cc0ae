// The application secret stays with the marketplace it was entered for. A second HTTPS server
// that the station trusts as much as the real one (same CA) stands for an attacker's address:
// moving the connection there through the contract, through the settings file, or by switching
// the access mode never sends it the secret or a token; the station forgets them and asks for a
// new sign-in. And "signed in" is said only once a token was actually issued, with its expiry.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../../../electron/station/api/http.js';
import { APP_SECRET_NAME, bindingOf, storeAppSecret } from '../../../electron/station/composition/app-secret.js';
import { ConnectionError, settingsConnection } from '../../../electron/station/composition/connection.js';
import { tokenSecretName } from '../../../electron/station/composition/secret-token-vault.js';
import { JsonFileSettingsStore } from '../../../electron/station/settings/settings-store.js';
import { dataPaths } from '../../../electron/station/composition/data-dir.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

let sb: TestSandbox;
let evil: Server;
let evilUrl: string;
const seenByEvil: Seen[] = [];
const stations: TestAppStation[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 2, labelDelayMs: 0 });
  // Answers like a marketplace would (a token for any credentials), so a leak would go unnoticed by the station.
  evil = createServer({ key: sb.tls.key, cert: sb.tls.cert }, (req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seenByEvil.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'evil-token', token_type: 'bearer', expires_in: 3600, scope: 'Seller_Api' }));
    });
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilUrl = `https://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of stations) await s.close();
  await new Promise((r) => evil?.close(r));
  await sb?.close();
});

/** A station connected to no sandbox of its own, trusting the test CA for every address. */
async function station(options: { dataDir?: string } = {}): Promise<TestAppStation> {
  const app = await startTestAppStation({ sandbox: sb, demo: false, settingsFile: true, dataDir: options.dataDir, fetchFor: () => createNodeFetch({ caPem: sb.tls.caCert }) });
  stations.push(app);
  return app;
}

async function refusal(app: TestAppStation, command: string, args: unknown): Promise<{ code: string; message: string }> {
  try {
    await app.api.invoke(command as never, args as never);
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error(`${command} was not refused`);
}

const secret = () => sb.info.selfAccess.appSecret;
const appId = () => sb.info.selfAccess.appId;

/** Nothing that reached the second server carries the secret or any token of the real one. */
function expectNothingLeaked(): void {
  const basic = Buffer.from(`${appId()}:${secret()}`).toString('base64');
  const everything = JSON.stringify(seenByEvil);
  expect(everything.includes(basic)).toBe(false);
  expect(everything.includes(secret())).toBe(false);
  for (const token of sb.world.tokens.keys()) expect(everything.includes(token)).toBe(false);
  expect(seenByEvil.filter((r) => r.authorization)).toEqual([]);
}

async function signIn(app: TestAppStation): Promise<void> {
  const view = (await app.api.invoke('auth.signInSelfAccess' as never, { baseUrl: sb.baseUrl, appId: appId(), appSecret: secret() } as never)) as { signedIn: boolean };
  expect(view.signedIn).toBe(true);
}

describe('the application secret is bound to its origin', () => {
  it('a new address through settings.update forgets the secret and tokens, asks for a sign-in and sends the new host nothing', async () => {
    const app = await station();
    await signIn(app);
    expect(app.secrets.names()).toEqual(expect.arrayContaining([APP_SECRET_NAME, tokenSecretName(sb.baseUrl, appId())]));

    await app.api.invoke('settings.update' as never, { marketplace: { baseUrl: evilUrl } } as never);
    const info = (await app.api.invoke('app.info' as never, {} as never)) as { signIn: { signedIn: boolean; text: string } };
    expect(info.signIn.signedIn).toBe(false);
    expect(info.signIn.text).toMatch(/No application secret is stored\. Sign in again/);
    const err = await refusal(app, 'queue.list', {});
    expect(err.code).toBe('NOT_SIGNED_IN');
    expect(app.secrets.names()).not.toContain(APP_SECRET_NAME);
    expect(app.secrets.names()).not.toContain(tokenSecretName(sb.baseUrl, appId()));
    expectNothingLeaked();
    expect(seenByEvil).toEqual([]);

  });

  it('a new access mode forgets them too', async () => {
    const app = await station();
    await signIn(app);
    await app.api.invoke('settings.update' as never, { marketplace: { mode: 'thirdParty', redirectUri: sb.info.thirdParty.redirectUri } } as never);
    expect(app.secrets.names()).not.toContain(APP_SECRET_NAME);
    expect(app.secrets.names()).not.toContain(tokenSecretName(sb.baseUrl, appId()));
    expect(((await app.api.invoke('app.info' as never, {} as never)) as { signIn: { signedIn: boolean } }).signIn.signedIn).toBe(false);
  });

  it('a settings file edited while the station was stopped does not get the secret sent elsewhere, in the app or the command line', async () => {
    const first = await station();
    await signIn(first);
    const dataDir = first.dataDir;
    await first.station.stop();
    // Someone points the stored address elsewhere behind the station's back.
    const file = JsonFileSettingsStore.open(dataPaths(dataDir).settings);
    file.update({ marketplace: { ...file.get().marketplace, baseUrl: evilUrl } } as never);

    const again = await station({ dataDir });
    const err = await refusal(again, 'queue.list', {});
    expect(err.code).toBe('NOT_SIGNED_IN');
    expect(err.message).toMatch(/address or access mode changed since the application secret was entered.*Sign in again/);
    const connection = settingsConnection(again.settings, again.secrets);
    await expect(connection.credentials()).rejects.toThrow(ConnectionError);
    await expect(connection.credentials()).rejects.toThrow(/only ever sent to the address it was entered for/);
    expectNothingLeaked();
    expect(seenByEvil).toEqual([]);
  });
});

describe('signed in only once a token was issued', () => {
  it('says "not signed in yet" with a stored secret and no token, then signed in with the expiry after the first call', async () => {
    const app = await station();
    app.settings.update({ marketplace: { mode: 'selfAccess', baseUrl: sb.baseUrl, appId: appId() } } as never);
    storeAppSecret(app.secrets, bindingOf({ mode: 'selfAccess', baseUrl: sb.baseUrl, appId: appId() })!, secret());
    const before = (await app.api.invoke('app.info' as never, {} as never)) as { signIn: { signedIn: boolean; text: string; accessExpiresAt?: string } };
    expect(before.signIn.signedIn).toBe(false);
    expect(before.signIn.text).toMatch(/^Not signed in yet to 127\.0\.0\.1:\d+/);
    expect(before.signIn.accessExpiresAt).toBeUndefined();
    const tokensBefore = sb.world.tokens.size;

    await app.api.invoke('queue.list' as never, {} as never);
    expect(sb.world.tokens.size).toBeGreaterThan(tokensBefore);
    const after = (await app.api.invoke('app.info' as never, {} as never)) as { signIn: { signedIn: boolean; text: string; accessExpiresAt?: string } };
    expect(after.signIn.signedIn).toBe(true);
    expect(new Date(after.signIn.accessExpiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(after.signIn.text).toMatch(/^Signed in to 127\.0\.0\.1:\d+ until \d{1,2} [A-Z][a-z]{2} \d{4}/);
  });
});
