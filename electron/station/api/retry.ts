// Retries with full-jitter exponential backoff. Used for reads and for answers that say the
// request was not carried out (DEPENDENT_SYSTEM_CALL_FAILED, spec § Errors); never for a
// mutating call whose outcome is unknown (see MarketplaceError.outcomeUnknown).
import { MarketplaceError } from './errors.js';

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 100, maxMs: 4000, random: Math.random, sleep: defaultSleep };

export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'maxMs' | 'random'>): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return Math.round(policy.random() * cap);
}

/**
 * Runs fn until it succeeds, or fails with an error that is not retryable, or attempts run out.
 * `canRetry` decides per error; by default only MarketplaceError.retryable.
 */
export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  canRetry: (e: unknown) => boolean = (e) => e instanceof MarketplaceError && e.retryable,
): Promise<T> {
  let attempt = 0;
  for (;;) {
    try {
      return await fn(attempt);
    } catch (e) {
      attempt++;
      if (attempt >= policy.attempts || !canRetry(e)) throw e;
      await policy.sleep(backoffDelay(attempt, policy));
    }
  }
}
