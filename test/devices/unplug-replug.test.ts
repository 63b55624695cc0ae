// Pulling the cable and plugging it back in: the packer sees "disconnected" at once and the
// device working again within 2 s of the port returning, with no restart.
import { afterEach, describe, expect, it } from 'vitest';
import { parseDeviceProfile, type ScaleProfile, type ScannerProfile } from '../../electron/station/devices/device-profile.js';
import { Scale, type ScaleReading } from '../../electron/station/devices/scale.js';
import { Scanner, type ScanEvent } from '../../electron/station/devices/scanner.js';
import type { DeviceStatus } from '../../electron/station/devices/serial-device.js';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';
import { startScaleSimulator } from '../../electron/station/devices/simulators/scale-simulator.js';
import { startScannerSimulator } from '../../electron/station/devices/simulators/scanner-simulator.js';
import { createPtyPair, disposeAllPtys } from '../support/pty.js';
import { requireTool } from '../support/system-tools.js';

const hasSocat = requireTool('socat');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await disposeAllPtys();
});

async function waitFor<T>(get: () => T | undefined, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.skipIf(!hasSocat)('unplug and replug', () => {
  it('a polled scale reports disconnected, then reconnects within 2 s and weighs again', async () => {
    const pty = await createPtyPair('scale');
    const sim = await startScaleSimulator({ path: pty.simPath, protocol: 'nci', targetKg: 1.5, unit: 'kg' });
    cleanups.push(() => sim.stop());
    const profile = parseDeviceProfile({ id: 's', name: 'Scale', role: 'scale', path: pty.devicePath, protocol: 'nci', pollIntervalMs: 50 }) as ScaleProfile;
    const scale = new Scale(profile, { open: openSerialPort, reconnectIntervalMs: 250 });
    cleanups.push(() => scale.stop());
    const statuses: DeviceStatus[] = [];
    const readings: ScaleReading[] = [];
    scale.on('status', (s) => statuses.push(s));
    scale.on('reading', (r) => readings.push(r));
    await scale.start();
    const release = scale.want();
    cleanups.push(async () => release());
    expect((await scale.waitForStable({ timeoutMs: 5000 })).weightKg).toBeCloseTo(1.5, 3);

    const unplugged = Date.now();
    await pty.kill();
    const down = await waitFor(() => statuses.find((s) => s.state === 'disconnected'), 1000, 'disconnected');
    expect(Date.now() - unplugged).toBeLessThan(1000);
    expect(down.message, down.message).toMatch(/unplugged or switched off/);
    expect(scale.latest).toBeUndefined();

    // Away for a while: several failed reopen attempts, no crash, no status flood.
    await new Promise((r) => setTimeout(r, 800));
    const whileAway = statuses.length;

    await pty.restart();
    const back = Date.now();
    sim.setWeight(2.25);
    await waitFor(() => statuses.slice(whileAway).find((s) => s.state === 'connected' && !s.warning), 2000, 'connected');
    const r = await waitFor(() => readings.find((x, i) => i > 0 && x.stable && Math.abs(x.weightKg - 2.25) < 1e-6), 2000, 'a new stable reading');
    expect(r.weightKg).toBeCloseTo(2.25, 3);
    expect(Date.now() - back).toBeLessThan(2000);
    expect(whileAway).toBeLessThanOrEqual(statuses.indexOf(down) + 1);
  });

  it('a scanner comes back without a restart and a half-sent frame does not leak into the next scan', async () => {
    const pty = await createPtyPair('scanner');
    const sim = await startScannerSimulator({ path: pty.simPath });
    cleanups.push(() => sim.stop());
    const profile = parseDeviceProfile({ id: 'sc', name: 'Scanner', role: 'scanner', path: pty.devicePath }) as ScannerProfile;
    const scanner = new Scanner(profile, { open: openSerialPort, reconnectIntervalMs: 250 });
    cleanups.push(() => scanner.stop());
    const scans: ScanEvent[] = [];
    const states: string[] = [];
    scanner.on('scan', (s) => scans.push(s));
    scanner.on('status', (s) => states.push(s.state));
    await scanner.start();
    await sim.sendRaw('SH0000'); // unplugged mid-scan
    await new Promise((r) => setTimeout(r, 50));
    await pty.kill();
    await waitFor(() => states.includes('disconnected'), 1000, 'disconnected');
    await pty.restart();
    await waitFor(() => states.lastIndexOf('connected') > states.indexOf('disconnected'), 2000, 'reconnected');
    await sim.port.ready();
    await sim.scan('OI1234567890123456');
    await waitFor(() => scans.length === 1, 2000, 'a scan');
    expect(scans[0]).toMatchObject({ kind: 'orderItemId', value: 'OI1234567890123456' });
  });

  it('a port that is not there gives a clear error, then connects when it appears', async () => {
    const pty = await createPtyPair('late');
    await pty.kill();
    const profile = parseDeviceProfile({ id: 'sc', name: 'Scanner', role: 'scanner', path: pty.devicePath }) as ScannerProfile;
    const scanner = new Scanner(profile, { open: openSerialPort, reconnectIntervalMs: 250 });
    cleanups.push(() => scanner.stop());
    const statuses: DeviceStatus[] = [];
    scanner.on('status', (s) => statuses.push(s));
    expect(await scanner.start()).toBe(false);
    expect(scanner.status.state).toBe('error');
    expect(scanner.status.message).toMatch(/no such port \(is it plugged in\?\)/);
    await pty.restart();
    await waitFor(() => scanner.status.state === 'connected', 2000, 'connected');
  });
});
