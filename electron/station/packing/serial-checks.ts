// Serial and IMEI numbers are judged when they are scanned, not when the marketplace refuses the
// pack (spec § Error codes: INVALID_IMEI_NUMBER "Invalid IMEI for a serialized product"): a phone's
// IMEI is 15 digits whose last digit is the Luhn check digit of the first 14 (3GPP TS 23.003 § 6.2.1);
// any other serial is a code of letters and digits that is not one of the shipment's own codes.
import { isValidImei, luhnCheckDigit, type ClassifiedScan } from '../../../shared/barcodes.js';
import { IMEI_LENGTH } from '../../../shared/api/limits.js';

/** Shorter than this is not a manufacturer's serial number (a quantity, a stray key). */
export const MIN_SERIAL_LENGTH = 4;
/** Longer than this is not a serial number but a scanner streaming something else. */
export const MAX_SERIAL_LENGTH = 64;
const SERIAL_RE = /^[A-Za-z0-9][A-Za-z0-9\-/._:]*$/;

export interface SerialTarget {
  title: string;
  /** True when the product takes IMEIs (phones); other serialized products take any serial. */
  imei: boolean;
}

/** Why a scan cannot be this unit's serial, in words that say what to scan instead; undefined when it can. */
export function serialProblem(scan: ClassifiedScan, target: SerialTarget): string | undefined {
  const v = scan.value;
  if (scan.kind === 'shipmentId' || scan.kind === 'orderId' || scan.kind === 'orderItemId' || scan.kind === 'returnId') {
    return `${v} is a shipment or order code, not a serial. Scan the ${target.imei ? 'IMEI' : 'serial number'} of ${target.title}.`;
  }
  if (target.imei) return imeiProblem(v);
  if (scan.kind === 'imei' && !scan.valid) return imeiProblem(v);
  if (v.length < MIN_SERIAL_LENGTH) return `${v} is too short for a serial number (at least ${MIN_SERIAL_LENGTH} characters). Scan the serial label of ${target.title}.`;
  if (v.length > MAX_SERIAL_LENGTH) return `That code has ${v.length} characters; a serial number has at most ${MAX_SERIAL_LENGTH}. Scan the serial label of ${target.title}.`;
  if (!SERIAL_RE.test(v)) return `${v} has characters a serial number does not use. Scan the serial label of ${target.title}.`;
  return undefined;
}

function imeiProblem(v: string): string | undefined {
  const howTo = 'Scan the barcode marked IMEI on the box label.';
  if (!/^\d+$/.test(v)) return `${v} is not an IMEI: an IMEI is ${IMEI_LENGTH} digits, with no letters. ${howTo}`;
  if (v.length !== IMEI_LENGTH) return `${v} is not an IMEI: an IMEI has ${IMEI_LENGTH} digits, this has ${v.length}. ${howTo}`;
  if (!isValidImei(v)) {
    const expected = luhnCheckDigit(v.slice(0, -1));
    return `IMEI ${v} has a wrong check digit (the last digit should be ${expected}): it was misread or mistyped. ${howTo}`;
  }
  return undefined;
}
