// How a call to the marketplace can fail, in terms the rest of the station can act on: is it
// worth retrying, and could a mutating call have taken effect even though we got no answer?
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { connectionReason } from './connection-failure.js';

export type FailureKind = 'http' | 'network' | 'timeout' | 'schema' | 'config' | 'auth';

export class MarketplaceError extends Error {
  readonly kind: FailureKind;
  readonly status?: number;
  /** The interface's error code when the answer carried one (spec § Errors). */
  readonly code?: string;
  /** Safe to send again: nothing was committed (refused, or a read). */
  readonly retryable: boolean;
  /**
   * A mutating request may have been committed: the connection dropped or timed out after the
   * request was sent, or the server failed in a way that does not say. The caller must reconcile
   * by reading state, never send it again blindly.
   */
  readonly outcomeUnknown: boolean;
  /** The message as a catalogue key, for the desk's language (sign-in troubles). */
  readonly sentence?: KeyedSentence;

  constructor(init: { kind: FailureKind; message: string; status?: number; code?: string; retryable?: boolean; outcomeUnknown?: boolean; cause?: unknown; sentence?: KeyedSentence }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MarketplaceError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable ?? false;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    if (init.sentence) this.sentence = init.sentence;
  }
}

/** Pulls a code and message out of any of the interface's error bodies (orders, listings, tokens). */
export function describeErrorBody(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  if (typeof b.code === 'string') return { code: b.code, message: typeof b.message === 'string' ? b.message : undefined };
  if (typeof b.error === 'string') return { code: b.error, message: typeof b.error_description === 'string' ? b.error_description : undefined };
  if (Array.isArray(b.errors) && b.errors.length > 0) {
    const first = b.errors[0] as Record<string, unknown>;
    return { code: first.code === undefined ? undefined : String(first.code), message: typeof first.description === 'string' ? first.description : undefined };
  }
  return {};
}

/**
 * A request that got no answer. An untrusted certificate is a configuration fault (retrying
 * cannot fix it); a timeout or dropped connection on a mutating call leaves its outcome unknown.
 * The message says why, in words, with the address that was tried (connection-failure.ts).
 */
export function transportFailure(cause: unknown, what: string, mutating: boolean, address?: URL): MarketplaceError {
  const reason = connectionReason(cause, address ?? new URL('https://marketplace.invalid'));
  const tried = address ? ` Address tried: ${address.origin}${address.pathname === '/' ? '' : address.pathname}.` : '';
  if (reason.kind === 'certificate') {
    return new MarketplaceError({
      kind: 'config',
      code: reason.code,
      message: `The marketplace's certificate is not trusted for ${what}: ${withCode(reason.sentence, reason.code)}${tried} Check the marketplace address; for the sandbox, use its CA certificate.`,
      cause,
    });
  }
  const timedOut = reason.kind === 'timeout';
  return new MarketplaceError({
    kind: timedOut ? 'timeout' : 'network',
    code: reason.code,
    message: `Could not reach the marketplace for ${what}: ${withCode(reason.sentence, reason.kind === 'other' ? undefined : reason.code)}${tried}`,
    retryable: !mutating,
    outcomeUnknown: mutating,
    cause,
  });
}

/**
 * A 2xx to a call that changes something, whose answer cannot be read (not JSON, or not the shape
 * the interface defines): the marketplace took the request, so it may have done it. Like a lost
 * answer, it is of unknown outcome: read the state back, never send it again blindly.
 */
export function unreadableChangeAnswer(what: string, status: number, cause?: unknown, detail = 'it could not be read'): MarketplaceError {
  return new MarketplaceError({
    kind: 'schema',
    status,
    message: `The marketplace answered ${what} with ${status} but ${detail}: whether it was carried out is not known until the marketplace's state is read back.`,
    outcomeUnknown: true,
    cause,
  });
}

/** "…has expired (CERT_HAS_EXPIRED)." : the code the IT person can search for, inside the sentence. */
function withCode(sentence: string, code: string | undefined): string {
  return code ? `${sentence.replace(/\.$/, '')} (${code}).` : sentence;
}
