// PINs are kept as salted scrypt hashes: a copied operators file gives no PIN back without
// trying every one, and scrypt makes each try cost memory and time.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt's cost (N = 2^14, r = 8): about 16 MB and tens of milliseconds per try. */
const SCRYPT = { N: 1 << 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** "scrypt$N$r$p$salt$hash", base64: the parameters travel with the hash so they can grow later. */
export function hashPin(pin: string): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = scryptSync(pin, salt, KEY_BYTES, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * The cost is this code's, never the stored row's: a hash written into the warehouse database by
 * anyone who can write there, with a cost of gigabytes or a key of megabytes, is refused without
 * being computed, instead of stalling every desk that signs in. (Raising the cost later means
 * accepting the old parameters here as well, by name.)
 */
export function pinMatches(pin: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  if (Number(n) !== SCRYPT.N || Number(r) !== SCRYPT.r || Number(p) !== SCRYPT.p) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== KEY_BYTES) return false;
  const actual = scryptSync(pin, Buffer.from(salt, 'base64'), KEY_BYTES, SCRYPT);
  return timingSafeEqual(actual, expected);
}
