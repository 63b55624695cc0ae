// What a scanned string is. One classifier for every way a code reaches the app: serial scanners
// in the main process and keyboard-wedge scanners typed into the renderer, so a scan means the same
// thing wherever it was read. Pure: no I/O, no clock.
import { FSN_RE, ORDER_ID_RE, ORDER_ITEM_ID_RE, RETURN_ID_RE, SHIPMENT_ID_RE } from './api/ids.js';
import { IMEI_LENGTH } from './api/limits.js';

/** Longer than this is not a code a packer scans; it is a scanner streaming noise. */
export const MAX_SCAN_LENGTH = 128;

export type ScanKind =
  | 'imei'
  | 'ean13'
  | 'upca'
  | 'shipmentId'
  | 'orderId'
  | 'orderItemId'
  | 'returnId'
  | 'fsn'
  | 'sku'
  | 'garbled';

export type ClassifiedScan =
  /** `valid: false` is a 15-digit number whose Luhn check digit is wrong: the UI says so. */
  | { kind: 'imei'; value: string; valid: boolean }
  | { kind: 'ean13'; value: string }
  | { kind: 'upca'; value: string }
  | { kind: 'shipmentId'; value: string }
  | { kind: 'orderId'; value: string }
  | { kind: 'orderItemId'; value: string }
  | { kind: 'returnId'; value: string }
  | { kind: 'fsn'; value: string }
  | { kind: 'sku'; value: string }
  | { kind: 'garbled'; value: string; reason: string };

const DIGITS_RE = /^\d+$/;

/** The Luhn (mod 10) check digit for a string of digits: every second digit from the right doubled. */
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

function luhnValid(digits: string): boolean {
  return luhnCheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;
}

/** An IMEI is 15 digits whose last digit is the Luhn check digit of the first 14. */
export function isValidImei(value: string): boolean {
  return value.length === IMEI_LENGTH && DIGITS_RE.test(value) && luhnValid(value);
}

/** GS1 mod-10 check digit (weights 3,1 from the right, check digit excluded). */
export function gs1CheckDigitValid(digits: string): boolean {
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(digits.length - 1) - 48;
}

export function isValidEan13(value: string): boolean {
  return value.length === 13 && DIGITS_RE.test(value) && gs1CheckDigitValid(value);
}

export function isValidUpcA(value: string): boolean {
  return value.length === 12 && DIGITS_RE.test(value) && gs1CheckDigitValid(value);
}

// AIM symbology identifier: ']' + code character + modifier (ISO/IEC 15424), e.g. ]C1 for GS1-128,
// ]E0 for EAN-13, ]Q3 for QR. Scanners configured to send it put it in front of every code.
const AIM_PREFIX_RE = /^\][A-Za-z][0-9A-Za-z]/;
// C0 controls and DEL. GS (0x1D) is how scanners transmit GS1 FNC1; CR/LF/TAB are suffixes.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/g;
// U+FFFD comes from bytes that were not valid text (wrong baud rate or parity); other C1 controls too.
const UNREADABLE_RE = /[\u0080-\u009f\ufffd]/;

/** Removes what scanners add around a code: controls, the AIM prefix, FNC1, surrounding blanks. */
export function normalizeScan(raw: string): string {
  let s = raw.replace(CONTROL_RE, '').trim();
  s = s.replace(AIM_PREFIX_RE, '');
  return s.replace(CONTROL_RE, '').trim();
}

export function classifyScan(raw: string): ClassifiedScan {
  const value = normalizeScan(raw);
  if (value === '') return { kind: 'garbled', value, reason: 'The scan was empty.' };
  if (UNREADABLE_RE.test(value)) {
    return { kind: 'garbled', value, reason: 'The scan has unreadable characters (check the scanner’s baud rate and parity).' };
  }
  if (value.length > MAX_SCAN_LENGTH) {
    return { kind: 'garbled', value, reason: `The scan is ${value.length} characters long; no code here is longer than ${MAX_SCAN_LENGTH}.` };
  }
  if (DIGITS_RE.test(value)) {
    if (value.length === IMEI_LENGTH) return { kind: 'imei', value, valid: isValidImei(value) };
    if (value.length === 13 && isValidEan13(value)) return { kind: 'ean13', value };
    if (value.length === 12 && isValidUpcA(value)) return { kind: 'upca', value };
    return { kind: 'sku', value };
  }
  const upper = value.toUpperCase();
  // Ids are printed upper-case; a scanner in lower-case mode (or caps lock on a wedge) still means them.
  if (SHIPMENT_ID_RE.test(upper)) return { kind: 'shipmentId', value: upper };
  if (ORDER_ITEM_ID_RE.test(upper)) return { kind: 'orderItemId', value: upper };
  if (ORDER_ID_RE.test(upper)) return { kind: 'orderId', value: upper };
  if (RETURN_ID_RE.test(upper)) return { kind: 'returnId', value: upper };
  // An FSN is case-sensitive upper-case in the catalogue; a lower-case string of that shape is a SKU.
  if (FSN_RE.test(value)) return { kind: 'fsn', value };
  return { kind: 'sku', value };
}
