// The app in browser mode for the renderer benchmarks: the real station (createAppStation via
// buildStation, the same composition browser mode uses), the real host serving the built renderer
// (out/renderer) over its WebSocket, and a real HTTPS sandbox as demo mode's marketplace, seeded
// without the desk's shipments so every benchmark decides exactly which ones exist. The one addition is
// a pass-through around the dispatcher that notes every desk.scan the station receives, so the
// wedge benchmark counts scans where they arrive rather than trusting the page about itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildStation, type BuiltStation } from '../../electron/host/compose.js';
import { startHost, type RunningHost } from '../../electron/host/host-server.js';
import type { CallContext } from '../../electron/station/app/dispatcher.js';
import { openStores } from '../../electron/station/station.js';
import type { ArgsOf, CommandName, ResultOf } from '../../shared/contract.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

export const RENDERER_DIR = join(import.meta.dirname, '..', '..', 'out', 'renderer');
const CHROMIUM = '/usr/bin/chromium';
// The test suite's flags, plus exact heap figures (performance.memory is otherwise rounded to
// coarse buckets) and window.gc() so the heap can be read after a full collection.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];
/** A desk-sized window (1080p at 125 %). */
const VIEWPORT = { width: 1366, height: 900 };

export interface BenchStation {
  url: string;
  sandbox: TestSandbox;
  /** The desk's location (demo mode picks the sandbox's first). */
  locationId: string;
  /** The raw code of every desk.scan call the station received, in arrival order. */
  scans: string[];
  /** How long the station took over each desk.scan (dispatch to reply, journal fsync included), ms. */
  scanHandleMs: number[];
  /** A contract call straight to the dispatcher (setup and checks, never a measured path). */
  call<C extends CommandName>(command: C, args: ArgsOf<C>): Promise<ResultOf<C>>;
  /** Customers order: POST /sandbox/shipments at the desk's location, in chunks. */
  createShipments(count: number, body?: { kind?: string; quantity?: number }): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startBenchStation(options: { labelDelayMs?: number } = {}): Promise<BenchStation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'renderer-bench-'));
  // Demo mode's own sandbox waits 2 s for a label; so does this one.
  const sandbox = await startTestSandbox({ shipments: 0, labelDelayMs: options.labelDelayMs ?? 2000 });
  let station: BuiltStation | undefined;
  let host: RunningHost | undefined;
  try {
    const stores = openStores(dataDir);
    station = await buildStation({
      dataDir,
      settings: stores.settings,
      secrets: stores.secrets,
      version: '0.0.0-bench',
      demo: async () => ({
        baseUrl: sandbox.baseUrl,
        caPem: sandbox.tls.caCert,
        selfAccess: sandbox.info.selfAccess,
        locations: sandbox.info.locations,
        identity: `bench-sandbox:${sandbox.baseUrl}`,
        now: () => sandbox.world.now(),
      }),
    });
    await station.start();
    const built = station;
    const scans: string[] = [];
    const scanHandleMs: number[] = [];
    const dispatcher = {
      handle(raw: unknown, ctx: CallContext) {
        const m = raw as { command?: unknown; args?: { raw?: unknown } } | null;
        if (m?.command !== 'desk.scan' || typeof m.args?.raw !== 'string') return built.dispatcher.handle(raw, ctx);
        scans.push(m.args.raw);
        const started = performance.now();
        const reply = built.dispatcher.handle(raw, ctx);
        void Promise.resolve(reply).then(() => scanHandleMs.push(performance.now() - started));
        return reply;
      },
    };
    host = await startHost({ dispatcher, hub: station.hub, rendererDir: RENDERER_DIR, port: 0 });
    const running = host;

    let nextId = 1_000_000;
    const call: BenchStation['call'] = async (command, args) => {
      const reply = await built.dispatcher.handle({ t: 'call', id: nextId++, command, args }, { transport: 'memory' });
      if (!reply) throw new Error(`${command}: no reply`);
      if (!reply.ok) throw new Error(`${command}: ${reply.error.code} ${reply.error.message}`);
      return reply.value as never;
    };
    const locationId = (await call('settings.get', {})).locationId;
    if (!locationId) throw new Error('the demo station chose no desk location');

    const createShipments: BenchStation['createShipments'] = async (count, body = {}) => {
      const ids: string[] = [];
      for (let done = 0; done < count; ) {
        const n = Math.min(500, count - done);
        const r = await sandbox.call('POST', '/sandbox/shipments', { body: { count: n, locationId, kind: 'plain', restock: true, ...body }, token: null });
        if (r.status !== 200) throw new Error(`POST /sandbox/shipments: ${r.status} ${JSON.stringify(r.json)}`);
        ids.push(...(r.json as { shipmentIds: string[] }).shipmentIds);
        done += n;
      }
      return ids;
    };

    let stopping: Promise<void> | undefined;
    return {
      url: running.url,
      sandbox,
      locationId,
      scans,
      scanHandleMs,
      call,
      createShipments,
      stop: () =>
        (stopping ??= (async () => {
          await running.close();
          await built.stop();
          await sandbox.close();
          rmSync(dataDir, { recursive: true, force: true });
        })()),
    };
  } catch (e) {
    await host?.close();
    await station?.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/** Chromium's fake camera (a moving test pattern), granted without asking. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchBenchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Installed before any of the page's own scripts (an init script, so the page's CSP does not
 * apply): notes the arrival time of every WebSocket message and the time of every keydown, on the
 * page's clock. The message listener is added in the constructor, before the app sets onmessage,
 * so it runs first and only copies 120 characters: the app's own handling is not delayed.
 */
function installPageProbes(): void {
  const g = globalThis as any;
  // tsx (esbuild with keepNames) wraps named inner functions as __name(fn, "name"); functions
  // handed to page.evaluate carry that call into the page, which has no such helper.
  g.__name = (fn: unknown) => fn;
  const probe = {
    messages: [] as { at: number; len: number; head: string }[],
    sent: [] as { at: number; head: string }[],
    keys: [] as { at: number; key: string }[],
  };
  g.__bench = probe;
  const Native = g.WebSocket;
  g.WebSocket = class extends Native {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (e: { data: unknown }) => {
        const at = g.performance.now();
        if (typeof e.data === 'string') probe.messages.push({ at, len: e.data.length, head: e.data.slice(0, 120) });
      });
    }
    send(data: unknown) {
      if (typeof data === 'string') probe.sent.push({ at: g.performance.now(), head: data.slice(0, 120) });
      super.send(data);
    }
  };
  // event.timeStamp: when the key event was made, before any wait for a busy main thread.
  g.addEventListener('keydown', (e: { timeStamp: number; key: string }) => probe.keys.push({ at: e.timeStamp, key: e.key }), true);
}

/** A fresh browser context on the station's page, connected, on the Pack screen. */
export async function openBenchPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installPageProbes);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as any).document.documentElement.dataset.station === 'connected', undefined, { timeout: 30_000 });
  await page.getByLabel('Scan', { exact: true }).waitFor({ timeout: 30_000 });
  if (problems.length > 0) throw new Error(`the page failed: ${problems[0]}`);
  return page;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A keyboard-wedge scanner: the code and Enter as key presses (keydown + keyup) through
 * page.keyboard, each started perKeyMs after the previous one on a fixed schedule, so the time
 * Playwright spends delivering a key is not added on top of the interval. Key gaps as the page saw
 * them are in __bench.keys.
 */
export async function wedgeBurst(page: Page, code: string, perKeyMs = 3): Promise<void> {
  const keys = [...code, 'Enter'];
  const start = performance.now();
  for (let i = 0; i < keys.length; i++) {
    const wait = start + i * perKeyMs - performance.now();
    if (wait >= 1) await sleep(wait);
    await page.keyboard.press(keys[i]!);
  }
}

export { sleep };
