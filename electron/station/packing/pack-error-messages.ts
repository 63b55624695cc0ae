// What the packer reads when the marketplace refuses an operation. Every code of spec § Errors
// that a desk can meet maps to one sentence saying what to do with the parcel in hand, how bad
// it is, and whether trying again can help (so the workflow knows when to offer "Retry").
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
  /** One or two short sentences for the packer, in plain words. */
  sentence: string;
  severity: ErrorSeverity;
  /** True when sending the same request again (later) can succeed without changing anything. */
  retryable: boolean;
}

type AdviceTable = Record<ErrorCode, Omit<ErrorAdvice, 'code'>>;

// Reasons are from spec § Errors; the advice is ours.
const ADVICE: AdviceTable = {
  // Pack (spec § Errors, operation "pack").
  ITEM_ON_HOLD: {
    sentence: 'This shipment is on hold by the marketplace. Put it aside on the hold shelf; do not pack it until the hold is released.',
    severity: 'block',
    retryable: false,
  },
  INVALID_PACK_REQUEST: {
    sentence: 'Not every item of this shipment is ready to pack (one may be cancelled or already packed). Refresh the shipment and put the parcel aside if it stays this way.',
    severity: 'block',
    retryable: false,
  },
  INCOMPLETE_SHIPMENT_DIMENSIONS: {
    sentence: 'The package size is missing or not valid. Measure the box again and enter length, breadth and height above zero.',
    severity: 'fix',
    retryable: false,
  },
  SERVICEABILITY_NOT_ALLOWED: {
    sentence: "The courier cannot deliver from this location to the buyer's address. Put the parcel aside and tell the supervisor.",
    severity: 'block',
    retryable: false,
  },
  SELLER_TIN_NOT_FOUND: {
    sentence: "The seller's tax registration (TIN) is missing in the marketplace account. Stop packing and ask the account owner to add it.",
    severity: 'fix',
    retryable: false,
  },
  INVALID_DISPATCH_AFTER_DATE: {
    sentence: 'This shipment may not be packed yet: its dispatch-after date is still ahead. Put it aside and pack it on that date.',
    severity: 'block',
    retryable: false,
  },
  PACK_OPERATION_NOT_AUTHORISED: {
    sentence: 'This account is not allowed to pack this shipment. Put the parcel aside and ask the supervisor to check the marketplace account.',
    severity: 'block',
    retryable: false,
  },
  INVALID_IMEI_NUMBER: {
    sentence: 'A serial or IMEI number was not accepted. Scan the number printed on the device box again, then pack.',
    severity: 'fix',
    retryable: false,
  },
  WEIGHT_ANOMALY_ERROR: {
    sentence: 'The weight or size does not fit this product. Weigh and measure the parcel again, correct the values, then pack.',
    severity: 'fix',
    retryable: false,
  },
  WEIGHT_ANOMALY_WARNING: {
    sentence: 'The weight or size looks unusual for this product. Check the scale reading and the box size; continue if they are right.',
    severity: 'warn',
    retryable: false,
  },
  PACK_GSTIN_NOT_FOUND: {
    sentence: "The seller's GSTIN must be checked and updated in the marketplace account. Stop packing and ask the account owner.",
    severity: 'fix',
    retryable: false,
  },
  INVALID_PACK_CHANNEL: {
    sentence: 'This shipment cannot be packed from this station (its shipment type needs another channel). Put it aside and tell the supervisor.',
    severity: 'block',
    retryable: false,
  },
  DUPLICATE_PACK_REQUEST: {
    sentence: 'An earlier pack of this shipment is still being processed. Wait a minute and refresh; do not pack it a second time.',
    severity: 'retry',
    retryable: true,
  },
  INVALID_LOCATION: {
    sentence: 'This shipment belongs to another warehouse location. Check the location chosen in the settings, or put the parcel aside.',
    severity: 'fix',
    retryable: false,
  },
  INVALID_PURCHASE_PRICE: {
    sentence: 'A purchase price was sent that does not apply to this item (it is only for refurbished products). Ask the supervisor to correct the item.',
    severity: 'fix',
    retryable: false,
  },
  INVALID_PACKAGE_DIMENSION: {
    sentence: 'The package is too large for the courier. Use a smaller box if the item fits, measure again, then pack.',
    severity: 'fix',
    retryable: false,
  },
  // Common (spec § Errors).
  DEPENDENT_SYSTEM_CALL_FAILED: {
    sentence: 'The marketplace could not finish this just now. Try again in a minute; keep the parcel at the desk.',
    severity: 'retry',
    retryable: true,
  },
  UNPROCESSABLE_ENTITY: {
    sentence: 'The marketplace refused the request as incomplete. Refresh the shipment and try once more; if it repeats, tell the supervisor.',
    severity: 'fix',
    retryable: false,
  },
  INVALID_SHIPMENTS: {
    sentence: 'The marketplace does not recognise this shipment. Scan the label again; if it repeats, put the parcel aside.',
    severity: 'block',
    retryable: false,
  },
  INVALID_SHIPMENT_STATE: {
    sentence: 'The shipment is not in a state that allows this yet (for example its label is not ready, or it is already packed or cancelled). Check it on the Queue screen and try again when it has moved on.',
    severity: 'fix',
    retryable: true,
  },
  OPERATION_NOT_ALLOWED: {
    sentence: 'This shipment does not belong to this seller account. Put the parcel aside and tell the supervisor.',
    severity: 'block',
    retryable: false,
  },
  // Search (spec § Errors, operation "search"): the station built a wrong query.
  INVALID_REQUEST_PAGE_SIZE: {
    sentence: 'The order list could not be loaded (the station asked for a wrong page size). Try again; if it repeats, report it.',
    severity: 'fix',
    retryable: false,
  },
  INVALID_REQUEST_JSON: {
    sentence: 'The order list could not be loaded (the station sent a request the marketplace could not read). Report it to support.',
    severity: 'fix',
    retryable: false,
  },
  INVALID_DATE_FORMAT: {
    sentence: 'The dates of the search were not understood. Pick the dates again from the calendar.',
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
  const known = (ADVICE as Record<string, Omit<ErrorAdvice, 'code'>>)[code];
  if (known) return { code: code as ErrorCode, ...known };
  const said = marketplaceMessage?.trim() ? ` The marketplace said: "${marketplaceMessage.trim()}".` : '';
  return {
    code: code as ErrorCode,
    sentence: `The marketplace refused this operation.${said} Put the parcel aside and tell the supervisor.`,
    severity: 'block',
    retryable: false,
  };
}
