// Recording stays off the scan path: no frame reaches the encoder (the frame worker holds them
// back; a page painting its own canvas skips them) and no chunk is sent while the desk is
// answering a key. A scan is a burst of keys ending in Enter; its answer is painted
// within a few frames of the last key. For QUIET_MS after any key the recorder leaves the main
// thread, the WebSocket and the station to the desk (the clip holds its last frame a little
// longer; a chunk waits in memory at most MAX_CHUNK_WAIT_MS).
//
// keyup, not keydown: the wedge listener stops the keydown of a scan's Enter before any other
// listener sees it, and a key is released right after it is pressed.

/** How long after a key the desk counts as busy answering it. */
export const QUIET_MS = 150;
/** A chunk is sent after this long even while keys keep coming (a clip is never held back). */
export const MAX_CHUNK_WAIT_MS = 1000;

let lastKeyAt = Number.NEGATIVE_INFINITY;
let watching = false;
const keyListeners = new Set<() => void>();

export function watchDeskKeys(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const note = () => {
    lastKeyAt = performance.now();
    for (const listener of keyListeners) listener();
  };
  window.addEventListener('keydown', note, { capture: true, passive: true });
  window.addEventListener('keyup', note, { capture: true, passive: true });
}

/** Follows the desk's keys (the frame worker holds its frames back while a scan is answered); returns the unsubscribe. */
export function onDeskKey(listener: () => void): () => void {
  watchDeskKeys();
  keyListeners.add(listener);
  return () => keyListeners.delete(listener);
}

export function deskBusy(): boolean {
  return performance.now() - lastKeyAt < QUIET_MS;
}

/** Resolves once no key came for QUIET_MS, or after `maxWaitMs` at the latest. */
export async function whenDeskQuiet(maxWaitMs = MAX_CHUNK_WAIT_MS): Promise<void> {
  watchDeskKeys();
  const until = performance.now() + maxWaitMs;
  while (deskBusy() && performance.now() < until) {
    const wait = Math.min(QUIET_MS - (performance.now() - lastKeyAt), until - performance.now());
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
  }
}
