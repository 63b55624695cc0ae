// The whole app in browser mode for end-to-end tests, over real things: the browser-mode host
// (electron/host/browser-mode.ts) in this process with a temp data folder, a real HTTPS sandbox
// as demo mode's marketplace, the demo devices on socat pty pairs (electron/host/demo-devices.ts),
// and the printers set to the CUPS queues PDF (labels) and PDF-DOCS (documents).
//
//   const desk = await startBrowserStation();
//   desk.url                          // the page address with its launch token
//   desk.devices?.scale?.setWeight(1.2)
//   await desk.sandbox.call('POST', '/sandbox/shipments', { body: { count: 1, kind: 'serialized' } })
//   await desk.restart()              // the same data folder, port and sandbox, a new host and devices
//   await desk.stop()
//
// The sandbox outlives restarts (it is the marketplace, not part of the app) and is closed by stop().
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserMode, type RunningBrowserMode } from '../../electron/host/browser-mode.js';
import { startDemoDevices, type DemoDevices } from '../../electron/host/demo-devices.js';
import { openStores } from '../../electron/station/station.js';
import type { AppStationOptions } from '../../electron/station/app/app-station.js';
import { CupsBackend } from '../../electron/station/printing/cups-backend.js';
import { nodeExecFile } from '../../electron/station/printing/exec-file.js';
import { DOCUMENT_QUEUE, LABEL_QUEUE } from './cups.js';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from './sandbox.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

export interface BrowserStationOptions {
  /** Reuse a data folder; a temp one otherwise (removed by stop()). */
  dataDir?: string;
  sandboxOptions?: TestSandboxOptions;
  /** Settings written before the first start (merged over the printers below). */
  settings?: Record<string, unknown>;
  /** false: no simulated devices. */
  devices?: boolean;
  /** More of the station's options (the environment it reads, where it announces). */
  extra?: Partial<Pick<AppStationOptions, 'env' | 'announce' | 'pushReconcileMs'>>;
}

export interface BrowserStation {
  readonly running: RunningBrowserMode;
  /** The page address with this launch's token. */
  readonly url: string;
  readonly dataDir: string;
  readonly sandbox: TestSandbox;
  /** The simulated scale and scanner of the current run (new ones after a restart). */
  readonly devices: DemoDevices | undefined;
  /** Lines the station logged. */
  readonly log: string[];
  /** Customers order: new shipments of a kind at this desk's location, through the sandbox control API. */
  createShipments(kind: string, count?: number, quantity?: number): Promise<string[]>;
  /** The SKU of every unit of a shipment, once per unit: what the packer scans to verify it. */
  unitScans(shipmentId: string): string[];
  /** Stops the host and the station, runs `whileDown`, then starts them again over the same data folder and port. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startBrowserStation(options: BrowserStationOptions = {}): Promise<BrowserStation> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'station-e2e-'));
  const sandbox = await startTestSandbox({ shipments: 8, labelDelayMs: 1500, ...options.sandboxOptions });
  const log: string[] = [];
  const stores = openStores(dataDir);
  stores.settings.update({ printers: { label: LABEL_QUEUE, invoice: DOCUMENT_QUEUE, manifest: DOCUMENT_QUEUE }, ...options.settings } as never);

  let devices: DemoDevices | undefined;
  const start = (port = 0) =>
    startBrowserMode({
      dataDir,
      rendererDir: RENDERER_DIR,
      port,
      version: '0.0.0-e2e',
      log: (line) => log.push(line),
      demo: async () => ({
        baseUrl: sandbox.baseUrl,
        caPem: sandbox.tls.caCert,
        selfAccess: sandbox.info.selfAccess,
        locations: sandbox.info.locations,
        sellerUsername: sandbox.info.seller.username,
        identity: `e2e-sandbox:${sandbox.baseUrl}`,
        now: () => sandbox.world.now(),
      }),
      simulators:
        options.devices === false
          ? false
          : async () => {
              devices = await startDemoDevices({ log: (line) => log.push(line) });
              return devices;
            },
      extra: { printerBackend: new CupsBackend({ execFile: nodeExecFile }), printPollIntervalMs: 250, deviceReconnectIntervalMs: 200, ...options.extra },
    });

  let running = await start();
  let stopped: Promise<void> | undefined;
  return {
    get running() {
      return running;
    },
    get url() {
      return running.host.url;
    },
    dataDir,
    sandbox,
    get devices() {
      return devices;
    },
    log,
    async createShipments(kind, count = 1, quantity) {
      const body = { count, kind, locationId: sandbox.info.locations[0], ...(quantity ? { quantity } : {}) };
      const r = await sandbox.call('POST', '/sandbox/shipments', { body });
      if (r.status !== 200) throw new Error(`POST /sandbox/shipments answered ${r.status}: ${JSON.stringify(r.json)}`);
      return r.json.shipmentIds as string[];
    },
    unitScans(shipmentId) {
      const shipment = sandbox.world.shipments.get(shipmentId);
      if (!shipment) throw new Error(`the sandbox has no shipment ${shipmentId}`);
      return shipment.orderItems.flatMap((item) => Array.from({ length: item.quantity }, () => item.sku));
    },
    async restart(whileDown) {
      const port = running.host.port;
      await running.stop();
      devices = undefined;
      await whileDown?.();
      // The same port, as `npm run web` restarted: an open tab carries on.
      running = await start(port);
    },
    stop: () =>
      (stopped ??= (async () => {
        await running.stop();
        await sandbox.close();
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds out/renderer when it is missing or older than the renderer's sources. Test files run in
 * parallel workers: a lock folder makes one build while the others wait, then find it fresh.
 */
export async function ensureRendererBuilt(): Promise<void> {
  const lock = join(ROOT, 'out', '.e2e-build-lock');
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build is left by a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const index = join(RENDERER_DIR, 'index.html');
    const sources = Math.max(newestMtime(join(ROOT, 'renderer')), newestMtime(join(ROOT, 'shared')));
    if (!existsSync(index) || statSync(index).mtimeMs < sources) {
      execFileSync(process.execPath, [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: ROOT, stdio: 'ignore' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
