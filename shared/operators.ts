// Operators who sign in at a desk: the badge code printed on their card, and the PIN rule.
// Badge codes carry a prefix no marketplace id, SKU or barcode uses, so a scan of one anywhere
// is known for a badge before it is taken for a product.
export const BADGE_PREFIX = 'PSOP-';
/** PSOP- and 8 letters/digits without look-alikes (no 0/O, 1/I): read aloud or typed without doubt. */
export const BADGE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const BADGE_BODY_LENGTH = 8;
export const BADGE_PATTERN = new RegExp(`^${BADGE_PREFIX}[${BADGE_ALPHABET}]{${BADGE_BODY_LENGTH}}$`);

export const MIN_PIN_DIGITS = 4;
export const MAX_PIN_DIGITS = 8;
export const PIN_PATTERN = new RegExp(`^\\d{${MIN_PIN_DIGITS},${MAX_PIN_DIGITS}}$`);

export const MAX_OPERATOR_NAME = 60;

export function isBadgeCode(code: string): boolean {
  return BADGE_PATTERN.test(code.trim().toUpperCase());
}
