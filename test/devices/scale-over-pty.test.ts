// Every scale protocol over a real serial line: simulator on one end of a socat pty pair, the
// Scale service on the other, until the packer would see a stable weight in kilograms.
import { afterEach, describe, expect, it } from 'vitest';
import { parseDeviceProfile, type ScaleProfile, type ScaleProtocol, type WeightUnit } from '../../electron/station/devices/device-profile.js';
import { Scale, type ScaleFault, type ScaleReading } from '../../electron/station/devices/scale.js';
import { DEFAULT_MAX_FRAME_BYTES } from '../../electron/station/devices/frame-splitter.js';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';
import { REGEX_SIMULATOR_PATTERN } from '../../electron/station/devices/simulators/scale-frames.js';
import { startScaleSimulator } from '../../electron/station/devices/simulators/scale-simulator.js';
import { createPtyPair, disposeAllPtys } from '../support/pty.js';
import { requireTool } from '../support/system-tools.js';

const hasSocat = requireTool('socat');
/** Stable readings of an old weight that can still arrive after the simulator's weight changed. */
const MAX_FRAMES_IN_FLIGHT = 10;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await disposeAllPtys();
});

async function rig(protocol: ScaleProtocol, opts: { targetKg: number; unit: WeightUnit; profileUnit?: WeightUnit; stableReadings?: number }) {
  const pty = await createPtyPair('scale');
  const sim = await startScaleSimulator({ path: pty.simPath, protocol, targetKg: opts.targetKg, unit: opts.unit, streamIntervalMs: 30 });
  cleanups.push(() => sim.stop());
  const profile = parseDeviceProfile({
    id: 's1',
    name: 'Desk scale',
    role: 'scale',
    path: pty.devicePath,
    protocol,
    pollIntervalMs: 60,
    unit: opts.profileUnit,
    stableReadings: opts.stableReadings,
    regex: protocol === 'regex' ? REGEX_SIMULATOR_PATTERN : undefined,
  }) as ScaleProfile;
  const scale = new Scale(profile, { open: openSerialPort, reconnectIntervalMs: 250 });
  cleanups.push(() => scale.stop());
  const readings: ScaleReading[] = [];
  const faults: ScaleFault[] = [];
  scale.on('reading', (r) => readings.push(r));
  scale.on('fault', (f) => faults.push(f));
  expect(await scale.start()).toBe(true);
  return { pty, sim, scale, readings, faults };
}

const cases: [ScaleProtocol, WeightUnit, number, number][] = [
  ['sics', 'kg', 1.25, 1.25],
  ['continuous', 'kg', 2.5, 2.5],
  ['continuous', 'g', 0.75, 0.75],
  ['nci', 'lb', 0.567, 0.566990], // 1.25 lb on the display
  ['cas', 'kg', 3.2, 3.2],
  ['toledo-8217', 'lb', 0.907, 0.907185], // 2.00 lb
  ['regex', 'oz', 0.2, 0.201282], // 7.1 oz on the display
];

describe.skipIf(!hasSocat)('scales over a pty', () => {
  it.each(cases)('%s (%s display) settles to a stable weight in kg', async (protocol, unit, targetKg, expectedKg) => {
    const { scale, readings } = await rig(protocol, { targetKg, unit, profileUnit: protocol === 'toledo-8217' ? unit : undefined });
    const stable = await scale.waitForStable({ timeoutMs: 5000 });
    expect(stable.weightKg).toBeCloseTo(expectedKg, 4);
    expect(stable.unit).toBe(unit);
    // The weight moved before it settled (Toledo only answers once stable, so it has no unstable readings).
    if (protocol !== 'toledo-8217') expect(readings.some((r) => !r.stable)).toBe(true);
  });

  it('polls only while a weight is wanted', async () => {
    const { scale, sim } = await rig('sics', { targetKg: 1, unit: 'kg' });
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.commands.filter((c) => c === 'SI')).toHaveLength(0);
    const release = scale.want();
    await new Promise((r) => setTimeout(r, 400));
    release();
    const polled = sim.commands.filter((c) => c === 'SI').length;
    expect(polled).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.commands.filter((c) => c === 'SI').length).toBeLessThanOrEqual(polled + 1);
  });

  it('tares and zeroes an MT-SICS scale, and the next weight is net', async () => {
    const { scale, sim } = await rig('sics', { targetKg: 0.4, unit: 'kg' });
    await scale.waitForStable({ timeoutMs: 5000 });
    await scale.tare();
    sim.setWeight(1.4);
    const net = await scale.waitForStable({ timeoutMs: 5000 });
    expect(net.weightKg).toBeCloseTo(1.0, 3);
    await scale.zero();
    expect(sim.commands).toEqual(expect.arrayContaining(['T', 'Z']));
  });

  it('refuses tare on a protocol without remote tare, in words', async () => {
    const { scale } = await rig('cas', { targetKg: 1, unit: 'kg' });
    await expect(scale.tare()).rejects.toThrow(/has no remote tare/);
  });

  it('reports overload as a fault a packer can act on', async () => {
    const { scale, sim, faults } = await rig('continuous', { targetKg: 1, unit: 'kg' });
    sim.setOverload(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(faults.some((f) => f.code === 'overload' && /above the scale’s capacity/.test(f.message))).toBe(true);
    expect(scale.status.state).toBe('connected');
  });

  it('keeps working through garbage and says the line is noisy', async () => {
    const { scale, sim } = await rig('continuous', { targetKg: 1.1, unit: 'kg' });
    const statuses: string[] = [];
    scale.on('status', (s) => statuses.push(s.message));
    // One burst, so no frame of the simulator's stream can cut it into runs shorter than a frame may be.
    await sim.injectGarbage(Buffer.alloc(2 * DEFAULT_MAX_FRAME_BYTES + 512, '~!@#$%^&*'));
    await new Promise((r) => setTimeout(r, 100));
    sim.setWeight(1.7);
    // Frames of the old weight sent before the change may still be on the line: the scale counts
    // as working when a stable reading of the new one follows them.
    let stable = await scale.waitForStable({ timeoutMs: 5000 });
    for (let old = 0; old < MAX_FRAMES_IN_FLIGHT && Math.abs(stable.weightKg - 1.7) > 0.0005; old++) stable = await scale.waitForStable({ timeoutMs: 5000 });
    expect(stable.weightKg).toBeCloseTo(1.7, 3);
    expect(statuses.some((m) => /does not match its settings/.test(m))).toBe(true);
  });
});
