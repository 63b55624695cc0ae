// NCI / Avery Weigh-Tronix general scale protocol (SCP-01, "3825" family), 7E1 framing.
// Host sends W<CR>; the scale answers <LF>weight+unit<CR><LF>status<CR><ETX>, e.g.
// "\n0001.25lb\r\n" "S00" "\r" ETX (some scales put an 'S' before the status bytes, some do not).
// Z<CR> zeroes and T<CR> tares; both answer with status only. Unknown commands answer "?".
// Status bytes (bits 4 and 5 always set, bit 7 parity, so they print as '0'..'?'):
//   byte 1: bit0 motion, bit1 at zero, bit2 RAM error, bit3 EEPROM error
//   byte 2: bit0 under capacity, bit1 over capacity, bit2 ROM error, bit3 faulty calibration,
//           bit6 another status byte follows
//   byte 3: bits0-1 range (11 = high), bit2 net weight, bit3 initial zero error
// Over/under capacity and zero errors also fill the weight field with ^^^, ___ or ---.
import { FrameSplitter } from '../frame-splitter.js';
import { parseNumber, parseUnit, toKg } from '../weight-units.js';
import { OVERLOAD_MESSAGE, UNDERLOAD_MESSAGE, eventsOf, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';

export interface NciStatus {
  motion: boolean;
  atZero: boolean;
  underCapacity: boolean;
  overCapacity: boolean;
  net: boolean;
  /** RAM/EEPROM/ROM/calibration/initial-zero errors, in words. */
  errors: string[];
}

/** Decodes the status characters after the optional 'S'. Undefined when they are not status bytes. */
export function decodeNciStatus(text: string): NciStatus | undefined {
  const s = text.startsWith('S') ? text.slice(1) : text;
  if (s.length < 2) return undefined;
  const bytes = [...s].map((c) => c.charCodeAt(0) & 0x7f);
  if (bytes.some((b) => (b & 0x30) !== 0x30)) return undefined;
  const [b1, b2, b3 = 0x30] = bytes;
  const errors: string[] = [];
  if (b1 & 0x04) errors.push('RAM error');
  if (b1 & 0x08) errors.push('EEPROM error');
  if (b2 & 0x04) errors.push('ROM error');
  if (b2 & 0x08) errors.push('faulty calibration');
  const third = (b2 & 0x40) !== 0;
  if (third && b3 & 0x08) errors.push('initial zero error');
  return {
    motion: (b1 & 0x01) !== 0,
    atZero: (b1 & 0x02) !== 0,
    underCapacity: (b2 & 0x01) !== 0,
    overCapacity: (b2 & 0x02) !== 0,
    net: third && (b3 & 0x04) !== 0,
    errors,
  };
}

const WEIGHT_RE = /^\s*([+-]?\s*[\d.]+)\s*([A-Za-z]+)\s*$/;

export function createNciParser(): ScaleProtocolParser {
  const splitter = new FrameSplitter({ terminator: '\u0003' });
  const frame = (raw: string): ScaleEvent[] => {
    const parts = raw.split(/[\r\n]+/).filter((p) => p !== '');
    if (parts.length === 1 && parts[0].trim() === '?') {
      return [{ type: 'fault', fault: { code: 'command-not-understood', message: 'The scale did not understand the command. Check the protocol setting (NCI).', raw } }];
    }
    const status = decodeNciStatus(parts[parts.length - 1] ?? '');
    if (!status || parts.length > 2) return [garbled(raw, 'NCI')];
    const events: ScaleEvent[] = [];
    if (status.errors.length > 0) {
      events.push({ type: 'fault', fault: { code: 'device-error', message: `The scale reports: ${status.errors.join(', ')}. Service the scale.`, raw } });
    }
    if (parts.length === 1) return [...events, { type: 'ack', command: 'zero' }];
    const field = parts[0];
    if (status.overCapacity || /^\s*\^+/.test(field)) return [...events, { type: 'fault', fault: { code: 'overload', message: OVERLOAD_MESSAGE, raw } }];
    if (status.underCapacity || /^\s*_+/.test(field)) return [...events, { type: 'fault', fault: { code: 'underload', message: UNDERLOAD_MESSAGE, raw } }];
    if (/^\s*-[-\s]+$/.test(field)) return [...events, { type: 'fault', fault: { code: 'zero-error', message: 'The scale shows a zeroing error. Empty it and zero it.', raw } }];
    const m = WEIGHT_RE.exec(field);
    const unit = m ? parseUnit(m[2]) : undefined;
    const value = m ? parseNumber(m[1]) : Number.NaN;
    if (!unit || Number.isNaN(value)) return [garbled(raw, 'NCI')];
    events.push({ type: 'reading', reading: { weightKg: toKg(value, unit), stable: !status.motion, mode: status.net ? 'net' : 'gross', value, unit, raw } });
    return events;
  };
  return {
    pollCommand: Buffer.from('W\r'),
    tareCommand: Buffer.from('T\r'),
    zeroCommand: Buffer.from('Z\r'),
    // Tare and zero answer with a status frame; the parser reports it as the acknowledgement.
    acknowledgesCommands: true,
    push(chunk) {
      // 7-bit protocol: the eighth bit is parity (or noise) on a line opened as 8 bits.
      return eventsOf(splitter.push(Buffer.from(chunk).map((b) => b & 0x7f)), frame);
    },
    reset: () => splitter.reset(),
  };
}
