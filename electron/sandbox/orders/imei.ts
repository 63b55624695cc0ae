// IMEI checks for serialized products at pack (spec § Errors, INVALID_IMEI_NUMBER): 15 digits,
// the last being the Luhn check digit of the first 14.
import { IMEI_LENGTH } from '../../../shared/api/limits.js';

/** The Luhn check digit for a string of digits (doubling every second digit from the right). */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidImei(value: string): boolean {
  if (value.length !== IMEI_LENGTH || !/^\d+$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, IMEI_LENGTH - 1)) === value.charCodeAt(IMEI_LENGTH - 1) - 48;
}

/** A valid IMEI from its first 14 digits (used by the factory's demo data and by tests). */
export function imeiFrom(body14: string): string {
  return body14 + String(luhnCheckDigit(body14));
}
