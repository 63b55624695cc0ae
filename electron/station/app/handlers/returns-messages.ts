// What the returns and self-ship screens say when the marketplace refuses one item. The codes are
// the spec's (§ Errors) and those the sandbox documents for the operations the spec leaves "not
// shown" (shared/api/returns.ts, shared/api/selfship.ts); the advice is ours. Every answer is a
// sentence saying what to do next, with the marketplace's own words appended when it gave any.
import { StationError } from '../../../../shared/contract/define.js';
import { parseWireDate } from '../../../../shared/api/returns.js';
import { formatIstDisplay, formatIstIso, parseIst } from '../../packing/ist-dates.js';

const ADVICE: Record<string, string> = {
  INVALID_RETURN_ID: 'The marketplace does not know this return for this seller. Check the return id on the package.',
  INVALID_RETURN_STATE: 'The return is not in a state that allows this step (it may be done already). Refresh the list to see where it stands.',
  INVALID_RETURN_TYPE: 'This step is not for this kind of return. A customer return is closed by its pickup; a courier return is received with Complete.',
  INVALID_DATE: 'A date is not acceptable: it may lie in the future, or the new date is not after the attempt. Correct the date and try again.',
  SLA_BREACHED: 'The date is after the deadline the marketplace set for this step. Tell the supervisor; the marketplace may penalise late handling.',
  TECH_VISIT_REQUIRED: 'A technician must visit before this return can be approved or rejected. Record the visit date first.',
  INVALID_LOCATION: 'This belongs to another location of the seller. Handle it at that location.',
  OPERATION_NOT_ALLOWED: 'This does not belong to this seller account. Check the id.',
  UNPROCESSABLE_ENTITY: 'The marketplace found a mandatory value missing or wrong. Check every field and try again.',
  DEPENDENT_SYSTEM_CALL_FAILED: 'The marketplace had an internal failure. Try again in a few minutes.',
  NOT_SELF_SHIP_SHIPMENT: 'This is not a self-ship shipment: the marketplace’s courier carries it. Use the desk and dispatch screens instead.',
  INVALID_SHIPMENT_STATE: 'The shipment is not in a state that allows this step (it may be done already or cancelled). Refresh the list.',
  RETURN_IN_PROGRESS: 'A return is open on this shipment. Settle the return first.',
  DISPATCH_SLA_BREACHED: 'The dispatch date is after the dispatch-by date. Tell the supervisor; the marketplace may penalise late dispatch.',
  INVALID_DELIVERY_PARTNER: 'The delivery partner is not one the marketplace knows, or it needs a tracking id. Pick a partner from the list and give the tracking id.',
  NO_SERVICE_ITEM: 'This order has no installation or other service to record.',
  INVALID_SERVICE_STATE: 'The service is not in a state that allows this step (it may be completed already). Refresh the list.',
  ITEM_ON_HOLD: 'The marketplace holds this shipment for verification. Wait until the hold is released.',
  INVALID_DISPATCH_AFTER_DATE: 'This shipment may not be processed yet (its dispatch-after date is still ahead). Try again later.',
  INVALID_SHIPMENTS: 'The marketplace does not know this shipment for this seller. Check the shipment id.',
};

/**
 * One refused item in words: what happened to which id, the marketplace's own reason first (it
 * knows which date or field it refused), then what to do.
 */
export function refusalText(what: string, code: string | null | undefined, message: string | null | undefined): string {
  const advice = (code && ADVICE[code]) || 'Check the details, or tell the supervisor.';
  const said = message?.trim() ? ` The marketplace's reason: ${message.trim().replace(/\.?$/, '.')}` : '';
  return `${what} was not done.${said} ${advice}`;
}

/** A date of the form as the desk reads it ("24 Nov 2026, 15:30 IST"), never the wire's ISO text. */
export function dateWords(text: string): string {
  const t = text.trim();
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(t) ? formatIstDisplay(parseIst(`${t}T00:00`), false) : formatIstDisplay(parseIst(t));
  } catch {
    return t;
  }
}

/**
 * A date from the form as the marketplace reads it. A date alone stays a date; a date-time
 * without a zone is IST (spec § POST /v3/shipments/filter/: "without timezone IST is assumed"),
 * sent with its +05:30 offset so nobody's machine time zone changes its meaning.
 */
export function wireDate(text: string, field: string): string {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t) && parseWireDate(t) !== undefined) return t;
  try {
    return formatIstIso(parseIst(t));
  } catch {
    throw new StationError('BAD_DATE', `The ${field} "${text}" is not a date. Give it as 2026-11-21 or 2026-11-21T10:00 (IST).`);
  }
}
