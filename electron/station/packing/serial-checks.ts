// Serial and IMEI numbers are judged when they are scanned, not when the marketplace refuses the
// pack (spec § Error codes: INVALID_IMEI_NUMBER "Invalid IMEI for a serialized product"): a phone's
// IMEI is 15 digits whose last digit is the Luhn check digit of the first 14 (3GPP TS 23.003 § 6.2.1);
// any other serial is a code of letters and digits that is not one of the shipment's own codes.
import { isValidImei, luhnCheckDigit, type ClassifiedScan } from '../../../shared/barcodes.js';
import { IMEI_LENGTH } from '../../../shared/api/limits.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';

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

/**
 * Why a scan cannot be this unit's serial, as keyed sentences that say what to scan instead;
 * undefined when it can.
 */
export function serialProblemWords(scan: ClassifiedScan, target: SerialTarget): KeyedSentence[] | undefined {
  const v = scan.value;
  const title = target.title;
  if (scan.kind === 'shipmentId' || scan.kind === 'orderId' || scan.kind === 'orderItemId' || scan.kind === 'returnId') {
    return [target.imei ? sentence('station.pack.serialIsOrderImei', { code: v, title }) : sentence('station.pack.serialIsOrder', { code: v, title })];
  }
  if (target.imei) return imeiProblem(v);
  if (scan.kind === 'imei' && !scan.valid) return imeiProblem(v);
  if (v.length < MIN_SERIAL_LENGTH) return [sentence('station.pack.serialShort', { code: v, min: MIN_SERIAL_LENGTH, title })];
  if (v.length > MAX_SERIAL_LENGTH) return [sentence('station.pack.serialLong', { length: v.length, max: MAX_SERIAL_LENGTH, title })];
  if (!SERIAL_RE.test(v)) return [sentence('station.pack.serialCharacters', { code: v, title })];
  return undefined;
}

/** The same, in English. */
export function serialProblem(scan: ClassifiedScan, target: SerialTarget): string | undefined {
  const words = serialProblemWords(scan, target);
  return words ? saying(...words).text : undefined;
}

function imeiProblem(v: string): KeyedSentence[] | undefined {
  const howTo = sentence('station.pack.imeiHowTo');
  if (!/^\d+$/.test(v)) return [sentence('station.pack.imeiLetters', { code: v, digits: IMEI_LENGTH }), howTo];
  if (v.length !== IMEI_LENGTH) return [sentence('station.pack.imeiLength', { code: v, digits: IMEI_LENGTH, length: v.length }), howTo];
  if (!isValidImei(v)) {
    const expected = luhnCheckDigit(v.slice(0, -1));
    return [sentence('station.pack.imeiCheckDigit', { code: v, expected }), howTo];
  }
  return undefined;
}
