// Identifier formats of the marketplace as the sandbox issues them and as scans are recognised.
// The spec gives no formats; these are the project's choice (electron/sandbox/README.md) and the
// scan classifier in shared/ relies on them, so they live here, once.

/** Shipment id: 'SH' and 14 digits. */
export const SHIPMENT_ID_RE = /^SH\d{14}$/;
/** Order id: 'OD' and 16 digits. */
export const ORDER_ID_RE = /^OD\d{16}$/;
/** Order item id: 'OI' and 16 digits. */
export const ORDER_ITEM_ID_RE = /^OI\d{16}$/;
/** Return id: 'RT' and 14 digits. */
export const RETURN_ID_RE = /^RT\d{14}$/;
/** FSN: 16 upper-case letters and digits, starting with a three-letter category code. */
export const FSN_RE = /^[A-Z]{3}[A-Z0-9]{13}$/;

export function formatId(prefix: 'SH' | 'RT', n: number): string;
export function formatId(prefix: 'OD' | 'OI', n: number): string;
export function formatId(prefix: string, n: number): string {
  const width = prefix === 'SH' || prefix === 'RT' ? 14 : 16;
  return prefix + String(n).padStart(width, '0');
}
