// The pieces under every device: framing, profiles, port discovery, dimensioner frames.
import { describe, expect, it } from 'vitest';
import { deviceProfileSchema, lineSettings, parseDeviceProfile, terminatorText } from '../../electron/station/devices/device-profile.js';
import { createRegexDimensionParser, parseCubiscanFrame } from '../../electron/station/devices/dimensioner-parsers.js';
import { FrameSplitter } from '../../electron/station/devices/frame-splitter.js';
import { checkPortPath, listPorts, UDEV_MISSING_MESSAGE } from '../../electron/station/devices/port-discovery.js';
import { cubiscanFrame } from '../../electron/station/devices/simulators/scale-frames.js';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('FrameSplitter', () => {
  it('joins partial frames and splits several in one chunk', () => {
    const s = new FrameSplitter({ terminator: '\r\n' });
    expect(text(s.push(Buffer.from('AB')).frames)).toEqual([]);
    expect(text(s.push(Buffer.from('C\r')).frames)).toEqual([]);
    expect(text(s.push(Buffer.from('\nD\r\nE\r\nF')).frames)).toEqual(['ABC', 'D', 'E']);
    s.reset();
    expect(text(s.push(Buffer.from('G\r\n')).frames)).toEqual(['G']);
  });

  it('strips prefix and suffix', () => {
    const s = new FrameSplitter({ terminator: '\u0003', stripPrefix: '\u0002', stripSuffix: '*' });
    expect(text(s.push(Buffer.from('\u0002CODE*\u0003')).frames)).toEqual(['CODE']);
  });

  it('stays bounded under noise without terminators and reports the dropped bytes', () => {
    const s = new FrameSplitter({ terminator: '\r\n', maxFrameBytes: 100 });
    let dropped = 0;
    for (let i = 0; i < 100; i++) dropped += s.push(Buffer.alloc(1000, 0x41)).droppedBytes;
    expect(s.bufferedBytes).toBeLessThanOrEqual(100);
    expect(dropped).toBeGreaterThan(99_000);
    // A terminator split across the drop boundary still ends the next frame.
    s.push(Buffer.from('\r'));
    expect(text(s.push(Buffer.from('\nOK\r\n')).frames)).toEqual(['OK']);
  });
});

describe('device profiles', () => {
  it('fills defaults, with the protocol’s framing where the profile does not say', () => {
    const nci = parseDeviceProfile({ id: 'a', name: 'NCI', role: 'scale', path: '/dev/ttyUSB0', protocol: 'nci' });
    expect(lineSettings(nci)).toEqual({ path: '/dev/ttyUSB0', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 });
    expect(terminatorText(nci)).toBe('\u0003');
    const scanner = parseDeviceProfile({ id: 'b', name: 'S', role: 'scanner', path: '/dev/ttyACM0', terminator: 'cr' });
    expect(scanner).toMatchObject({ protocol: 'line', debounceMs: 150 });
    expect(terminatorText(scanner)).toBe('\r');
    expect(terminatorText(parseDeviceProfile({ id: 'c', name: 'S', role: 'scanner', path: '/dev/x', terminator: '\n' }))).toBe('\n');
  });

  it('refuses what cannot work, saying where', () => {
    const bad = (p: unknown) => deviceProfileSchema.safeParse(p).success;
    expect(bad({ id: 'a', name: 'x', role: 'scale', path: '/dev/x', protocol: 'regex' })).toBe(false);
    expect(bad({ id: 'a', name: 'x', role: 'scale', path: '/dev/x', protocol: 'regex', regex: '(' })).toBe(false);
    expect(bad({ id: 'a', name: 'x', role: 'scale', path: '/dev/x', protocol: 'cubiscan' })).toBe(false);
    expect(bad({ id: 'a', name: 'x', role: 'scale', path: '/dev/x', protocol: 'sics', dataBits: 6 })).toBe(false);
    expect(bad({ id: 'a', name: 'x', role: 'dimensioner', path: '/dev/x', protocol: 'cubiscan' })).toBe(true);
  });
});

describe('port discovery', () => {
  it('explains a missing udevadm and suggests typing the path', async () => {
    const err = Object.assign(new Error('spawn udevadm ENOENT'), { code: 'ENOENT' });
    expect(await listPorts({ list: () => Promise.reject(err) })).toEqual({ ok: false, message: UDEV_MISSING_MESSAGE, ports: [] });
    expect(UDEV_MISSING_MESSAGE).toMatch(/\/dev\/serial\/by-id\//);
    const ok = await listPorts({ list: async () => [{ path: '/dev/ttyUSB0', manufacturer: 'FTDI' }] });
    expect(ok).toEqual({ ok: true, ports: [{ path: '/dev/ttyUSB0', manufacturer: 'FTDI' }] });
  });

  it('checks a typed path exists and is a character device', async () => {
    const { stat } = await import('node:fs/promises');
    expect(await checkPortPath('/dev/null', { stat })).toEqual({ ok: true, path: '/dev/null' });
    expect(await checkPortPath('/dev/ttyNOPE9', { stat })).toMatchObject({ ok: false, message: expect.stringMatching(/does not exist/) });
    expect(await checkPortPath('/etc/hostname', { stat })).toMatchObject({ ok: false, message: expect.stringMatching(/not a serial device/) });
    expect(await checkPortPath('ttyUSB0', { stat })).toMatchObject({ ok: false });
    expect(await checkPortPath('COM3', { stat, platform: 'win32' })).toEqual({ ok: true, path: 'COM3' });
  });
});

describe('dimensioner frames', () => {
  it('reads a CubiScan measurement in metric and in English units', () => {
    const metric = parseCubiscanFrame(cubiscanFrame({ lengthCm: 30.5, widthCm: 20, heightCm: 10.2, kg: 1.25 }).slice(0, -3));
    expect(metric).toMatchObject({ type: 'measurement', reading: { lengthCm: 30.5, widthCm: 20, heightCm: 10.2, weightKg: 1.25 } });
    const recorded = '\u0002MAC000001,L012.0,W008.0,H004.0,E,K002.20,D001.50,E,F0166,D';
    expect(parseCubiscanFrame(recorded)).toMatchObject({ type: 'measurement', reading: { lengthCm: 30.48, widthCm: 20.32, heightCm: 10.16, weightKg: 0.997903 } });
    expect(parseCubiscanFrame('\r\n\u0002MN')).toMatchObject({ type: 'fault', message: expect.stringMatching(/refused/) });
    expect(parseCubiscanFrame('junk')).toMatchObject({ type: 'fault' });
    expect(parseCubiscanFrame('\r\n')).toBeUndefined();
  });

  it('reads a regex dimensioner line with units', () => {
    const parse = createRegexDimensionParser('L(?<length>[\\d.]+) W(?<width>[\\d.]+) H(?<height>[\\d.]+) (?<unit>mm|cm|in)(?: (?<weight>[\\d.]+)(?<weightUnit>kg|lb))?');
    expect(parse('L300 W200 H100 mm 2.5kg')).toMatchObject({ type: 'measurement', reading: { lengthCm: 30, widthCm: 20, heightCm: 10, weightKg: 2.5 } });
    expect(parse('L10 W5 H2 in')).toMatchObject({ type: 'measurement', reading: { lengthCm: 25.4, widthCm: 12.7, heightCm: 5.08, weightKg: undefined } });
    expect(parse('nope')).toMatchObject({ type: 'fault' });
    expect(() => createRegexDimensionParser('(?<length>\\d+)')).toThrow(/"width"/);
  });
});
