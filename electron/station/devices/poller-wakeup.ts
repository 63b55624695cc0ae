// Reads that resume in the same turn of the event loop. On Linux and macOS serialport waits for a
// readable line with a native poller (@serialport/bindings-cpp 13) that calls into JavaScript with
// callback.Call() rather than MakeCallback, so nothing runs the promise jobs it settles. Since
// Node 26.4 the read waiting on that promise resumes only when some unrelated callback (the next
// timer) happens to run: a scanned code or a scale's answer comes hundreds of milliseconds late,
// or never on a quiet desk. An immediate queued on each poller event is run by Node's own loop,
// which runs the pending promise jobs after it.
// Drop this once @serialport/bindings-cpp ships the MakeCallback fix (serialport/bindings-cpp
// pull request 239).

/** The part of bindings-cpp's Poller used here: an EventEmitter of the line's readiness. */
interface PollerLike {
  on(event: 'readable' | 'writable' | 'disconnect', listener: () => void): unknown;
}

const POLLER_EVENTS = ['readable', 'writable', 'disconnect'] as const;

const nothing = () => undefined;

/**
 * After each event of the open port's poller, queue an immediate so the read (or write) that
 * waited for it carries on at once. A port without a poller (Windows) is left as it is.
 */
export function resumeAfterPollerEvents(port: unknown, queue: (fn: () => void) => unknown = setImmediate): void {
  const poller = (port as { port?: { poller?: PollerLike } } | undefined)?.port?.poller;
  if (!poller) return;
  for (const event of POLLER_EVENTS) poller.on(event, () => queue(nothing));
}
