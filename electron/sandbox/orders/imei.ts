// IMEI checks for serialized products at pack (spec § Errors, INVALID_IMEI_NUMBER): 15 digits,
// the last being the Luhn check digit of the first 14. The check is the one the desk's scan
// classifier uses (shared/barcodes.ts), so the sandbox and the station never disagree.
import { isValidImei, luhnCheckDigit } from '../../../shared/barcodes.js';

export { isValidImei, luhnCheckDigit };

/** A valid IMEI from its first 14 digits (used by the factory's demo data and by tests). */
export function imeiFrom(body14: string): string {
  return body14 + String(luhnCheckDigit(body14));
}
