// Things that happen at the desk without a call to the marketplace, journaled so the audit trail
// holds them: a parcel ticked off at the truck, a scan-out check closed with what is missing, a
// manifest sent to the printer, a return scan refused, a barcode learned. Each is written as an
// intent with its outcome at once, the shape every operation has (records.ts), so the activity
// screen, the counts per shift and the search treat them like the rest.
import type { Targets } from '../../journal/records.js';
import type { Outcome } from '../../journal/journaled-call.js';
import type { AppContext } from '../app-context.js';

export interface DeskEvent {
  op: string;
  targets?: Targets;
  request: Record<string, unknown>;
}

export async function journalEvent(ctx: Pick<AppContext, 'journal' | 'who'>, event: DeskEvent, outcome: Outcome): Promise<void> {
  const who = ctx.who();
  const intent = await ctx.journal.appendIntent({ op: event.op, targets: event.targets ?? {}, request: event.request, operator: who.operator, desk: who.desk });
  await ctx.journal.appendOutcome({ intentId: intent.id, ...outcome });
}
