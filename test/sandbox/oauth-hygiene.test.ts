// OAuth hygiene of the sandbox over real HTTPS: a replayed authorization code revokes the tokens
// issued from it (RFC 6749 § 4.1.2), wrong passwords on the sign-in page are throttled with the
// wait in words, the sign-in page refuses to be framed, and the control API answers only to the
// X-Sandbox-Control token of its ready line (kept 0600 in the state directory, stable across
// restarts).
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeViaForm, pinnedClient, spawnSandboxCli, startTestSandbox, tokenCall, type TestSandbox } from '../support/sandbox.js';
import { SIGN_IN_FIRST_WAIT_MS, SIGN_IN_FREE_FAILURES } from '../../electron/sandbox/platform/sign-in-throttle.js';
import { CONTROL_TOKEN_FILE } from '../../electron/sandbox/platform/control-token.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

async function codeFor(state: string): Promise<string> {
  const r = await authorizeViaForm(sb, { state });
  expect(r.status).toBe(302);
  return r.location!.searchParams.get('code')!;
}

const exchange = (code: string, state: string) => tokenCall(sb, sb.info.thirdParty, { redirect_uri: sb.info.thirdParty.redirectUri, grant_type: 'authorization_code', state, code });
const refreshWith = (refreshToken: string) => tokenCall(sb, sb.info.thirdParty, { grant_type: 'refresh_token', refresh_token: refreshToken });
const sellerCall = (token: string) => sb.call('GET', `/sellers/v3/shipments?shipmentIds=SH00000000000001`, { token });
const expiry = (type: 'access' | 'refresh', token: string) => tokenCall(sb, sb.info.thirdParty, { token_type: type, token }, '/oauth-service/oauth/token/expiry');

describe('a replayed authorization code (RFC 6749 § 4.1.2)', () => {
  it('is refused, and the tokens first issued from it and refreshed since stop working', async () => {
    const code = await codeFor('replay-1');
    const first = await exchange(code, 'replay-1');
    expect(first.status).toBe(200);
    const { access_token: access, refresh_token: refresh } = first.json;
    expect((await sellerCall(access)).status).toBe(200);
    const refreshed = await refreshWith(refresh);
    expect(refreshed.status).toBe(200);
    const access2 = refreshed.json.access_token as string;
    expect((await sellerCall(access2)).status).toBe(200);
    // A token of the same seller obtained otherwise is not touched.
    const other = await exchange(await codeFor('replay-other'), 'replay-other');

    const replay = await exchange(code, 'replay-1');
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');
    expect(replay.json.error_description).toMatch(/already used.*revoked/);

    for (const token of [access, access2]) {
      const r = await sellerCall(token);
      expect(r.status).toBe(401);
      expect(r.json.error_description).toMatch(/revoked/);
    }
    const again = await refreshWith(refresh);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
    expect((await expiry('access', access)).json).toMatchObject({ expired: true, expires_in: 0 });
    expect((await expiry('refresh', refresh)).json).toMatchObject({ expired: true, expires_in: 0 });
    // The access token of the other sign-in was not issued from the replayed code: it still works.
    expect(other.status).toBe(200);
    expect((await sellerCall(other.json.access_token)).status).toBe(200);
  });

  it('a new sign-in after the revocation gets a new refresh token that works', async () => {
    const fresh = await exchange(await codeFor('after-revoke'), 'after-revoke');
    expect(fresh.status).toBe(200);
    expect((await refreshWith(fresh.json.refresh_token)).status).toBe(200);
    expect((await sellerCall(fresh.json.access_token)).status).toBe(200);
  });
});

describe('wrong passwords on the sign-in page', () => {
  it(`after ${SIGN_IN_FREE_FAILURES} in a row, asks to wait (in words and Retry-After), refuses even the right password, then lets the seller in`, async () => {
    for (let n = 1; n < SIGN_IN_FREE_FAILURES; n++) {
      const r = await authorizeViaForm(sb, { state: `wrong-${n}`, password: 'not-it' });
      expect(r.status).toBe(401);
      expect(r.bytes.toString('utf8')).toContain('Wrong username or password.');
      // Only the password has to be typed again.
      expect(r.bytes.toString('utf8')).toContain(`value="${sb.info.seller.username}"`);
    }
    const locked = await authorizeViaForm(sb, { state: 'wrong-last', password: 'not-it' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(SIGN_IN_FIRST_WAIT_MS / 1000));
    expect(locked.bytes.toString('utf8')).toContain('Too many wrong passwords for this username. Wait 30 seconds, then try again.');
    expect(locked.location).toBeUndefined();

    const right = await authorizeViaForm(sb, { state: 'right-too-soon' });
    expect(right.status).toBe(429);
    expect(right.location).toBeUndefined();
    expect(right.bytes.toString('utf8')).toMatch(/Wait \d+ seconds/);

    await sb.call('POST', '/sandbox/clock', { body: { advanceSeconds: SIGN_IN_FIRST_WAIT_MS / 1000 + 1 } });
    const after = await authorizeViaForm(sb, { state: 'right-after' });
    expect(after.status).toBe(302);
    expect(after.location!.searchParams.get('code')).toBeTruthy();
    // The success cleared the count: the next wrong password is an ordinary one.
    expect((await authorizeViaForm(sb, { state: 'wrong-again', password: 'nope' })).status).toBe(401);
  });

  it('doubles the wait for each further wrong password after the first wait', async () => {
    const throttled = await startTestSandbox({ shipments: 0 });
    try {
      const wrong = (state: string) => authorizeViaForm(throttled, { state, password: 'x' });
      for (let n = 0; n < SIGN_IN_FREE_FAILURES; n++) await wrong(`w${n}`);
      await throttled.call('POST', '/sandbox/clock', { body: { advanceSeconds: 31 } });
      const second = await wrong('w-more');
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('60');
      expect(second.bytes.toString('utf8')).toContain('Wait 1 minute, then try again.');
    } finally {
      await throttled.close();
    }
  });
});

describe('the sign-in page is never framed', () => {
  it("sends frame-ancestors 'none' and X-Frame-Options DENY on the page and on its answers", async () => {
    const q = new URLSearchParams({ client_id: sb.info.thirdParty.appId, redirect_uri: sb.info.thirdParty.redirectUri, response_type: 'code', scope: 'Seller_Api', state: 'f' });
    const page = await sb.call('GET', `/oauth-service/oauth/authorize?${q}`, { token: null });
    const refused = await sb.call('GET', '/oauth-service/oauth/authorize?client_id=nobody', { token: null });
    const wrong = await authorizeViaForm(sb, { state: 'frame', password: 'bad' });
    for (const r of [page, refused, wrong]) {
      expect(r.headers.get('content-security-policy')).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(page.status).toBe(200);
  });
});

describe('the control API needs X-Sandbox-Control', () => {
  it('answers 401 in the usual error shape without the token or with a wrong one, and changes nothing', async () => {
    const before = sb.world.shipments.size;
    const missing = await sb.call('POST', '/sandbox/shipments', { body: { count: 1 }, control: null });
    const wrong = await sb.call('POST', '/sandbox/shipments', { body: { count: 1 }, control: 'x'.repeat(43) });
    for (const r of [missing, wrong]) {
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ code: 'UNAUTHORIZED', errors: [expect.objectContaining({ severity: 'ERROR' })] });
      expect(r.json.message).toMatch(/X-Sandbox-Control.*controlToken/);
    }
    expect(missing.json.message).toMatch(/needs/);
    expect(wrong.json.message).toMatch(/wrong/);
    for (const [method, path] of [['GET', '/sandbox/events?since=0'], ['POST', '/sandbox/clock'], ['POST', '/sandbox/reset'], ['POST', '/sandbox/faults']] as const) {
      expect((await sb.call(method, path, { body: method === 'POST' ? {} : undefined, control: null })).status, path).toBe(401);
    }
    expect(sb.world.shipments.size).toBe(before);
    expect((await sb.call('POST', '/sandbox/shipments', { body: { count: 1 } })).status).toBe(200);
  });

  it('the ready line carries the token, kept 0600 in the state directory and the same after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-control-'));
    const other = mkdtempSync(join(tmpdir(), 'sandbox-control-'));
    try {
      const args = (d: string) => ['--port', '0', '--seed', '7', '--shipments', '0', '--state-dir', d];
      const a = await spawnSandboxCli(args(dir));
      const token = a.ready.controlToken;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const file = join(dir, 'data', CONTROL_TOKEN_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(token);
      const client = await pinnedClient(a.ready.caCertPath);
      const url = `${a.ready.baseUrl}/sandbox/clock`;
      expect((await client.json('POST', url, { advanceSeconds: 0 })).status).toBe(401);
      expect((await client.json('POST', url, { advanceSeconds: 0 }, { 'x-sandbox-control': token })).status).toBe(200);
      a.child.kill('SIGTERM');
      await a.exited;

      const b = await spawnSandboxCli(['--port', '0', '--state-dir', dir]);
      expect(b.ready.controlToken).toBe(token);
      expect((await client.json('POST', `${b.ready.baseUrl}/sandbox/clock`, { advanceSeconds: 0 }, { 'x-sandbox-control': token })).status).toBe(200);
      const c = await spawnSandboxCli(args(other));
      expect(c.ready.controlToken).not.toBe(token);
      const otherClient = await pinnedClient(c.ready.caCertPath);
      expect((await otherClient.json('POST', `${c.ready.baseUrl}/sandbox/clock`, { advanceSeconds: 0 }, { 'x-sandbox-control': token })).status).toBe(401);
      await otherClient.dispatcher.close();
      for (const p of [b, c]) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
      await client.dispatcher.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});
