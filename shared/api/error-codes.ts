// Error codes of the seller interface (spec § Errors). Both sides use these names: the sandbox
// to answer, the station to turn each into a sentence for the packer.
import { z } from 'zod';

export const SEARCH_ERROR_CODES = ['INVALID_REQUEST_PAGE_SIZE', 'INVALID_REQUEST_JSON', 'INVALID_DATE_FORMAT'] as const;

export const COMMON_ERROR_CODES = [
  'DEPENDENT_SYSTEM_CALL_FAILED',
  'UNPROCESSABLE_ENTITY',
  'INVALID_SHIPMENTS',
  'OPERATION_NOT_ALLOWED',
  // Not in the spec: the sandbox's code for an operation the shipment's state does not allow
  // (labels before PACKED, dispatch before PACKED, cancel after APPROVED); electron/sandbox/README.md.
  'INVALID_SHIPMENT_STATE',
] as const;

/** Per-shipment pack failures (spec § Errors, operation "pack"). */
export const PACK_ERROR_CODES = [
  'ITEM_ON_HOLD',
  'INVALID_PACK_REQUEST',
  'INCOMPLETE_SHIPMENT_DIMENSIONS',
  'SERVICEABILITY_NOT_ALLOWED',
  'SELLER_TIN_NOT_FOUND',
  'INVALID_DISPATCH_AFTER_DATE',
  'PACK_OPERATION_NOT_AUTHORISED',
  'INVALID_IMEI_NUMBER',
  'WEIGHT_ANOMALY_ERROR',
  'WEIGHT_ANOMALY_WARNING',
  'PACK_GSTIN_NOT_FOUND',
  'INVALID_PACK_CHANNEL',
  'DUPLICATE_PACK_REQUEST',
  'INVALID_LOCATION',
  'INVALID_PURCHASE_PRICE',
  'INVALID_PACKAGE_DIMENSION',
] as const;

export const ErrorCode = z.enum([...SEARCH_ERROR_CODES, ...COMMON_ERROR_CODES, ...PACK_ERROR_CODES]);
export type ErrorCode = z.infer<typeof ErrorCode>;
export type PackErrorCode = (typeof PACK_ERROR_CODES)[number];
