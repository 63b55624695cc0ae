// What the packer reads when the marketplace refuses an operation. Every code of spec § Errors
// that a desk can meet maps to one sentence saying what to do with the parcel in hand, how bad
// it is, and whether trying again can help (so the workflow knows when to offer "Retry").
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, sentence } from '../../../shared/i18n/station-sentences.js';
import { COMMON_ERROR_CODES, PACK_ERROR_CODES, SEARCH_ERROR_CODES, type ErrorCode } from '../../../shared/api/error-codes.js';

/**
 * - 'block': this shipment cannot be packed now; put it aside.
 * - 'fix': something at the desk or in the settings must be corrected first.
 * - 'warn': the operation may go through; check and continue.
 * - 'retry': a passing failure on the marketplace side.
 */
export type ErrorSeverity = 'block' | 'fix' | 'warn' | 'retry';

export interface ErrorAdvice {
  code: ErrorCode;
  /** One or two short sentences for the packer, in plain words (English). */
  sentence: string;
  /** The same as a catalogue key, for a desk in another language. */
  said: KeyedSentence;
  severity: ErrorSeverity;
  /** True when sending the same request again (later) can succeed without changing anything. */
  retryable: boolean;
}

type AdviceTable = Record<ErrorCode, Omit<ErrorAdvice, 'code' | 'sentence'>>;

// Reasons are from spec § Errors; the advice is ours.
const ADVICE: AdviceTable = {
  // Pack (spec § Errors, operation "pack").
  ITEM_ON_HOLD: {
    said: sentence('station.packError.ITEM_ON_HOLD'),
    severity: 'block',
    retryable: false,
  },
  INVALID_PACK_REQUEST: {
    said: sentence('station.packError.INVALID_PACK_REQUEST'),
    severity: 'block',
    retryable: false,
  },
  INCOMPLETE_SHIPMENT_DIMENSIONS: {
    said: sentence('station.packError.INCOMPLETE_SHIPMENT_DIMENSIONS'),
    severity: 'fix',
    retryable: false,
  },
  SERVICEABILITY_NOT_ALLOWED: {
    said: sentence('station.packError.SERVICEABILITY_NOT_ALLOWED'),
    severity: 'block',
    retryable: false,
  },
  SELLER_TIN_NOT_FOUND: {
    said: sentence('station.packError.SELLER_TIN_NOT_FOUND'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_DISPATCH_AFTER_DATE: {
    said: sentence('station.packError.INVALID_DISPATCH_AFTER_DATE'),
    severity: 'block',
    retryable: false,
  },
  PACK_OPERATION_NOT_AUTHORISED: {
    said: sentence('station.packError.PACK_OPERATION_NOT_AUTHORISED'),
    severity: 'block',
    retryable: false,
  },
  INVALID_IMEI_NUMBER: {
    said: sentence('station.packError.INVALID_IMEI_NUMBER'),
    severity: 'fix',
    retryable: false,
  },
  WEIGHT_ANOMALY_ERROR: {
    said: sentence('station.packError.WEIGHT_ANOMALY_ERROR'),
    severity: 'fix',
    retryable: false,
  },
  WEIGHT_ANOMALY_WARNING: {
    said: sentence('station.packError.WEIGHT_ANOMALY_WARNING'),
    severity: 'warn',
    retryable: false,
  },
  PACK_GSTIN_NOT_FOUND: {
    said: sentence('station.packError.PACK_GSTIN_NOT_FOUND'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_PACK_CHANNEL: {
    said: sentence('station.packError.INVALID_PACK_CHANNEL'),
    severity: 'block',
    retryable: false,
  },
  DUPLICATE_PACK_REQUEST: {
    said: sentence('station.packError.DUPLICATE_PACK_REQUEST'),
    severity: 'retry',
    retryable: true,
  },
  INVALID_LOCATION: {
    said: sentence('station.packError.INVALID_LOCATION'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_PURCHASE_PRICE: {
    said: sentence('station.packError.INVALID_PURCHASE_PRICE'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_PACKAGE_DIMENSION: {
    said: sentence('station.packError.INVALID_PACKAGE_DIMENSION'),
    severity: 'fix',
    retryable: false,
  },
  // Common (spec § Errors).
  DEPENDENT_SYSTEM_CALL_FAILED: {
    said: sentence('station.packError.DEPENDENT_SYSTEM_CALL_FAILED'),
    severity: 'retry',
    retryable: true,
  },
  UNPROCESSABLE_ENTITY: {
    said: sentence('station.packError.UNPROCESSABLE_ENTITY'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_SHIPMENTS: {
    said: sentence('station.packError.INVALID_SHIPMENTS'),
    severity: 'block',
    retryable: false,
  },
  INVALID_SHIPMENT_STATE: {
    said: sentence('station.packError.INVALID_SHIPMENT_STATE'),
    severity: 'fix',
    retryable: true,
  },
  OPERATION_NOT_ALLOWED: {
    said: sentence('station.packError.OPERATION_NOT_ALLOWED'),
    severity: 'block',
    retryable: false,
  },
  // Search (spec § Errors, operation "search"): the station built a wrong query.
  INVALID_REQUEST_PAGE_SIZE: {
    said: sentence('station.packError.INVALID_REQUEST_PAGE_SIZE'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_REQUEST_JSON: {
    said: sentence('station.packError.INVALID_REQUEST_JSON'),
    severity: 'fix',
    retryable: false,
  },
  INVALID_DATE_FORMAT: {
    said: sentence('station.packError.INVALID_DATE_FORMAT'),
    severity: 'fix',
    retryable: false,
  },
};

/** Every code this module speaks for, in spec order. */
export const ADVISED_ERROR_CODES: readonly ErrorCode[] = [...PACK_ERROR_CODES, ...COMMON_ERROR_CODES, ...SEARCH_ERROR_CODES];

/**
 * Advice for a code. A code the spec does not list (the marketplace may add some) gets a
 * cautious sentence that still carries the marketplace's own message, never the bare code.
 */
export function adviceFor(code: string, marketplaceMessage?: string): ErrorAdvice {
  const known = (ADVICE as Record<string, Omit<ErrorAdvice, 'code' | 'sentence'>>)[code];
  if (known) return { code: code as ErrorCode, sentence: englishSentence(known.said), ...known };
  const message = marketplaceMessage?.trim();
  const said = message ? sentence('station.packError.unknownSaid', { message }) : sentence('station.packError.unknown');
  return { code: code as ErrorCode, sentence: englishSentence(said), said, severity: 'block', retryable: false };
}

/** The recorded serial the marketplace's refusal of a serial names, if it names one. */
export function refusedSerial(session: { lines: { serials: string[][] }[] }, message: string): string | undefined {
  const serials = session.lines.flatMap((l) => l.serials.flat());
  return serials.find((serial) => message.includes(serial));
}
