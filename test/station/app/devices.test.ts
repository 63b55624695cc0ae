// Device commands over real serial lines (socat pty pairs) and the scale and scanner simulators:
// a saved scale profile starts a scale whose readings arrive as events, the test command reads a
// stable weight, invalid profiles are refused in words, and demo mode starts its simulators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScaleSimulator, type ScaleSimulator } from '../../../electron/station/devices/simulators/scale-simulator.js';
import { startScannerSimulator } from '../../../electron/station/devices/simulators/scanner-simulator.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { createPtyPair, disposeAllPtys, type PtyPair } from '../../support/pty.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let app: TestAppStation;
let pty: PtyPair;
let scale: ScaleSimulator;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb, listPorts: async () => Promise.reject(new Error('spawn udevadm ENOENT')) });
  pty = await createPtyPair('scale');
  scale = await startScaleSimulator({ path: pty.simPath, protocol: 'sics', targetKg: 1.25, settleSteps: 2, noiseKg: 0.002 });
});
afterAll(async () => {
  await app?.close();
  await scale?.stop();
  await disposeAllPtys();
  await sb?.close();
});

describe('devices', () => {
  it('refuses a profile without a protocol, in words, and keeps nothing', async () => {
    await expect(app.api.invoke('devices.save', { profile: { id: 'bad', name: 'Bad', role: 'scale', path: '/dev/ttyUSB9' } })).rejects.toMatchObject({
      code: 'INVALID_DEVICE',
      message: expect.stringMatching(/^The device was not saved\. protocol: /),
    });
    expect(app.settings.get().deviceProfiles).toEqual([]);
  });

  it('saves a SICS scale on a pty: it connects and its readings arrive as device.weight events', async () => {
    const devices = await app.api.invoke('devices.save', { profile: { id: 'scale-1', name: 'Desk scale', role: 'scale', protocol: 'sics', path: pty.devicePath, pollIntervalMs: 100 } });
    expect(devices.map((d) => d.id)).toEqual(['scale-1']);
    await app.waitForEvent('device.status', (s) => s.id === 'scale-1' && s.status === 'connected');
    // SICS is polled: readings come only while a weight is wanted (the packing step asks).
    const release = app.context.devices.wantWeight();
    try {
      const w = await app.waitForEvent('device.weight', (x) => x.deviceId === 'scale-1' && x.stable);
      expect(w.weightKg).toBeCloseTo(1.25, 3);
    } finally {
      release();
    }
    const listed = await app.api.invoke('devices.list', {});
    expect(listed[0]).toMatchObject({ id: 'scale-1', role: 'scale', status: 'connected' });
  });

  it('tests the scale: waits for a stable weight and says it', async () => {
    scale.setWeight(2.5);
    const { text } = await app.api.invoke('devices.test', { id: 'scale-1' });
    expect(text).toBe('The scale "Desk scale" reads a stable 2.5 kg.');
  });

  it('polls the scale while a shipment is open at the desk, and stops when it is packed away', async () => {
    const [id] = (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: app.settings.get().locationId, kind: 'plain' }, token: null })).json.shipmentIds;
    scale.setWeight(3.75);
    const seen = app.waitForEvent('device.weight', (x) => x.deviceId === 'scale-1' && x.stable && Math.abs(x.weightKg - 3.75) < 0.01);
    await app.api.invoke('desk.scan', { raw: id, source: 'typed' });
    expect((await seen).weightKg).toBeCloseTo(3.75, 2);
    await app.api.invoke('desk.putAside', {});
    // With no shipment open, nothing asks the scale: no reading arrives while the weight changes.
    let after = 0;
    const off = app.station.hub.subscribe((m) => void (m.name === 'device.weight' && after++));
    await new Promise((r) => setTimeout(r, 150));
    after = 0;
    scale.setWeight(5);
    await new Promise((r) => setTimeout(r, 600));
    off();
    expect(after).toBe(0);
  });

  it('says why ports cannot be listed, and that a path can be typed', async () => {
    const r = await app.api.invoke('devices.ports', {});
    expect(r.ports).toEqual([]);
    expect(r.message).toMatch(/needs udev.*Type the port path instead/);
  });

  it('removes the scale and reports it stopped', async () => {
    const left = await app.api.invoke('devices.remove', { id: 'scale-1' });
    expect(left).toEqual([]);
    await app.waitForEvent('device.status', (s) => s.id === 'scale-1' && s.status === 'stopped');
    await expect(app.api.invoke('devices.test', { id: 'scale-1' })).rejects.toMatchObject({ code: 'NO_DEVICE' });
  });
});

describe('demo simulators', () => {
  it('starts the demo scanner with a profile for it; its scans arrive as device.scan events', async () => {
    const pair = await createPtyPair('scanner');
    const sim = await startScannerSimulator({ path: pair.simPath });
    const demo = await startTestAppStation({
      sandbox: sb,
      simulators: async () => ({
        profiles: [{ id: 'demo-scanner', name: 'Demo scanner', role: 'scanner', path: pair.devicePath }],
        stop: () => sim.stop(),
      }),
    });
    try {
      expect(demo.settings.get().deviceProfiles.map((p) => p.id)).toEqual(['demo-scanner']);
      await demo.waitForEvent('device.status', (s) => s.id === 'demo-scanner' && s.status === 'connected');
      const tested = demo.api.invoke('devices.test', { id: 'demo-scanner' });
      await new Promise((r) => setTimeout(r, 100));
      await sim.scan('SH00000000000042');
      expect((await tested).text).toBe('The scanner "Demo scanner" read "SH00000000000042".');
      const scan = await demo.waitForEvent('device.scan', (s) => s.deviceId === 'demo-scanner');
      expect(scan.raw).toBe('SH00000000000042');
    } finally {
      await demo.close();
      await pair.dispose();
    }
  });
  it('removes the simulated devices when the desk is connected to a real marketplace', async () => {
    let stopped = false;
    const demo = await startTestAppStation({
      sandbox: sb,
      simulators: async () => ({
        profiles: [{ id: 'demo-scanner', name: 'Demo scanner', role: 'scanner', path: '/dev/null-demo-scanner' }],
        stop: async () => void (stopped = true),
      }),
    });
    try {
      await demo.api.invoke('devices.save', { profile: { id: 'desk-scale', name: 'Desk scale', role: 'scale', protocol: 'sics', path: '/dev/ttyUSB7' } });
      expect(demo.settings.get().deviceProfiles.map((p) => p.id)).toEqual(['demo-scanner', 'desk-scale']);
      await demo.api.invoke('auth.signInSelfAccess', { baseUrl: sb.baseUrl, appId: sb.info.selfAccess.appId, appSecret: sb.info.selfAccess.appSecret });
      await new Promise((r) => setTimeout(r, 50));
      // The desk's own device stays; the Sandbox's simulated one is gone and stopped.
      expect(demo.settings.get().deviceProfiles.map((p) => p.id)).toEqual(['desk-scale']);
      expect((await demo.api.invoke('devices.list', {})).map((d) => d.id)).toEqual(['desk-scale']);
      expect(stopped).toBe(true);
    } finally {
      await demo.close();
    }
  });

  it('places the parcel on the demo scale when every unit is verified, and takes it off when packed away', async () => {
    const pair = await createPtyPair('demo-scale');
    const sim = await startScaleSimulator({ path: pair.simPath, protocol: 'continuous', targetKg: 0, settleSteps: 2, streamIntervalMs: 50 });
    const demo = await startTestAppStation({
      sandbox: sb,
      simulators: async () => ({
        profiles: [{ id: 'demo-scale', name: 'Demo scale', role: 'scale', protocol: 'continuous', path: pair.devicePath }],
        scale: sim,
        stop: () => sim.stop(),
      }),
    });
    try {
      await demo.waitForEvent('device.status', (s) => s.id === 'demo-scale' && s.status === 'connected');
      const [id] = (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: demo.settings.get().locationId, kind: 'plain' }, token: null })).json.shipmentIds;
      await demo.api.invoke('desk.scan', { raw: id, source: 'typed' });
      const skus = sb.world.shipments.get(id)!.orderItems.flatMap((i) => Array.from({ length: i.quantity }, () => i.sku));
      const placed = demo.waitForEvent('device.weight', (w) => w.deviceId === 'demo-scale' && w.stable && w.weightKg > 0);
      for (const sku of skus) await demo.api.invoke('desk.scan', { raw: sku, source: 'typed' });
      expect((await placed).weightKg).toBeGreaterThan(0);
      const off = demo.waitForEvent('device.weight', (w) => w.deviceId === 'demo-scale' && w.stable && w.weightKg === 0);
      await demo.api.invoke('desk.putAside', {});
      expect((await off).weightKg).toBe(0);
    } finally {
      await demo.close();
      await pair.dispose();
    }
  });
});
