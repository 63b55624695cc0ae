// How long a scale frame takes to become a weight event, over a real pty (socat): the simulator
// end writes one continuous-output frame, the Scale service on the other end emits the reading.
// Target: p95 at most 20 ms.
import { parseDeviceProfile, type ScaleProfile } from '../../electron/station/devices/device-profile.js';
import { Scale } from '../../electron/station/devices/scale.js';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';
import { continuousFrame } from '../../electron/station/devices/simulators/scale-frames.js';
import { openSimPort } from '../../electron/station/devices/simulators/sim-port.js';
import { createPtyPair } from '../support/pty.js';

import type { BenchRow } from './bench-table.js';

/** The requirement: a scale frame becomes a weight event in at most this many ms (p95). */
const TARGET_P95_MS = 20;

export async function runDevicesBench(samples = 200): Promise<BenchRow[]> {
  const pty = await createPtyPair('bench-scale');
  const sim = await openSimPort({ path: pty.simPath });
  const profile = parseDeviceProfile({ id: 'b', name: 'Bench scale', role: 'scale', path: pty.devicePath, protocol: 'continuous' }) as ScaleProfile;
  const scale = new Scale(profile, { open: openSerialPort });
  try {
    await scale.start();
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const kg = 1 + i / 1000;
      const seen = new Promise<number>((resolve) => {
        const on = (r: { weightKg: number }) => {
          if (Math.abs(r.weightKg - kg) < 1e-9) {
            scale.off('reading', on);
            resolve(performance.now());
          }
        };
        scale.on('reading', on);
      });
      const sent = performance.now();
      await sim.write(continuousFrame({ kg, stable: true, unit: 'kg' }));
      latencies.push((await seen) - sent);
    }
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    const p95 = p(0.95);
    return [
      { area: 'Devices', name: 'Scale frame → weight event over a pty (p95)', value: p95, unit: 'ms', target: `≤ ${TARGET_P95_MS} ms`, pass: p95 <= TARGET_P95_MS },
      { area: 'Devices', name: 'Scale frame → weight event over a pty (median)', value: p(0.5), unit: 'ms', target: '—', pass: true },
    ];
  } finally {
    await scale.stop();
    await sim.close();
    await pty.dispose();
  }
}
