// Demo mode's desk devices: a scale and a serial barcode scanner simulated at the far end of
// socat pty pairs, so the Pack screen shows a live weight with no hardware attached. The station
// only gets their device profiles (it opens the ports like any USB device); the simulators stay
// here, and tests drive them through the handles returned. Without socat (Windows, or not
// installed) the demo runs without devices and says why in the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoSimulators } from '../station/app/app-station.js';
import { startPtyPair, type PtyPair } from '../station/devices/simulators/pty-pair.js';
import { startScaleSimulator, type ScaleSimulator } from '../station/devices/simulators/scale-simulator.js';
import { startScannerSimulator, type ScannerSimulator } from '../station/devices/simulators/scanner-simulator.js';
import { DEMO_DEVICE_ID_PREFIX } from '../station/app/app-station.js';

export const DEMO_SCALE_ID = `${DEMO_DEVICE_ID_PREFIX}scale`;
export const DEMO_SCANNER_ID = `${DEMO_DEVICE_ID_PREFIX}scanner`;

export interface DemoDevices extends DemoSimulators {
  /** Absent when the pty pair could not be made (see `unavailable`). */
  scale?: ScaleSimulator;
  scanner?: ScannerSimulator;
  /** Why there are no simulated devices, in words. */
  unavailable?: string;
}

export interface DemoDevicesOptions {
  /** The weight on the scale at start (kg); 0 is an empty platform. */
  startKg?: number;
  /** How often the continuous scale sends a reading. */
  streamIntervalMs?: number;
  log?: (line: string) => void;
}

/** A continuous scale streams on its own; a polling one would stay silent, as nothing polls it between weighings. */
const DEMO_STREAM_INTERVAL_MS = 250;

export async function startDemoDevices(options: DemoDevicesOptions = {}): Promise<DemoDevices> {
  const log = options.log ?? (() => undefined);
  // The links live in a fresh temp folder: two stations on one computer must not share a port.
  const dir = mkdtempSync(join(tmpdir(), 'station-demo-devices-'));
  const pairs: PtyPair[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.splice(0).reverse()) await s().catch(() => undefined);
    for (const p of pairs.splice(0)) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const none = (reason: string): DemoDevices => {
    log(`Demo devices: none (${reason})`);
    return { profiles: [], unavailable: reason, stop };
  };

  try {
    const scalePair = await startPtyPair({ dir, name: 'scale' });
    if (!scalePair.pair) {
      await stop();
      return none(scalePair.reason);
    }
    pairs.push(scalePair.pair);
    const scannerPair = await startPtyPair({ dir, name: 'scanner' });
    if (!scannerPair.pair) {
      await stop();
      return none(scannerPair.reason);
    }
    pairs.push(scannerPair.pair);

    const scale = await startScaleSimulator({
      path: scalePair.pair.simPath,
      protocol: 'continuous',
      targetKg: options.startKg ?? 0,
      streamIntervalMs: options.streamIntervalMs ?? DEMO_STREAM_INTERVAL_MS,
    });
    stoppers.push(() => scale.stop());
    const scanner = await startScannerSimulator({ path: scannerPair.pair.simPath });
    stoppers.push(() => scanner.stop());

    const profiles: Record<string, unknown>[] = [
      { id: DEMO_SCALE_ID, name: 'Demo scale', role: 'scale', protocol: 'continuous', path: scalePair.pair.devicePath },
      { id: DEMO_SCANNER_ID, name: 'Demo scanner', role: 'scanner', protocol: 'line', path: scannerPair.pair.devicePath },
    ];
    log(`Demo devices: a simulated scale on ${scalePair.pair.devicePath} and scanner on ${scannerPair.pair.devicePath}.`);
    return { profiles, scale, scanner, stop };
  } catch (e) {
    await stop();
    return none(`the simulators did not start: ${(e as Error).message}`);
  }
}
