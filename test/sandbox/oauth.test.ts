// Token operations over real HTTPS (spec § Authentication, § Token operations).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorizeViaForm, clientCredentialsToken, startTestSandbox, tokenCall, type TestSandbox } from '../support/sandbox.js';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';
import { AUTH_CODE_TTL_SECONDS } from '../../electron/sandbox/routes/oauth.js';
import { allRoutes } from '../../electron/sandbox/routes/index.js';

const DAY = 86_400;
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
});
afterAll(() => sb.close());

async function codeFor(s: TestSandbox, state: string): Promise<string> {
  const r = await authorizeViaForm(s, { state });
  expect(r.status).toBe(302);
  return r.location!.searchParams.get('code')!;
}

function exchange(s: TestSandbox, code: string, state: string, redirectUri = s.info.thirdParty.redirectUri) {
  return tokenCall(s, s.info.thirdParty, { redirect_uri: redirectUri, grant_type: 'authorization_code', state, code });
}

describe('client credentials (spec § Client credentials flow)', () => {
  it.each(['Seller_Api,Default', 'Seller_Api'])('issues a 60-day bearer token for scope %s with exactly the listed fields', async (scope) => {
    const r = await tokenCall(sb, sb.info.selfAccess, { grant_type: 'client_credentials', scope });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(r.json).toMatchObject({ token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope });
    expect(r.json.access_token.length).toBeGreaterThan(20);
  });

  it('refuses a third-party application with unauthorized_client', async () => {
    const r = await tokenCall(sb, sb.info.thirdParty, { grant_type: 'client_credentials', scope: 'Seller_Api' });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('unauthorized_client');
    expect(r.json.error_description).toMatch(/authorization_code/);
  });

  it('refuses a wrong application secret and a missing Basic header with 401 and error_description', async () => {
    const wrong = await tokenCall(sb, { appId: sb.info.selfAccess.appId, appSecret: 'nope' }, { grant_type: 'client_credentials' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error_description).toBeTruthy();
    const none = await sb.call('GET', '/oauth-service/oauth/token?grant_type=client_credentials', { token: null });
    expect(none.status).toBe(401);
    expect(none.json.error_description).toMatch(/Basic/);
  });

  it.each(['implicit', 'password', 'magic'])('answers grant_type=%s with 400 unsupported_grant_type', async (grant) => {
    const r = await tokenCall(sb, sb.info.selfAccess, { grant_type: grant });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('unsupported_grant_type');
    expect(r.json.error_description).toContain(grant);
  });

  it('asks for grant_type and refuses an unknown scope', async () => {
    const missing = await tokenCall(sb, sb.info.selfAccess, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error_description).toMatch(/grant_type/);
    const scope = await tokenCall(sb, sb.info.selfAccess, { grant_type: 'client_credentials', scope: 'Admin' });
    expect(scope.status).toBe(400);
    expect(scope.json.error).toBe('invalid_scope');
  });
});

describe('authorize page (spec § Authorization code flow 1)', () => {
  const query = (over: Record<string, string> = {}) =>
    new URLSearchParams({ client_id: sb.info.thirdParty.appId, redirect_uri: sb.info.thirdParty.redirectUri, response_type: 'code', scope: 'Seller_Api', state: 's<1>', ...over });

  it('serves a sign-in page with labelled inputs, the request in hidden fields and Allow / Deny', async () => {
    const r = await sb.call('GET', `/oauth-service/oauth/authorize?${query()}`, { token: null });
    expect(r.status).toBe(200);
    expect(r.contentType).toContain('text/html');
    const html = r.bytes.toString('utf8');
    expect(html).toContain('<label for="username">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('name="decision" value="allow"');
    expect(html).toContain('name="decision" value="deny"');
    expect(html).toContain('value="s&#60;1&#62;"'); // the state is reflected escaped
  });

  it('refuses an unknown client or an unregistered redirect_uri without redirecting', async () => {
    for (const over of [{ client_id: 'who' }, { redirect_uri: 'https://evil.example/cb' }, { client_id: sb.info.selfAccess.appId }] as Record<string, string>[]) {
      const r = await sb.call('GET', `/oauth-service/oauth/authorize?${query(over)}`, { token: null });
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
    }
  });

  it('redirects to redirect_uri with code and state after Allow', async () => {
    const r = await authorizeViaForm(sb, { state: 'st-allow' });
    expect(r.status).toBe(302);
    expect(`${r.location!.origin}${r.location!.pathname}`).toBe(sb.info.thirdParty.redirectUri);
    expect(r.location!.searchParams.get('state')).toBe('st-allow');
    expect(r.location!.searchParams.get('code')).toBeTruthy();
  });

  it('redirects with error=access_denied and the state after Deny', async () => {
    const r = await authorizeViaForm(sb, { state: 'st-deny', decision: 'deny' });
    expect(r.status).toBe(302);
    expect(r.location!.searchParams.get('error')).toBe('access_denied');
    expect(r.location!.searchParams.get('state')).toBe('st-deny');
    expect(r.location!.searchParams.get('code')).toBeNull();
  });

  it('shows the page again with 401 and a message after a wrong password', async () => {
    const r = await authorizeViaForm(sb, { state: 'st-wrong', password: 'guess' });
    expect(r.status).toBe(401);
    expect(r.location).toBeUndefined();
    expect(r.bytes.toString('utf8')).toContain('Wrong username or password');
  });
});

describe('authorization code exchange and refresh', () => {
  it('exchanges a code for access and refresh tokens with exactly the listed fields', async () => {
    const code = await codeFor(sb, 'x1');
    const r = await exchange(sb, code, 'x1');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'scope', 'token_type']);
    expect(r.json.token_type).toBe('bearer');
    expect(r.json.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(r.json.refresh_token_expires_in).toBeGreaterThan(REFRESH_TOKEN_TTL_SECONDS - 5);
    expect(r.json.scope).toBe('Seller_Api');
  });

  it('refuses a reused code, a wrong redirect_uri, a wrong state and a self-access app', async () => {
    const code = await codeFor(sb, 'x2');
    expect((await exchange(sb, code, 'x2', 'https://127.0.0.1/other')).json.error).toBe('invalid_grant');
    expect((await exchange(sb, code, 'not-x2')).json.error).toBe('invalid_grant');
    const self = await tokenCall(sb, sb.info.selfAccess, { grant_type: 'authorization_code', code, state: 'x2', redirect_uri: sb.info.thirdParty.redirectUri });
    expect(self.json.error).toBe('unauthorized_client');
    expect((await exchange(sb, code, 'x2')).status).toBe(200);
    const again = await exchange(sb, code, 'x2');
    expect(again.status).toBe(400);
    expect(again.json.error_description).toMatch(/already used/);
  });

  it('refreshes: a new access token, the same refresh token, unknown refresh tokens refused', async () => {
    const first = (await exchange(sb, await codeFor(sb, 'x3'), 'x3')).json;
    const r = await tokenCall(sb, sb.info.thirdParty, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(r.status).toBe(200);
    expect(r.json.access_token).not.toBe(first.access_token);
    expect(r.json.refresh_token).toBe(first.refresh_token);
    expect(r.json.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const bad = await tokenCall(sb, sb.info.thirdParty, { grant_type: 'refresh_token', refresh_token: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('invalid_grant');
  });
});

describe('on the sandbox clock', () => {
  // A fresh sandbox per test: each one moves the clock by months.
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startTestSandbox({ shipments: 0 });
  });
  afterEach(() => t.close());
  const move = (seconds: number) => t.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: seconds } });

  it('lets a code expire after AUTH_CODE_TTL_SECONDS', async () => {
    const code = await codeFor(t, 'c1');
    await move(AUTH_CODE_TTL_SECONDS + 1);
    const r = await exchange(t, code, 'c1');
    expect(r.status).toBe(400);
    expect(r.json.error_description).toMatch(/expired/);
  });

  it('returns the same refresh token while more than 21 days are left, a new one after (spec § Authorization code flow 3)', async () => {
    const first = (await exchange(t, await codeFor(t, 'r1'), 'r1')).json;
    await move(158 * DAY);
    const same = (await exchange(t, await codeFor(t, 'r2'), 'r2')).json;
    expect(same.refresh_token).toBe(first.refresh_token);
    expect(same.refresh_token_expires_in).toBeLessThanOrEqual(22 * DAY);
    await move(2 * DAY);
    const renewed = (await exchange(t, await codeFor(t, 'r3'), 'r3')).json;
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect(renewed.refresh_token_expires_in).toBeGreaterThan(REFRESH_TOKEN_TTL_SECONDS - 5);
  });

  it('refuses an expired refresh token after 180 days', async () => {
    const first = (await exchange(t, await codeFor(t, 'e1'), 'e1')).json;
    await move(REFRESH_TOKEN_TTL_SECONDS + 1);
    const r = await tokenCall(t, t.info.thirdParty, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(r.status).toBe(400);
    expect(r.json.error_description).toMatch(/authorize/);
  });

  it('reports expiry of access and refresh tokens (spec § Token expiry check)', async () => {
    const pair = (await exchange(t, await codeFor(t, 'k1'), 'k1')).json;
    const check = (type: string, token: string) => tokenCall(t, t.info.thirdParty, { token_type: type, token }, '/oauth-service/oauth/token/expiry');
    const access = await check('access', pair.access_token);
    expect(access.json).toEqual({ expired: false, token_type: 'access_token', expires_in: ACCESS_TOKEN_TTL_SECONDS });
    expect((await check('refresh', pair.refresh_token)).json).toMatchObject({ expired: false, token_type: 'refresh_token' });
    expect((await check('refresh', pair.access_token)).status).toBe(400);
    expect((await check('access', 'unknown')).json.error_description).toBeTruthy();
    await move(ACCESS_TOKEN_TTL_SECONDS);
    expect((await check('access', pair.access_token)).json).toEqual({ expired: true, token_type: 'access_token', expires_in: 0 });
    const refresh = (await check('refresh', pair.refresh_token)).json;
    expect(refresh.expired).toBe(false);
    expect(refresh.expires_in).toBe(REFRESH_TOKEN_TTL_SECONDS - ACCESS_TOKEN_TTL_SECONDS);
  });

  it('expires every access token on POST /sandbox/tokens/expire', async () => {
    const token = await clientCredentialsToken(t);
    const r = await t.call('POST', '/sandbox/tokens/expire', { token: null });
    expect(r.status).toBe(200);
    expect(r.json.expired).toBeGreaterThanOrEqual(3);
    const check = await tokenCall(t, t.info.selfAccess, { token_type: 'access', token }, '/oauth-service/oauth/token/expiry');
    expect(check.json.expired).toBe(true);
  });
});

describe('an expired access token gives HTTP 401 (spec § Authentication 2)', () => {
  // Any bearer operation of the seller interface shows the pipeline's token check; the first one
  // in the route list is called with its path parameters filled in and an empty JSON body.
  const bearerCall = (s: TestSandbox, token: string) => {
    const route = allRoutes().find((r) => r.auth === 'bearer');
    if (!route) throw new Error('no bearer route is served');
    const path = route.path.replace(/\{[^}]+\}/g, 'X');
    return s.call(route.method, path, { token, body: route.method === 'GET' ? undefined : {} });
  };

  it('after POST /sandbox/tokens/expire', async () => {
    const token = await clientCredentialsToken(sb);
    expect((await bearerCall(sb, token)).status).not.toBe(401);
    await sb.call('POST', '/sandbox/tokens/expire', { token: null });
    const r = await bearerCall(sb, token);
    expect(r.status).toBe(401);
    expect(r.json.error_description).toMatch(/expired/);
  });

  it('after the clock moves 60 days', async () => {
    const t = await startTestSandbox({ shipments: 0 });
    try {
      const token = await clientCredentialsToken(t);
      await t.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: ACCESS_TOKEN_TTL_SECONDS - 60 } });
      expect((await bearerCall(t, token)).status).not.toBe(401);
      await t.call('POST', '/sandbox/clock', { token: null, body: { advanceSeconds: 60 } });
      expect((await bearerCall(t, token)).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
