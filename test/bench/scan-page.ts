// Page-side measuring functions for the scan bench (scan-bench.ts), passed to page.evaluate:
// functions, not strings (the app's CSP refuses to evaluate strings), typed without the DOM
// library, hence `globalThis as any`. Every time is the page's performance.now() or an event's
// timeStamp (the same clock). "Painted" is taken as in renderer-page.ts: the first task after the
// requestAnimationFrame that follows the DOM change.

export interface ScanTimes {
  /** The terminating key's keydown (Enter after the code): the scan is complete from here. */
  keyAt: number;
  /** The page sent desk.scan over the WebSocket. */
  sentAt: number;
  /** The station's first message after the send (the answer, or desk.changed just before it). */
  answerAt: number;
  /** The new count is in the DOM. */
  domAt: number;
  /** The frame showing it was rendered. */
  paintAt: number;
}

/**
 * Arms the scan's timing: the renderer bench's unit-count watch (renderer-page.ts), which resolves
 * once the Pack screen shows at least `expected` verified units, painted.
 */
export { armUnitCount as armScan } from './renderer-page.js';

/**
 * The scan's times once the count is painted, timed from the last Enter keydown between arming
 * and the DOM change (the wedge's terminating key). The page's own keydown listeners may stop the
 * event; the probe installed before them (renderer-harness.ts) notes every key and message.
 */
export async function awaitScan(): Promise<ScanTimes> {
  const g = globalThis as any;
  const shown: { armedAt: number; domAt: number; paintAt: number } = await g.__bench.pending;
  const enter = g.__bench.keys.filter((k: { at: number; key: string }) => k.key === 'Enter' && k.at >= shown.armedAt && k.at <= shown.domAt).pop();
  const keyAt = enter ? enter.at : Number.NaN;
  const sent = g.__bench.sent.find((m: { at: number; head: string }) => m.at >= keyAt && m.head.includes('"desk.scan"'));
  const sentAt = sent ? sent.at : Number.NaN;
  const answer = g.__bench.messages.find((m: { at: number }) => m.at >= sentAt);
  return { keyAt, sentAt, answerAt: answer ? answer.at : Number.NaN, domAt: shown.domAt, paintAt: shown.paintAt };
}

/**
 * The baseline page: a field that, on the terminating Enter of a wedge burst, sends `message` to
 * a WebSocket echo server, writes the echo into the page and waits for the frame that shows it.
 * The same keys, the same message, one round trip over a WebSocket on this machine, one frame:
 * the least any scan answer can take here.
 */
export function installEcho(args: { url: string }): Promise<void> {
  const g = globalThis as any;
  const doc = g.document;
  doc.body.innerHTML = '<input id="field" aria-label="Scan"><p id="out">-</p>';
  const field = doc.getElementById('field');
  field.focus();
  const ws = new g.WebSocket(args.url);
  const echo = { message: '', pending: undefined as unknown, resolve: (_: number) => undefined as unknown, keyAt: 0 };
  g.__echo = echo;
  ws.onmessage = (e: { data: string }) => {
    doc.getElementById('out').textContent = e.data.slice(0, 40);
    g.requestAnimationFrame(() => {
      const channel = new g.MessageChannel();
      channel.port1.onmessage = () => echo.resolve(g.performance.now() - echo.keyAt);
      channel.port2.postMessage(0);
    });
  };
  field.addEventListener('keydown', (e: { key: string; timeStamp: number }) => {
    if (e.key !== 'Enter') return;
    echo.keyAt = e.timeStamp;
    ws.send(echo.message);
  });
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('the echo server could not be reached'));
  });
}

/** Arms the next echo: resolves with the time from Enter's keydown to the painted echo (ms). */
export function armEcho(message: string): void {
  const g = globalThis as any;
  g.__echo.message = message;
  g.__echo.pending = new Promise<number>((resolve) => (g.__echo.resolve = resolve));
}

export function awaitEcho(): Promise<number> {
  return (globalThis as any).__echo.pending;
}

/** The fake camera's device id, once the page may use cameras (the fake UI grants it). */
export async function fakeCameraId(): Promise<{ deviceId: string; label: string }> {
  const g = globalThis as any;
  const stream = await g.navigator.mediaDevices.getUserMedia({ video: true });
  stream.getTracks().forEach((t: { stop(): void }) => t.stop());
  const cams = (await g.navigator.mediaDevices.enumerateDevices()).filter((d: { kind: string }) => d.kind === 'videoinput');
  if (cams.length === 0) throw new Error('Chromium lists no camera (is --use-fake-device-for-media-stream set?)');
  return { deviceId: cams[0].deviceId, label: cams[0].label };
}
