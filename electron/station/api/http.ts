// The station's one door to the marketplace. HTTPS only (spec § conventions: "plain HTTP
// requests are not supported"), the sandbox CA pinned per connection (never verification off),
// bounded concurrency, retries where they are safe, and a single 401 -> refresh -> resend.
// `fetch` is injected: Electron's net.fetch in production (it honours the system proxy), undici
// with a pinned Agent in Node.
import { Agent, fetch as undiciFetch } from 'undici';
import { MarketplaceError, describeErrorBody, transportFailure, unreadableChangeAnswer } from './errors.js';
import { Limiter } from './concurrency.js';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry.js';

/** How long one request waits for the marketplace's answer before the desk gives it up (a pack
 * sent is then of unknown outcome: warehouse/left-reservations.ts counts on this bound). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface FetchResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  /** The body as it arrives (undici and Electron's net.fetch both give it): read up to the cap. */
  body?: ReadableStream<Uint8Array> | null;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The largest answer read from the marketplace. The biggest the interface gives are merged label
 * and invoice PDFs of a batch (a few MB); an answer past this is not one of them, and reading it
 * whole would only fill the desk's memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

class AnswerTooLarge extends Error {}

/** Reads the body, giving up as soon as it passes `limit` (declared or counted). */
async function readCapped(res: FetchResponseLike, limit: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge();
  }
  if (!res.body) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > limit) throw new AnswerTooLarge();
    return bytes;
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge();
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal },
) => Promise<FetchResponseLike>;

/**
 * Requests one station has in flight at once, and the keep-alive connections that carry them. The
 * interface states no rate limit (spec § Limits: "not shown"); the sliced search pages up to
 * SEARCH_CONCURRENCY windows side by side (packing/sliced-search.ts) and the desk's own calls need
 * room beside it.
 */
export const MAX_REQUESTS_IN_FLIGHT = 64;

/** undici fetch over a keep-alive Agent that trusts exactly the given CA (when given). */
export function createNodeFetch(options: { caPem?: string; connections?: number } = {}): { fetch: FetchLike; close(): Promise<void> } {
  const agent = new Agent({
    connect: options.caPem ? { ca: options.caPem } : {},
    connections: options.connections ?? MAX_REQUESTS_IN_FLIGHT,
    keepAliveTimeout: 30_000,
    pipelining: 1,
  });
  const fetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher: agent }) as unknown as Promise<FetchResponseLike>;
  return { fetch, close: () => agent.close() };
}

export function requireHttpsBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new MarketplaceError({ kind: 'config', message: `"${baseUrl}" is not a web address. Enter the marketplace address, starting with https://.` });
  }
  if (url.protocol !== 'https:') {
    throw new MarketplaceError({
      kind: 'config',
      message: `The marketplace address must start with https:// (got ${url.protocol}//). The seller interface accepts HTTPS only.`,
    });
  }
  return url;
}

/** Where access tokens come from (see auth.ts). */
export interface AccessTokenSource {
  getAccessToken(): Promise<string>;
  /** Tells the source this token was refused with 401, so the next call refreshes. */
  rejected(token: string): void;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path from the base URL, e.g. '/sellers/v3/shipments/labels'. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  accept?: 'application/json' | 'application/pdf' | 'application/octet-stream';
  /** Mutating calls are never retried blindly (see MarketplaceError.outcomeUnknown). */
  mutating: boolean;
  contentType?: string;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  contentType: string;
  json: unknown;
  bytes: Uint8Array;
  /** It answers a call that changes something (parse.ts: an answer it cannot read leaves the outcome unknown). */
  mutating: boolean;
}

export interface MarketplaceHttpOptions {
  baseUrl: string;
  fetch: FetchLike;
  tokens: AccessTokenSource;
  maxConcurrent?: number;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** MAX_ANSWER_BYTES unless given. */
  maxAnswerBytes?: number;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

export class MarketplaceHttp {
  readonly base: URL;
  private readonly limiter: Limiter;
  /** Every request sent, for the wave summary and the round-trip count. */
  requests = 0;

  constructor(private readonly options: MarketplaceHttpOptions) {
    this.base = requireHttpsBaseUrl(options.baseUrl);
    this.limiter = new Limiter(options.maxConcurrent ?? MAX_REQUESTS_IN_FLIGHT);
  }

  url(path: string, query?: Record<string, string | undefined>): string {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + path, this.base);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Sends a request; reads and "not carried out" answers are retried with jittered backoff. */
  send(req: HttpRequest): Promise<HttpResponse> {
    return withRetry(() => this.limiter.run(() => this.sendAuthorised(req)), this.options.retry ?? DEFAULT_RETRY);
  }

  private async sendAuthorised(req: HttpRequest): Promise<HttpResponse> {
    const token = await this.options.tokens.getAccessToken();
    try {
      return await this.sendOnce(req, token);
    } catch (e) {
      // An expired or revoked token is refused before anything happens, so one resend with a
      // fresh token is safe even for mutating calls (spec § Authentication 2).
      if (e instanceof MarketplaceError && e.status === 401) {
        this.options.tokens.rejected(token);
        return this.sendOnce(req, await this.options.tokens.getAccessToken());
      }
      throw e;
    }
  }

  private tooLarge(req: HttpRequest, status: number): MarketplaceError {
    const limit = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    const what = `${req.method} ${req.path}`;
    const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} bytes`;
    if (status >= 200 && status < 300 && req.mutating) return unreadableChangeAnswer(what, status, undefined, `its answer is larger than ${size} and was not read`);
    return new MarketplaceError({
      kind: 'schema',
      status,
      message: `The marketplace's answer to ${what} is larger than ${size}, more than any answer of the seller interface, so it was not read. Check the marketplace address; if it is right, tell the marketplace's support.`,
    });
  }

  private async sendOnce(req: HttpRequest, token: string): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: req.accept ?? 'application/json',
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = req.contentType ?? 'application/json';
    }
    this.requests++;
    let res: FetchResponseLike;
    let bytes: Uint8Array;
    try {
      res = await this.options.fetch(this.url(req.path, req.query), {
        method: req.method,
        headers,
        body,
        signal: AbortSignal.timeout(req.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
      });
      bytes = await readCapped(res, this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES);
    } catch (cause) {
      if (cause instanceof AnswerTooLarge) throw this.tooLarge(req, res!.status);
      throw transportFailure(cause, `${req.method} ${req.path}`, req.mutating, new URL(this.url(req.path)));
    }
    const contentType = res.headers.get('content-type') ?? '';
    let json: unknown;
    const accepted = res.status >= 200 && res.status < 300;
    if (contentType.includes('json') && bytes.length > 0) {
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch (cause) {
        // A 2xx to a change says it was taken; an answer that does not parse cannot say how it
        // went, so the change is of unknown outcome (read back), never failed.
        if (accepted && req.mutating) throw unreadableChangeAnswer(`${req.method} ${req.path}`, res.status, cause);
        throw new MarketplaceError({ kind: 'schema', status: res.status, message: `The marketplace sent malformed JSON for ${req.method} ${req.path}.`, cause });
      }
    }
    if (accepted) return { status: res.status, contentType, json, bytes, mutating: req.mutating };

    const { code, message } = describeErrorBody(json);
    // DEPENDENT_SYSTEM_CALL_FAILED says the request was not carried out, so it is retried for
    // every operation (spec § Errors); other server failures are retried for reads only.
    const notCarriedOut = code === 'DEPENDENT_SYSTEM_CALL_FAILED';
    const serverSide = res.status >= 500 || RETRYABLE_STATUS.has(res.status);
    throw new MarketplaceError({
      kind: res.status === 401 ? 'auth' : 'http',
      status: res.status,
      code,
      message: message ?? `The marketplace answered ${res.status} to ${req.method} ${req.path}.`,
      retryable: notCarriedOut || (serverSide && !req.mutating),
      outcomeUnknown: req.mutating && serverSide && !notCarriedOut,
    });
  }
}

