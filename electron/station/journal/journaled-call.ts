// Every mutating call goes through here: the intent is on disk before the request leaves, and
// the outcome follows it. When the answer is lost (timeout, dropped connection) the outcome is
// 'unknown' and the intent stays open until reconciliation reads the marketplace's state.
import type { Journal } from './journal.js';
import type { Targets } from './records.js';

export interface CallIdentity {
  operator: string;
  desk: string;
}

export interface Intent {
  op: string;
  targets: Targets;
  /** What was asked, summarised (no secrets; the journal redacts again). */
  request: Record<string, unknown>;
}

export type Outcome = { status: 'ok' | 'failed'; result?: Record<string, unknown>; errorCode?: string; errorMessage?: string };

/** True when the error says the request may have taken effect (see MarketplaceError.outcomeUnknown). */
function outcomeUnknown(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { outcomeUnknown?: boolean }).outcomeUnknown === true;
}

export async function journaled<T>(
  journal: Journal,
  who: CallIdentity,
  intent: Intent,
  call: () => Promise<T>,
  judge: (result: T) => Outcome,
): Promise<{ result: T; intentId: string }> {
  const record = await journal.appendIntent({ ...intent, operator: who.operator, desk: who.desk });
  let result: T;
  try {
    result = await call();
  } catch (e) {
    const err = e as { code?: string; message?: string };
    await journal.appendOutcome({
      intentId: record.id,
      status: outcomeUnknown(e) ? 'unknown' : 'failed',
      errorCode: err.code,
      errorMessage: err.message,
    });
    throw Object.assign(e as object, { intentId: record.id });
  }
  await journal.appendOutcome({ intentId: record.id, ...judge(result) });
  return { result, intentId: record.id };
}
