// Access tokens (spec § Authentication). Self access uses client_credentials; third party uses
// authorization_code with a random `state` that must come back unchanged, then refresh_token.
// Tokens are refreshed before they expire and once after a 401, with single flight: however
// many calls need a token at the same moment, one request obtains it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { MarketplaceError, describeErrorBody, transportFailure } from './errors.js';
import { requireHttpsBaseUrl, type AccessTokenSource, type FetchLike } from './http.js';

export interface AppCredentials {
  appId: string;
  appSecret: string;
}

/** What is kept between runs; lives only in the SecretStore (encrypted at rest). */
export interface StoredTokens {
  accessToken: string;
  /** Epoch ms. */
  accessExpiresAt: number;
  refreshToken?: string;
  refreshExpiresAt?: number;
  scope: string;
}

export interface TokenVault {
  load(): Promise<StoredTokens | undefined>;
  save(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
}

export interface TokenManagerOptions {
  baseUrl: string;
  fetch: FetchLike;
  mode: 'selfAccess' | 'thirdParty';
  credentials: () => Promise<AppCredentials>;
  vault: TokenVault;
  clock?: () => number;
  /** Refresh this long before expiry, so a long wave never meets an expired token. */
  refreshMarginMs?: number;
  /** spec § Client credentials flow: `Seller_Api,Default` (some forms use `Seller_Api`). */
  scope?: string;
  /** How long a token request may take before it counts as unanswered. */
  timeoutMs?: number;
}

/** A token request that takes longer than this gets no answer. */
const TOKEN_TIMEOUT_MS = 30_000;

export interface SignInStatus {
  signedIn: boolean;
  mode: 'selfAccess' | 'thirdParty';
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().nonnegative(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().optional(),
});

const ExpiryAnswer = z.object({
  expired: z.boolean(),
  token_type: z.string(),
  expires_in: z.number(),
});

/** A pending third-party sign-in expires after this long. */
const PENDING_STATE_TTL_MS = 15 * 60 * 1000;
const DEFAULT_REFRESH_MARGIN_MS = 24 * 60 * 60 * 1000;

export class TokenManager implements AccessTokenSource {
  private current?: StoredTokens;
  private loaded = false;
  private inflight?: Promise<StoredTokens>;
  private readonly pending = new Map<string, { redirectUri: string; expiresAt: number }>();
  private readonly clock: () => number;
  /** Token requests sent, for tests of single flight and for diagnostics. */
  tokenRequests = 0;

  constructor(private readonly options: TokenManagerOptions) {
    requireHttpsBaseUrl(options.baseUrl);
    this.clock = options.clock ?? Date.now;
  }

  async getAccessToken(): Promise<string> {
    const tokens = await this.valid();
    return tokens.accessToken;
  }

  rejected(token: string): void {
    if (this.current?.accessToken === token) this.current = { ...this.current, accessExpiresAt: 0 };
  }

  async status(): Promise<SignInStatus> {
    await this.load();
    return {
      signedIn: this.current !== undefined,
      mode: this.options.mode,
      accessExpiresAt: this.current?.accessExpiresAt,
      refreshExpiresAt: this.current?.refreshExpiresAt,
    };
  }

  /** spec § Token expiry check: asks the marketplace how long the stored token really lasts. */
  async checkExpiry(): Promise<SignInStatus> {
    await this.load();
    if (this.current) {
      const answer = ExpiryAnswer.parse(
        await this.tokenEndpoint('/oauth-service/oauth/token/expiry', { token_type: 'access', token: this.current.accessToken }),
      );
      const accessExpiresAt = answer.expired ? 0 : this.clock() + answer.expires_in * 1000;
      this.current = { ...this.current, accessExpiresAt };
      await this.options.vault.save(this.current);
    }
    return this.status();
  }

  /** Starts a third-party sign-in: the URL to open and the state that must come back. */
  startAuthorization(redirectUri: string, appId: string, scope = 'Seller_Api'): { url: string; state: string } {
    const state = randomBytes(24).toString('base64url');
    const now = this.clock();
    for (const [s, p] of this.pending) if (p.expiresAt < now) this.pending.delete(s);
    this.pending.set(state, { redirectUri, expiresAt: now + PENDING_STATE_TTL_MS });
    const url = new URL('/oauth-service/oauth/authorize', this.options.baseUrl);
    url.search = new URLSearchParams({ client_id: appId, redirect_uri: redirectUri, response_type: 'code', scope, state }).toString();
    return { url: url.toString(), state };
  }

  /**
   * Finishes a third-party sign-in from the URL the browser was redirected to. The `state` must
   * be one this station issued and not yet used (spec § Authorization code flow: "opaque random
   * value the application must verify to prevent CSRF").
   */
  async completeAuthorization(callbackUrl: string): Promise<SignInStatus> {
    const url = new URL(callbackUrl);
    const state = url.searchParams.get('state') ?? '';
    const match = [...this.pending.entries()].find(([s]) => safeEqual(s, state));
    if (!match || match[1].expiresAt < this.clock()) {
      throw new MarketplaceError({ kind: 'auth', ...signInTrouble(keyed('signin.trouble.wrongState')) });
    }
    this.pending.delete(match[0]);
    const error = url.searchParams.get('error');
    if (error) throw new MarketplaceError({ kind: 'auth', code: error, ...signInTrouble(keyed('signin.trouble.denied', { error })) });
    const code = url.searchParams.get('code');
    if (!code) throw new MarketplaceError({ kind: 'auth', ...signInTrouble(keyed('signin.trouble.noCode')) });
    const answer = await this.tokenEndpoint('/oauth-service/oauth/token', {
      redirect_uri: match[1].redirectUri,
      grant_type: 'authorization_code',
      state,
      code,
    });
    await this.store(TokenAnswer.parse(answer));
    return this.status();
  }

  async signOut(): Promise<void> {
    this.current = undefined;
    await this.options.vault.clear();
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    this.current = await this.options.vault.load();
    this.loaded = true;
  }

  private async valid(): Promise<StoredTokens> {
    await this.load();
    const margin = this.options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
    if (this.current && this.current.accessExpiresAt - margin > this.clock()) return this.current;
    this.inflight ??= this.obtain().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async obtain(): Promise<StoredTokens> {
    if (this.options.mode === 'selfAccess') {
      const answer = await this.tokenEndpoint('/oauth-service/oauth/token', {
        grant_type: 'client_credentials',
        scope: this.options.scope ?? 'Seller_Api,Default',
      });
      return this.store(TokenAnswer.parse(answer));
    }
    const refresh = this.current?.refreshToken;
    if (!refresh || (this.current?.refreshExpiresAt ?? 0) <= this.clock()) {
      throw new MarketplaceError({ kind: 'auth', ...signInTrouble(keyed('signin.trouble.expired')) });
    }
    const answer = await this.tokenEndpoint('/oauth-service/oauth/token', { grant_type: 'refresh_token', refresh_token: refresh });
    return this.store(TokenAnswer.parse(answer));
  }

  private async store(answer: z.infer<typeof TokenAnswer>): Promise<StoredTokens> {
    const now = this.clock();
    const tokens: StoredTokens = {
      accessToken: answer.access_token,
      accessExpiresAt: now + answer.expires_in * 1000,
      refreshToken: answer.refresh_token ?? this.current?.refreshToken,
      refreshExpiresAt:
        answer.refresh_token_expires_in !== undefined ? now + answer.refresh_token_expires_in * 1000 : this.current?.refreshExpiresAt,
      scope: answer.scope ?? '',
    };
    this.current = tokens;
    await this.options.vault.save(tokens);
    return tokens;
  }

  /** Token endpoints use GET with query parameters and HTTP Basic (spec § Authentication 5). */
  private async tokenEndpoint(path: string, query: Record<string, string>): Promise<unknown> {
    const { appId, appSecret } = await this.options.credentials();
    const url = new URL(path, this.options.baseUrl);
    url.search = new URLSearchParams(query).toString();
    this.tokenRequests++;
    let status: number;
    let text: string;
    try {
      const res = await this.options.fetch(url.toString(), {
        method: 'GET',
        headers: { authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TOKEN_TIMEOUT_MS),
      });
      status = res.status;
      text = new TextDecoder().decode(await res.arrayBuffer());
    } catch (cause) {
      throw transportFailure(cause, 'sign-in', false, new URL(path, this.options.baseUrl));
    }
    if (status === 407) {
      throw new MarketplaceError({
        kind: 'network',
        status,
        code: 'PROXY_AUTHENTICATION_REQUIRED',
        message: `Could not reach the marketplace for sign-in: the proxy server of this network asks for its own sign-in (HTTP 407). Set the proxy's user and password in this computer's proxy settings. Address tried: ${url.origin}${path}.`,
      });
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (status >= 200 && status < 300) return body;
    const { code, message } = describeErrorBody(body);
    throw new MarketplaceError({
      kind: 'auth',
      status,
      code,
      ...signInTrouble(status === 401 ? keyed('signin.trouble.refusedSecret', { detail: message ?? 'unauthorized' }) : keyed('signin.trouble.failed', { detail: message ?? `HTTP ${status}` })),
      retryable: status >= 500,
    });
  }
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A sign-in trouble as its English message and its catalogue key (the desk says it in its language). */
function signInTrouble(sentence: KeyedSentence): { message: string; sentence: KeyedSentence } {
  return { message: englishSentence(sentence), sentence };
}
