// One journaled return call: the intent before the request, the outcome after, with the first
// refusal's code and words (spec § Return (standard fulfilment), § Self Ship return).
import type { ReturnActionResult } from '../../../../shared/api/returns.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { journaled } from '../../journal/journaled-call.js';
import type { AppContext } from '../app-context.js';
import { marketplaceTrouble } from './desk-deps.js';

export async function settleReturns(
  ctx: AppContext,
  op: string,
  returnIds: string[],
  request: Record<string, unknown>,
  call: () => Promise<ReturnActionResult[]>,
  what: KeyedSentence,
): Promise<ReturnActionResult[]> {
  try {
    const { result } = await journaled(ctx.journal, ctx.who(), { op, targets: { returnIds }, request }, call, (r) => ({
      status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
      errorCode: r.find((x) => x.errorCode)?.errorCode ?? undefined,
      errorMessage: r.find((x) => x.errorMessage)?.errorMessage ?? undefined,
    }));
    return result;
  } catch (e) {
    throw marketplaceTrouble(e, what);
  }
}
