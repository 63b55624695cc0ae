// A serial barcode scanner over a real pty: what the packer scans comes out classified, whether
// the frame arrives whole or in pieces, repeats are debounced, and line noise is called garbled.
import { afterEach, describe, expect, it } from 'vitest';
import { parseDeviceProfile, type ScannerProfile } from '../../electron/station/devices/device-profile.js';
import { Scanner, type ScanEvent } from '../../electron/station/devices/scanner.js';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';
import { startScannerSimulator } from '../../electron/station/devices/simulators/scanner-simulator.js';
import { createPtyPair, disposeAllPtys } from '../support/pty.js';
import { requireTool } from '../support/system-tools.js';

const hasSocat = requireTool('socat');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await disposeAllPtys();
});

async function rig(profileExtra: Record<string, unknown> = {}, simExtra: { terminator?: string; prefix?: string } = {}) {
  const pty = await createPtyPair('scanner');
  const sim = await startScannerSimulator({ path: pty.simPath, ...simExtra });
  cleanups.push(() => sim.stop());
  const profile = parseDeviceProfile({ id: 'sc', name: 'Scanner', role: 'scanner', path: pty.devicePath, debounceMs: 300, ...profileExtra }) as ScannerProfile;
  const scanner = new Scanner(profile, { open: openSerialPort });
  cleanups.push(() => scanner.stop());
  const scans: ScanEvent[] = [];
  const repeats: ScanEvent[] = [];
  scanner.on('scan', (s) => scans.push(s));
  scanner.on('repeat', (s) => repeats.push(s));
  expect(await scanner.start()).toBe(true);
  return { pty, sim, scanner, scans, repeats };
}

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!hasSocat)('serial scanner over a pty', () => {
  it('classifies each scanned line', async () => {
    const { sim, scans } = await rig();
    await sim.scan('SH00000000000042');
    await sim.scan('490154203237519');
    await sim.scan('4006381333931');
    await sim.scan('TSHIRT-RED-XL');
    await until(() => scans.length === 4);
    expect(scans.map((s) => [s.kind, s.value])).toEqual([
      ['shipmentId', 'SH00000000000042'],
      ['imei', '490154203237519'],
      ['ean13', '4006381333931'],
      ['sku', 'TSHIRT-RED-XL'],
    ]);
    expect(scans[1]).toMatchObject({ valid: false });
  });

  it('joins a frame that arrives in pieces', async () => {
    const { sim, scans } = await rig();
    await sim.scan('OD1234567890123456', { splitAt: [3, 11, 19], pieceDelayMs: 30 });
    await until(() => scans.length === 1);
    expect(scans[0]).toMatchObject({ kind: 'orderId', value: 'OD1234567890123456' });
  });

  it('debounces the same code within debounceMs, but not after it, and not a different code', async () => {
    const { sim, scans, repeats } = await rig();
    await sim.scan('4006381333931');
    await sim.scan('4006381333931');
    await sim.scan('036000291452');
    await until(() => scans.length + repeats.length === 3);
    expect(scans.map((s) => s.value)).toEqual(['4006381333931', '036000291452']);
    expect(repeats.map((s) => s.value)).toEqual(['4006381333931']);
    await new Promise((r) => setTimeout(r, 350));
    await sim.scan('036000291452');
    await until(() => scans.length === 3);
    expect(scans[2]).toMatchObject({ kind: 'upca', value: '036000291452' });
  });

  it('honours the profile terminator, prefix and suffix', async () => {
    const { sim, scans } = await rig({ terminator: 'cr', stripPrefix: '\u0002', stripSuffix: '#' }, { terminator: '\r', prefix: '\u0002' });
    await sim.scan('MOBFZ3XYQWERTY12#');
    await until(() => scans.length === 1);
    expect(scans[0]).toMatchObject({ kind: 'fsn', value: 'MOBFZ3XYQWERTY12' });
  });

  it('calls line noise garbled and warns once the noise has no line ends', async () => {
    const { sim, scans, scanner } = await rig();
    const statuses: { message: string; warning?: boolean }[] = [];
    scanner.on('status', (s) => statuses.push(s));
    await sim.sendRaw(Buffer.from([0xff, 0xfe, 0x80, 0x41, 0x0d, 0x0a]));
    await until(() => scans.length === 1);
    expect(scans[0].kind).toBe('garbled');
    await sim.sendRaw(Buffer.alloc(3000, 0x55));
    await until(() => statuses.some((s) => s.warning === true));
    expect(statuses.find((s) => s.warning)!.message).toMatch(/does not match its settings/);
    // The frame the noise ran into is dropped whole (its start is gone); the next scan is clean.
    await sim.scan('SH00000000000001');
    await sim.scan('SH00000000000002');
    await until(() => scans.length === 2);
    expect(scans[1]).toMatchObject({ kind: 'shipmentId', value: 'SH00000000000002' });
    expect(scans.some((s) => s.value.includes('UUU'))).toBe(false);
  });
});
