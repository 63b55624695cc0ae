// One delivery: a JSON POST over HTTPS with undici, trusting only the CA the subscription gave
// (never the system store: the receiver is the seller's, behind the seller's own CA). Failures
// come back in words for the status route; the notification itself is never logged.
import { Agent, request } from 'undici';
import type { PostOutcome } from './sender.js';
import type { Subscription } from './subscriptions.js';
import { PUSH_MAX_PARALLEL } from './sender.js';

/** A receiver that has not answered within this time counts as failed; the notification is retried. */
export const PUSH_TIMEOUT_MS = 10_000;

/** TLS verification failures: the receiver's certificate does not chain to the subscribed CA. */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);

export interface HttpsPoster {
  post(subscription: Subscription, body: string): Promise<PostOutcome>;
  /** Drops the connection pool of a subscription that is gone. */
  forget(subscriptionId: string): void;
  close(): Promise<void>;
}

export function createHttpsPoster(timeoutMs = PUSH_TIMEOUT_MS): HttpsPoster {
  const agents = new Map<string, Agent>();
  const agentOf = (s: Subscription): Agent => {
    let agent = agents.get(s.subscriptionId);
    if (!agent) {
      agent = new Agent({ connect: { ca: s.caCert, timeout: timeoutMs }, connections: PUSH_MAX_PARALLEL, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      agents.set(s.subscriptionId, agent);
    }
    return agent;
  };
  return {
    async post(s, body) {
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (s.secretHeader) headers[s.secretHeader.name.toLowerCase()] = s.secretHeader.value;
      try {
        const res = await request(s.url, { method: 'POST', body, headers, dispatcher: agentOf(s), signal: AbortSignal.timeout(timeoutMs) });
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true };
        return { ok: false, error: `The receiver answered HTTP ${res.statusCode}; retrying with backoff.` };
      } catch (e) {
        return { ok: false, error: describeFailure(e, timeoutMs) };
      }
    },
    forget(id) {
      const agent = agents.get(id);
      agents.delete(id);
      void agent?.close().catch(() => undefined);
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((a) => a.destroy().catch(() => undefined)));
    },
  };
}

/** A failed POST in words; the code of the underlying error decides which. */
export function describeFailure(e: unknown, timeoutMs: number): string {
  let code: string | undefined;
  let name: string | undefined;
  for (let cur = e as { code?: unknown; name?: unknown; cause?: unknown } | undefined, depth = 0; cur && depth < 5; cur = cur.cause as typeof cur, depth++) {
    if (typeof cur.code === 'string' && !code) code = cur.code;
    if (typeof cur.name === 'string' && !name) name = cur.name;
  }
  if (code && UNTRUSTED_CODES.has(code)) return `The receiver's certificate is not signed by the CA given at subscription (${code}); subscribe again with the CA that signed it.`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return "The receiver's certificate does not name the subscribed URL's host (ERR_TLS_CERT_ALTNAME_INVALID).";
  if (code === 'CERT_HAS_EXPIRED') return "The receiver's certificate has expired (CERT_HAS_EXPIRED).";
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection (ECONNREFUSED): is it running? Retrying with backoff.';
  if (code === 'ENOTFOUND') return "The receiver's host name does not resolve (ENOTFOUND).";
  if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return `The receiver did not answer within ${timeoutMs / 1000} s; retrying with backoff.`;
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return `The receiver closed the connection (${code}); retrying with backoff.`;
  return `The delivery failed (${code ?? name ?? 'unknown error'}); retrying with backoff.`;
}
