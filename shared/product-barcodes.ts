// The barcodes printed on products, as the barcode catalogue knows them: EAN-13, UPC-A and
// GTIN-14 (GS1 numbers with a mod-10 check digit) and Code 128 (any printable ASCII text). One
// reading for the station, the CLI and the Listings screen, so a code is accepted or refused for
// the same reason everywhere. Pure: no I/O.
import { IMEI_LENGTH } from './api/limits.js';
import { ORDER_ID_RE, ORDER_ITEM_ID_RE, RETURN_ID_RE, SHIPMENT_ID_RE } from './api/ids.js';
import { gs1CheckDigitValid, normalizeScan } from './barcodes.js';

export const PRODUCT_BARCODE_FORMATS = ['EAN-13', 'UPC-A', 'GTIN-14', 'Code 128'] as const;
export type ProductBarcodeFormat = (typeof PRODUCT_BARCODE_FORMATS)[number];

/** GS1 General Specifications § 3.2: no element string is longer than 48 characters. */
export const MAX_CODE128_LENGTH = 48;
/** A GTIN is stored and compared as 14 digits, zero-padded on the left (GS1 § 3.3.2). */
const GTIN_LENGTH = 14;

const DIGITS_RE = /^\d+$/;
// Code 128 carries ASCII 32..126 as data; a product code with controls or other characters is a misread.
const PRINTABLE_ASCII_RE = /^[\x20-\x7e]+$/;

export type BarcodeReading = { ok: true; code: string; format: ProductBarcodeFormat; key: string } | { ok: false; code: string; reason: string };

const GS1_FORMAT: Record<number, ProductBarcodeFormat> = { 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

/**
 * What a product barcode is, or why it cannot be one. `key` is how the catalogue compares codes:
 * the same product reads as UPC-A 036000291452, EAN-13 0036000291452 or GTIN-14 00036000291452
 * depending on the scanner's settings, and all three are one GTIN.
 */
export function readProductBarcode(raw: string): BarcodeReading {
  const code = normalizeScan(raw);
  if (code === '') return { ok: false, code, reason: 'The barcode is empty.' };
  if (DIGITS_RE.test(code)) {
    const format = GS1_FORMAT[code.length];
    if (format) {
      if (!gs1CheckDigitValid(code)) return { ok: false, code, reason: `${code} has ${code.length} digits (${format}) but its check digit is wrong. Scan it again or type it from the label.` };
      return { ok: true, code, format, key: code.padStart(GTIN_LENGTH, '0') };
    }
    if (code.length === IMEI_LENGTH) return { ok: false, code, reason: `${code} has 15 digits: that is an IMEI of one unit, not a product barcode.` };
  }
  const upper = code.toUpperCase();
  if (SHIPMENT_ID_RE.test(upper) || ORDER_ID_RE.test(upper) || ORDER_ITEM_ID_RE.test(upper) || RETURN_ID_RE.test(upper)) {
    return { ok: false, code, reason: `${code} is a shipment, order or return id, not a product barcode.` };
  }
  if (code.length > MAX_CODE128_LENGTH) return { ok: false, code, reason: `${code.slice(0, 20)}… is ${code.length} characters long; a product barcode has at most ${MAX_CODE128_LENGTH}.` };
  if (!PRINTABLE_ASCII_RE.test(code)) return { ok: false, code, reason: `${code} has characters a Code 128 barcode cannot carry (letters, digits and ASCII signs only).` };
  return { ok: true, code, format: 'Code 128', key: code };
}

/** True for a GS1 product number (EAN-13, UPC-A, GTIN-14) with a right check digit. */
export function isGtin(raw: string): boolean {
  const r = readProductBarcode(raw);
  return r.ok && r.format !== 'Code 128';
}
