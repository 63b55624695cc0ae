// METTLER TOLEDO 8217 (also "8213") protocol, 7E1. Host sends W; a stable in-range scale answers
// STX + weight + CR ("001.25" — no unit on the wire: the unit is the scale's display setting, so the
// profile says it). Otherwise the answer is STX '?' status CR, the status byte's bits being
//   bit0 in motion, bit1 over capacity, bit2 under zero, bit3 outside zero capture range,
//   bit4 at centre of zero, bit5 net (1) / gross (0) on scales that report it, bit6 always 1.
// Z zeroes (answered with a status frame). There is no remote tare.
import type { WeightUnit } from '../device-profile.js';
import { FrameSplitter } from '../frame-splitter.js';
import { parseNumber, toKg } from '../weight-units.js';
import { OVERLOAD_MESSAGE, UNDERLOAD_MESSAGE, eventsOf, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';

export function createToledo8217Parser(unit: WeightUnit = 'lb'): ScaleProtocolParser {
  const splitter = new FrameSplitter({ terminator: '\r' });
  const frame = (raw: string): ScaleEvent => {
    const stx = raw.lastIndexOf('\u0002');
    if (stx === -1) return garbled(raw, 'Toledo 8217');
    const body = raw.slice(stx + 1);
    if (body.startsWith('?')) {
      if (body.length !== 2) return garbled(raw, 'Toledo 8217');
      const s = body.charCodeAt(1) & 0x7f;
      if (s & 0x02) return { type: 'fault', fault: { code: 'overload', message: OVERLOAD_MESSAGE, raw } };
      if (s & 0x04) return { type: 'fault', fault: { code: 'underload', message: UNDERLOAD_MESSAGE, raw } };
      if (s & 0x01) return { type: 'fault', fault: { code: 'in-motion', message: 'The scale is settling.', raw } };
      if (s & 0x08) return { type: 'fault', fault: { code: 'zero-error', message: 'The scale is outside its zero range. Empty it and zero it.', raw } };
      if (s & 0x10) return { type: 'reading', reading: { weightKg: 0, stable: true, mode: s & 0x20 ? 'net' : 'gross', value: 0, unit, raw } };
      return garbled(raw, 'Toledo 8217');
    }
    const value = parseNumber(body);
    if (Number.isNaN(value)) return garbled(raw, 'Toledo 8217');
    // The scale only answers with a weight when it is stable and in range.
    return { type: 'reading', reading: { weightKg: toKg(value, unit), stable: true, value, unit, raw } };
  };
  return {
    pollCommand: Buffer.from('W'),
    zeroCommand: Buffer.from('Z'),
    acknowledgesCommands: false,
    push(chunk) {
      return eventsOf(splitter.push(Buffer.from(chunk).map((b) => b & 0x7f)), frame);
    },
    reset: () => splitter.reset(),
  };
}
