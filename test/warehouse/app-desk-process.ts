// One app desk as its own process, for the eight-desk test (warehouse-desks.test.ts): the app's
// station (createAppStation, the composition the window and browser mode run) in warehouse mode,
// against a shared sandbox and database, driven through its contract as a packer drives it.
// Configuration as JSON in argv[2]; one JSON line per event on stdout:
//   {"event":"ready"}                      started (migrations, claims, outbox running)
//   {"event":"done","packed":N,"waves":N}  every shipment has left APPROVED at the marketplace
// Modes: "single" opens shipments one by one at the Pack screen (scan, verify, measure, Enter);
// "wave" runs waves (preview, then run what the preview confirmed) until nothing is left.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShipmentWire } from '../../shared/api/shipments.js';
import { MAX_IDS_PER_REQUEST } from '../../shared/api/limits.js';
import { defaultSettings } from '../../shared/settings.js';
import { createAppStation } from '../../electron/station/app/app-station.js';
import { connectInMemory } from '../../electron/station/app/memory-transport.js';
import { dataPaths } from '../../electron/station/composition/data-dir.js';
import { FOLDER_PRINTER_NAME } from '../../electron/station/printing/folder-backend.js';
import { nodeSecretCipher } from '../../electron/station/settings/node-cipher.js';
import { FileSecretStore } from '../../electron/station/settings/secret-store.js';
import { mergeSettings, MemorySettingsStore } from '../../electron/station/settings/settings-store.js';
import { GSTIN } from '../support/warehouse-desk.js';

export interface AppDeskConfig {
  baseUrl: string;
  caPem: string;
  app: { appId: string; appSecret: string };
  locations: string[];
  sellerUsername: string;
  dbUrl: string;
  desk: string;
  mode: 'single' | 'wave';
  ids: string[];
  dataDir: string;
  leaseMs: number;
  seed: number;
}

const say = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed * 7919 + 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 48271) % 2147483647;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as AppDeskConfig;
  mkdirSync(config.dataDir, { recursive: true });
  const paths = dataPaths(config.dataDir);
  const settings = new MemorySettingsStore(
    mergeSettings(defaultSettings(), {
      locationId: config.locations[0],
      desk: { name: config.desk, operator: `op ${config.desk}` },
      warehouse: { registration: GSTIN },
      printers: { label: FOLDER_PRINTER_NAME, invoice: FOLDER_PRINTER_NAME },
      // Labels print; ready to dispatch waits for the end of the wave (fewer calls on a busy machine).
      rtdPolicy: 'endOfWave',
    } as never),
  );
  const station = createAppStation({
    dataDir: config.dataDir,
    settings,
    secrets: new FileSecretStore(paths.secrets, nodeSecretCipher(paths.secretKey)),
    printFolder: join(config.dataDir, 'printed'),
    env: { STATION_WAREHOUSE_URL: config.dbUrl },
    warehouseTuning: { leaseMs: config.leaseMs, outboxIntervalMs: 500, catchUpIntervalMs: 500, outageBlockSize: 20, connectTimeoutMs: 2_000 },
    demo: {
      startMarketplace: async () => ({
        baseUrl: config.baseUrl,
        caPem: config.caPem,
        selfAccess: config.app,
        locations: config.locations,
        sellerUsername: config.sellerUsername,
        identity: `test-sandbox:${config.baseUrl}`,
        now: () => Date.now(),
      }),
    },
    log: (line) => process.stderr.write(`[${config.desk}] ${line}\n`),
    printPollIntervalMs: 200,
  });
  const { api } = connectInMemory(station.dispatcher, station.hub);
  await station.start();
  say({ event: 'ready' });

  const approvedLeft = async (): Promise<string[]> => {
    const left: string[] = [];
    for (let i = 0; i < config.ids.length; i += MAX_IDS_PER_REQUEST) {
      const found: ShipmentWire[] = await station.context.marketplace().orders.getShipments({ shipmentIds: config.ids.slice(i, i + MAX_IDS_PER_REQUEST) });
      left.push(...found.filter((s) => s.orderItems.every((x) => x.status === 'APPROVED')).map((s) => s.shipmentId));
    }
    return left;
  };

  let packed = 0;
  let waves = 0;
  for (let round = 0; ; round++) {
    const left = await approvedLeft().catch(() => undefined);
    if (left && left.length === 0) break;
    try {
      if (config.mode === 'wave') {
        const plan = await api.invoke('wave.preview', {});
        const mine = plan.pack.map((p) => p.shipmentId).filter((id) => config.ids.includes(id));
        if (mine.length > 0) {
          const summary = await api.invoke('wave.run', { dispatch: false, shipmentIds: mine });
          packed += summary.packed;
          waves++;
        }
      } else {
        for (const id of shuffled(left ?? config.ids, config.seed + round)) {
          if (await packOne(id)) packed++;
        }
      }
    } catch (error) {
      // A refusal in words (the database away, the marketplace busy): the packer tries again.
      process.stderr.write(`[${config.desk}] ${(error as Error).message}\n`);
    }
    await sleep(200);
  }

  async function packOne(id: string): Promise<boolean> {
    let view = await api.invoke('desk.scan', { raw: id, source: 'serial' });
    if (view.session?.shipmentId !== id) return false;
    for (const line of view.session.lines) for (let n = line.verified; n < line.quantity; n++) view = await api.invoke('desk.scan', { raw: line.sku, source: 'wedge' });
    if (view.session?.phase === 'measuring') await api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });
    view = await api.invoke('desk.pack', {});
    if (view.feedback.tone === 'ok') return true;
    // Not packed (claim lost, marketplace refusal): put aside, the claim goes back.
    await api.invoke('desk.putAside', {});
    return false;
  }

  await station.context.desk().idle();
  await station.stop();
  say({ event: 'done', packed, waves });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
