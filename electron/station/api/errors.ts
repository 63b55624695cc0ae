// How a call to the marketplace can fail, in terms the rest of the station can act on: is it
// worth retrying, and could a mutating call have taken effect even though we got no answer?
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

  constructor(init: { kind: FailureKind; message: string; status?: number; code?: string; retryable?: boolean; outcomeUnknown?: boolean; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MarketplaceError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable ?? false;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
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

const CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

/** The TLS verification error code behind a fetch failure, if that is what it was. */
function certificateFailure(cause: unknown): string | undefined {
  let e = cause as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && CERT_CODES.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A request that got no answer. An untrusted certificate is a configuration fault (retrying
 * cannot fix it); a timeout or dropped connection on a mutating call leaves its outcome unknown.
 */
export function transportFailure(cause: unknown, what: string, mutating: boolean): MarketplaceError {
  const tlsCode = certificateFailure(cause);
  if (tlsCode) {
    return new MarketplaceError({
      kind: 'config',
      code: tlsCode,
      message: `The marketplace's certificate is not trusted (${tlsCode}). Check the marketplace address; for the sandbox, use its CA certificate.`,
      cause,
    });
  }
  const timedOut = (cause as Error)?.name === 'TimeoutError';
  return new MarketplaceError({
    kind: timedOut ? 'timeout' : 'network',
    message: timedOut ? `The marketplace did not answer ${what} in time.` : `Could not reach the marketplace for ${what}: ${(cause as Error)?.message ?? cause}.`,
    retryable: !mutating,
    outcomeUnknown: mutating,
    cause,
  });
}
