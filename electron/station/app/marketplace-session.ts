// Which marketplace the app talks to and whether it is signed in. The client is built from the
// settings (address, mode, application id) and the secret store (application secret, tokens) and
// rebuilt whenever either changes; sign-in verifies before anything is kept, so a wrong secret
// never replaces a working one. Secrets stay here: views carry dates and words only.
import { StationError, type KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed, keyedError } from '../../../shared/i18n/station-sentences.js';
import type { SignInView } from '../../../shared/contract/setup.js';
import { MarketplaceConnection } from '../../../shared/settings.js';
import type { TokenVault } from '../api/auth.js';
import { createMarketplaceClient, type MarketplaceClient } from '../api/client.js';
import { MarketplaceError } from '../api/errors.js';
import type { FetchLike } from '../api/http.js';
import { APP_SECRET_NAME, appSecretFor, bindingOf, forgetMovedCredentials, missingSecretSentence, storeAppSecret } from '../composition/app-secret.js';
import { secretTokenVault, tokenSecretName } from '../composition/secret-token-vault.js';
import { formatIstDisplay } from '../packing/ist-dates.js';
import type { SecretStore } from '../settings/secret-store.js';
import { validateSettings, type SettingsStore } from '../settings/settings-store.js';

/** The embedded marketplace of demo mode, as the composition root's provider reports it. */
export interface DemoMarketplace {
  baseUrl: string;
  /** The sandbox's own CA: pinned for its address only (never verification off). */
  caPem: string;
  selfAccess: { appId: string; appSecret: string };
  locations: string[];
  sellerUsername?: string;
  /** Names the sandbox's data for the token vault (its port changes from run to run, its data does not). */
  identity?: string;
  /** The sandbox's clock (it may run ahead of the wall clock). */
  now?: () => number;
  close?(): Promise<void>;
}

export type FetchFor = (caPem?: string) => { fetch: FetchLike; close(): Promise<void> };

/** The sandbox's application secret is kept apart from a real one, so switching back and forth loses neither. */
export const SANDBOX_SECRET_NAME = 'sandbox.appSecret';

interface Built {
  key: string;
  client: MarketplaceClient;
  close(): Promise<void>;
}

interface PendingThirdParty {
  baseUrl: string;
  appId: string;
  appSecret: string;
  redirectUri: string;
  client: MarketplaceClient;
  close(): Promise<void>;
}

export interface MarketplaceSessionDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  fetchFor: FetchFor;
  /**
   * The connected client stored or forgot tokens on its own (a lapsed access token renewed on the
   * next call, an expiry check that found it expired): what view() says may have changed.
   */
  tokensChanged?: () => void;
}

const notSignedIn = (sentence: KeyedSentence) => new StationError('NOT_SIGNED_IN', englishSentence(sentence), sentence);
/** "Sign in (again) from Settings → Marketplace.", said after why the station is not signed in. */
const SIGN_IN_AGAIN = keyed('signin.trouble.signInAgain');

/** A view that is not signed in, its words said in the desk's language from the key. */
function notSignedInView(base: Omit<SignInView, 'text' | 'sentence' | 'signedIn'>, sentence: KeyedSentence): SignInView {
  return { ...base, signedIn: false, text: englishSentence(sentence), sentence };
}

export class MarketplaceSession {
  private demo?: DemoMarketplace;
  private built?: Built;
  private pending?: PendingThirdParty;
  private readonly retired = new Set<Promise<void>>();

  constructor(private readonly deps: MarketplaceSessionDeps) {}

  get demoMarketplace(): DemoMarketplace | undefined {
    return this.demo;
  }

  setDemo(demo: DemoMarketplace | undefined): void {
    this.demo = demo;
    this.reset();
  }

  isSandbox(): boolean {
    return this.deps.settings.get().marketplace.mode === 'sandbox';
  }

  /** The marketplace's notion of now: the sandbox's clock in demo mode, else the wall clock. */
  now(): number {
    return this.isSandbox() && this.demo?.now ? this.demo.now() : Date.now();
  }

  /** Locations known without a call: the sandbox's, or the one in the settings. */
  locations(): string[] {
    const own = this.deps.settings.get().locationId;
    const known = this.isSandbox() && this.demo ? [...this.demo.locations] : [];
    if (own && !known.includes(own)) known.push(own);
    return known;
  }

  /** The connected client; NOT_SIGNED_IN in words when the settings or secrets do not allow one. */
  client(): MarketplaceClient {
    const s = this.deps.settings.get().marketplace;
    const sandbox = s.mode === 'sandbox';
    if (sandbox && !this.demo) throw notSignedIn(keyed('signin.trouble.sandboxNotRunning'));
    const baseUrl = sandbox ? this.demo!.baseUrl : s.baseUrl;
    if (!baseUrl || !s.appId) throw notSignedIn(keyed('signin.trouble.notConnected'));
    // A real marketplace's secret is handed out only for the connection it was entered for.
    const binding = sandbox ? undefined : bindingOf(s);
    const secretNow = () => (sandbox ? this.deps.secrets.get(SANDBOX_SECRET_NAME) : appSecretFor(this.deps.secrets, binding));
    if (!secretNow()) {
      throw notSignedIn(missingSecretSentence(this.deps.secrets, binding, SIGN_IN_AGAIN));
    }
    const identity = this.identityOf(baseUrl);
    // Third-party access lives on its tokens: without them there is nothing to refresh.
    if (s.mode === 'thirdParty' && !this.deps.secrets.get(tokenSecretName(identity, s.appId))) {
      throw notSignedIn(keyed('signin.trouble.noAccess'));
    }
    const caPem = this.caFor(baseUrl);
    const key = JSON.stringify([s.mode, baseUrl, s.appId, identity, caPem ?? '']);
    if (this.built?.key === key) return this.built.client;
    this.reset();
    const appId = s.appId;
    const { fetch, close } = this.deps.fetchFor(caPem);
    const client = createMarketplaceClient({
      baseUrl,
      fetch,
      mode: s.mode === 'thirdParty' ? 'thirdParty' : 'selfAccess',
      credentials: async () => {
        const appSecret = secretNow();
        if (!appSecret) throw notSignedIn(keyed('signin.trouble.noSecret', undefined, { then: SIGN_IN_AGAIN }));
        return { appId, appSecret };
      },
      vault: this.watchedVault(secretTokenVault(this.deps.secrets, identity, appId)),
      clock: () => this.now(),
    });
    this.built = { key, client, close };
    return client;
  }

  /** Forgets the client (settings changed); the next call builds a new one. */
  reset(): void {
    if (!this.built) return;
    const closing = this.built.close().catch(() => undefined);
    this.retired.add(closing);
    void closing.finally(() => this.retired.delete(closing));
    this.built = undefined;
  }

  /** Signs in to the running demo sandbox with its self-access application. */
  async signInDemo(): Promise<SignInView> {
    const demo = this.demo;
    if (!demo) throw keyedError('NO_SANDBOX', 'signin.trouble.noSandbox');
    this.deps.secrets.set(SANDBOX_SECRET_NAME, demo.selfAccess.appSecret);
    const current = this.deps.settings.get();
    this.deps.settings.update({
      marketplace: { mode: 'sandbox', baseUrl: demo.baseUrl, appId: demo.selfAccess.appId, redirectUri: current.marketplace.redirectUri },
      locationId: current.locationId || demo.locations[0] || '',
    });
    const client = this.client();
    await client.tokens.getAccessToken();
    await client.tokens.checkExpiry();
    return this.view();
  }

  /** spec § Self access: verified by obtaining a token and asking its expiry before anything is kept. */
  async signInSelfAccess(input: { baseUrl: string; appId: string; appSecret: string }): Promise<SignInView> {
    const baseUrl = this.checkAddresses({ mode: 'selfAccess', baseUrl: input.baseUrl, appId: input.appId }).baseUrl!;
    const identity = new URL(baseUrl).origin;
    const { fetch, close } = this.deps.fetchFor(this.caFor(baseUrl));
    try {
      const client = createMarketplaceClient({
        baseUrl,
        fetch,
        mode: 'selfAccess',
        credentials: async () => ({ appId: input.appId, appSecret: input.appSecret }),
        vault: secretTokenVault(this.deps.secrets, identity, input.appId),
        clock: Date.now,
      });
      await this.verify(client);
    } finally {
      await close().catch(() => undefined);
    }
    storeAppSecret(this.deps.secrets, { origin: identity, mode: 'selfAccess', appId: input.appId }, input.appSecret);
    this.deps.settings.update({ marketplace: { mode: 'selfAccess', baseUrl, appId: input.appId, redirectUri: undefined } });
    return this.view();
  }

  /** spec § Authorization code flow: the page to open, with a fresh random state. */
  async startThirdParty(input: { baseUrl: string; appId: string; appSecret: string; redirectUri: string }): Promise<{ url: string }> {
    const checked = this.checkAddresses({ mode: 'thirdParty', baseUrl: input.baseUrl, appId: input.appId, redirectUri: input.redirectUri });
    const baseUrl = checked.baseUrl!;
    await this.pending?.close().catch(() => undefined);
    const { fetch, close } = this.deps.fetchFor(this.caFor(baseUrl));
    const client = createMarketplaceClient({
      baseUrl,
      fetch,
      mode: 'thirdParty',
      credentials: async () => ({ appId: input.appId, appSecret: input.appSecret }),
      vault: secretTokenVault(this.deps.secrets, new URL(baseUrl).origin, input.appId),
      clock: Date.now,
    });
    this.pending = { ...input, baseUrl, redirectUri: checked.redirectUri!, client, close };
    const { url } = client.tokens.startAuthorization(checked.redirectUri!, input.appId);
    return { url };
  }

  /** The redirect came back: the state must be the one sent (checked by the token manager). */
  async completeThirdParty(callbackUrl: string): Promise<SignInView> {
    const pending = this.pending;
    if (!pending) throw keyedError('NO_SIGN_IN_STARTED', 'signin.trouble.noneStarted');
    try {
      await pending.client.tokens.completeAuthorization(callbackUrl);
      await pending.client.tokens.checkExpiry();
    } catch (e) {
      throw asSignInError(e);
    }
    this.pending = undefined;
    await pending.close().catch(() => undefined);
    storeAppSecret(this.deps.secrets, { origin: new URL(pending.baseUrl).origin, mode: 'thirdParty', appId: pending.appId }, pending.appSecret);
    this.deps.settings.update({ marketplace: { mode: 'thirdParty', baseUrl: pending.baseUrl, appId: pending.appId, redirectUri: pending.redirectUri } });
    return this.view();
  }

  /**
   * The connection settings changed (the contract, a menu, the settings file): when they no
   * longer name the connection the stored secret was entered for, forget it and its tokens, so
   * the seller signs in anew for the new address.
   */
  settingsChanged(): boolean {
    const forgot = forgetMovedCredentials(this.deps.secrets, this.deps.settings.get().marketplace);
    this.reset();
    return forgot;
  }

  /** Forgets tokens and the application secret of the current connection. */
  async signOut(): Promise<SignInView> {
    const s = this.deps.settings.get().marketplace;
    const baseUrl = s.mode === 'sandbox' ? this.demo?.baseUrl : s.baseUrl;
    if (baseUrl && s.appId) this.deps.secrets.delete(tokenSecretName(this.identityOf(baseUrl), s.appId));
    this.deps.secrets.delete(s.mode === 'sandbox' ? SANDBOX_SECRET_NAME : APP_SECRET_NAME);
    this.reset();
    const view = await this.view();
    return view.signedIn ? view : notSignedInView(view, keyed('signin.trouble.signedOut'));
  }

  /** The sign-in status in words, with expiry dates; never a token. */
  async view(): Promise<SignInView> {
    const s = this.deps.settings.get().marketplace;
    const baseUrl = s.mode === 'sandbox' ? this.demo?.baseUrl : s.baseUrl;
    let client: MarketplaceClient;
    try {
      client = this.client();
    } catch (e) {
      const sentence = e instanceof StationError ? e.sentence : undefined;
      return { mode: s.mode, signedIn: false, baseUrl, text: e instanceof Error ? e.message : String(e), ...(sentence ? { sentence } : {}) };
    }
    const status = await client.tokens.status();
    const where = s.mode === 'sandbox' ? 'the Sandbox' : new URL(baseUrl!).host;
    const until = (ms?: number) => (ms ? formatIstDisplay(new Date(ms)) : undefined);
    const access = until(status.accessExpiresAt);
    const refresh = until(status.refreshExpiresAt);
    // Signed in means a token was actually issued: a stored secret alone proves nothing yet.
    // The sandbox is named in the desk's language; a marketplace by its host.
    const whereSaid = s.mode === 'sandbox' ? { parts: { where: keyed('signin.status.sandbox') } } : { params: { where } };
    if (!status.signedIn) return notSignedInView({ mode: s.mode, baseUrl }, keyed('signin.trouble.notYet', whereSaid.params, whereSaid.parts));
    const now = this.now();
    const lapsed = (status.accessExpiresAt ?? 0) <= now && (status.refreshExpiresAt ?? 0) <= now;
    if (lapsed) {
      // The date goes as its instant too: the desk writes it in its own language's form (IST).
      const expiredAt = new Date(status.accessExpiresAt ?? 0).toISOString();
      const said = keyed('signin.trouble.lapsed', { ...whereSaid.params, when: (access ?? '').replace(/ IST$/, '') }, whereSaid.parts);
      return notSignedInView({ mode: s.mode, baseUrl, accessExpiresAt: expiredAt }, said);
    }
    let text: string;
    if (s.mode === 'thirdParty' && refresh) text = `Signed in to ${where} until ${refresh} (access renewed automatically; current access until ${access}).`;
    else text = `Signed in to ${where} until ${access}.`;
    return {
      mode: s.mode,
      signedIn: true,
      baseUrl,
      accessExpiresAt: status.accessExpiresAt ? new Date(status.accessExpiresAt).toISOString() : undefined,
      refreshExpiresAt: status.refreshExpiresAt ? new Date(status.refreshExpiresAt).toISOString() : undefined,
      text,
    };
  }

  async close(): Promise<void> {
    this.reset();
    await this.pending?.close().catch(() => undefined);
    this.pending = undefined;
    await Promise.all([...this.retired]);
  }

  /** The connected client's vault, telling tokensChanged after every change it keeps. */
  private watchedVault(vault: TokenVault): TokenVault {
    const told = () => this.deps.tokensChanged?.();
    return {
      load: () => vault.load(),
      save: async (tokens) => {
        await vault.save(tokens);
        told();
      },
      clear: async () => {
        await vault.clear();
        told();
      },
    };
  }

  private identityOf(baseUrl: string): string {
    if (this.isSandbox() && this.demo?.identity) return this.demo.identity;
    return new URL(baseUrl).origin;
  }

  /** The demo sandbox's CA for its own address only; every other address uses the system's CAs. */
  private caFor(baseUrl: string): string | undefined {
    if (!this.demo) return undefined;
    return new URL(baseUrl).origin === new URL(this.demo.baseUrl).origin ? this.demo.caPem : undefined;
  }

  /** The settings' own rules (https only, in words) before any request leaves. */
  private checkAddresses(marketplace: Record<string, unknown>) {
    const current = this.deps.settings.get();
    try {
      validateSettings({ ...current, marketplace: { ...current.marketplace, ...marketplace } }, 'Cannot sign in');
    } catch (e) {
      throw new StationError('INVALID_SETTINGS', (e as { problems?: string[] }).problems?.join(' ') ?? String(e));
    }
    return MarketplaceConnection.parse(marketplace);
  }

  private async verify(client: MarketplaceClient): Promise<void> {
    try {
      await client.tokens.getAccessToken();
      await client.tokens.checkExpiry();
    } catch (e) {
      throw asSignInError(e);
    }
  }
}

/** Sign-in failures as words the settings screen shows (never the secret: the token manager's messages carry none). */
function asSignInError(e: unknown): unknown {
  if (e instanceof MarketplaceError) return new StationError('SIGN_IN_FAILED', e.message, e.sentence);
  return e;
}
