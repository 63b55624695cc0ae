// Each scale protocol parser on recorded frames: whole, split at every byte, with garbage, and
// with the scale's error answers. What comes out is what the packer sees: kg, stable, a message.
import { describe, expect, it } from 'vitest';
import { createCasParser } from '../../electron/station/devices/scale-protocols/cas-parser.js';
import { createContinuousParser } from '../../electron/station/devices/scale-protocols/continuous-parser.js';
import { createNciParser, decodeNciStatus } from '../../electron/station/devices/scale-protocols/nci-parser.js';
import { createRegexScaleParser } from '../../electron/station/devices/scale-protocols/regex-parser.js';
import type { ScaleEvent, ScaleProtocolParser } from '../../electron/station/devices/scale-protocols/scale-protocol.js';
import { createSicsParser } from '../../electron/station/devices/scale-protocols/sics-parser.js';
import { createToledo8217Parser } from '../../electron/station/devices/scale-protocols/toledo-8217-parser.js';

const b = (s: string) => Buffer.from(s, 'latin1');
const feed = (p: ScaleProtocolParser, ...chunks: (string | Buffer)[]) => chunks.flatMap((c) => p.push(typeof c === 'string' ? b(c) : c));
const bytewise = (p: ScaleProtocolParser, s: string | Buffer) => [...(typeof s === 'string' ? b(s) : s)].flatMap((x) => p.push(Buffer.from([x])));
const readings = (ev: ScaleEvent[]) => ev.flatMap((e) => (e.type === 'reading' ? [{ kg: e.reading.weightKg, stable: e.reading.stable, mode: e.reading.mode }] : []));
const faults = (ev: ScaleEvent[]) => ev.flatMap((e) => (e.type === 'fault' ? [e.fault] : []));

describe('MT-SICS', () => {
  it('reads stable and dynamic weights, whole or byte by byte', () => {
    expect(readings(feed(createSicsParser(), 'S S     1.250 kg\r\nS D     1.248 kg\r\n'))).toEqual([
      { kg: 1.25, stable: true, mode: undefined },
      { kg: 1.248, stable: false, mode: undefined },
    ]);
    expect(readings(bytewise(createSicsParser(), 'S S      250 g\r\n'))).toEqual([{ kg: 0.25, stable: true, mode: undefined }]);
  });

  it('turns error answers into words', () => {
    const ev = feed(createSicsParser(), 'S I\r\n', 'S +\r\n', 'S -\r\n', 'ES\r\n', 'ET\r\n', 'T I\r\n', 'Z +\r\n');
    expect(faults(ev).map((f) => f.code)).toEqual(['not-executable', 'overload', 'underload', 'command-not-understood', 'transmission-error', 'not-executable', 'zero-error']);
    expect(faults(ev)[1].message).toMatch(/above the scale’s capacity/);
    expect(faults(ev)[3].message).toMatch(/did not understand/);
    expect(faults(ev)[5].message).toMatch(/^Tare is not possible right now/);
  });

  it('acknowledges tare and zero', () => {
    expect(feed(createSicsParser(), 'T S     0.120 kg\r\n', 'Z A\r\n')).toEqual([
      { type: 'ack', command: 'tare' },
      { type: 'ack', command: 'zero' },
    ]);
  });

  it('survives garbage and a reset mid-frame', () => {
    const p = createSicsParser();
    const ev = feed(p, '\u00ff\u00fe##\r\n', 'S S   2.0');
    expect(faults(ev)[0].code).toBe('garbled');
    p.reset();
    expect(readings(feed(p, 'S S     3.000 kg\r\n'))).toEqual([{ kg: 3, stable: true, mode: undefined }]);
  });
});

describe('continuous output', () => {
  it('reads stable/unstable, gross/net, units', () => {
    const ev = feed(createContinuousParser(), 'ST,GS,+0001.250kg\r\nUS,NT,+0000.980kg\r\n', 'ST,GS,+0002.50lb\r', 'ST,NT,-0000.010kg\n');
    expect(readings(ev)).toEqual([
      { kg: 1.25, stable: true, mode: 'gross' },
      { kg: 0.98, stable: false, mode: 'net' },
      { kg: 1.133981, stable: true, mode: 'gross' },
      { kg: -0.01, stable: true, mode: 'net' },
    ]);
  });

  it('reads the CAS 22-byte variant with device id and lamp byte', () => {
    expect(readings(feed(createContinuousParser(), 'ST,GS,1\u00c0,  1.250 kg\r\n'))).toEqual([{ kg: 1.25, stable: true, mode: 'gross' }]);
  });

  it('reports overload, garbage, and a frame split anywhere', () => {
    expect(faults(feed(createContinuousParser(), 'OL,GS,+9999.999kg\r\n'))[0].code).toBe('overload');
    expect(faults(feed(createContinuousParser(), 'ST,XX,abc\r\n'))[0].code).toBe('garbled');
    expect(readings(bytewise(createContinuousParser(), 'ST,GS,+0001.250kg\r\n'))).toHaveLength(1);
  });

  it('drops endless noise without terminators and says how much', () => {
    const p = createContinuousParser();
    const ev = feed(p, Buffer.alloc(5000, 0x41));
    expect(ev.find((e) => e.type === 'dropped')).toBeTruthy();
    expect(readings(feed(p, '\r\nST,GS,+0001.000kg\r\n'))).toEqual([{ kg: 1, stable: true, mode: 'gross' }]);
  });
});

describe('NCI', () => {
  it('decodes the status bytes (SCP-01)', () => {
    expect(decodeNciStatus('S00')).toMatchObject({ motion: false, atZero: false, underCapacity: false, overCapacity: false, net: false, errors: [] });
    expect(decodeNciStatus('12')).toMatchObject({ motion: true, overCapacity: true });
    expect(decodeNciStatus('S21')).toMatchObject({ atZero: true, underCapacity: true });
    expect(decodeNciStatus('S0p4')).toMatchObject({ net: true }); // 'p' = 0x70: bit 6 says a third byte follows
    expect(decodeNciStatus('S88')?.errors).toEqual(['EEPROM error', 'faulty calibration']);
    expect(decodeNciStatus('SAB')).toBeUndefined();
  });

  it('reads a weight answer, with the parity bit set on the wire', () => {
    const frame = '\n0001.25lb\r\nS00\r\u0003';
    expect(readings(feed(createNciParser(), frame))).toEqual([{ kg: 0.566990, stable: true, mode: 'gross' }]);
    const withParity = Buffer.from([...b('\n0000.98kg\r\nS10\r\u0003')].map((x) => x | 0x80));
    expect(readings(feed(createNciParser(), withParity))).toEqual([{ kg: 0.98, stable: false, mode: 'gross' }]);
    expect(readings(bytewise(createNciParser(), '\n  500 g\r\n00\r\u0003'))).toEqual([{ kg: 0.5, stable: true, mode: 'gross' }]);
  });

  it('reports capacity, zero errors, device errors and unknown commands', () => {
    const codes = (s: string) => faults(feed(createNciParser(), s)).map((f) => f.code);
    expect(codes('\n^^^^^^lb\r\nS02\r\u0003')).toEqual(['overload']);
    expect(codes('\n______lb\r\nS01\r\u0003')).toEqual(['underload']);
    expect(codes('\n------\r\nS00\r\u0003')).toEqual(['zero-error']);
    expect(codes('\n?\r\u0003')).toEqual(['command-not-understood']);
    expect(codes('\n0001.00kg\r\nS40\r\u0003')).toEqual(['device-error']);
    expect(codes('garbage\u0003')).toEqual(['garbled']);
  });

  it('treats a status-only answer as the acknowledgement of zero or tare', () => {
    expect(feed(createNciParser(), '\nS00\r\u0003')).toEqual([{ type: 'ack', command: 'zero' }]);
  });
});

describe('CAS (ENQ/ACK, DC1)', () => {
  const frame = (data: string) => {
    const d = b(data);
    let x = 0;
    for (const c of d) x ^= c;
    return Buffer.concat([Buffer.from([0x01, 0x02]), d, Buffer.from([x, 0x03, 0x04])]);
  };

  it('answers ACK with DC1 and reads the frame', () => {
    const p = createCasParser();
    expect(p.pollCommand).toEqual(Buffer.from([0x05]));
    expect(feed(p, Buffer.from([0x06]))).toEqual([{ type: 'send', bytes: Buffer.from([0x11]) }]);
    expect(readings(feed(p, frame('S 01.250kg')))).toEqual([{ kg: 1.25, stable: true, mode: undefined }]);
    expect(readings(feed(p, frame('U-00.020kg')))).toEqual([{ kg: -0.02, stable: false, mode: undefined }]);
    expect(readings(bytewise(p, frame('S 02.50 lb')))).toEqual([{ kg: 1.133981, stable: true, mode: undefined }]);
  });

  it('rejects a wrong checksum, reports NAK and overflow, resyncs after noise', () => {
    const p = createCasParser();
    const bad = frame('S 01.250kg');
    bad[12] ^= 0xff;
    expect(faults(feed(p, bad))[0].code).toBe('transmission-error');
    expect(faults(feed(p, Buffer.from([0x15])))[0].code).toBe('not-ready');
    expect(faults(feed(p, frame('SF99.999kg')))[0].code).toBe('overload');
    const ev = feed(p, Buffer.concat([b('xx\u0001yy'), frame('S 00.500kg')]));
    expect(readings(ev)).toEqual([{ kg: 0.5, stable: true, mode: undefined }]);
    expect(ev.find((e) => e.type === 'dropped')).toBeTruthy();
  });
});

describe('Toledo 8217', () => {
  it('reads a weight in the profile unit (the wire has none)', () => {
    expect(readings(feed(createToledo8217Parser('lb'), '\u0002002.00\r'))).toEqual([{ kg: 0.907185, stable: true, mode: undefined }]);
    expect(readings(bytewise(createToledo8217Parser('kg'), '\u000201.250\r'))).toEqual([{ kg: 1.25, stable: true, mode: undefined }]);
  });

  it('decodes the status byte: motion, over, under, centre of zero', () => {
    const p = createToledo8217Parser('kg');
    expect(faults(feed(p, '\u0002?A\r')).map((f) => f.code)).toEqual(['in-motion']); // 0x41
    expect(faults(feed(p, '\u0002?B\r')).map((f) => f.code)).toEqual(['overload']); // 0x42
    expect(faults(feed(p, '\u0002?D\r')).map((f) => f.code)).toEqual(['underload']); // 0x44
    expect(readings(feed(p, '\u0002?P\r'))).toEqual([{ kg: 0, stable: true, mode: 'gross' }]); // 0x50
    expect(faults(feed(p, 'noise\r')).map((f) => f.code)).toEqual(['garbled']);
  });
});

describe('regex', () => {
  it('uses named groups and the stable group', () => {
    const p = createRegexScaleParser({ regex: '^(?<stable>ST|US) (?<weight>[\\d.]+) ?(?<unit>kg|g|lb|oz)$', terminator: '\r\n', stableReadings: 3 });
    expect(readings(feed(p, 'US 1.2 kg\r\nST 1250 g\r\n'))).toEqual([
      { kg: 1.2, stable: false, mode: undefined },
      { kg: 1.25, stable: true, mode: undefined },
    ]);
  });

  it('without a stable group, N equal readings in a row are stable', () => {
    const p = createRegexScaleParser({ regex: 'W:(?<weight>[\\d.]+)', terminator: '\n', stableReadings: 3, unit: 'lb' });
    const ev = feed(p, 'W:1.00\nW:2.00\nW:2.00\nW:2.00\nW:2.10\n');
    expect(readings(ev).map((r) => r.stable)).toEqual([false, false, false, true, false]);
    expect(readings(ev)[3].kg).toBeCloseTo(0.907185, 6);
  });

  it('needs a weight group, and calls non-matching lines garbled', () => {
    expect(() => createRegexScaleParser({ regex: '(?<w>\\d+)', terminator: '\n', stableReadings: 3 })).toThrow(/named group "weight"/);
    const p = createRegexScaleParser({ regex: '^(?<weight>\\d+)$', terminator: '\n', stableReadings: 1 });
    expect(faults(feed(p, 'hello\n'))[0].code).toBe('garbled');
  });
});
