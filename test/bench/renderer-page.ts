// Page-side measuring functions for the renderer benchmarks, passed to page.evaluate. They are
// functions, not strings (the page's CSP refuses to evaluate strings), and are type-checked
// without the DOM library, hence `globalThis as any`. Every timestamp is performance.now() (or an
// event's timeStamp, the same clock) inside the page.
//
// "Painted" is the first task after the requestAnimationFrame that follows the DOM change: rAF
// callbacks run just before the frame is rendered, so a message posted from one is handled once
// that frame's rendering work is done. This is the usual in-page stand-in for "on screen".

export interface Confirmation {
  /** When armUnitCount ran. */
  armedAt: number;
  /** The first keydown of the scan (its event timeStamp). */
  keyAt: number;
  /** The DOM showed the new count (MutationObserver callback). */
  domAt: number;
  /** The frame with the new count was rendered. */
  paintAt: number;
}

export interface RowsPainted {
  armedAt: number;
  domAt: number;
  paintAt: number;
}

/**
 * Arms __bench.pending: resolves when the Pack screen's unit heading ("… N of M units verified")
 * shows at least `expected` verified units, with the time of the first keydown after arming. The
 * renderer bench and the scan bench (scan-page.ts) both time a scan's answer with it.
 */
export function armUnitCount(expected: number): void {
  const g = globalThis as any;
  if (!g.document.getElementById('units-heading')) throw new Error('no shipment is open on the Pack screen');
  const armedAt = g.performance.now();
  g.__bench.pending = new Promise<Confirmation>((resolve) => {
    let keyAt = Number.NaN;
    const onKey = (e: { timeStamp: number }) => {
      keyAt = e.timeStamp;
      g.removeEventListener('keydown', onKey, true);
    };
    g.addEventListener('keydown', onKey, true);
    const shows = () => {
      const m = /: (\d+) of \d+ unit/.exec(g.document.getElementById('units-heading')?.textContent ?? '');
      return m !== null && Number(m[1]) >= expected;
    };
    const observer = new g.MutationObserver(() => {
      if (!shows()) return;
      const domAt = g.performance.now();
      observer.disconnect();
      g.requestAnimationFrame(() => {
        const channel = new g.MessageChannel();
        channel.port1.onmessage = () => resolve({ armedAt, keyAt, domAt, paintAt: g.performance.now() });
        channel.port2.postMessage(0);
      });
    });
    observer.observe(g.document.body, { subtree: true, childList: true, characterData: true });
  });
}

export function awaitPending(): Promise<Confirmation> {
  return (globalThis as any).__bench.pending;
}

/** Arms __bench.rows: resolves when the first queue row is in the DOM, and then painted. */
export function armQueueRows(): void {
  const g = globalThis as any;
  const armedAt = g.performance.now();
  g.__bench.rows = new Promise<RowsPainted>((resolve) => {
    const observer = new g.MutationObserver(() => {
      if (!g.document.querySelector('[role="listbox"][aria-label="Shipments"] [role="option"]')) return;
      const domAt = g.performance.now();
      observer.disconnect();
      g.requestAnimationFrame(() => {
        const channel = new g.MessageChannel();
        channel.port1.onmessage = () => resolve({ armedAt, domAt, paintAt: g.performance.now() });
        channel.port2.postMessage(0);
      });
    });
    observer.observe(g.document.body, { subtree: true, childList: true });
  });
}

export function awaitRows(): Promise<RowsPainted> {
  return (globalThis as any).__bench.rows;
}

/** Every WebSocket message the page received (time, length, first 120 characters). */
export function pageMessages(): { at: number; len: number; head: string }[] {
  return (globalThis as any).__bench.messages;
}

/** Every keydown the page saw (event timeStamp and key). */
export function pageKeys(): { at: number; key: string }[] {
  return (globalThis as any).__bench.keys;
}

/**
 * Whether this page reports long tasks at all: a deliberate 60 ms task (a timer, a real task of
 * the event loop) must show up. Its own observer is closed before the measured one starts, so the
 * planted task is never counted.
 */
export async function longTasksObservable(): Promise<boolean> {
  const g = globalThis as any;
  if (!g.PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
  const seen: number[] = [];
  const observer = new g.PerformanceObserver((entries: any) => {
    for (const e of entries.getEntries()) seen.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  g.setTimeout(() => {
    const start = g.performance.now();
    while (g.performance.now() - start < 60);
  }, 0);
  await new Promise((r) => setTimeout(r, 300));
  for (const e of observer.takeRecords()) seen.push(e.duration);
  observer.disconnect();
  return seen.some((d) => d >= 50);
}

/**
 * Starts collecting long tasks (PerformanceObserver 'longtask': main-thread tasks of 50 ms or
 * more) and the furthest the queue list was scrolled.
 */
export function startLongTasks(): void {
  const g = globalThis as any;
  const list = g.document.querySelector('[role="listbox"][aria-label="Shipments"]');
  const state = { tasks: [] as number[], maxScrollTop: 0, scrollRange: list.scrollHeight - list.clientHeight, observer: undefined as any };
  state.observer = new g.PerformanceObserver((entries: any) => {
    for (const e of entries.getEntries()) state.tasks.push(e.duration);
  });
  state.observer.observe({ type: 'longtask' });
  list.addEventListener('scroll', () => (state.maxScrollTop = Math.max(state.maxScrollTop, list.scrollTop)), { passive: true });
  g.__bench.longTasks = state;
}

export function stopLongTasks(): { tasks: number[]; maxScrollTop: number; scrollRange: number } {
  const state = (globalThis as any).__bench.longTasks;
  for (const e of state.observer.takeRecords()) state.tasks.push(e.duration);
  state.observer.disconnect();
  return { tasks: state.tasks, maxScrollTop: state.maxScrollTop, scrollRange: state.scrollRange };
}

/** The JS heap in use after full collections (needs --js-flags=--expose-gc and precise memory info). */
export async function heapAfterGc(): Promise<number> {
  const g = globalThis as any;
  if (typeof g.gc !== 'function') throw new Error('window.gc is missing (launch Chromium with --js-flags=--expose-gc)');
  // Several rounds with a pause: objects freed by finalizers and weak callbacks go in later rounds.
  for (let i = 0; i < 4; i++) {
    g.gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  return g.performance.memory.usedJSHeapSize as number;
}
