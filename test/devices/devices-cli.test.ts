// The station CLI's device commands over real ptys: the lines a person at the terminal reads,
// and the exit codes scripts rely on. Also the dimensioner's measure command end to end.
import { afterEach, describe, expect, it } from 'vitest';
import { devicesList, scaleRead, scannerListen } from '../../electron/station/cli/devices-commands.js';
import { parseDeviceProfile, type DimensionerProfile } from '../../electron/station/devices/device-profile.js';
import { Dimensioner } from '../../electron/station/devices/dimensioner.js';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';
import { startDimensionerSimulator } from '../../electron/station/devices/simulators/dimensioner-simulator.js';
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

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) } };
}

describe('devicesList', () => {
  it('lists ports, or explains that listing needs udev', async () => {
    const a = captureIo();
    expect(await devicesList(a.io, { list: async () => [{ path: '/dev/ttyUSB0', manufacturer: 'FTDI', vendorId: '0403', productId: '6001' }] })).toBe(0);
    expect(a.out).toEqual(['/dev/ttyUSB0  FTDI, 0403:6001']);
    const b = captureIo();
    expect(await devicesList(b.io, { list: () => Promise.reject(new Error('spawn udevadm ENOENT')) })).toBe(1);
    expect(b.err[0]).toMatch(/^Serial port listing needs udev \(udevadm\)\. Type the port path instead/);
  });
});

describe.skipIf(!hasSocat)('device CLI over ptys', () => {
  it('scaleRead prints readings as they come, then the stable weight, and exits 0', async () => {
    const pty = await createPtyPair('scale');
    const sim = await startScaleSimulator({ path: pty.simPath, protocol: 'sics', targetKg: 1.25, unit: 'kg' });
    cleanups.push(() => sim.stop());
    const { out, io } = captureIo();
    expect(await scaleRead({ port: pty.devicePath, protocol: 'sics', pollIntervalMs: 50 }, io)).toBe(0);
    expect(out.some((l) => /^\d+\.\d{3} kg \(moving\)/.test(l))).toBe(true);
    expect(out.at(-1)).toBe('Stable weight: 1.250 kg');
  });

  it('scaleRead --json prints one JSON object per line', async () => {
    const pty = await createPtyPair('scale');
    const sim = await startScaleSimulator({ path: pty.simPath, protocol: 'continuous', targetKg: 0.5, unit: 'g', streamIntervalMs: 20 });
    cleanups.push(() => sim.stop());
    const { out, io } = captureIo();
    expect(await scaleRead({ port: pty.devicePath, protocol: 'continuous', json: true }, io)).toBe(0);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines.at(-1)).toEqual({ type: 'stable', weightKg: 0.5 });
    expect(lines.some((l) => l.type === 'reading' && l.unit === 'g')).toBe(true);
  });

  it('scaleRead exits 2 with a clear message on a bad port or bad settings', async () => {
    const a = captureIo();
    expect(await scaleRead({ port: '/dev/ttyDOESNOTEXIST0', protocol: 'sics' }, a.io)).toBe(2);
    expect(a.err[0]).toMatch(/\/dev\/ttyDOESNOTEXIST0 does not exist/);
    const pty = await createPtyPair('scale');
    const b = captureIo();
    expect(await scaleRead({ port: pty.devicePath, protocol: 'weighbridge-9000' }, b.io)).toBe(2);
    expect(b.err[0]).toMatch(/^Invalid scale settings: protocol/);
  });

  it('scannerListen prints classified scans until stopped', async () => {
    const pty = await createPtyPair('scanner');
    const sim = await startScannerSimulator({ path: pty.simPath });
    cleanups.push(() => sim.stop());
    const { out, io } = captureIo();
    const stop = new AbortController();
    const done = scannerListen({ port: pty.devicePath, signal: stop.signal }, io);
    const end = Date.now() + 3000;
    while (!out.length && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      if (!out.length) await sim.scan('490154203237519');
    }
    await sim.scan('SH00000000000042');
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    expect(await done).toBe(0);
    expect(out[0]).toBe('imei         490154203237519  (check digit is wrong)');
    expect(out).toContain('shipmentId   SH00000000000042');
  });

  it('a CubiScan dimensioner measures a parcel in cm and kg, and says when nothing is on it', async () => {
    const pty = await createPtyPair('dim');
    const sim = await startDimensionerSimulator({ path: pty.simPath, parcel: { lengthCm: 30.5, widthCm: 20, heightCm: 10, kg: 1.2, units: 'E' } });
    cleanups.push(() => sim.stop());
    const profile = parseDeviceProfile({ id: 'd', name: 'Cubiscan', role: 'dimensioner', path: pty.devicePath, protocol: 'cubiscan' }) as DimensionerProfile;
    const dim = new Dimensioner(profile, { open: openSerialPort });
    cleanups.push(() => dim.stop());
    expect(await dim.start()).toBe(true);
    const m = await dim.measure(3000);
    // Sent in inches and pounds with one decimal: 12.0 x 7.9 x 3.9 in, 2.65 lb.
    expect(m).toMatchObject({ lengthCm: 30.48, widthCm: 20.07, heightCm: 9.91 });
    expect(m.weightKg).toBeCloseTo(1.202, 3);
    sim.setParcel(undefined);
    await expect(dim.measure(3000)).rejects.toThrow(/refused the measurement/);
  });
});
