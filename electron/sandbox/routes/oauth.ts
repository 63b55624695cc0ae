// Routes: token operations (spec § Authentication, § Token operations). Tokens live on the
// sandbox clock, so POST /sandbox/clock can age them past their 60 / 180 days.
import { z } from 'zod';
import { oauthError, type RouteContext, type RouteDef, type RouteResult } from '../http/route.js';
import type { World } from '../world/world.js';
import type { AppRec, AuthCodeRec, TokenRec } from '../world/model.js';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_RENEWAL_WINDOW_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../../../shared/api/limits.js';
import { renderAuthorizeError, renderAuthorizePage, type AuthorizeParams } from '../platform/authorize-page.js';
import { clearSignInFailures, recordSignInFailure, signInWaitMs, waitInWords } from '../platform/sign-in-throttle.js';

/** Lifetime of an authorization code. The spec does not give one; ten minutes is the common choice. */
export const AUTH_CODE_TTL_SECONDS = 10 * 60;
/** Grant types the spec names (spec § Authentication 4); only three are described and served. */
const SERVED_GRANTS = ['client_credentials', 'authorization_code', 'refresh_token'] as const;
const SCOPE_WORDS = ['Seller_Api', 'Default'];
const DEFAULT_SCOPE = 'Seller_Api';

const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().int().optional(),
});
const ExpiryResponse = z.object({ expired: z.boolean(), token_type: z.enum(['access_token', 'refresh_token']), expires_in: z.number().int() });
const AuthorizeForm = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  response_type: z.string(),
  scope: z.string(),
  state: z.string(),
  username: z.string(),
  password: z.string(),
  decision: z.enum(['allow', 'deny']),
});

/** Whole seconds left, rounded up: a token issued a few ms ago still reports its full lifetime. */
const secondsLeft = (world: World, rec: { expiresAt: number }) => Math.max(0, Math.ceil((rec.expiresAt - world.now()) / 1000));

/** Accepts `Seller_Api,Default` or `Seller_Api` (spec § Client credentials flow); also space-separated. */
function parseScope(raw: string | null): string {
  if (raw === null || raw.trim() === '') return DEFAULT_SCOPE;
  const words = raw.split(/[,\s]+/).filter(Boolean);
  const unknown = words.filter((w) => !SCOPE_WORDS.includes(w));
  if (unknown.length > 0 || !words.includes('Seller_Api')) {
    throw oauthError(400, 'invalid_scope', `Scope must be Seller_Api or Seller_Api,Default; got "${raw}".`);
  }
  return words.join(',');
}

function required(ctx: RouteContext, name: string): string {
  const value = ctx.query.get(name);
  if (value === null || value === '') throw oauthError(400, 'invalid_request', `The query parameter ${name} is required.`);
  return value;
}

function issue(world: World, app: AppRec, sellerId: string, kind: TokenRec['kind'], ttlSeconds: number, scope: string): TokenRec {
  const now = world.now();
  const rec: TokenRec = { token: world.secret(), kind, appId: app.appId, sellerId, scope, issuedAt: now, expiresAt: now + ttlSeconds * 1000 };
  world.tokens.set(rec.token, rec);
  world.touch('token', rec.token);
  return rec;
}

function pairResponse(world: World, access: TokenRec, refresh: TokenRec): RouteResult {
  return {
    json: {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: secondsLeft(world, access),
      scope: access.scope,
      refresh_token: refresh.token,
      refresh_token_expires_in: secondsLeft(world, refresh),
    },
  };
}

function tokenHandler(ctx: RouteContext): RouteResult {
  const { world } = ctx;
  const app = ctx.app!;
  const grant = required(ctx, 'grant_type');
  if (!(SERVED_GRANTS as readonly string[]).includes(grant)) {
    throw oauthError(400, 'unsupported_grant_type', `Grant type "${grant}" is not supported; use client_credentials, authorization_code or refresh_token.`);
  }
  if (grant === 'client_credentials') {
    // Self-access applications only (spec § Application setup): partners use the code flow.
    if (app.kind !== 'self') throw oauthError(400, 'unauthorized_client', 'A third-party application must use the authorization_code grant.');
    const scope = parseScope(ctx.query.get('scope'));
    const access = issue(world, app, app.sellerId, 'access', ACCESS_TOKEN_TTL_SECONDS, scope);
    return { json: { access_token: access.token, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope } };
  }
  if (grant === 'authorization_code') return exchangeCode(ctx, world, app);

  const refresh = world.tokens.get(required(ctx, 'refresh_token'));
  if (!refresh || refresh.kind !== 'refresh' || refresh.appId !== app.appId) throw oauthError(400, 'invalid_grant', 'The refresh token is not known for this application.');
  if (refresh.revokedAt !== undefined) {
    throw oauthError(400, 'invalid_grant', 'The refresh token was revoked: the authorization code it came from was used twice. Authorize the application again.');
  }
  if (world.now() >= refresh.expiresAt) {
    throw oauthError(400, 'invalid_grant', 'The refresh token has expired; the seller must authorize the application again (spec § Refresh flow).');
  }
  const access = issue(world, app, refresh.sellerId, 'access', ACCESS_TOKEN_TTL_SECONDS, refresh.scope);
  access.viaRefresh = refresh.token;
  return pairResponse(world, access, refresh);
}

/**
 * A code presented again: besides refusing it, revoke every token its first exchange issued, and
 * the access tokens since drawn from that refresh token (RFC 6749 § 4.1.2: "SHOULD revoke (when
 * possible) all tokens previously issued based on that authorization code"). Whoever replays a
 * code may have stolen it; the seller signs in again.
 */
function revokeIssuedFrom(world: World, code: AuthCodeRec): number {
  const issued = new Set(code.issued ?? []);
  const now = world.now();
  let revoked = 0;
  for (const t of world.tokens.values()) {
    if (t.revokedAt !== undefined) continue;
    if (issued.has(t.token) || (t.viaRefresh !== undefined && issued.has(t.viaRefresh))) {
      t.revokedAt = now;
      world.touch('token', t.token);
      revoked += 1;
    }
  }
  return revoked;
}

function exchangeCode(ctx: RouteContext, world: World, app: AppRec): RouteResult {
  if (app.kind !== 'thirdParty') throw oauthError(400, 'unauthorized_client', 'A self-access application uses the client_credentials grant.');
  const redirectUri = required(ctx, 'redirect_uri');
  const state = required(ctx, 'state');
  const rec = world.codes.get(required(ctx, 'code'));
  if (!rec || rec.appId !== app.appId) throw oauthError(400, 'invalid_grant', 'The authorization code is not known for this application.');
  if (rec.used) {
    revokeIssuedFrom(world, rec);
    throw oauthError(400, 'invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked. Authorize again.');
  }
  if (world.now() >= rec.expiresAt) throw oauthError(400, 'invalid_grant', 'The authorization code has expired; authorize again.');
  if (redirectUri !== rec.redirectUri) throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the one of the authorization request.');
  if (state !== rec.state) throw oauthError(400, 'invalid_grant', 'state does not match the one of the authorization request.');
  rec.used = true;
  world.touch('code', rec.code);

  // Refresh renewal window (spec § Authorization code flow 3): more than 21 days left on the
  // seller's current refresh token for this app -> it is returned again; otherwise a new one.
  let current: TokenRec | undefined;
  for (const t of world.tokens.values()) {
    if (t.kind === 'refresh' && t.appId === app.appId && t.sellerId === rec.sellerId && t.expiresAt > world.now() && t.revokedAt === undefined) {
      if (!current || t.expiresAt > current.expiresAt) current = t;
    }
  }
  const refresh =
    current && current.expiresAt - world.now() > REFRESH_RENEWAL_WINDOW_SECONDS * 1000
      ? current
      : issue(world, app, rec.sellerId, 'refresh', REFRESH_TOKEN_TTL_SECONDS, rec.scope);
  const access = issue(world, app, rec.sellerId, 'access', ACCESS_TOKEN_TTL_SECONDS, rec.scope);
  rec.issued = [access.token, refresh.token];
  return pairResponse(world, access, refresh);
}

function expiryHandler(ctx: RouteContext): RouteResult {
  const type = required(ctx, 'token_type');
  if (type !== 'access' && type !== 'refresh') throw oauthError(400, 'invalid_request', 'token_type must be access or refresh.');
  const rec = ctx.world.tokens.get(required(ctx, 'token'));
  if (!rec || rec.appId !== ctx.app!.appId) throw oauthError(400, 'invalid_token', 'The token is not known for this application.');
  if (rec.kind !== type) throw oauthError(400, 'invalid_request', `The token is a ${rec.kind} token, not a ${type} token.`);
  // A revoked token counts as expired: it will never work again.
  if (rec.revokedAt !== undefined) return { json: { expired: true, token_type: `${type}_token`, expires_in: 0 } };
  const left = secondsLeft(ctx.world, rec);
  return { json: { expired: ctx.world.now() >= rec.expiresAt, token_type: `${type}_token`, expires_in: left } };
}

/** Validates the client and redirect of an authorize request; never redirects to an unregistered URI. */
function checkClient(world: World, params: Partial<AuthorizeParams>): AppRec | string {
  const app = params.client_id ? world.apps.get(params.client_id) : undefined;
  if (!app || app.kind !== 'thirdParty') return 'Unknown client_id: no third-party application is registered under it.';
  if (!params.redirect_uri || params.redirect_uri !== app.redirectUri) return 'redirect_uri must equal the callback URL registered for the application.';
  if (params.response_type !== 'code') return 'response_type must be code.';
  return app;
}

/**
 * The page's policy. Chromium applies form-action to the redirect that answers the form too, so
 * the registered callback's origin must be allowed, or Allow ends on a blocked navigation.
 */
function html(status: number, body: string, redirectUri?: string, extraHeaders: Record<string, string> = {}): RouteResult {
  const callback = redirectUri ? ` ${new URL(redirectUri).origin}` : '';
  return {
    status,
    body,
    contentType: 'text/html; charset=utf-8',
    // frame-ancestors 'none' (and X-Frame-Options for older browsers): no other page may frame the
    // sign-in form and trick the seller into pressing Allow (clickjacking).
    headers: {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${callback}; frame-ancestors 'none'`,
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      ...extraHeaders,
    },
  };
}

function authorizePage(ctx: RouteContext): RouteResult {
  const params: AuthorizeParams = {
    client_id: ctx.query.get('client_id') ?? '',
    redirect_uri: ctx.query.get('redirect_uri') ?? '',
    response_type: ctx.query.get('response_type') ?? '',
    scope: ctx.query.get('scope') ?? DEFAULT_SCOPE,
    state: ctx.query.get('state') ?? '',
  };
  const app = checkClient(ctx.world, params);
  if (typeof app === 'string') return html(400, renderAuthorizeError(app));
  return html(200, renderAuthorizePage(params, app.appId), app.redirectUri);
}

/** 429 with the wait in words and in Retry-After (platform/sign-in-throttle.ts). */
function tooManyAttempts(params: AuthorizeParams, app: AppRec, waitMs: number, username: string): RouteResult {
  const message = `Too many wrong passwords for this username. Wait ${waitInWords(waitMs)}, then try again.`;
  return html(429, renderAuthorizePage(params, app.appId, message, username), app.redirectUri, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
}

function redirect(uri: string, query: Record<string, string>): RouteResult {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { status: 302, headers: { location: url.toString(), 'cache-control': 'no-store' }, body: '', contentType: 'text/plain' };
}

function authorizeSubmit(ctx: RouteContext): RouteResult {
  const fields = Object.fromEntries(new URLSearchParams(ctx.rawBody.toString('utf8')));
  const parsed = AuthorizeForm.partial().safeParse(fields);
  const form = parsed.success ? parsed.data : {};
  const app = checkClient(ctx.world, form);
  if (typeof app === 'string') return html(400, renderAuthorizeError(app));
  const params: AuthorizeParams = { client_id: app.appId, redirect_uri: app.redirectUri!, response_type: 'code', scope: form.scope || DEFAULT_SCOPE, state: form.state ?? '' };
  if (form.decision === 'deny') return redirect(params.redirect_uri, { error: 'access_denied', state: params.state });
  if (form.decision !== 'allow') return html(400, renderAuthorizePage(params, app.appId, 'Press Allow or Deny.'), app.redirectUri);
  let scope: string;
  try {
    scope = parseScope(params.scope);
  } catch {
    return redirect(params.redirect_uri, { error: 'invalid_scope', state: params.state });
  }
  const username = form.username ?? '';
  const waiting = signInWaitMs(ctx.world, username);
  if (waiting > 0) return tooManyAttempts(params, app, waiting, username);
  const seller = [...ctx.world.sellers.values()].find((s) => s.username === form.username && s.password === form.password);
  if (!seller) {
    const wait = recordSignInFailure(ctx.world, username);
    if (wait > 0) return tooManyAttempts(params, app, wait, username);
    return html(401, renderAuthorizePage(params, app.appId, 'Wrong username or password.', username), app.redirectUri);
  }
  clearSignInFailures(ctx.world, username);
  const code: AuthCodeRec = {
    code: ctx.world.secret(),
    appId: app.appId,
    sellerId: seller.sellerId,
    redirectUri: params.redirect_uri,
    scope,
    state: params.state,
    expiresAt: ctx.world.now() + AUTH_CODE_TTL_SECONDS * 1000,
    used: false,
  };
  ctx.world.codes.set(code.code, code);
  ctx.world.touch('code', code.code);
  return redirect(params.redirect_uri, { code: code.code, state: params.state });
}

export const oauthRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/oauth-service/oauth/token',
    auth: 'basic',
    summary: 'Issue tokens: grant_type client_credentials, authorization_code or refresh_token (query parameters, HTTP Basic).',
    specRef: '§ Authentication',
    response: TokenResponse,
    handler: tokenHandler,
  },
  {
    method: 'GET',
    path: '/oauth-service/oauth/token/expiry',
    auth: 'basic',
    summary: 'Check whether an access or refresh token has expired (query token_type, token).',
    specRef: '§ Token expiry check',
    response: ExpiryResponse,
    handler: expiryHandler,
  },
  {
    method: 'GET',
    path: '/oauth-service/oauth/authorize',
    auth: 'none',
    summary: 'The seller sign-in and Allow page of the authorization code flow.',
    specRef: '§ Authorization code flow',
    produces: 'text/html',
    handler: authorizePage,
  },
  {
    method: 'POST',
    path: '/oauth-service/oauth/authorize',
    auth: 'none',
    summary: 'Sign-in form post: answers 302 to redirect_uri with code and state, or error=access_denied.',
    specRef: '§ Authorization code flow',
    request: AuthorizeForm,
    produces: 'text/html',
    handler: authorizeSubmit,
  },
];
