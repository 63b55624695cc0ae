// What the returns and self-ship screens say when the marketplace refuses one item. The codes are
// the spec's (§ Errors) and those the sandbox documents for the operations the spec leaves "not
// shown" (shared/api/returns.ts, shared/api/selfship.ts); the advice is ours. Every answer is a
// sentence saying what to do next, with the marketplace's own words appended when it gave any.
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { keyed, keyedError } from '../../../../shared/i18n/station-sentences.js';
import { parseWireDate } from '../../../../shared/api/returns.js';
import { formatIstDisplay, formatIstIso, parseIst } from '../../packing/ist-dates.js';

const ADVICE: Record<string, KeyedSentence> = {
  INVALID_RETURN_ID: keyed('returns.advice.INVALID_RETURN_ID'),
  INVALID_RETURN_STATE: keyed('returns.advice.INVALID_RETURN_STATE'),
  INVALID_RETURN_TYPE: keyed('returns.advice.INVALID_RETURN_TYPE'),
  INVALID_DATE: keyed('returns.advice.INVALID_DATE'),
  SLA_BREACHED: keyed('returns.advice.SLA_BREACHED'),
  TECH_VISIT_REQUIRED: keyed('returns.advice.TECH_VISIT_REQUIRED'),
  INVALID_LOCATION: keyed('returns.advice.INVALID_LOCATION'),
  OPERATION_NOT_ALLOWED: keyed('returns.advice.OPERATION_NOT_ALLOWED'),
  UNPROCESSABLE_ENTITY: keyed('returns.advice.UNPROCESSABLE_ENTITY'),
  DEPENDENT_SYSTEM_CALL_FAILED: keyed('returns.advice.DEPENDENT_SYSTEM_CALL_FAILED'),
  NOT_SELF_SHIP_SHIPMENT: keyed('returns.advice.NOT_SELF_SHIP_SHIPMENT'),
  INVALID_SHIPMENT_STATE: keyed('returns.advice.INVALID_SHIPMENT_STATE'),
  RETURN_IN_PROGRESS: keyed('returns.advice.RETURN_IN_PROGRESS'),
  DISPATCH_SLA_BREACHED: keyed('returns.advice.DISPATCH_SLA_BREACHED'),
  INVALID_DELIVERY_PARTNER: keyed('returns.advice.INVALID_DELIVERY_PARTNER'),
  NO_SERVICE_ITEM: keyed('returns.advice.NO_SERVICE_ITEM'),
  INVALID_SERVICE_STATE: keyed('returns.advice.INVALID_SERVICE_STATE'),
  ITEM_ON_HOLD: keyed('returns.advice.ITEM_ON_HOLD'),
  INVALID_DISPATCH_AFTER_DATE: keyed('returns.advice.INVALID_DISPATCH_AFTER_DATE'),
  INVALID_SHIPMENTS: keyed('returns.advice.INVALID_SHIPMENTS'),
};

/**
 * One refused item in words: what was not done to which id (`notDone`), the marketplace's own
 * reason first (it knows which date or field it refused), then what to do.
 */
export function refusalSaid(notDone: KeyedSentence, code: string | null | undefined, message: string | null | undefined): KeyedSentence[] {
  const advice = (code && ADVICE[code]) || keyed('returns.advice.other');
  const reason = message?.trim() ? [keyed('returns.marketplaceReason', { reason: message.trim().replace(/\.?$/, '.') })] : [];
  return [notDone, ...reason, advice];
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
    throw keyedError('BAD_DATE', 'returns.badDate', { field, text });
  }
}
