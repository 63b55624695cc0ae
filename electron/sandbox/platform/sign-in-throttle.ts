// Throttling of wrong passwords on the sign-in page (spec § Authorization code flow, step 1: the
// seller signs in). After SIGN_IN_FREE_FAILURES wrong passwords in a row for a username, each
// further attempt must wait, twice as long after every new failure, up to SIGN_IN_MAX_WAIT_MS;
// while it waits even the right password is refused, or the wait would protect nothing. A
// success clears the count. Kept in memory per sandbox: a restart forgives.
import type { World } from '../world/world.js';

/** Wrong passwords in a row before the first wait. */
export const SIGN_IN_FREE_FAILURES = 5;
/** The first wait; it doubles with every further failure. */
export const SIGN_IN_FIRST_WAIT_MS = 30_000;
/** The longest wait: 15 minutes. */
export const SIGN_IN_MAX_WAIT_MS = 15 * 60_000;
/** Usernames remembered at most (the oldest is forgotten first), so guessing names cannot fill memory. */
const MAX_TRACKED = 10_000;

interface Failures {
  count: number;
  /** Sandbox-clock ms until which attempts are refused. */
  until: number;
}

const byWorld = new WeakMap<World, Map<string, Failures>>();

function table(world: World): Map<string, Failures> {
  let t = byWorld.get(world);
  if (!t) byWorld.set(world, (t = new Map()));
  return t;
}

const keyOf = (username: string) => username.trim().toLowerCase();

/** Milliseconds the username must still wait before a new attempt; 0 when it may try. */
export function signInWaitMs(world: World, username: string): number {
  const f = table(world).get(keyOf(username));
  return f ? Math.max(0, f.until - world.now()) : 0;
}

/** Records a wrong password; answers the wait it now imposes (0 while attempts are still free). */
export function recordSignInFailure(world: World, username: string): number {
  const t = table(world);
  const key = keyOf(username);
  const f = t.get(key) ?? { count: 0, until: 0 };
  t.delete(key);
  f.count += 1;
  const over = f.count - SIGN_IN_FREE_FAILURES;
  const wait = over < 0 ? 0 : Math.min(SIGN_IN_MAX_WAIT_MS, SIGN_IN_FIRST_WAIT_MS * 2 ** over);
  f.until = world.now() + wait;
  t.set(key, f);
  if (t.size > MAX_TRACKED) t.delete(t.keys().next().value!);
  return wait;
}

export function clearSignInFailures(world: World, username: string): void {
  table(world).delete(keyOf(username));
}

/** "30 seconds", "2 minutes", "1 minute and 30 seconds": how long to wait, in words. */
export function waitInWords(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} and ${part(seconds, 'second')}`;
}
